package schnellrules

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
)

// maxScenario bounds a scenario file.
const maxScenario = 64 << 10

// preset is a vessel a scenario file adds before the set-up asks, and
// where it stands on the virtual table (placed: at= and heading= given).
type preset struct {
	id, class, side, speed string
	placed                 bool
	at                     sea.Pos // mm
	heading                int
	line                   int    // the scenario file's line
	loaded                 int    // loaded=N: torpedoes in its tubes (0: the class's, full; -1: none)
	cmd                    string // cmd=NAME: who gives its orders (Vessel.Cmd)
}

// setting is what a scenario file sets: its vessels and, for the virtual
// table, the table's size.
type setting struct {
	presets []preset
	area    string // "6x4" or "8x6"; "": the default
}

// readScenario reads a scenario file (option scenario=FILE): one `add ID
// CLASS [side=S] [speed=L] [at=X,Y heading=H]` a line, as at the prompt
// (at= and heading=, in cm and degrees, place the vessel on the virtual
// table; the player's own table ignores them), and `table 6x4` or `table
// 8x6` for the virtual table's size; # lines and blank lines are ignored. The file is read when the game is made (and again
// when its log is replayed: a changed file shows as a divergence).
func readScenario(db *Database, path string) (setting, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return setting{}, fmt.Errorf("scenario: %w", err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxScenario {
		return setting{}, fmt.Errorf("scenario %s: want a plain file of at most %d bytes", path, maxScenario)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return setting{}, fmt.Errorf("scenario: %w", err)
	}
	return parseScenario(db, path, data)
}

// parseScenario reads a scenario file's text (see readScenario).
func parseScenario(db *Database, path string, data []byte) (setting, error) {
	var set setting
	if len(data) > maxScenario {
		return set, fmt.Errorf("scenario %s: want at most %d bytes", path, maxScenario)
	}
	var out []preset
	ids := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		words := strings.Fields(line)
		if words[0] == "table" {
			if _, ok := tableSizes[strings.Join(words[1:], " ")]; !ok || set.area != "" {
				return set, fmt.Errorf("%s:%d: %q: the table is 6x4 or 8x6 (feet), said once", path, n, line)
			}
			set.area = words[1]
			continue
		}
		if words[0] != "add" {
			return set, fmt.Errorf("%s:%d: %q: a scenario line is add ID CLASS [side=S] [speed=L] [at=X,Y heading=H] [loaded=N] [cmd=NAME], or table 6x4|8x6", path, n, words[0])
		}
		words, p, err := placeWords(words)
		if err != nil {
			return set, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		id, class, side, speed, err := parseAdd(db, words[1:])
		if err == nil && (!validID(id) || ids[strings.ToLower(id)]) {
			err = fmt.Errorf("vessel id %q: letters, digits and dashes, at most 16, each once", id)
		}
		if err == nil && len(out) == 64 {
			err = fmt.Errorf("a battle has at most 64 vessels")
		}
		if err != nil {
			return set, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		ids[strings.ToLower(id)] = true
		p.id, p.class, p.side, p.speed, p.line = id, class, side, speed, n
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return set, fmt.Errorf("scenario %s: %w", path, err)
	}
	area := sea.Table6x4
	if set.area != "" {
		area = tableSizes[set.area]
	}
	for _, p := range out {
		if p.placed && !area.On(p.at) {
			return set, fmt.Errorf("%s:%d: at=%s is off the %s table (%s by %s cm)", path, p.line, p.at, map[bool]string{true: set.area, false: "6x4"}[set.area != ""], sea.CmText(area.Width), sea.CmText(area.Height))
		}
	}
	set.presets = out
	return set, nil
}

// placeWords takes a scenario line's at=X,Y (cm) and heading=H (degrees)
// out of its words.
func placeWords(words []string) ([]string, preset, error) {
	var p preset
	var rest []string
	heading := false
	for _, w := range words {
		k, v, _ := strings.Cut(w, "=")
		switch k {
		case "at":
			x, y, ok := strings.Cut(v, ",")
			cx, err1 := strconv.Atoi(x)
			cy, err2 := strconv.Atoi(y)
			if !ok || err1 != nil || err2 != nil || cx < 0 || cy < 0 || cx > 244 || cy > 183 {
				return nil, p, fmt.Errorf("at=%s: say at=X,Y in whole cm from the bottom left corner", v)
			}
			p.placed, p.at = true, sea.Cm(cx, cy)
		case "loaded":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 64 {
				return nil, p, fmt.Errorf("loaded=%s: say how many torpedoes are in the tubes (0 or more)", v)
			}
			p.loaded = n
			if n == 0 {
				p.loaded = -1
			}
		case "cmd":
			if !validCmd(v) {
				return nil, p, fmt.Errorf("cmd=%s: name who gives the vessel's orders in one word of letters and digits (not allies, axis or table)", v)
			}
			p.cmd = v
		case "heading":
			h, err := strconv.Atoi(v)
			if err != nil || h < 0 || h > 359 {
				return nil, p, fmt.Errorf("heading=%s: say 0 to 359 degrees (0 up the table, 90 to the right)", v)
			}
			p.heading, heading = h, true
		default:
			rest = append(rest, w)
		}
	}
	if heading && !p.placed {
		return nil, p, fmt.Errorf("heading= needs at=X,Y")
	}
	return rest, p, nil
}

// addPresets adds the scenario's vessels (or the quick battle's) at the
// start of the set-up, and places them on the virtual table.
func (b *Battle) addPresets(c *engine.Ctx) {
	from := "scenario"
	if b.quick {
		from = "quick battle"
	}
	for _, p := range b.presets {
		sp, _ := ParseSpeed(p.speed)
		v := b.add(p.id, b.DB.Class(p.class), p.side, sp)
		if p.loaded != 0 {
			v.load(max(p.loaded, 0))
		}
		v.Cmd = p.cmd
		c.Emit(evVessel, gamelog.Str("id", v.ID), gamelog.Str("class", v.Class.ID), gamelog.Str("side", v.Side), gamelog.Str("speed", v.Speed.String()), gamelog.Str("from", from))
		if b.Table != nil {
			if p.placed {
				b.Table.place(v, p.at, p.heading)
			} else {
				b.Table.deploy(v)
			}
			emitPlaced(c, v)
		}
	}
}

// load leaves n torpedoes in a vessel's tubes (a scenario's loaded=N),
// the first mounts filled first, at most each mount's tubes.
func (v *Vessel) load(n int) {
	for i := range v.Mounts {
		m := &v.Mounts[i]
		m.Loaded = min(n, m.Tubes)
		n -= m.Loaded
	}
}

// emitPlaced records where a vessel stands on the virtual table.
func emitPlaced(c *engine.Ctx, v *Vessel) {
	at := v.Place.At
	c.Emit(evPlaced, gamelog.Str("vessel", v.ID), gamelog.Str("marker", v.Place.Marker), gamelog.Int("x", at.Centre.X), gamelog.Int("y", at.Centre.Y), gamelog.Int("heading", at.Heading))
}

// validCmd: a commander's name (cmd=NAME) is one short word of letters
// and digits, and no side's name.
func validCmd(s string) bool {
	if s == "" || len(s) > 16 || slices.Contains(Sides, s) || s == engine.TableSide || s == refereeSide {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
