package schnellrules

import (
	"strings"
	"unicode/utf8"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Told is the virtual table's engine.Definition.Told (issue 29): a side
// learns of an event as it is made when every vessel the event names is
// one it knows then — its own, an enemy it has spotted this turn, or a
// wreck (the table shows wrecks to both) — and of a decision only when it
// is its own or the table's, and names nothing it does not know. So a
// solo player at the prompt, and a side's view of the replay sheet, read
// "SS1 spots S141" once S141 is spotted, and nothing of an unspotted
// S-boat's moves, fire or orders. On the player's own table every event is
// told: both sides look at the models.
func Told(g *engine.Game, e *gamelog.Event, side string) bool {
	b, ok := g.RulesOf(Name).(*Battle)
	if !ok || b.Table == nil {
		return true
	}
	side = b.sideOf(side) // a commander (cmd=NAME) is told what his side is
	if e.Type == "decision" {
		if s := e.Str("side"); s != "" && b.sideOf(s) != side {
			return false
		}
	}
	si := sideIndex(side)
	return !e.AnyWord(func(w string) bool {
		v := b.Vessel(w)
		return v != nil && v.Side != side && !v.Seen[si] && v.Level < Sunk
	})
}

// victim is the field of an event of harm that names the vessel harmed.
var victim = map[engine.EventType]string{
	evGunfire: "target", evLaunch: "target", evArrival: "target", evDamage: "vessel", evRam: "target", evDepth: "target",
}

// Unseen is the virtual table's engine.Definition.Unseen: harm to one of
// side's own vessels by an enemy it has not spotted (gunfire, a torpedo
// launched at her or arriving, damage, a ram, a depth charge), and a
// starshell or flare bursting (its light is seen by all), are read with
// each vessel side does not know named by its marker's label ("M3 40mm:1
// at GARTH: HIT"); the rest of what it is not told it does not read.
func Unseen(g *engine.Game, e *gamelog.Event, side string) (gamelog.Event, bool) {
	b, ok := g.RulesOf(Name).(*Battle)
	if !ok || b.Table == nil || e.Type == "decision" {
		return gamelog.Event{}, false
	}
	side = b.sideOf(side)
	t := engine.EventType(e.Type)
	if f, harm := victim[t]; harm {
		if v := b.Vessel(e.Str(f)); v == nil || v.Side != side {
			return gamelog.Event{}, false
		}
	} else if t != evIlluminate {
		return gamelog.Event{}, false
	}
	si := sideIndex(side)
	label := func(w string) string {
		v := b.Vessel(w)
		if v == nil || v.Side == side || v.Seen[si] || v.Level >= Sunk {
			return w
		}
		if v.Place != nil && v.Place.Marker != "" {
			return v.Place.Marker
		}
		return "an unseen vessel"
	}
	var mask func(v gamelog.Value) gamelog.Value
	mask = func(v gamelog.Value) gamelog.Value {
		switch v.Kind {
		case gamelog.KStr:
			v.S = replaceIDs(v.S, label)
		case gamelog.KList:
			l := make([]gamelog.Value, len(v.L))
			for i, x := range v.L {
				l[i] = mask(x)
			}
			v.L = l
		case gamelog.KObj:
			o := make([]gamelog.Field, len(v.O))
			for i, f := range v.O {
				o[i] = gamelog.Field{Key: f.Key, Val: mask(f.Val)}
			}
			v.O = o
		}
		return v
	}
	out := gamelog.Event{Seq: e.Seq, Type: e.Type, Fields: make([]gamelog.Field, len(e.Fields))}
	for i, f := range e.Fields {
		out.Fields[i] = gamelog.Field{Key: f.Key, Val: mask(f.Val)}
	}
	return out, true
}

// replaceIDs is s with each of its words (runs of id runes) put through
// label.
func replaceIDs(s string, label func(string) string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if gamelog.NotWordRune(r) {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if gamelog.NotWordRune(r) {
				break
			}
			j += n
		}
		b.WriteString(label(s[i:j]))
		i = j
	}
	return b.String()
}
