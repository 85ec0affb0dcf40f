package schnellrules

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// markDone is the captain, checking each gunfire and launch question the
// rules mark as answered by `done` (nothing bears: the prompt takes it
// without a stop) against the captain's own answer.
type markDone struct {
	captain
	t             *testing.T
	marked, asked int
}

func (m *markDone) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	a, err := m.captain.DecideArgs(d)
	if d.Kind == "guns" || d.Kind == "launch" {
		m.asked++
		if i, ok := d.Standing(); ok {
			m.marked++
			if d.Options[i].Name != "done" || d.Options[a.Option].Name != "done" {
				m.t.Errorf("turn %d %s %s: marked %s, the captain answers %s", m.b.Turn, d.Side, d.Kind, d.Options[i].Name, d.Options[a.Option].Name)
			}
		}
	}
	return a, err
}

func (m *markDone) Decide(d *engine.Decision) (int, error) {
	a, err := m.DecideArgs(d)
	return a.Option, err
}

// On the virtual table a gunfire or launch question at which no gun or
// tube of the side bears on a spotted enemy is marked as answered by
// `done` (the prompt's `carry` takes it: no stop where there is nothing
// to order); the captain, who fires whatever bears, agrees each time.
func TestNothingBearsIsNoStop(t *testing.T) {
	def, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	marked, asked := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := engine.New(engine.Config{Def: def, Seed: seed, Options: []gamelog.Option{{Name: "table", Value: "virtual"}}})
		if err != nil {
			t.Fatal(err)
		}
		m := &markDone{captain: captain{g.Rules().(*Battle)}, t: t}
		if err := g.PlayOut(m, nil); err != nil {
			t.Fatal(err)
		}
		marked, asked = marked+m.marked, asked+m.asked
	}
	if marked == 0 || marked == asked {
		t.Errorf("%d of %d gunfire and launch questions marked: the test looks at nothing", marked, asked)
	}
}

// Below verbose, shots that missed one after another read as one line,
// "Missed: SHOOTER GUN GUN → TARGET; …", naming every shot of the run and
// no hit; a hit ends the run.
func TestMissedShotsOneLine(t *testing.T) {
	def, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Def: def, Seed: 1, Options: []gamelog.Option{{Name: "table", Value: "virtual"}}})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := g.PlayOut(def.Reference(g.Rules()), &log); err != nil {
		t.Fatal(err)
	}
	lg, err := gamelog.Read("battle.jsonl", &log)
	if err != nil {
		t.Fatal(err)
	}
	evs := lg.Events
	runs := 0
	for i := 0; i < len(evs); i++ {
		line, n := describeAt(evs, i, engine.Normal)
		if !strings.HasPrefix(line, "Missed: ") {
			continue
		}
		runs++
		shots := 0
		for _, e := range evs[i : i+n] {
			if e.Type == string(evGunfire) {
				shots++
				if v, _ := e.Get("hit"); v.B {
					t.Errorf("a hit in a run of misses: %s", line)
				}
				if !strings.Contains(line, e.Str("shooter")+" ") || !strings.Contains(line, e.Str("weapon")) {
					t.Errorf("%s %s not in %q", e.Str("shooter"), e.Str("weapon"), line)
				}
			}
		}
		if words := strings.Count(line, ":") - 1; shots < 2 || words != shots {
			t.Errorf("%d shots, %d guns named: %s", shots, words, line)
		}
		if i+n < len(evs) && evs[i+n].Type == string(evGunfire) {
			t.Errorf("the run stops before a shot's gunfire event: %s", line)
		}
		if line, _ := describeAt(evs, i, engine.Verbose); line != "" {
			t.Errorf("verbose words a run: %s", line)
		}
		i += n - 1
	}
	if runs == 0 {
		t.Fatal("no run of misses in a battle")
	}
	// A hit reads in one short line: the modifiers summed, the damage's
	// total and level; a damage's system rolls are left out.
	hits, damages := 0, 0
	for i := range evs {
		e := &evs[i]
		switch {
		case e.Type == "roll" && e.Str("dice") == Gunfire.String():
			line, n := describeAt(evs, i, engine.Normal)
			if n == 0 || strings.HasPrefix(line, "Missed") || !strings.Contains(line, "HIT") {
				continue
			}
			hits++
			if strings.Contains(line, "target ") || strings.Contains(line, "shooter ") || len(line) > 140 {
				t.Errorf("a hit in long words: %s", line)
			}
		case e.Type == "roll" && e.Str("table") == "SR-SYS" && (i == 0 || evs[i-1].Str("table") != "SR-SYS"):
			line, _ := describeAt(evs, i, engine.Normal)
			damages++
			if strings.Contains(line, "a d6 each") || line == "" {
				t.Errorf("a damage with its system rolls: %q", line)
			}
		}
	}
	if hits == 0 || damages == 0 {
		t.Errorf("%d hits, %d damages with system rolls looked at", hits, damages)
	}
}

// `captain` on the virtual table gives the rest of the phase's orders
// for the side whose question is pending, as the reference captain would
// (each logged as the player's), and plays on to another question; on
// the player's own table it is refused, saying why.
func TestCaptainCommand(t *testing.T) {
	def, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Def: def, Seed: 3, Options: []gamelog.Option{{Name: "table", Value: "virtual"}}})
	if err != nil {
		t.Fatal(err)
	}
	b := g.Rules().(*Battle)
	if err := g.SetSideDecider("allies", captain{b}); err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 500 && !g.Over(); n++ {
		p := g.Pending()
		if p == nil || p.Decision == nil {
			if _, err := g.Step(1); err != nil {
				t.Fatal(err)
			}
			continue
		}
		d := p.Decision
		if d.Kind != "guns" || nothingBears(b, d.Side, false) {
			if _, err := g.AnswerBy(captain{b}, engine.ByPlayer); err != nil {
				t.Fatal(err)
			}
			continue
		}
		evs, err := runCaptain(g, nil, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		shots, orders := 0, 0
		for _, e := range evs {
			switch {
			case e.Type == string(evGunfire) && b.Vessel(e.Str("shooter")).Side == d.Side:
				shots++
			case e.Type == "decision" && e.Str("kind") == "guns" && e.Str("side") == d.Side:
				orders++
				if e.Str("by") != "player" {
					t.Errorf("a captain's order logged by %s", e.Str("by"))
				}
			}
		}
		if shots == 0 || orders != shots+1 {
			t.Errorf("captain at %s's gunfire: %d shots, %d orders", d.Side, shots, orders)
		}
		if q := g.Pending(); q != nil && q.Decision != nil && q.Decision.Kind == "guns" && q.Decision.Side == d.Side {
			t.Error("captain left the phase's question pending")
		}
		if _, err := runCaptain(g, []string{"x"}, io.Discard); err == nil {
			t.Error("captain x taken")
		}
		b.Table = nil
		if _, err := runCaptain(g, nil, io.Discard); err == nil || !strings.Contains(err.Error(), "your own table") {
			t.Errorf("captain on a physical table: %v", err)
		}
		return
	}
	t.Fatal("no gunfire question with a gun bearing")
}

// Below verbose, vessels joining a side off the virtual table read as one
// line by class.
func TestJoinsOneLine(t *testing.T) {
	v := func(id, class, side, speed string) gamelog.Event {
		return gamelog.Event{Type: string(evVessel), Fields: []gamelog.Field{gamelog.Str("id", id), gamelog.Str("class", class), gamelog.Str("side", side), gamelog.Str("speed", speed)}}
	}
	evs := []gamelog.Event{v("mgb-1", "fairmile-d-mgb", "allies", "fast"), v("mgb-2", "fairmile-d-mgb", "allies", "fast"), v("ML1", "fairmile-b-ml", "allies", "very_slow"), v("SB1", "s-100", "axis", "medium")}
	line, n := describeAt(evs, 0, engine.Normal)
	if want := "Allies: mgb-1, mgb-2 (fairmile-d-mgb, fast); ML1 (fairmile-b-ml, very slow)"; line != want || n != 3 {
		t.Errorf("%q %d, want %q 3", line, n, want)
	}
	if line, n := describeAt(evs, 3, engine.Normal); n != 0 {
		t.Errorf("one vessel: %q %d", line, n)
	}
}

// The move menu warns of a vessel that would run off the table on its
// course this move (it would leave the battle), and of no other.
func TestMoveMenuWarnsOffTheTable(t *testing.T) {
	def, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	setup := "add SB1 s-100 side=axis speed=m at=90,10 heading=180; add SB2 s-100 side=axis speed=m at=120,60 heading=180; add mgb-1 fairmile-d-mgb side=allies speed=f at=60,100 heading=90"
	g, err := engine.New(engine.Config{Def: def, Seed: 2, Options: []gamelog.Option{{Name: "table", Value: "virtual"}, {Name: "setup", Value: setup}}})
	if err != nil {
		t.Fatal(err)
	}
	b := g.Rules().(*Battle)
	if err := g.SetSideDecider("allies", captain{b}); err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 50; n++ {
		p := g.Pending()
		if p == nil || p.Decision == nil {
			if _, err := g.Step(1); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if d := p.Decision; d.Kind == "move" && d.Side == "axis" {
			lines := strings.Join(menu(g, d), "\n")
			for _, l := range strings.Split(lines, "\n") {
				if strings.Contains(l, "SB1 ") != strings.Contains(l, "RUNS OFF THE TABLE") && (strings.Contains(l, "SB1 ") || strings.Contains(l, "SB2 ")) {
					t.Errorf("menu line: %s", l)
				}
			}
			if !strings.Contains(lines, "RUNS OFF THE TABLE") {
				t.Errorf("no warning:\n%s", lines)
			}
			return
		}
		if _, err := g.AnswerBy(captain{b}, engine.ByPlayer); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no Axis move question")
}
