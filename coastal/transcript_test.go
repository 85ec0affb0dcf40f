package coastal

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
)

var update = flag.Bool("update", false, "rewrite the transcript's expected output")

// playTranscript runs testdata/convoy-solo.cmd at the prompt: physical
// dice, the convoy played by scripts/coastal/convoy.lua. It returns what
// the prompt printed and the log.
func playTranscript(t *testing.T) (string, []byte) {
	t.Helper()
	src, err := os.ReadFile("testdata/convoy-solo.cmd")
	if err != nil {
		t.Fatal(err)
	}
	side, err := engine.ParseSide("defender=script:../scripts/coastal/convoy.lua")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var out bytes.Buffer
	s, err := repl.New(repl.Config{
		Def: def(t), LogDir: dir, Out: &out, Err: &out, Sides: []engine.SideSpec{side},
		Game:     engine.Config{Seed: 11, Mode: engine.Physical, Options: []gamelog.Option{{Name: "merchants", Value: "2"}, {Name: "boats", Value: "1"}}},
		FreeRand: rand.New(rand.NewPCG(1, 2)),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out.WriteString("> " + line + "\n")
		if err := s.Exec(line); err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out.String())
		}
	}
	path := s.LogPath()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	log, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(out.String(), dir, "DIR"), log
}

// Done when: a solo Convoy played at the prompt with physical dice for
// several turns, the program playing the convoy by its script; the same
// commands give the same log, and the log replays event for event.
func TestSoloConvoyTranscript(t *testing.T) {
	got, log := playTranscript(t)
	golden := filepath.Join("testdata", "convoy-solo.out")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the transcript differs from %s (go test -run Transcript -update rewrites it):\n%s", golden, got)
	}
	for _, must := range []string{"T3 (2)", "Torpedo T2 hits corvette1: serious damage, 11 points.", "(the script)", "(drawn by the program)"} {
		if !strings.Contains(got, must) {
			t.Errorf("the transcript lacks %q", must)
		}
	}
	_, again := playTranscript(t)
	if !bytes.Equal(log, again) {
		t.Error("the same commands gave another log")
	}
	lg, err := gamelog.Read("convoy", bytes.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(def(t), lg, -1, engine.Config{}); err != nil {
		t.Fatalf("replay --verify: %v", err)
	}
}

// Hidden information (issue 26 item 10): `new` at the prompt keeps the
// sides of the command line: a convoy played by its script stays the
// script's, and the player's view of it stays masked.
func TestNewKeepsScriptedSide(t *testing.T) {
	side, err := engine.ParseSide("defender=script:../scripts/coastal/convoy.lua")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s, err := repl.New(repl.Config{
		Def: def(t), LogDir: t.TempDir(), Out: &out, Err: &out, Sides: []engine.SideSpec{side},
		Game:     engine.Config{Seed: 11, Options: []gamelog.Option{{Name: "merchants", Value: "2"}}},
		FreeRand: rand.New(rand.NewPCG(1, 2)),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, line := range []string{"new merchants=6 seed=3", "step"} {
		if err := s.Exec(line); err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out.String())
		}
	}
	g := s.Game()
	if d, ok := g.SideDecider(Defender); !ok || d == nil {
		t.Fatalf("after new, the defender is the player's:\n%s", out.String())
	}
	if g.PlayerPlays(Defender) {
		t.Error("the player plays the defender")
	}
	if !strings.Contains(out.String(), "The defender is played by ../scripts/coastal/convoy.lua.") {
		t.Errorf("new does not say who plays the defender:\n%s", out.String())
	}
	for _, sh := range g.Rules().(*Rules).Ships {
		if sh.Side == Defender && strings.Contains(out.String(), sh.Name) {
			t.Errorf("the prompt shows the convoy's %s:\n%s", sh.Name, out.String())
		}
	}
}

// Issue 25 item 11: coastal asks only markers that can act (an unaware
// side's markers hold course unasked), the table may end a step's
// observations at once (`apart`: nothing within 120 cm), and one order
// covers many markers (`A2-A6 none`), each answered as its turn comes and
// logged as the player's by the standing order.
func TestOrdersForManyMarkers(t *testing.T) {
	side, err := engine.ParseSide("defender=script:../scripts/coastal/convoy.lua")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s, err := repl.New(repl.Config{
		Def: def(t), LogDir: t.TempDir(), Out: &out, Err: &out, Sides: []engine.SideSpec{side},
		Game:     engine.Config{Seed: 4, Options: []gamelog.Option{{Name: "merchants", Value: "2"}, {Name: "boats", Value: "2"}}},
		FreeRand: rand.New(rand.NewPCG(1, 2)),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	run := func(lines ...string) {
		t.Helper()
		for _, line := range lines {
			out.WriteString("> " + line + "\n")
			if err := s.Exec(line); err != nil {
				t.Fatalf("%s: %v\n%s", line, err, out.String())
			}
		}
	}
	run("orders on", "step", "step", "choose apart", "step")
	if p := s.Game().Pending(); p == nil || p.Decision == nil || p.Decision.Kind != "observe" || optionMarker(p.Decision) != "A1" {
		t.Fatalf("want A1's observation pending:\n%s", out.String())
	}
	if err := s.Exec("M1-M3 none"); err == nil || !strings.Contains(err.Error(), "names none of the attacker's markers") {
		t.Errorf("an order for the other side's markers: %v", err)
	}
	run("A2-A6 none", "choose none")
	var asked, carried, ranges int
	for _, e := range s.Game().History() {
		if e.Type != "decision" {
			continue
		}
		switch {
		case e.Str("kind") == "move":
			asked++ // turn 1, unaware: each marker holds course, nothing to ask
		case e.Str("kind") == "observe" && e.Str("side") == Attacker && e.Str("as") == "carry":
			carried++
		case e.Str("kind") == "range":
			ranges++
		}
	}
	if asked != 0 || carried != 5 || ranges != 1 {
		t.Errorf("%d moves asked while unaware, %d observations carried by the order, %d ranges asked; want 0, 5 and 1 (apart)\n%s", asked, carried, ranges, out.String())
	}
	if !strings.Contains(out.String(), "Ordered for A2-A6 this step: none (each as it is asked).") {
		t.Errorf("the order is not said:\n%s", out.String())
	}
}

// Observation: nothing is seen beyond 120 cm, so the table may name at
// the first question the only markers of the side within 120 cm of an
// enemy (`only M3,E1`): the others are not asked this step.
func TestTableNamesTheNearMarkers(t *testing.T) {
	side, err := engine.ParseSide("defender=script:../scripts/coastal/convoy.lua")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s, err := repl.New(repl.Config{
		Def: def(t), LogDir: t.TempDir(), Out: &out, Err: &out, Sides: []engine.SideSpec{side},
		Game:     engine.Config{Seed: 4, Options: []gamelog.Option{{Name: "merchants", Value: "2"}, {Name: "boats", Value: "2"}}},
		FreeRand: rand.New(rand.NewPCG(1, 2)),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, line := range []string{"step", "step", "choose only M3,E1", "choose far", "choose far"} {
		if err := s.Exec(line); err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out.String())
		}
	}
	var observers int
	for _, e := range s.Game().History() {
		if e.Type == "decision" && e.Str("kind") == "observe" && e.Str("side") == Defender {
			observers++
		}
	}
	if p := s.Game().Pending(); observers != 3 || p == nil || p.Pause == "" {
		t.Errorf("%d defender markers asked to observe (want M1, M3, E1), then %+v (want the pause before step 7)\n%s", observers, p, out.String())
	}
}

// Issue 25 item 11: a dummy is asked whether it fires as a ship is (the
// log tells the enemy nothing), and the game's standing order `dummies`
// answers hold for the player; a ship's question is left to him.
func TestDummiesHoldFire(t *testing.T) {
	for _, c := range []struct {
		class, kind string
		picks       bool
	}{{"dummy", "fire", true}, {"dummy", "split", true}, {"eboat", "fire", false}, {"dummy", "launch", false}, {"dummy", "move", false}} {
		d := engine.Decision{Kind: c.kind} // a test's decision: the rules ask by Ctx.Ask
		d.Add("hold", "", "")
		d.Add("fire", "", "")
		ownFacts(&d, &Marker{ID: "A3"})
		if c.class != "dummy" {
			d.Options[0].Facts[1] = gamelog.Str("class", c.class)
			d.Options[1].Facts[1] = gamelog.Str("class", c.class)
		}
		i, ok := dummiesHold.Pick(&d, nil)
		if ok != c.picks || ok && d.Options[i].Name != "hold" {
			t.Errorf("%s %s: picks %v (option %d), want %v", c.class, c.kind, ok, i, c.picks)
		}
	}
}
