package engine

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// picker asks three decisions by Pick: the default names "b"
// (or, with bad, "z", which is no option); builds counts the options built.
type picker struct {
	bad    bool
	builds int
	fills  int // the end event's fields built (EmitFrom)
	got    []string
}

func (p *picker) Play(c *Ctx) {
	for range 3 {
		d := c.Ask("pick")
		def := "b"
		if p.bad {
			def = "z"
		}
		p.got = append(p.got, c.Pick(d, def, func(d *Decision) {
			p.builds++
			d.Add("a", "the first", "")
			d.Add("b", "the second", "")
			d.Refuse("c", "", "never c")
		}))
	}
	c.EmitFrom("end", func(f []gamelog.Field) []gamelog.Field {
		p.fills++
		return append(f, gamelog.Int("builds", p.builds))
	})
}

func pickGame(t *testing.T, p *picker) *Game {
	t.Helper()
	def := toyDef(t)
	def.New = func([]gamelog.Option, *tables.Set) (Rules, error) { return p, nil }
	g, err := New(Config{Def: def, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPickBuildsOnlyWhenRead: a game nobody reads, played by TakeDefault,
// gets the default without building the options, and counts the
// decisions as Decide would; a logged game builds them, logs them and
// answers the same; a default that is no option is the rules' error.
// EmitFrom builds its event's fields only in the logged game.
func TestPickBuildsOnlyWhenRead(t *testing.T) {
	quiet := &picker{}
	g := pickGame(t, quiet)
	if err := g.PlayOut(TakeDefault{}, nil); err != nil {
		t.Fatal(err)
	}
	if quiet.builds != 0 || quiet.fills != 0 || strings.Join(quiet.got, "") != "bbb" || g.Seq() != 4 {
		t.Errorf("unread: %d builds, %d fills, answers %v, %d events; want 0, 0, bbb, 4", quiet.builds, quiet.fills, quiet.got, g.Seq())
	}

	read := &picker{}
	g = pickGame(t, read)
	var log bytes.Buffer
	if err := g.WriteLog(&log); err != nil {
		t.Fatal(err)
	}
	if err := g.PlayOut(TakeDefault{}, nil); err != nil {
		t.Fatal(err)
	}
	if read.builds != 3 || strings.Join(read.got, "") != "bbb" || g.Seq() != 4 {
		t.Errorf("logged: %d builds, answers %v, %d events; want 3, bbb, 4", read.builds, read.got, g.Seq())
	}
	if !strings.Contains(log.String(), `"seq":4,"type":"end","builds":3}`) || read.fills != 1 {
		t.Errorf("the end event built %d times, logged as:\n%s", read.fills, log.String())
	}
	if n := strings.Count(log.String(), `"options":["a","b"],"choice":"b"`); n != 3 {
		t.Errorf("the log holds %d decisions with their options, want 3:\n%s", n, log.String())
	}

	bad := &picker{bad: true}
	g = pickGame(t, bad)
	if err := g.WriteLog(io.Discard); err != nil {
		t.Fatal(err)
	}
	err := g.PlayOut(TakeDefault{}, nil)
	if err == nil || !strings.Contains(err.Error(), `the default "z" of decision pick is not one of its options`) {
		t.Errorf("a default that is no option: %v", err)
	}
}

// lateScript answers the picker as a script would: "b", or with wrong, a
// refused "c" (or with unknown, "x", no option), as a NoSuchOption; the
// third decision, with handBack, goes back to the player.
type lateScript struct {
	wrong, unknown, handBack bool
	atDecide                 []int // the refusals d held when asked
	n                        int
}

func (l *lateScript) Who() Who                { return ByScript }
func (l *lateScript) RefusesLate(string) bool { return true }
func (l *lateScript) Decide(d *Decision) (int, error) {
	l.n++
	l.atDecide = append(l.atDecide, len(d.refused))
	if l.handBack && l.n == 3 {
		return 0, ErrHandBack
	}
	if l.wrong || l.unknown {
		a := "c"
		if l.unknown {
			a = "x"
		}
		if _, ok := d.Refusal(a); ok || !d.RefusesLater() {
			return 0, errors.New("the refusals were built for a LateRefuser")
		}
		return 0, &NoSuchOption{Answer: a, Refused: func(why string) error { return errors.New("refused: " + why) }, Else: errors.New("no such option: " + a)}
	}
	return 1, nil
}

// TestPickRefusesLate: a LateRefuser's decisions are built without their
// refusals; the rules' build runs again for them only when an answer needs
// them (a NoSuchOption, or the decision handed back to the player), and
// they read as they would have.
func TestPickRefusesLate(t *testing.T) {
	for _, logged := range []bool{false, true} {
		p, l := &picker{}, &lateScript{}
		g := pickGame(t, p)
		if logged {
			if err := g.WriteLog(io.Discard); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.PlayOut(l, nil); err != nil {
			t.Fatal(err)
		}
		if p.builds != 3 || strings.Join(p.got, "") != "bbb" || l.atDecide[0] != 0 {
			t.Errorf("logged %v: %d builds, answers %v, refusals at decide %v; want 3, bbb, none", logged, p.builds, p.got, l.atDecide)
		}
	}

	p := &picker{}
	err := pickGame(t, p).PlayOut(&lateScript{wrong: true}, nil)
	if err == nil || err.Error() != "refused: never c" || p.builds != 2 {
		t.Errorf("a refused answer: %v after %d builds; want the rule's reason after 2", err, p.builds)
	}
	p = &picker{}
	err = pickGame(t, p).PlayOut(&lateScript{unknown: true}, nil)
	if err == nil || err.Error() != "no such option: x" || p.builds != 2 {
		t.Errorf("an unknown answer: %v after %d builds; want no such option after 2", err, p.builds)
	}

	p = &picker{}
	g := pickGame(t, p)
	g.SetDecider(&lateScript{handBack: true})
	if _, err := g.Step(NoPause); err != nil {
		t.Fatal(err)
	}
	if g.Pending().Decision == nil || p.builds != 4 {
		t.Fatalf("handed back: pending %+v, %d builds; want the third decision, 4 builds", g.Pending(), p.builds)
	}
	if _, err := g.Answer("c", ByPlayer, NoPause); err == nil || !strings.Contains(err.Error(), "never c") {
		t.Errorf("the player's refused answer: %v, want the rule's reason", err)
	}

	// A decider that reads refusals gets them when asked.
	p = &picker{}
	r := &counter{}
	if err := pickGame(t, p).PlayOut(r, nil); err != nil {
		t.Fatal(err)
	}
	if r.refused != 3 {
		t.Errorf("a reader saw %d refusals, want 3", r.refused)
	}
}
