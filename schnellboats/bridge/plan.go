package bridge

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Boat is one of the squadron's boats at the battle.
type Boat struct {
	ID        string // its hull: SB1
	Type      string // s100 or 5b
	Torpedoes int    // torpedoes (a 5b: rockets) aboard: in the tubes, two at most
	// Speed caps the speed she begins at ("" none): a boat the campaign
	// limits to Slow or Medium (2.0 f, 4.4) begins no faster.
	Speed string
	// Cmd, when set, is who commands her apart from the squadron (the
	// two-player game's Boat #2: her player's side, p2): Schnell Rules
	// asks her orders on decisions of that side (its cmd=NAME).
	Cmd string
}

// Unit is one enemy unit of the encounter.
type Unit struct {
	ID, Type string // merchant-1, merchant
}

// Encounter is what the campaign fights.
type Encounter struct {
	Boats   []Boat
	Enemy   []Unit
	Weather string // good, poor, foggy, bad
	Heavy   bool   // sea state 4 or 5
	Virtual bool   // the program holds the table (else the player's own, ranges typed)
}

// Eligible says why an encounter cannot be fought as a battle (nil: it
// can): a unit with no Schnell Rules class, or nothing to fight.
func (d *Data) Eligible(e Encounter) error {
	if len(e.Boats) == 0 || len(e.Enemy) == 0 {
		return fmt.Errorf("a battle needs boats and an enemy")
	}
	for _, b := range e.Boats {
		if _, ok := d.Boats[b.Type]; !ok {
			return fmt.Errorf("no Schnell Rules class for a %s boat", b.Type)
		}
	}
	for _, u := range e.Enemy {
		s, ok := d.Units[u.Type]
		if !ok || s.Class == "" {
			title := u.Type
			if ok {
				title = s.Title
			}
			return fmt.Errorf("Schnell Rules has no class for the %s (%s): the encounter is fought on the Combat Board", strings.ToLower(title), u.ID)
		}
	}
	if _, ok := d.Weather[e.Weather]; !ok {
		return fmt.Errorf("weather %q is not in the battle data", e.Weather)
	}
	return nil
}

// Plan is a battle's set-up.
type Plan struct {
	// Inner is the battle as the kernel plays it (its Seats and Observe
	// are the caller's to set).
	Inner      engine.Inner
	Zone       string // the Combat Board's zone it begins in
	Range      int    // cm between the nearest boat and the nearest enemy
	Visibility [6]int // sizes smaller by the d6's face
	Setup      []string
}

// maxBattle bounds the vessels of a battle (Schnell Rules takes 64).
const maxBattle = 64

// Plan sets an encounter up as a battle: the boats and units as their
// classes, a line each (the enemy in line ahead steaming east along the
// English side of the table, the boats in line abreast heading south,
// Range cm off, the middle of each line facing the other's); the
// weather's visibility and zone; Schnell Rules' Fire rule on.
func (d *Data) Plan(e Encounter) (Plan, error) {
	if err := d.Eligible(e); err != nil {
		return Plan{}, err
	}
	if len(e.Boats)+len(e.Enemy) > maxBattle {
		return Plan{}, fmt.Errorf("%d vessels: a battle takes %d at most", len(e.Boats)+len(e.Enemy), maxBattle)
	}
	w := d.Weather[e.Weather]
	sea := d.Seas["calm"]
	if e.Heavy {
		sea = d.Seas["heavy"]
	}
	p := Plan{Zone: w.Zone, Range: d.Zones[w.Zone]}
	on := false
	for i, v := range w.Visibility {
		p.Visibility[i] = min(v+sea, 2)
		on = on || p.Visibility[i] > 0
	}
	const centre, shore = 91, 20 // cm: the 6x4 table's middle, the enemy's line off the bottom edge
	for i, u := range e.Enemy {
		s := d.Units[u.Type]
		line := fmt.Sprintf("add %s %s side=allies speed=%s", u.ID, s.Class, s.Speed)
		if e.Virtual {
			line += fmt.Sprintf(" at=%d,%d heading=90", centre+15*(i-(len(e.Enemy)-1)/2), shore)
		}
		p.Setup = append(p.Setup, line)
	}
	for i, b := range e.Boats {
		s := d.Boats[b.Type]
		sp := s.Speed
		if b.Speed != "" && speedRank(b.Speed) < speedRank(sp) {
			sp = b.Speed
		}
		loaded := min(max(b.Torpedoes, 0), 2)
		line := fmt.Sprintf("add %s %s side=axis speed=%s loaded=%d", b.ID, s.Class, sp, loaded)
		if b.Cmd != "" {
			line += " cmd=" + b.Cmd
		}
		if e.Virtual {
			line += fmt.Sprintf(" at=%d,%d heading=180", centre+15*(i-(len(e.Boats)-1)/2), shore+p.Range)
		}
		p.Setup = append(p.Setup, line)
	}
	table := "physical"
	if e.Virtual {
		table = "virtual"
	}
	opts := []gamelog.Option{
		{Name: "table", Value: table},
		{Name: "turns", Value: strconv.Itoa(d.Turns)},
		{Name: "setup", Value: strings.Join(p.Setup, "; ")},
		{Name: "fire", Value: "on"},
	}
	if on {
		opts = append(opts, gamelog.Option{Name: "visibility", Value: "on"})
	}
	tabs, err := d.tables(p.Visibility)
	if err != nil {
		return Plan{}, err
	}
	p.Inner = engine.Inner{Def: d.Rules, Options: opts, Tables: tabs}
	return p, nil
}

func speedRank(s string) int {
	for i, x := range speeds {
		if x == s {
			return i
		}
	}
	return len(speeds)
}

// tables is Schnell Rules' table set with its Random Visibility table
// (SR-VIS) read as the night's weather: a row for each run of faces alike.
// Made once for each row of visibilities.
func (d *Data) tables(vis [6]int) (*tables.Set, error) {
	base := d.Rules.Booklets[0].Tables
	if vis == [6]int{} {
		return base, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if s := d.sets[vis]; s != nil {
		return s, nil
	}
	var b strings.Builder
	b.WriteString("table SR-VIS\ntitle Random visibility (the night's weather and sea)\ndice 1D6\n")
	words := [...]string{"Visibility as the spotting table reads", "Targets look one size smaller", "Targets look two sizes smaller"}
	for i := 0; i < 6; {
		j := i
		for j+1 < 6 && vis[j+1] == vis[i] {
			j++
		}
		rows := fmt.Sprint(i + 1)
		if j > i {
			rows = fmt.Sprintf("%d-%d", i+1, j+1)
		}
		fmt.Fprintf(&b, "row %s | %s | shrink=%d\n", rows, words[vis[i]], vis[i])
		i = j + 1
	}
	s, err := base.Overlay(oneFile{name: "visibility.tbl", data: []byte(b.String())})
	if err != nil {
		return nil, fmt.Errorf("the battle's visibility table: %w", err)
	}
	d.sets[vis] = s
	return s, nil
}
