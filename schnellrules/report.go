package schnellrules

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

var _ sheet.Reporter = Game{}

// Report implements sheet.Reporter: an after-action report of a battle in
// Markdown, from its log and the state it left.
func (Game) Report(g *engine.Game, lg *gamelog.Log, _ int) (string, error) {
	b, err := battle(g)
	if err != nil {
		return "", err
	}
	type tally struct{ shots, hits, launched, torpHits int }
	by := map[string]*tally{}
	get := func(id string) *tally {
		if by[id] == nil {
			by[id] = &tally{}
		}
		return by[id]
	}
	var lines []string
	turns := 0
	for i := range lg.Events {
		e := &lg.Events[i]
		switch engine.EventType(e.Type) {
		case evTurn:
			turns++
		case evGunfire:
			t := get(e.Str("shooter"))
			t.shots++
			if v, _ := e.Get("hit"); v.B {
				t.hits++
			}
		case evLaunch:
			get(e.Str("shooter")).launched++
		case evArrival:
			if v, _ := e.Get("hit"); v.B {
				for _, tp := range torpedoesOf(lg) {
					if tp[0] == e.Str("torpedo") {
						get(tp[1]).torpHits++
					}
				}
			}
		case evDamage:
			if e.Str("result") != Intact.String() {
				l := fmt.Sprintf("- Turn %d: %s hit by %s: %s", turnAt(lg, i), e.Str("vessel"), e.Str("by"), strings.ReplaceAll(e.Str("level"), "_", " "))
				if s := e.Str("stepped"); s != "" {
					l += " (a repeat: " + strings.ReplaceAll(s, "_", " ") + ")"
				}
				if lost := e.Str("lost"); lost != "" {
					l += "; lost " + lost
				}
				lines = append(lines, l)
			}
		}
	}
	var w strings.Builder
	fmt.Fprintf(&w, "# After-action report: Schnell Rules for Schnellboote!, seed %d\n\n", lg.Header.Seed)
	fmt.Fprintf(&w, "%s fought.\n\n", plural(turns, "turn"))
	fmt.Fprintln(&w, "| Vessel | Class | Side | Damage | Guns fired / hit | Torpedoes launched / hit |")
	fmt.Fprintln(&w, "| --- | --- | --- | --- | --- | --- |")
	for _, v := range b.Vessels {
		t := get(v.ID)
		fmt.Fprintf(&w, "| %s | %s | %s | %s | %d / %d | %d / %d |\n", sheet.MarkdownText(v.ID), sheet.MarkdownText(v.Class.Name), v.Side, v.Level.Word(), t.shots, t.hits, t.launched, t.torpHits)
	}
	if len(lines) > 0 {
		fmt.Fprintf(&w, "\n## Damage\n\n%s\n", strings.Join(lines, "\n"))
	}
	return w.String(), nil
}

// torpedoesOf lists the launches of a log: torpedo id and shooter.
func torpedoesOf(lg *gamelog.Log) [][2]string {
	var out [][2]string
	for i := range lg.Events {
		if e := &lg.Events[i]; e.Type == string(evLaunch) {
			out = append(out, [2]string{e.Str("torpedo"), e.Str("shooter")})
		}
	}
	return out
}

// turnAt is the turn an event of the log happened in.
func turnAt(lg *gamelog.Log, i int) int {
	for ; i >= 0; i-- {
		if e := &lg.Events[i]; e.Type == string(evTurn) {
			v, _ := e.Get("n")
			return v.I
		}
	}
	return 0
}
