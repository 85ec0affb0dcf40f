package scripting

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
)

// p2 fires at the last target it may (c from turn 2 on, reading the
// option's args), else launches a spread; it checks what d tells it.
const duelScript = `
function decide(d)
  assert(d.side == "p2", "side " .. tostring(d.side))
  local fire = d.options[1]
  assert(fire.args[1].name == "target" and fire.args[1].kind == "id", "fire's args")
  assert(#fire.args[1].ids == 3 and fire.args[1].default == "a", "target's ids and default")
  assert(d.options[2].args[1].kind == "yes/no", "launch's args")
  assert(d.options[4].args == nil, "pass has no args")
  turn = (turn or 0) + 1
  if turn == 1 then return {option = "launch", spread = true} end
  if turn == 2 then return {"fire", target = "c"} end
  return {option = 3, text = "home"}
end
`

func TestScriptAnswersWithATable(t *testing.T) {
	def := enginetest.DuelDefinition()
	g, err := engine.New(engine.Config{Def: def, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	h, err := Load("duel.lua", []byte(duelScript), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	g.SetSideDecider("p1", def.Reference(nil))
	g.SetSideDecider("p2", h)
	var buf bytes.Buffer
	g.WriteLog(&buf)
	for n := 0; !g.Over(); n++ {
		if n > 50 {
			t.Fatalf("the duel does not end: %+v", g.Pending())
		}
		var err error
		if p := g.Pending(); p != nil && p.Decision != nil && p.Decision.Side == engine.TableSide {
			_, err = g.ChooseArgs("range", []string{"25"}, engine.ByPlayer, engine.NoPause)
		} else {
			_, err = g.Step(engine.NoPause)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{
		`"side":"p2","options":["fire","launch","signal","pass"],"choice":"launch","args":{"spread":true},"by":"script","command":"choose launch yes"}`,
		`"choice":"fire","args":{"target":"c"},"by":"script","command":"choose fire c"}`,
		`"choice":"signal","args":{"text":"home"},"by":"script","command":"choose signal home"}`,
		`"kind":"range","options":["range"],"choice":"range","args":{"cm":25},"by":"table"`,
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("the log lacks %s:\n%s", want, buf.String())
		}
	}
}

func TestScriptTableAnswersAreChecked(t *testing.T) {
	for _, tc := range []struct{ ret, want string }{
		{`{option = "fire", target = "z"}`, `target: "z" is not one of a, b, c`},
		{`{option = "fire", target = 1.5}`, "target = 1.5: want a whole number"},
		{`{option = "fire", target = {}}`, "want a number, a string or a boolean"},
		{`{option = "fire", range = 3}`, "fire has no argument range"},
		{`{option = "nope"}`, `decide answered order "nope"`},
		{`{target = "a"}`, `decide answered order with a table that names no option: put the option first, {"fire", …}, or give it as option = "fire"; the options are`},
		{`{option = "fire", [7] = "a"}`, "key 7 is not an argument's name"},
	} {
		t.Run(tc.ret, func(t *testing.T) {
			def := enginetest.DuelDefinition()
			g, _ := engine.New(engine.Config{Def: def, Seed: 2})
			h, err := Load("bad.lua", []byte("function decide(d) if d.kind == 'mines' then return 1 end return "+tc.ret+" end"), Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			g.SetSideDecider("p1", h)
			if _, err := g.Step(engine.NoPause); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
	// Arguments to a decision without any are refused.
	def := enginetest.DuelDefinition()
	g, _ := engine.New(engine.Config{Def: def, Seed: 2})
	h, _ := Load("bad.lua", []byte(`function decide(d) return {option = 1, x = 1} end`), Options{}, nil)
	defer h.Close()
	g.SetSideDecider("p1", h)
	if _, err := g.Step(engine.NoPause); err == nil || !strings.Contains(err.Error(), "dud takes none") {
		t.Errorf("args to mines: %v", err)
	}
}
