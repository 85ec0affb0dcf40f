package repl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// describe renders one event as a line: the game's own wording if it has
// one, else the kernel's for rolls and decisions, else its fields.
func (s *Session) describe(e *gamelog.Event) string { return s.describeLevel(e, engine.Verbose) }

// describeLevel is describe at a level of detail: the kernel's roll wording
// shortens below Verbose.
func (s *Session) describeLevel(e *gamelog.Event, d engine.Detail) string {
	if s.game.Hides(e, engine.AtPrompt) {
		m := s.game.Mask(e, engine.AtPrompt) // another side's hidden draw
		e = &m
	}
	if s.def.Describe != nil {
		if line := s.def.Describe(e); line != "" {
			return line
		}
	}
	switch e.Type {
	case string(engine.EvInnerStart), string(engine.EvInnerEnd):
		if d < engine.Verbose {
			return "" // the game says it in its own words (a battle begins)
		}
		return s.describeInnerMark(e) // inner.go
	case "roll", "read":
		return s.paint(cyan, DescribeRollAt(s.rollWords(e), s.tableTitle, s.def.RollResult, d))
	case "decision":
		return s.describeDecision(e) // orders.go
	case "draw":
		return DescribeDraw(e)
	case "reveal":
		return DescribeReveal(e)
	}
	return DescribeFields(e)
}

// describeAt words evs[i] alone (a line of `log`), in the light of the
// events before it where the game words it so (a retargeted attack).
func (s *Session) describeAt(evs []gamelog.Event, i int) string {
	if s.def.DescribeRun != nil && !s.game.Hides(&evs[i], engine.AtPrompt) {
		if line, n := s.def.DescribeRun(evs, i); n == 1 {
			return line
		}
	}
	return s.describe(&evs[i])
}

// describeRunAt words, from evs[i], the events that read as one line at
// the session's level of detail, and says how many it took (at least 1);
// "" prints nothing. The game's DescribeAt first, then its DescribeRun,
// then each event alone.
func (s *Session) describeRunAt(evs []gamelog.Event, i int) (string, int) {
	if line, n := s.standingRun(evs, i); n > 1 {
		return line, n
	}
	if !s.game.Hides(&evs[i], engine.AtPrompt) {
		if s.def.DescribeAt != nil {
			if line, n := s.def.DescribeAt(evs, i, s.detail); n > 0 {
				return line, n
			}
		}
		if s.def.DescribeRun != nil {
			if line, n := s.def.DescribeRun(evs, i); n > 0 {
				return line, n
			}
		}
	}
	if line, n := s.hiddenDraws(evs, i); n > 1 {
		return line, n
	}
	return s.describeLevel(&evs[i], s.detail), 1
}

// hiddenDraws words a run of another side's hidden draws from one cup as
// one line ("defender draws 18 from MERCHANTS, hidden: marker M1 to marker
// M18."): a game's set-up may draw dozens of markers the player may not see.
func (s *Session) hiddenDraws(evs []gamelog.Event, i int) (string, int) {
	first := &evs[i]
	if first.Type != "draw" || !s.game.Hides(first, engine.AtPrompt) {
		return "", 0
	}
	n, chits := 0, 0
	for ; i+n < len(evs); n++ {
		e := &evs[i+n]
		if e.Type != "draw" || e.Str("cup") != first.Str("cup") || e.Str("side") != first.Str("side") || !s.game.Hides(e, engine.AtPrompt) {
			break
		}
		v, _ := e.Get("chits")
		chits += len(v.L)
	}
	if n < 2 {
		return "", 0
	}
	by := ""
	if first.Str("source") == "generator" {
		by = " (drawn by the program)"
	}
	return fmt.Sprintf("%s draws %d from %s%s, hidden: %s to %s.", first.Str("side"), chits, first.Str("cup"), by, first.Str("for"), evs[i+n-1].Str("for")), n
}

func (s *Session) tableTitle(id string) string {
	if t, ok := s.game.Tables().Get(id); ok {
		return t.Title
	}
	return ""
}

// DescribeRoll renders a roll event: "A-1 Night Weather: 1D10 [7] +1
// winter gales = 8 → Foggy".
func DescribeRoll(e *gamelog.Event, title func(id string) string) string {
	return DescribeRollResult(e, title, nil)
}

// DescribeRollResult is DescribeRoll with the game's wording of what the
// total means (engine.Definition.RollResult; nil: none), which stands for
// the row's text: "A-0 Days Until Next Mission: 1D10 [6] = 6 → 6 days: the
// next mission on 1944-02-07".
func DescribeRollResult(e *gamelog.Event, title func(id string) string, result func(e *gamelog.Event) string) string {
	return DescribeRollAt(e, title, result, engine.Verbose)
}

// DescribeRollAt is DescribeRollResult at a level of detail. Verbose: the
// dice, each face, each modifier with its reason, the row. Normal: the
// faces and the net modifier, the result without its row ("A-1 Night
// Weather: [4] +1 = 5 → Poor: overcast, drizzle"). Brief: the total and
// the result ("A-1 Night Weather: 5 → Poor: overcast, drizzle").
func DescribeRollAt(e *gamelog.Event, title func(id string) string, result func(e *gamelog.Event) string, d engine.Detail) string {
	if d < engine.Verbose {
		return describeRollShort(e, title, result, d)
	}
	var b strings.Builder
	if id := e.Str("table"); id != "" {
		b.WriteString(id)
		if t := title(id); t != "" {
			b.WriteString(" " + t)
		}
		if f := e.Str("for"); f != "" {
			b.WriteString(" (" + f + ")")
		}
	} else {
		b.WriteString("Roll for " + e.Str("for"))
	}
	if die := e.Str("die"); die != "" {
		b.WriteString(": the " + die + " die [") // a read of a throw's die
	} else {
		b.WriteString(": " + e.Str("dice") + " [")
	}
	fv, _ := e.Get("faces")
	for i, f := range fv.Ints() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(f))
	}
	b.WriteByte(']')
	if mv, ok := e.Get("mods"); ok {
		for _, m := range mv.L {
			v, _ := m.Get("value")
			r, _ := m.Get("reason")
			b.WriteString(" " + signed(v.I) + " " + r.S)
		}
	}
	if f := e.Str("fact"); f != "" {
		b.WriteString(", " + f + " " + strconv.Itoa(e.Int("value")))
	}
	if sv, ok := e.Get("shifts"); ok {
		for _, m := range sv.L {
			v, _ := m.Get("value")
			r, _ := m.Get("reason")
			b.WriteString(", shift " + signed(v.I) + " " + r.S)
		}
	}
	if _, ok := e.Get("total"); ok { // a throw has no total: its dice are read one by one
		b.WriteString(" = " + strconv.Itoa(e.Int("total")))
	}
	said := ""
	if result != nil {
		said = result(e)
	}
	if row := e.Str("row"); said != "" {
		b.WriteString(" → " + said)
	} else if row != "" {
		b.WriteString(" → row " + row)
		if _, ok := e.Get("column"); ok {
			b.WriteString(", column " + strconv.Itoa(e.Int("column")))
		}
		if r := e.Str("result"); r != "" {
			b.WriteString(": " + r)
		}
	}
	if e.Str("source") == "generator" {
		b.WriteString(" (rolled by the program)")
	}
	return b.String()
}

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// DescribeDecision renders a decision event.
func DescribeDecision(e *gamelog.Event) string {
	kind := e.Str("kind")
	if side := e.Str("side"); side != "" {
		kind += " of " + side
	}
	choice := e.Str("choice")
	if a, ok := e.Get("args"); ok {
		for _, f := range a.O { // "closer, zones 2"
			choice += ", " + f.Key + " " + engine.Word(f.Val)
		}
	}
	return "Decision " + kind + ": " + choice + " (by " + e.Str("by") + ")"
}

// DescribeFields renders any event as "type key=value …".
func DescribeFields(e *gamelog.Event) string {
	var b strings.Builder
	b.WriteString(e.Type)
	for _, f := range e.Fields {
		b.WriteString(" " + f.Key + "=")
		switch f.Val.Kind {
		case gamelog.KStr:
			if strings.ContainsAny(f.Val.S, " \t\"") || f.Val.S == "" {
				b.WriteString(strconv.Quote(f.Val.S))
			} else {
				b.WriteString(f.Val.S)
			}
		default:
			b.Write(f.Val.AppendJSON(nil))
		}
	}
	return b.String()
}

// describeRollShort is a roll at Normal or Brief detail.
func describeRollShort(e *gamelog.Event, title func(id string) string, result func(e *gamelog.Event) string, d engine.Detail) string {
	var b strings.Builder
	if id := e.Str("table"); id != "" {
		b.WriteString(id)
		if t := title(id); t != "" {
			b.WriteString(" " + t)
		}
		if f := e.Str("for"); f != "" {
			b.WriteString(" (" + f + ")")
		}
	} else {
		b.WriteString("Roll for " + e.Str("for"))
	}
	if die := e.Str("die"); die != "" {
		b.WriteString(", the " + die + " die") // a read of a throw's die
	}
	b.WriteString(":")
	fv, _ := e.Get("faces")
	faces := fv.Ints()
	_, hasTotal := e.Get("total")
	total := e.Int("total")
	mods := 0
	if mv, ok := e.Get("mods"); ok {
		for _, m := range mv.L {
			v, _ := m.Get("value")
			mods += int(v.I)
		}
	}
	if d == engine.Normal || !hasTotal {
		b.WriteString(" [")
		for i, f := range faces {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(f))
		}
		b.WriteByte(']')
		if mods != 0 {
			b.WriteString(" " + signed(mods))
		}
		if hasTotal && (mods != 0 || len(faces) != 1 || faces[0] != total) {
			b.WriteString(" = " + strconv.Itoa(total))
		}
	} else {
		b.WriteString(" " + strconv.Itoa(total))
	}
	if sv, ok := e.Get("shifts"); ok {
		shift := 0
		for _, m := range sv.L {
			v, _ := m.Get("value")
			shift += int(v.I)
		}
		if shift != 0 {
			b.WriteString(", shift " + signed(shift))
		}
	}
	said := ""
	if result != nil {
		said = result(e)
	}
	switch r := e.Str("result"); {
	case said != "":
		b.WriteString(" → " + said)
	case r != "":
		b.WriteString(" → " + r)
	case e.Str("row") != "":
		b.WriteString(" → row " + e.Str("row"))
	}
	if e.Str("source") == "generator" {
		b.WriteString(" (rolled by the program)")
	}
	return b.String()
}

// standingRun words, below verbose detail, the answers standing orders gave
// one right after the other (a round's formation, speed and move kept) as
// one line: "Break formation: stay (no more harm since); speed: medium (as
// before); range: move out (as last round)". n < 2: no such run at evs[i].
func (s *Session) standingRun(evs []gamelog.Event, i int) (string, int) {
	if s.detail >= engine.Verbose {
		return "", 0
	}
	var parts []string
	n := 0
	for ; i+n < len(evs); n++ {
		e := &evs[i+n]
		if e.Type != "decision" || engine.Who(e.Str("by")) != engine.ByPlayer || e.Str("as") == "" || s.game.Hides(e, engine.AtPrompt) {
			break
		}
		if s.def.DescribeAt != nil {
			if line, m := s.def.DescribeAt(evs, i+n, s.detail); m > 0 {
				if line != "" || m > 1 {
					break // the game words it (or more with it)
				}
				continue // the game leaves it out
			}
		}
		line := s.describeDecision(e)
		if len(parts) > 0 {
			line = strings.ToLower(line[:1]) + line[1:]
		}
		parts = append(parts, line)
	}
	if len(parts) < 2 {
		return "", 0
	}
	return strings.Join(parts, "; "), n
}
