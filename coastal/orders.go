package coastal

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Orders for many markers at once (`all hold`, `E1-E4 observe`, `A3
// launch M2`): the player gives one order for the question his markers are
// asked in turn this step (move, observe, fire, launch, split), and each
// marker it covers is answered with it as its turn comes (the rules mark
// the option, Decision.SetStanding, and the prompt's `carry` standing
// order takes it, logged as the player's). A marker the order does not fit
// is asked; a dummy or a ship out of ammunition ordered to fire or launch
// holds. The rules themselves ask as before, so a script, `auto` and a
// replay never see the orders.

// manyOrder is one order for many markers, for the step it was given in.
type manyOrder struct {
	turn, step int
	kind, side string
	prefix     string // the markers' letter ("": every marker of the side)
	lo, hi     int    // their numbers
	words      []string
}

// covers reports whether the order is for marker m.
func (o *manyOrder) covers(m *Marker) bool {
	if m.Side != o.side {
		return false
	}
	if o.prefix == "" {
		return true
	}
	p, n, ok := splitID(m.ID)
	return ok && strings.EqualFold(p, o.prefix) && n >= o.lo && n <= o.hi
}

// splitID reads a marker id: its letters and its number ("E12": E, 12).
func splitID(id string) (string, int, bool) {
	i := strings.IndexFunc(id, func(r rune) bool { return r >= '0' && r <= '9' })
	if i <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(id[i:])
	if err != nil || n < 1 || n > 9999 {
		return "", 0, false
	}
	for _, r := range id[:i] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "", 0, false
		}
	}
	return id[:i], n, true
}

// markerSpan reads the markers an order names: "E3", "E1-E4" or "E1-4".
func markerSpan(word string) (prefix string, lo, hi int, ok bool) {
	a, b, span := strings.Cut(word, "-")
	prefix, lo, ok = splitID(a)
	if !ok {
		return "", 0, 0, false
	}
	if !span {
		return prefix, lo, lo, true
	}
	if n, err := strconv.Atoi(b); err == nil {
		hi = n
	} else {
		p, n, ok := splitID(b)
		if !ok || !strings.EqualFold(p, prefix) {
			return "", 0, 0, false
		}
		hi = n
	}
	if hi < lo {
		return "", 0, 0, false
	}
	return prefix, lo, hi, true
}

// isMarkerWord: the words that call the markers' order command.
func isMarkerWord(w string) bool {
	_, _, _, ok := markerSpan(w)
	return ok
}

// markerKinds are the questions asked of each marker in turn.
var markerKinds = map[string]bool{"move": true, "observe": true, "fire": true, "launch": true, "split": true}

// carry marks the option of d that the player's order for m picks, if an
// order of this step covers m and fits: the prompt then answers d with it.
func (r *Rules) carry(d *engine.Decision, m *Marker) {
	for i := len(r.orders) - 1; i >= 0; i-- {
		o := &r.orders[i]
		if o.turn != r.Turn || o.step != r.Step || o.kind != d.Kind || !o.covers(m) {
			continue
		}
		if j, vals, err := fit(d, o.words); err == nil {
			for k := range vals {
				d.Options[j].Args[k].Default = vals[k]
			}
			d.SetStanding(j)
		}
		return
	}
}

// fit reads an order as an answer to d: its option and values. A fire or
// launch the rules refuse this marker (a dummy's, none left) is a hold.
func fit(d *engine.Decision, words []string) (int, []gamelog.Value, error) {
	j, err := d.Find(words[0])
	if err != nil {
		return 0, nil, err
	}
	vals, err := d.ParseArgs(j, words[1:])
	if err != nil && (d.Kind == "fire" || d.Kind == "launch" || d.Kind == "split") {
		if h, herr := d.Find("hold"); herr == nil {
			return h, nil, nil
		}
	}
	return j, vals, err
}

// optionMarker is the marker a decision of a marker is for (its options'
// fact `marker`).
func optionMarker(d *engine.Decision) string {
	if len(d.Options) == 0 {
		return ""
	}
	for _, f := range d.Options[0].Facts {
		if f.Key == "marker" {
			return f.Val.S
		}
	}
	return ""
}

// markerOrder is the command `all ORDER`, `ID ORDER`, `ID-ID ORDER`.
func markerOrder(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	r, ok := g.Rules().(*Rules)
	if !ok || r.Setup == nil {
		return nil, errors.New("no coastal game is on: start one with new")
	}
	who := args[0]
	if len(args) < 2 {
		return nil, fmt.Errorf("`%s` needs an order for the question its markers are asked: `%s hold`, `%s nearest`, `%s fire M3`", who, who, who, who)
	}
	words := args[1:]
	p := g.Pending()
	if p == nil || p.Decision == nil || !markerKinds[p.Decision.Kind] || p.Decision.Side == engine.TableSide || !g.PlayerPlays(p.Decision.Side) {
		return nil, fmt.Errorf("`%s %s` orders your markers for the question each is asked (how it moves, what it looks for, whether it fires or launches): give it when one of them is asked; `step` plays on to it", who, strings.Join(words, " "))
	}
	d := p.Decision
	o := manyOrder{turn: r.Turn, step: r.Step, kind: d.Kind, side: d.Side, words: words}
	if !strings.EqualFold(who, "all") {
		o.prefix, o.lo, o.hi, _ = markerSpan(who)
	}
	var named []string
	for _, m := range r.sideMarkers(d.Side) {
		if o.covers(m) {
			named = append(named, m.ID)
		}
	}
	if len(named) == 0 {
		return nil, fmt.Errorf("%s names none of the %s's markers on the table: %s", who, d.Side, strings.Join(r.markerIDs(d.Side), " "))
	}
	if _, err := d.Find(words[0]); err != nil {
		if why, refused := d.Refusal(words[0]); refused {
			err = errors.New(why)
		}
		return nil, fmt.Errorf("`%s`: %w", strings.Join(words, " "), err)
	}
	r.orders = append(r.orders, o)
	now := r.marker(optionMarker(d))
	said := fmt.Sprintf("Ordered for %s this step: %s (each as it is asked).", spanText(named), strings.Join(words, " "))
	if now == nil || !o.covers(now) {
		fmt.Fprintln(w, said)
		return nil, nil
	}
	j, vals, err := fit(d, words)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", now.ID, err)
	}
	line := []string{d.Options[j].Name}
	for k := range vals {
		line = append(line, d.Options[j].Args[k].Word(vals[k]))
	}
	if len(named) > 1 {
		fmt.Fprintln(w, said)
	}
	return engine.Order("choose")(g, line, w)
}

// markerIDs lists a side's markers on the table.
func (r *Rules) markerIDs(side string) []string {
	var out []string
	for _, m := range r.sideMarkers(side) {
		out = append(out, m.ID)
	}
	return out
}

// spanText names markers in runs: "M1-M6, E1, E3".
func spanText(ids []string) string {
	var out []string
	for i := 0; i < len(ids); {
		p, n, _ := splitID(ids[i])
		j := i + 1
		for j < len(ids) {
			q, k, _ := splitID(ids[j])
			if q != p || k != n+(j-i) {
				break
			}
			j++
		}
		if j-i > 2 {
			out = append(out, ids[i]+"-"+ids[j-1])
		} else {
			out = append(out, ids[i:j]...)
		}
		i = j
	}
	return strings.Join(out, ", ")
}

// dummiesHold is the game's standing order for the player's dummies: a
// dummy has no guns, so its question whether it fires (or fires its other
// mounts) is answered hold for the player. It is asked as a ship's is,
// for the decisions' log to tell the other side nothing; the player sees
// the answer said in one line (`orders dummies off` asks them).
var dummiesHold = engine.StandingOrder{Name: "dummies", Said: "A dummy holds fire",
	Help: "your dummy markers hold fire: they have no guns (each is still asked, as a ship is, so that the log tells the enemy nothing)",
	Pick: func(d *engine.Decision, _ []gamelog.Event) (int, bool) {
		if (d.Kind != "fire" && d.Kind != "split") || optionClass(d) != "dummy" {
			return 0, false
		}
		i, err := d.Find("hold")
		return i, err == nil
	}}

// optionClass is the class of the marker a decision is for (its options'
// fact `class`: "dummy" for a dummy).
func optionClass(d *engine.Decision) string {
	if len(d.Options) == 0 {
		return ""
	}
	for _, f := range d.Options[0].Facts {
		if f.Key == "class" {
			return f.Val.S
		}
	}
	return ""
}

// tableOrder is `steer SHIP DEG [CM]` and `speed SHIP CM`: the order NAME
// with its words for the markers SHIP names (markerOrder).
func tableOrder(g *engine.Game, name string, least int, args []string, w io.Writer) ([]gamelog.Event, error) {
	r, ok := g.Rules().(*Rules)
	switch {
	case !ok || r.Setup == nil:
		return nil, errors.New("no coastal game is on: start one with new")
	case len(args) == 0 || len(args) < least && !isNumber(args[0]):
		return nil, fmt.Errorf("`%s` needs a marker and a number: `%s A3 %s`", name, name, map[string]string{"steer": "135 12", "speed": "8"}[name])
	case r.Table == nil && name == "steer":
		return nil, errors.New("`steer` orders a heading on a virtual table (`new table=virtual`); on a physical table move the model and answer `speed CM TURN SWING`")
	}
	who := args[0]
	if isNumber(who) { // `steer 135 12` at a marker's question: that marker
		p := g.Pending()
		if p == nil || p.Decision == nil || optionMarker(p.Decision) == "" {
			return nil, fmt.Errorf("`%s %s` needs a marker first: `%s A3 %s`", name, strings.Join(args, " "), name, strings.Join(args, " "))
		}
		return markerOrder(g, append([]string{optionMarker(p.Decision), name}, args...), w)
	}
	return markerOrder(g, append([]string{who, name}, args[1:]...), w)
}

// formationOrder is `formation SHIPS ahead|abreast [CM]`: each marker of
// the span after the first follows the one before it, CM astern of it
// (ahead) or on its starboard beam (abreast).
func formationOrder(g *engine.Game, args []string, w io.Writer) ([]gamelog.Event, error) {
	r, ok := g.Rules().(*Rules)
	switch {
	case !ok || r.Setup == nil:
		return nil, errors.New("no coastal game is on: start one with new")
	case r.Table == nil:
		return nil, errors.New("`formation` keeps station on a virtual table (`new table=virtual`); on a physical table move the models")
	case len(args) < 2 || len(args) > 3 || (args[1] != "ahead" && args[1] != "abreast"):
		return nil, errors.New("say `formation E1-E4 ahead` (line ahead, 10 cm apart) or `formation E1-E4 abreast 15`")
	}
	p := g.Pending()
	if p == nil || p.Decision == nil || p.Decision.Kind != "move" || !g.PlayerPlays(p.Decision.Side) {
		return nil, errors.New("`formation` orders your markers as they are asked how they move: give it at a move; `step` plays on to one")
	}
	d := p.Decision
	cm := "10"
	if len(args) == 3 {
		cm = args[2]
	}
	bearing := map[string]string{"ahead": "180", "abreast": "90"}[args[1]]
	span := manyOrder{side: d.Side}
	if !strings.EqualFold(args[0], "all") {
		var ok bool
		if span.prefix, span.lo, span.hi, ok = markerSpan(args[0]); !ok {
			return nil, fmt.Errorf("%s is not a marker or a span of them (E1-E4)", args[0])
		}
	}
	var ms []*Marker
	for _, m := range r.sideMarkers(d.Side) {
		if span.covers(m) && onTable(m) {
			ms = append(ms, m)
		}
	}
	if len(ms) < 2 {
		return nil, fmt.Errorf("%s names fewer than two of the %s's markers on the table: %s", args[0], d.Side, strings.Join(r.markerIDs(d.Side), " "))
	}
	var said []string
	var now []string
	for k := 1; k < len(ms); k++ {
		_, n, _ := splitID(ms[k].ID)
		p, _, _ := splitID(ms[k].ID)
		words := []string{"follow", ms[k-1].ID, bearing, cm}
		r.orders = append(r.orders, manyOrder{turn: r.Turn, step: r.Step, kind: "move", side: d.Side, prefix: p, lo: n, hi: n, words: words})
		said = append(said, ms[k].ID+" on "+ms[k-1].ID)
		if ms[k].ID == optionMarker(d) {
			now = words
		}
	}
	fmt.Fprintf(w, "Formation %s, %s cm apart: %s; %s leads.\n", args[1], cm, strings.Join(said, ", "), ms[0].ID)
	if now == nil {
		return nil, nil
	}
	j, vals, err := fit(d, now)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", optionMarker(d), err)
	}
	line := []string{d.Options[j].Name}
	for k := range vals {
		line = append(line, d.Options[j].Args[k].Word(vals[k]))
	}
	return engine.Order("choose")(g, line, w)
}

func isNumber(w string) bool {
	_, err := strconv.Atoi(w)
	return err == nil
}
