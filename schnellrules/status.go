package schnellrules

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/grid"
	"github.com/schnell-wargames/schnell/sheet"
)

var (
	_ sheet.Sheeter = Game{}
)

// WriteStatus prints the battle: turn and phase, who acts first, the
// vessels and the torpedoes in the water.
func (b *Battle) WriteStatus(g *engine.Game, w io.Writer) error {
	if b.Turn == 0 || b.Phase == PhaseSetup && b.Turn <= 1 {
		fmt.Fprintln(w, "Set-up: add vessels, then begin.")
	} else {
		fmt.Fprintf(w, "Turn %d of %d, phase %s.", min(b.Turn, b.Opt.Turns), b.Opt.Turns, phaseNames[b.Phase])
		if b.First != "" {
			fmt.Fprintf(w, " The %s act first.", sideName(b.First))
		}
		if b.Shrink > 0 {
			fmt.Fprintf(w, " Visibility: targets %s smaller.", plural(b.Shrink, "size"))
		}
		fmt.Fprintln(w)
	}
	if len(b.Vessels) > 0 {
		var rows [][]string
		looking := lookingSide(g)
		for _, v := range b.Vessels {
			if b.Table != nil && looking != refereeSide && v.Side != looking && v.Afloat() && !v.Seen[sideIndex(looking)] {
				p := v.Place
				rows = append(rows, []string{p.Marker, sideName(v.Side), "?", "?", "?", "", fmt.Sprintf("not spotted; at %s, heading %d°", p.At.Centre, p.At.Heading)})
				continue
			}
			sp := speedCode(v.Speed)
			if v.MaxSpeed != v.Class.Speed {
				sp += " (max " + speedCode(v.MaxSpeed) + ")"
			}
			rows = append(rows, []string{v.ID, sideName(v.Side), sp, sizeCodes[v.Manoeuvre], v.Level.Word(), weaponsText(v), b.flags(v)})
		}
		// The class is on the card and in sides: the ids, speeds and
		// weapons keep whole at 80 columns (a cell wraps at its spaces).
		if err := grid.Render(w, grid.Text, []string{"Vessel", "Side", "Speed", "Turn", "Damage", "Weapons", "Notes"}, rows, 0); err != nil {
			return err
		}
	}
	due := g.Schedule()
	for _, d := range due {
		fmt.Fprintf(w, "Turn %d, phase 9: %s\n", d.Turn, d.What)
	}
	return nil
}

func weaponsText(v *Vessel) string {
	var parts []string
	for _, g := range v.Guns {
		s := g.Name
		if g.Lost {
			s += " lost"
		} else if g.Fired {
			s += " fired"
		}
		parts = append(parts, s)
	}
	for _, m := range v.Mounts {
		s := m.Name + " " + m.Type.ID + " " + strconv.Itoa(m.Loaded) + "/" + strconv.Itoa(m.Tubes)
		if m.Lost {
			s += " lost"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func (b *Battle) flags(v *Vessel) string {
	var f []string
	if v.Burning {
		f = append(f, "on fire")
	}
	if v.Left {
		f = append(f, "left the table")
	} else if v.Place != nil && v.Afloat() {
		f = append(f, fmt.Sprintf("at %s, heading %d°", v.Place.At.Centre, v.Place.At.Heading))
	}
	if v.Seen[0] || v.Seen[1] {
		var by []string
		for i, s := range v.Seen {
			if s {
				by = append(by, sideName(Sides[i]))
			}
		}
		f = append(f, "seen by "+strings.Join(by, ", "))
	}
	if v.Reloads > 0 {
		f = append(f, strconv.Itoa(v.Reloads)+" reloads")
	}
	if v.Reloading >= 0 {
		f = append(f, "reloading "+strconv.Itoa(v.Reloading)+"/10")
	}
	return strings.Join(f, "; ")
}

// minMove is the Turning Arcs rule's minimum forward move before a turn.
var minMove = []int{2, 4, 6, 8, 10}

// Card is a vessel's card: class data, speed ladder, damage track,
// weapons with boxes, tubes and reloads.
func (b *Battle) Card(v *Vessel) sheet.Sheet {
	c := v.Class
	s := sheet.Sheet{Name: "card-" + v.ID, Title: fmt.Sprintf("%s: %s (%s)", v.ID, c.Name, v.Side)}
	s.Head = append(s.Head, fmt.Sprintf("Size %s, size modifier %s. Manoeuvre %s (now %s).", c.Size.Word(), signed(c.SizeMod), c.Manoeuvre.Word(), v.Manoeuvre.Word()))
	if b.Opt.TurningArcs {
		s.Head = append(s.Head, fmt.Sprintf("Turning arcs: move %dcm straight, then turn up to 60 degrees.", minMove[v.Manoeuvre]))
	}
	step := "1 level"
	if c.TwoLevels() {
		step = "2 levels"
	}
	var ladder []string
	for sp := VerySlow; sp <= c.Speed; sp++ {
		mark := "[ ]"
		if sp > v.MaxSpeed {
			mark = "[x]"
		} else if sp == v.Speed {
			mark = "[*]"
		}
		ladder = append(ladder, fmt.Sprintf("%s %s %dcm", mark, speedCode(sp), sp.Move()))
	}
	s.Head = append(s.Head, "Speed ("+step+" a turn): "+strings.Join(ladder, "  "))
	var track []string
	for l := Damaged; l <= Sunk; l++ {
		mark := "[ ]"
		if v.Taken[l] {
			mark = "[x]"
		}
		track = append(track, mark+" "+l.Word())
	}
	s.Head = append(s.Head, "Damage: "+strings.Join(track, "  "))
	s.Columns = []string{"Weapon", "Arcs", "AA", "Gun Data", "DM", "Short", "Medium", "Long", "Lost"}
	for _, g := range v.Guns {
		r := gunRow(g.ClassGun, g.Name)
		box := "[ ]"
		if g.Lost {
			box = "[x]"
		}
		s.Rows = append(s.Rows, append(r, box))
	}
	for _, m := range v.Mounts {
		box := "[ ]"
		if m.Lost {
			box = "[x]"
		}
		s.Rows = append(s.Rows, []string{m.Name, "", "", m.Type.Title, signed(m.Type.DamageMod), fmt.Sprintf("%d-%dcm", m.Type.MinRange, m.Type.MaxRange), fmt.Sprintf("%d+", m.Type.Need), fmt.Sprintf("loaded %d/%d", m.Loaded, m.Tubes), box})
	}
	if v.Reloads > 0 || c.Reloads > 0 {
		s.Foot = append(s.Foot, fmt.Sprintf("Reloads: %d of %d. Reload turns: %s", v.Reloads, c.Reloads, boxes(max(v.Reloading, 0), 10)))
	}
	fire := "[ ]"
	if v.Burning {
		fire = "[x]"
	}
	foot := "On fire: " + fire
	if b.Opt.ShellsEach {
		foot += "  Starshells: " + boxes(v.Starshells, maxShells) + "  Flares: " + boxes(v.Flares, maxShells)
	} else {
		foot += "  Starshells or flares: " + boxes(v.Starshells+v.Flares, maxShells)
	}
	s.Foot = append(s.Foot, foot)
	return s
}

// boxes is n boxes of a card, the first used of them ticked: [x][ ][ ].
func boxes(used, n int) string {
	return strings.Repeat("[x]", min(used, n)) + strings.Repeat("[ ]", n-min(used, n))
}

func runCard(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	b, err := battle(g)
	if err != nil {
		return nil, err
	}
	if len(args) != 1 || b.Vessel(args[0]) == nil {
		return nil, fmt.Errorf("card ID: name a vessel of the battle (sides lists them)")
	}
	return nil, sheet.Write(w, sheet.Text, b.Card(b.Vessel(args[0])))
}

// SheetNames implements sheet.Sheeter.
func (Game) SheetNames() []string { return []string{"cards", "reference"} }

// Sheets implements sheet.Sheeter: a card for each vessel, or the quick
// reference.
func (Game) Sheets(g *engine.Game, name string, _ int) ([]sheet.Sheet, error) {
	b, err := battle(g)
	if err != nil {
		return nil, err
	}
	var out []sheet.Sheet
	if name == "cards" || name == "all" {
		for _, v := range b.Vessels {
			out = append(out, b.Card(v))
		}
		if len(out) == 0 && name == "cards" {
			return nil, fmt.Errorf("no vessels yet: add some")
		}
	}
	if name == "reference" || name == "all" {
		out = append(out, reference(b))
	}
	if out == nil {
		return nil, fmt.Errorf("no sheet %q: cards or reference", name)
	}
	return out, nil
}

// reference is the quick-reference card: the Gun Data and Torpedo Data
// as the rules read them, and the modifiers.
func reference(b *Battle) sheet.Sheet {
	s := sheet.Sheet{Name: "reference", Title: "Schnell Rules: quick reference"}
	s.Head = []string{
		"To hit: d20 >= score. Target Very Slow +5, Slow +2, Fast -2, Very Fast -5; size VS -4, S -2, L +2, VL +4.",
		"VS/S shooters: stationary -4 (option stationary=plus: +4), Fast -2, Very Fast -4. Natural 1 misses; natural 20 hits at short or medium.",
		"Damage: d6 + DM + size modifier: <=1 Intact, 2-4 Damaged, 5-7 Heavily Damaged, 8-10 Wrecked, 11+ Sunk.",
		"Torpedoes: arrive next turn within 40cm, else the turn after; -5 if over 40cm at launch.",
	}
	s.Columns = []string{"Weapon", "DM", "Short", "Medium", "Long"}
	for _, g := range b.DB.Guns {
		r := gunRow(ClassGun{Row: g}, g.Title)
		s.Rows = append(s.Rows, []string{r[0], r[4], r[5], r[6], r[7]})
	}
	for _, t := range b.DB.Torpedoes {
		s.Rows = append(s.Rows, []string{t.Title, signed(t.DamageMod), fmt.Sprintf("%d-%dcm", t.MinRange, t.MaxRange), fmt.Sprintf("%d+", t.Need), ""})
	}
	return s
}
