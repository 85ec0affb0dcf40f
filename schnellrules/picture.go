package schnellrules

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

// refereeSide is the side whose picture is the whole table.
const refereeSide = "referee"

// Picture is the virtual table now as side sees it (engine.Definition.
// Picture): its own vessels and the enemy's it has spotted this turn by
// id, with speed and state; the enemy's others as their markers only
// (label, place, heading); wrecks; this turn's shots and the torpedoes in
// the water. "referee" sees everything. False: the battle is on the
// player's own table, or side is no side.
func Picture(g *engine.Game, side string) (sea.Picture, bool) {
	b, ok := g.RulesOf(Name).(*Battle)
	if ok {
		side = b.sideOf(side) // a commander sees as his side
	}
	if !ok || b.Table == nil || side != refereeSide && side != Sides[0] && side != Sides[1] {
		return sea.Picture{}, false
	}
	return drawTable(b, side), true
}

// drawTable draws the table for side.
func drawTable(b *Battle, side string) sea.Picture {
	p := sea.Picture{Table: b.Table.Area, Title: pictureTitle(b, side)}
	for _, v := range b.Vessels {
		if v.Place == nil || v.Left {
			continue
		}
		m := sea.Mark{Shape: v.Place.At, Label: v.ID, Kind: "own"}
		switch {
		case v.Level == Sunk:
			m.Kind, m.Note = "wreck", "sunk"
		case side != refereeSide && v.Side != side && !v.Seen[sideIndex(side)]:
			m = sea.Mark{Shape: v.Place.At, Label: v.Place.Marker, Kind: "unknown", Note: "not spotted"}
		default:
			if side == refereeSide && v.Side == Sides[1] || side != refereeSide && v.Side != side {
				m.Kind = "enemy"
			}
			m.Note = markNote(v)
		}
		p.Marks = append(p.Marks, m)
	}
	p.Lines = append(p.Lines, b.Table.shots...)
	for _, tp := range b.Torps {
		if tp.At != tp.Aim {
			p.Lines = append(p.Lines, sea.Line{From: tp.At, To: tp.Aim, Kind: "torpedo", Label: tp.ID})
		}
	}
	return p
}

// markNote is what the picture says of a vessel seen: speed, damage, fire.
func markNote(v *Vessel) string {
	s := fmt.Sprintf("%s %dcm", speedCode(v.Speed), v.Speed.Move())
	if v.Level > Intact {
		s += ", " + v.Level.Word()
	}
	if v.Burning {
		s += ", on fire"
	}
	return s
}

// pictureTitle names the moment and who looks.
func pictureTitle(b *Battle, side string) string {
	t := "Set-up"
	if b.between && b.Turn > 1 && b.Turn <= b.Opt.Turns && !b.over() {
		t = fmt.Sprintf("End of turn %d", b.Turn-1) // seen as the next begins (the replay sheet's frame)
	} else if b.Turn > 0 && b.Turn <= b.Opt.Turns {
		t = fmt.Sprintf("Turn %d, phase %s", b.Turn, phaseNames[b.Phase])
	} else if b.Turn > b.Opt.Turns || b.over() {
		t = "The end"
	}
	if side == refereeSide {
		return t + ": the whole table (Allies blue, Axis red)"
	}
	return t + ": as the " + sideName(side) + " see it"
}

// runBoard is board [SIDE] [--svg FILE]: the virtual table drawn in text
// at the terminal's width, or as an SVG file. The player sees it as the
// side he plays (both: the whole table), or as a side he names.
func runBoard(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	b, err := battle(g)
	if err != nil {
		return nil, err
	}
	if b.Table == nil {
		if _, _, inside := g.Inner(); inside {
			return nil, errors.New("board draws a battle on the virtual table; this one is fought on your own table: look at the models")
		}
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
		case a == refereeSide || a == Sides[0] || a == Sides[1]:
			side = a
		default:
			return nil, fmt.Errorf("board [allies|axis|referee] [--svg FILE]: %q is neither", args[i])
		}
	}
	if side == "" {
		side = lookingSide(g)
	}
	p, _ := Picture(g, side)
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
	for _, line := range p.Text(cols) {
		fmt.Fprintln(w, line)
	}
	return nil, nil
}

// lookingSide is the side the player at the prompt looks at the table as:
// the one side he plays, or the referee (both sides, or none: auto).
func lookingSide(g *engine.Game) string {
	for _, s := range Sides {
		if g.PlayerPlays(s) && !g.PlayerPlays(other(s)) {
			return s
		}
	}
	return refereeSide
}

// frame is the Definition.Frame: on the virtual table a turn's end (seen
// as the next turn begins, before its sightings are reset) takes a frame
// of the replay sheet; a duel's turns end with a pause, which takes it.
func frame(g *engine.Game, e *gamelog.Event) string {
	if e.Type != string(evTurn) || e.Int("n") < 2 {
		return ""
	}
	b, ok := g.RulesOf(Name).(*Battle)
	if !ok || b.Table == nil || b.Opt.Duel {
		return ""
	}
	return fmt.Sprintf("After turn %d", e.Int("n")-1)
}
