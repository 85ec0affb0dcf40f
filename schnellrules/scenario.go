package schnellrules

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// maxScenario bounds a scenario file.
const maxScenario = 64 << 10

// preset is a vessel a scenario file adds before the set-up asks.
type preset struct{ id, class, side, speed string }

// readScenario reads a scenario file (option scenario=FILE): one `add ID
// CLASS [side=S] [speed=L]` a line, as at the prompt; # lines and blank
// lines are ignored. The file is read when the game is made (and again
// when its log is replayed: a changed file shows as a divergence).
func readScenario(db *Database, path string) ([]preset, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxScenario {
		return nil, fmt.Errorf("scenario %s: want a plain file of at most %d bytes", path, maxScenario)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return parseScenario(db, path, data)
}

// parseScenario reads a scenario file's text (see readScenario).
func parseScenario(db *Database, path string, data []byte) ([]preset, error) {
	if len(data) > maxScenario {
		return nil, fmt.Errorf("scenario %s: want at most %d bytes", path, maxScenario)
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
		if words[0] != "add" {
			return nil, fmt.Errorf("%s:%d: %q: a scenario line is add ID CLASS [side=S] [speed=L]", path, n, words[0])
		}
		id, class, side, speed, err := parseAdd(db, words[1:])
		if err == nil && (!validID(id) || ids[strings.ToLower(id)]) {
			err = fmt.Errorf("vessel id %q: letters, digits and dashes, at most 16, each once", id)
		}
		if err == nil && len(out) == 64 {
			err = fmt.Errorf("a battle has at most 64 vessels")
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		ids[strings.ToLower(id)] = true
		out = append(out, preset{id, class, side, speed})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	return out, nil
}

// addPresets adds the scenario's vessels at the start of the set-up.
func (b *Battle) addPresets(c *engine.Ctx) {
	for _, p := range b.presets {
		sp, _ := ParseSpeed(p.speed)
		v := b.add(p.id, b.DB.Class(p.class), p.side, sp)
		c.Emit(evVessel, gamelog.Str("id", v.ID), gamelog.Str("class", v.Class.ID), gamelog.Str("side", v.Side), gamelog.Str("speed", v.Speed.String()), gamelog.Str("from", "scenario"))
	}
}
