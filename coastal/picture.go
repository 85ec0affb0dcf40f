package coastal

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/grid"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/sheet"
)

// Referee is the side that sees the table as it is (every identity).
const Referee = "referee"

// picture is engine.Definition.Picture: the virtual table as side sees
// it; false on a physical table.
func picture(g *engine.Game, side string) (sea.Picture, bool) {
	r, ok := g.Rules().(*Rules)
	if !ok || r.Table == nil {
		return sea.Picture{}, false
	}
	return r.Table.Picture(side), true
}

// Picture is the table now as side sees it (Referee: everything): every
// marker on the table where it stands, its own by what they are, the
// enemy's as markers until revealed (an id and "hidden", never what they
// hide), torpedo markers, the shots and torpedo runs of this turn.
func (t *Table) Picture(side string) sea.Picture {
	r := t.r
	who := side
	if who == Referee {
		who = "the referee"
	}
	p := sea.Picture{Table: t.Size, Title: fmt.Sprintf("Coastal Warfare, %s: turn %d, step %d, as %s sees it", r.Scenario, min(r.Turn, r.Turns), r.Step, who)}
	for _, m := range r.Markers {
		if !onTable(m) {
			continue
		}
		knows := side == Referee || side == m.Side || m.Revealed
		mk := sea.Mark{Shape: footprint(m), Label: m.ID}
		switch {
		case m.Torpedo:
			mk.Kind, mk.Note = "torpedo", "torpedo marker"
			if knows {
				mk.Note = m.What()
			}
		case !knows:
			mk.Kind, mk.Note = "unknown", "hidden"
		case m.Ship == nil:
			mk.Kind, mk.Note = "unknown", "dummy"
		default:
			mk.Kind = "own"
			if side == Referee && m.Side == Attacker || side != Referee && m.Side != side {
				mk.Kind = "enemy"
			}
			s := m.Ship
			mk.Note = fmt.Sprintf("%s, %d cm", s.Name, s.Speed)
			if st := s.State(); st != "afloat" {
				mk.Kind, mk.Note = "wreck", s.Name+", "+st
			}
		}
		if !m.Torpedo && !knows && m.Observed {
			mk.Note = "observed"
		}
		p.Marks = append(p.Marks, mk)
	}
	p.Lines = append(p.Lines, t.Shots...)
	return p
}

// board is the command `board [attacker|defender|referee] [--svg FILE]`:
// the virtual table drawn in text as the side sees it (the side the player
// plays; referee: all), with a legend of what that side knows; --svg
// writes a drawing to scale.
func board(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	r, ok := g.Rules().(*Rules)
	switch {
	case !ok || r.Setup == nil:
		return nil, errors.New("no coastal game is on: start one with new")
	case r.Table == nil:
		return nil, errors.New("board draws the virtual table (`new table=virtual`): on your own table, look at the models")
	}
	side, file := "", ""
	for i := 0; i < len(args); i++ {
		switch a := strings.ToLower(args[i]); {
		case a == "--svg" || a == "svg":
			if i+1 >= len(args) {
				return nil, errors.New("board --svg FILE: name the file to write")
			}
			file = args[i+1]
			i++
		case a == Referee || a == Attacker || a == Defender:
			side = a
		default:
			return nil, fmt.Errorf("board [attacker|defender|referee] [--svg FILE]: %q is neither", args[i])
		}
	}
	if side == "" {
		side = Referee
		for _, s := range Sides {
			if g.PlayerPlays(s) && !g.PlayerPlays(Other(s)) {
				side = s // the player plays this side only
			}
		}
	}
	p := r.Table.Picture(side)
	if file != "" {
		var buf bytes.Buffer
		if err := p.SVG(&buf); err != nil {
			return nil, err
		}
		if err := sheet.WriteFile(file, buf.Bytes()); err != nil {
			return nil, err
		}
		fmt.Fprintf(w, "Wrote %s (%s).\n", file, p.Title)
		return nil, nil
	}
	cols := 80
	if c, ok := w.(grid.Columner); ok && c.Columns() > 0 {
		cols = c.Columns()
	}
	// the drawing and its scale; then, instead of a line a marker, what the
	// side knows in one paragraph (`markers` lists them all)
	for _, line := range p.Text(cols) {
		fmt.Fprintln(w, line)
		if strings.Contains(line, "one character is about") {
			break
		}
	}
	var known []string
	for _, m := range p.Marks {
		if m.Kind == "own" || m.Kind == "enemy" || m.Kind == "wreck" {
			known = append(known, fmt.Sprintf("%s %s %d°", m.Label, m.Note, m.Shape.Heading))
		}
	}
	if len(known) > 0 {
		fmt.Fprintln(w, "Ships: "+strings.Join(known, "; ")+". `markers` lists every marker.")
	}
	return nil, nil
}
