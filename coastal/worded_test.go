package coastal

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl/wordedtest"
)

// wholeGames prints through c every scenario played whole (both sizes,
// scripted sides), a solo convoy and the game of testdata/convoy-solo.cmd.
func wholeGames(t *testing.T, c *wordedtest.Catcher) {
	for _, sc := range Scenarios {
		for _, size := range []string{"2", "5"} {
			g := playConvoy(t, 5, gamelog.Option{Name: "scenario", Value: sc}, gamelog.Option{Name: "size", Value: size}, gamelog.Option{Name: "merchants", Value: size})
			if len(c.Print(g.History())) == 0 {
				t.Fatalf("%s-%s: nothing printed", sc, size)
			}
		}
	}
	g := playConvoy(t, 5, gamelog.Option{Name: "attackers", Value: "solo"}) // 3 in 4 drawn: a discard
	c.Print(g.History())
	c.Print(playConvoy(t, 9).History()) // a ship sunk, one '0' pointed
	_, log := playTranscript(t)         // testdata/convoy-solo.cmd
	lg, err := gamelog.Read("convoy-solo", bytes.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	c.Print(lg.Events)
	for _, sc := range Scenarios { // on the virtual table
		_, log := playVirtual(t, 5, map[string]string{Attacker: "attackers.lua"}, gamelog.Option{Name: "scenario", Value: sc})
		c.Print(logEvents(t, log))
	}
	c.Print(unplayed)
}

// unplayed are events no scenario or scripted game here makes, as the
// rules make them (movement_test.go plays the tows through the rules).
var unplayed = []gamelog.Event{
	{Type: "lighter_tow", Fields: []gamelog.Field{gamelog.Str("ship", "lighter2"), gamelog.Str("by", "trawler1"), gamelog.Str("behind", "trawler1")}},
	{Type: "tow_severed", Fields: []gamelog.Field{gamelog.Str("ship", "lighter2"), gamelog.Str("from", "lighter1")}},
	{Type: "escaped", Fields: []gamelog.Field{gamelog.Str("ship", "mtb2")}},
	{Type: "contact", Fields: []gamelog.Field{gamelog.Str("marker", "A3"), gamelog.Str("with", "M2")}}, // TestVirtualMoves
}

// A whole game at the prompt, the reference player deciding and the table
// answered as in the scripted games, fits 80 columns and prints no raw
// event.
func TestWholeGameAtThePrompt(t *testing.T) {
	var a tableAnswers // no game: every observation is kept
	wordedtest.AtThePrompt(t, def(t), engine.Config{Seed: 3}, func(d *engine.Decision) string {
		ans, args := a.answer(d)
		return strings.Join(append([]string{"choose", ans}, args...), " ")
	})
}

// Issue 25 item 3: the short report below verbose — an observation, a
// shot, a torpedo's contact, one line with its dice (normal) or without
// (brief); verbose leaves each roll whole (DescribeAt gives way).
func TestShortReportLevels(t *testing.T) {
	h := playConvoy(t, 9).History()
	seen := map[string]bool{}
	for i := range h {
		if h[i].Type != "roll" || (h[i].Str("table") != "OBS" && h[i].Str("table") != "GUN" && h[i].Str("table") != "TORP") {
			continue
		}
		table := h[i].Str("table")
		normal, n := describeAt(h, i, engine.Normal)
		brief, m := describeAt(h, i, engine.Brief)
		if _, v := describeAt(h, i, engine.Verbose); v != 0 {
			t.Fatalf("verbose folds event %d: the rolls stay whole", h[i].Seq)
		}
		if n == 0 || m != n || !strings.Contains(normal, "[") || strings.Contains(brief, "[") || len(brief) >= len(normal) {
			t.Fatalf("%s roll %d: normal %q (%d events), brief %q (%d)", table, h[i].Seq, normal, n, brief, m)
		}
		seen[table] = true
	}
	if !seen["OBS"] || !seen["GUN"] || !seen["TORP"] {
		t.Errorf("rolls worded: %v, want OBS, GUN and TORP", seen)
	}
}
