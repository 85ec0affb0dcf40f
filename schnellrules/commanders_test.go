package schnellrules

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// byKind is the captain, recording whose vessels each decision names.
type byKind struct {
	captain
	named map[string]map[string]bool // decision side → vessel ids named in its answers
	kinds map[string]map[string]bool // decision side → kinds asked
}

func (k *byKind) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	a, err := k.captain.DecideArgs(d)
	if k.kinds[d.Side] == nil {
		k.kinds[d.Side], k.named[d.Side] = map[string]bool{}, map[string]bool{}
	}
	k.kinds[d.Side][d.Kind] = true
	for _, name := range []string{"vessel", "shooter"} {
		if v, ok := a.Args[name]; ok {
			k.named[d.Side][v.S] = true
		}
	}
	return a, err
}

func (k *byKind) Decide(d *engine.Decision) (int, error) {
	a, err := k.DecideArgs(d)
	return a.Option, err
}

// A vessel given its own commander (a scenario's cmd=NAME; the flagship's
// two-player Boat #2) takes its orders on decisions of its own, whose
// Side is NAME, after its side's: moves, gunfire and launches; its side's
// decisions never name it, its own name no other vessel; it sees the table
// as its side does; the log replays. A bad name is refused.
func TestCommanders(t *testing.T) {
	def, err := Definition()
	if err != nil {
		t.Fatal(err)
	}
	setup := "add SB1 s-100 side=axis speed=m at=76,65 heading=180; add SB2 s-100 side=axis speed=m at=91,65 heading=180 cmd=p2; " +
		"add SB3 s-100 side=axis speed=m at=106,65 heading=180; add mgb-1 fairmile-d-mgb side=allies speed=f at=76,20 heading=90; " +
		"add merchant-1 medium-transport side=allies speed=s at=91,20 heading=90"
	opts := []gamelog.Option{{Name: "table", Value: "virtual"}, {Name: "setup", Value: setup}}
	g, err := engine.New(engine.Config{Def: def, Seed: 5, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	b := g.Rules().(*Battle)
	k := &byKind{captain: captain{b}, named: map[string]map[string]bool{}, kinds: map[string]map[string]bool{}}
	var log bytes.Buffer
	if err := g.PlayOut(k, &log); err != nil {
		t.Fatal(err)
	}
	if !k.kinds["p2"]["move"] || !k.kinds["p2"]["guns"] {
		t.Errorf("p2 was asked %v", k.kinds["p2"])
	}
	for id := range k.named["p2"] {
		if id != "SB2" {
			t.Errorf("p2's decisions named %s", id)
		}
	}
	if !k.named["p2"]["SB2"] || k.named["axis"]["SB2"] || !k.named["axis"]["SB1"] {
		t.Errorf("named: axis %v, p2 %v", k.named["axis"], k.named["p2"])
	}
	if b.sideOf("p2") != "axis" || b.sideOf("axis") != "axis" || strings.Join(commanders(b, "axis"), " ") != "axis p2" {
		t.Errorf("sideOf p2 %s, commanders %v", b.sideOf("p2"), commanders(b, "axis"))
	}
	if v := (view{b: b, side: b.sideOf("p2")}); v.side != "axis" {
		t.Error("p2 does not see as the Axis")
	}
	lg, err := gamelog.Read("c.jsonl", &log)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(def, lg, 0, engine.Config{}); err != nil {
		t.Fatalf("replay: %v", err)
	}
	for _, bad := range []string{"axis", "table", "p-2", ""} {
		o := []gamelog.Option{{Name: "table", Value: "virtual"}, {Name: "setup", Value: "add SB1 s-100 side=axis cmd=" + bad + "; add mgb-1 fairmile-d-mgb side=allies"}}
		if _, err := engine.New(engine.Config{Def: def, Seed: 1, Options: o}); err == nil || !strings.Contains(err.Error(), "cmd=") {
			t.Errorf("cmd=%s: %v", bad, err)
		}
	}
}
