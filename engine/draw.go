package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Cup is an opaque container of chits (markers, counters) drawn without
// replacement. A cup is declared in the table files (`cup` blocks: see
// Ctx.FillCup) or built by the rules (Ctx.NewCup: the units on a board, a
// scenario's marker pot, the chits a player chose). Chits may be added and
// removed between draws.
type Cup struct {
	ID    string
	Title string
	chits []string
	out   []heldOut // chits of hidden draws, not revealed nor returned
}

// heldOut is what a hidden draw took out of a cup and nobody but its side
// has seen.
type heldOut struct {
	seq   int
	side  string
	chits []string
}

// Chits lists what the cup holds, in the order the draws index it.
func (k *Cup) Chits() []string { return slices.Clone(k.chits) }

// Len is the number of chits in the cup.
func (k *Cup) Len() int { return len(k.chits) }

// Count is the number of chits called name in the cup.
func (k *Cup) Count(name string) int {
	n := 0
	for _, c := range k.chits {
		if c == name {
			n++
		}
	}
	return n
}

// Add puts chits into the cup (at its end). Chits drawn hidden and put
// back are no longer secret: whoever sees the cup may count them again.
func (k *Cup) Add(chits ...string) {
	k.chits = append(k.chits, chits...)
	for _, c := range chits {
		k.settle(c)
	}
}

// Remove takes one chit called name out of the cup (a marker removed from
// play) and reports whether there was one.
func (k *Cup) Remove(name string) bool {
	i := slices.Index(k.chits, name)
	if i < 0 {
		return false
	}
	k.chits = slices.Delete(k.chits, i, i+1)
	return true
}

// settle forgets one hidden chit called name (returned or revealed).
func (k *Cup) settle(name string) {
	for i := range k.out {
		if j := slices.Index(k.out[i].chits, name); j >= 0 {
			k.out[i].chits = slices.Delete(k.out[i].chits, j, j+1)
			if len(k.out[i].chits) == 0 {
				k.out = slices.Delete(k.out, i, i+1)
			}
			return
		}
	}
}

// Draw asks for chits from a cup.
type Draw struct {
	Cup  *Cup
	N    int    // how many chits (at least 1, at most what the cup holds)
	For  string // what the draw is for (may be empty)
	Side string // who draws ("": the game's one player)
	// Hidden draws are seen only by Side until revealed (Ctx.Reveal): the
	// log file holds them (the save must replay), but the log, status,
	// sheets and the other sides' scripts show them as "?".
	Hidden bool
}

// Drawn is the outcome of a draw.
type Drawn struct {
	Seq   int      // the draw event's seq (Reveal names it)
	Chits []string // what was drawn, in order
	cup   *Cup
	side  string
}

// DrawRequest is a physical draw the rules wait for: the player draws from
// the real cup and types what came out (Game.DrawChits).
type DrawRequest struct {
	Cup    string
	Title  string
	N      int
	For    string
	Side   string
	Hidden bool
	In     []string // what the cup holds
}

// drawState is the draws' part of the game.
type drawState struct {
	answer   []string
	gened    bool
	fromGen  bool
	revealed map[int]bool // hidden draws revealed, by seq
	left     []string     // genDrawWhole's scratch: the cup's chits
	places   []int32      // genPicks' scratch: the places of the cup's chits left
	picks    []int32      // genPicks' scratch: the places drawn
}

// Cups lists the game's cups, in the order they were made.
func (g *Game) Cups() []*Cup { return g.ext.cups }

func (g *Game) addCup(k *Cup) *Cup {
	for i, c := range g.ext.cups {
		if c.ID == k.ID {
			g.ext.cups[i] = k
			return k
		}
	}
	g.ext.cups = append(g.ext.cups, k)
	return k
}

// NewCup makes a cup of chits built by the rules (a cup with the same id
// is replaced).
func (c *Ctx) NewCup(id, title string, chits ...string) *Cup {
	if id == "" {
		c.Fail(errors.New("rules make a cup without an id"))
	}
	return c.g.addCup(c.g.renewCup(id, title, chits))
}

// RefillCup is NewCup for a cup the rules make again and again (a board's
// order cup, drawn whole every round): when the game's cup called id is
// empty and no hidden draw of it is out, that cup is filled with chits
// and returned (the same *Cup, titled title), so that filling it
// allocates at most its storage; otherwise it is NewCup.
func (c *Ctx) RefillCup(id, title string, chits ...string) *Cup {
	for _, k := range c.g.ext.cups {
		if k.ID != id {
			continue
		}
		if len(k.chits) == 0 && len(k.out) == 0 && len(chits) > 0 {
			k.Title = title
			k.chits = append(k.chits[:0], chits...)
			return k
		}
		break
	}
	return c.NewCup(id, title, chits...)
}

// renewCup makes the cup NewCup puts in place of the one of the same id:
// when that one was emptied and no hidden draw of it is out (a board's
// order cup drawn whole in a replay, or by the player; the generator's
// whole draw gives the storage to the chits drawn), the new cup takes over its storage,
// and the old one is left empty with none (a pointer to it still reads an
// empty cup, which takes storage of its own if chits are added to it).
func (g *Game) renewCup(id, title string, chits []string) *Cup {
	for _, old := range g.ext.cups {
		if old.ID != id {
			continue
		}
		if n := len(chits); n > 0 && len(old.chits) == 0 && len(old.out) == 0 && cap(old.chits) >= n {
			k := &Cup{ID: id, Title: title, chits: append(old.chits[:0], chits...)}
			old.chits = old.chits[:0:0]
			return k
		}
		break
	}
	return newCup(id, title, chits)
}

// cupOf6 and cupOf12 are cups with room for a few chits: a small cup (the
// units on a board, drawn for their order every round) is one allocation.
type cupOf6 struct {
	Cup
	store [6]string
}

type cupOf12 struct {
	Cup
	store [12]string
}

// newCup makes a cup holding a copy of chits.
func newCup(id, title string, chits []string) *Cup {
	switch n := len(chits); {
	case n == 0 || n > 12:
		return &Cup{ID: id, Title: title, chits: slices.Clone(chits)}
	case n <= 6:
		b := &cupOf6{Cup: Cup{ID: id, Title: title}}
		b.chits = append(b.store[:0], chits...)
		return &b.Cup
	}
	b := &cupOf12{Cup: Cup{ID: id, Title: title}}
	b.chits = append(b.store[:0], chits...)
	return &b.Cup
}

// FillCup makes the cup the table set declares as id, full (a cup with the
// same id is replaced).
func (c *Ctx) FillCup(id string) *Cup {
	def, ok := c.tabs.Cup(id)
	if !ok {
		c.Fail(fmt.Errorf("rules ask for cup %s, which the table set does not declare", id))
	}
	return c.g.addCup(&Cup{ID: def.ID, Title: def.Title, chits: def.Contents()})
}

// Draw takes d.N chits from d.Cup: from the log (replay), the generator
// (digital dice, or a side a decider plays) or the player, who types what
// they drew (physical dice). It records a draw event.
func (c *Ctx) Draw(d Draw) Drawn {
	g := c.g
	k := d.Cup
	if k == nil {
		c.Fail(errors.New("rules draw from no cup"))
	}
	if d.N < 1 || d.N > len(k.chits) {
		c.Fail(fmt.Errorf("rules draw %s from cup %s, which holds %d", chits(d.N), k.ID, len(k.chits)))
	}
	if d.Side == TableSide {
		c.Fail(fmt.Errorf("cup %s: the table does not draw; a side does", k.ID))
	}
	var chits []string
	g.ext.draw.fromGen = false
	switch {
	case g.replay != nil && g.replay.more():
		chits = g.replay.draw(g, d)
	case g.mode == Digital || !g.drawsAtPrompt(d.Side):
		if d.N == len(k.chits) {
			chits = genDrawWhole(g, k)
		} else {
			chits = genDraw(g, k, d.N)
		}
		g.ext.draw.fromGen = g.mode == Physical
	default:
		g.wait(Request{Draw: &DrawRequest{Cup: k.ID, Title: k.Title, N: d.N, For: d.For, Side: d.Side, Hidden: d.Hidden, In: k.Chits()}})
		if g.ext.draw.gened {
			chits = genDraw(g, k, d.N)
		} else {
			chits = g.ext.draw.answer
		}
		g.ext.draw.fromGen = g.ext.draw.gened
	}
	switch {
	case len(k.chits) == 0: // drawn whole by genDrawWhole: its storage went with the chits
	case len(chits) == len(k.chits):
		clear(k.chits) // the whole cup (what removing each would leave)
		k.chits = k.chits[:0]
	default:
		for _, ch := range chits {
			k.Remove(ch)
		}
	}
	g.emitDraw(d, chits)
	dr := Drawn{Seq: g.lines, Chits: chits, cup: k, side: d.Side}
	if d.Hidden {
		k.out = append(k.out, heldOut{seq: g.lines, side: d.Side, chits: slices.Clone(chits)})
	}
	return dr
}

// drawsAtPrompt reports whether the player makes side's physical draws: a
// side a decider (script, reference) plays has its draws made by the
// program.
func (g *Game) drawsAtPrompt(side string) bool {
	if side == "" {
		return true
	}
	dec, ok := g.SideDecider(side)
	return !ok || dec == nil
}

// genDraw draws n chits with the game's generator: each the chit at a
// uniform index of what is left.
func genDraw(g *Game, k *Cup, n int) []string {
	out := make([]string, n)
	for j, p := range genPicks(g, k, n) {
		out[j] = k.chits[p]
	}
	return out
}

// genDrawWhole is genDraw of the whole cup, which then holds nothing: what
// is drawn takes the cup's storage (the cup is left none), so that the
// draw allocates nothing (a board's order cup, drawn whole every round).
func genDrawWhole(g *Game, k *Cup) []string {
	picks := genPicks(g, k, len(k.chits))
	chits := append(g.ext.draw.left[:0], k.chits...) // the game's scratch
	out := k.chits[:len(chits):len(chits)]
	for j, p := range picks {
		out[j] = chits[p]
	}
	clear(chits) // keep no chit alive
	g.ext.draw.left = chits[:0]
	k.chits = nil
	return out
}

// genPicks draws n places of k's chits with the game's generator: each
// the place at a uniform index of those left, in the cup's order. The
// places are the game's scratch, valid until the next draw.
func genPicks(g *Game, k *Cup, n int) []int32 {
	s := &g.ext.draw
	left := s.places[:0]
	for i := range k.chits {
		left = append(left, int32(i))
	}
	picks := s.picks[:0]
	for range n {
		i := g.gen.IntN(len(left))
		picks = append(picks, left[i])
		left = append(left[:i], left[i+1:]...)
	}
	s.places, s.picks = left[:0], picks[:0]
	return picks
}

func (g *Game) emitDraw(d Draw, chits []string) {
	if g.silent() {
		g.lines++
		return
	}
	l := make([]gamelog.Value, len(chits))
	for i, ch := range chits {
		l[i] = gamelog.StrV(ch)
	}
	fields := []gamelog.Field{gamelog.Str("cup", d.Cup.ID)}
	if d.For != "" {
		fields = append(fields, gamelog.Str("for", d.For))
	}
	if d.Side != "" {
		fields = append(fields, gamelog.Str("side", d.Side))
	}
	if d.Hidden {
		fields = append(fields, gamelog.Bool("hidden", true))
	}
	fields = append(fields, gamelog.Field{Key: "chits", Val: gamelog.Value{Kind: gamelog.KList, L: l}})
	if g.ext.draw.fromGen {
		fields = append(fields, gamelog.Str("source", "generator"))
	}
	g.emit("draw", fields)
}

// Reveal shows chits of a hidden draw to everyone (all of them when none
// are named): a reveal event. Chits already put back in the cup may be
// revealed too.
func (c *Ctx) Reveal(dr Drawn, chits ...string) {
	g := c.g
	if len(chits) == 0 {
		chits = dr.Chits
	}
	rest := slices.Clone(dr.Chits)
	for _, ch := range chits {
		i := slices.Index(rest, ch)
		if i < 0 {
			c.Fail(fmt.Errorf("rules reveal %s, which draw %d did not draw (%s)", ch, dr.Seq, strings.Join(dr.Chits, ", ")))
		}
		rest = slices.Delete(rest, i, i+1)
	}
	if dr.cup != nil {
		for _, ch := range chits {
			dr.cup.settleDraw(dr.Seq, ch)
		}
	}
	if len(rest) == 0 {
		if g.ext.draw.revealed == nil {
			g.ext.draw.revealed = map[int]bool{}
		}
		g.ext.draw.revealed[dr.Seq] = true
	}
	if g.silent() {
		g.lines++
		return
	}
	fields := []gamelog.Field{gamelog.Int("draw", dr.Seq)}
	if dr.cup != nil {
		fields = append(fields, gamelog.Str("cup", dr.cup.ID))
	}
	if dr.side != "" {
		fields = append(fields, gamelog.Str("side", dr.side))
	}
	fields = append(fields, gamelog.Strs("chits", chits))
	g.emit("reveal", fields)
}

// settleDraw forgets one hidden chit of draw seq (revealed).
func (k *Cup) settleDraw(seq int, name string) {
	for i := range k.out {
		if k.out[i].seq != seq {
			continue
		}
		if j := slices.Index(k.out[i].chits, name); j >= 0 {
			k.out[i].chits = slices.Delete(k.out[i].chits, j, j+1)
			if len(k.out[i].chits) == 0 {
				k.out = slices.Delete(k.out, i, i+1)
			}
		}
		return
	}
}

// DrawChits answers the pending physical draw with the chits the player
// drew (names as the cup spells them, case-insensitive; each chit as often
// as the cup holds it).
func (g *Game) DrawChits(words []string, level int) ([]gamelog.Event, error) {
	if g.pend == nil || g.pend.Draw == nil {
		return nil, errors.New("no draw is pending")
	}
	r := g.pend.Draw
	chits, err := matchChits(r.In, r.N, words)
	if err != nil {
		return nil, fmt.Errorf("cup %s: %w", r.Cup, err)
	}
	g.ext.draw.answer, g.ext.draw.gened = chits, false
	return g.advance(level)
}

// DrawGenerator answers the pending physical draw with the game's generator.
func (g *Game) DrawGenerator(level int) ([]gamelog.Event, error) {
	if g.pend == nil || g.pend.Draw == nil {
		return nil, errors.New("no draw is pending")
	}
	g.ext.draw.answer, g.ext.draw.gened = nil, true
	return g.advance(level)
}

// matchChits checks that words name n chits the cup holds: an unknown
// chit, or one typed more often than the cup holds it, is named; a draw
// of the whole cup typed short names the chits missing.
func matchChits(in []string, n int, words []string) ([]string, error) {
	left := slices.Clone(in)
	out := make([]string, 0, n)
	for _, w := range words {
		i := slices.IndexFunc(left, func(c string) bool { return strings.EqualFold(c, w) })
		if i < 0 {
			if slices.ContainsFunc(in, func(c string) bool { return strings.EqualFold(c, w) }) {
				return nil, fmt.Errorf("the cup holds fewer %s than that: %s", w, cupText(in))
			}
			return nil, fmt.Errorf("%q is not in the cup: %s", w, cupText(in))
		}
		out = append(out, left[i])
		left = slices.Delete(left, i, i+1)
	}
	if len(words) != n {
		if len(words) < n && n == len(in) {
			return nil, fmt.Errorf("draw %s, not %d: the whole cup is drawn, and %s %s missing", chits(n), len(words), strings.Join(left, ", "), isAre(len(left)))
		}
		return nil, fmt.Errorf("draw %s, not %d: %s", chits(n), len(words), cupText(in))
	}
	return out, nil
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// cupText lists a cup's chits with counts: "+1 x4, +2 x3".
func cupText(in []string) string {
	if len(in) == 0 {
		return "the cup is empty"
	}
	var names []string
	count := map[string]int{}
	for _, c := range in {
		if count[c] == 0 {
			names = append(names, c)
		}
		count[c]++
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n
		if count[n] > 1 {
			parts[i] += fmt.Sprintf(" x%d", count[n])
		}
	}
	return "the cup holds " + strings.Join(parts, ", ")
}

// CupText lists chits with their counts ("+1 x4, +2 x3").
func CupText(chits []string) string { return strings.TrimPrefix(cupText(chits), "the cup holds ") }

// draw takes the next logged draw, which must come from the same cup with
// chits it holds; the generator's draws must be the generator's.
func (r *replayState) draw(g *Game, d Draw) []string {
	ev := r.cur()
	if ev.Type != "draw" || ev.Str("cup") != d.Cup.ID {
		r.fail(g, fmt.Sprintf("the rules draw from cup %s here, the log has a %q event", d.Cup.ID, ev.Type), "(a draw from "+d.Cup.ID+")")
	}
	v, _ := ev.Get("chits")
	logged := make([]string, 0, len(v.L))
	for _, x := range v.L {
		if x.Kind != gamelog.KStr {
			r.fail(g, "chits: want names", "(a draw from "+d.Cup.ID+")")
		}
		logged = append(logged, x.S)
	}
	chits, err := matchChits(d.Cup.chits, d.N, logged)
	if err != nil || !slices.Equal(chits, logged) {
		why := "the chits are spelled as the cup spells them"
		if err != nil {
			why = err.Error()
		}
		r.fail(g, "cup "+d.Cup.ID+": "+why, "(a draw from "+d.Cup.ID+")")
	}
	gen := ev.Str("source") == "generator"
	if g.mode == Digital || gen {
		if want := genDraw(g, d.Cup, d.N); !slices.Equal(want, chits) {
			r.fail(g, fmt.Sprintf("the log draws %v but the game's generator draws %v: a cup was changed, or the log comes from another version", chits, want), fmt.Sprint(want))
		}
	}
	g.ext.draw.fromGen = gen && g.mode == Physical
	return chits
}

// AtPrompt is the onlooker at the prompt: the player, who sees the hidden
// draws of the sides the player plays (Game.PlayerPlays).
const AtPrompt = ""

// sees reports whether onlooker (AtPrompt or a side) may see what side drew.
func (g *Game) sees(onlooker, side string) bool {
	if onlooker == AtPrompt {
		return g.PlayerPlays(side)
	}
	return onlooker == side
}

// Hides reports whether e is a hidden draw onlooker may not see yet.
func (g *Game) Hides(e *gamelog.Event, onlooker string) bool {
	if e.Type != "draw" {
		return false
	}
	v, _ := e.Get("hidden")
	if !v.B || g.ext.draw.revealed[e.Seq] {
		return false
	}
	return !g.sees(onlooker, e.Str("side"))
}

// Mask returns e as onlooker may see it: a hidden draw it may not see has
// its chits written "?" (the same number). Other events are e itself.
func (g *Game) Mask(e *gamelog.Event, onlooker string) gamelog.Event {
	if !g.Hides(e, onlooker) {
		return *e
	}
	out := gamelog.Event{Seq: e.Seq, Type: e.Type, Fields: make([]gamelog.Field, len(e.Fields))}
	for i, f := range e.Fields {
		if f.Key == "chits" {
			l := make([]gamelog.Value, len(f.Val.L))
			for j := range l {
				l[j] = gamelog.StrV("?")
			}
			f.Val = gamelog.Value{Kind: gamelog.KList, L: l}
		}
		out.Fields[i] = f
	}
	return out
}

// ObserveAs adds an observer that sees events as onlooker does (a side's
// script: the other sides' hidden draws masked).
func (g *Game) ObserveAs(onlooker string, o Observer) {
	g.Observe(func(e *gamelog.Event) {
		if g.Hides(e, onlooker) {
			m := g.Mask(e, onlooker)
			o(&m)
			return
		}
		o(e)
	})
}

// CupSeen is what onlooker may know of a cup's contents: the chits when no
// hidden draw of a side it does not see is out of the cup (the rest would
// tell what was drawn), else only how many are in it.
func (g *Game) CupSeen(k *Cup, onlooker string) (chits []string, known bool) {
	for _, h := range k.out {
		if !g.sees(onlooker, h.side) && !g.ext.draw.revealed[h.seq] {
			return nil, false
		}
	}
	return k.Chits(), true
}

// chits counts chits in words: "1 chit", "3 chits".
func chits(n int) string {
	if n == 1 {
		return "1 chit"
	}
	return strconv.Itoa(n) + " chits"
}
