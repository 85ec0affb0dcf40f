package engine

import (
	"bytes"
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
