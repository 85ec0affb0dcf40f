package schnellboats

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/internal/viewdump"
	"github.com/schnell-wargames/schnell/scripting"
)

// viewDump is a script that prints, at each call, the parts of the view
// it reads (by a pattern of the decision's kind and the call's number: a
// kind reads the same parts at most calls, as scripts do) and what it read
// in them, each table's fields in name order, found by their names (no
// pairs: the names are every field LuaAPI documents).
const viewDump = `
local keys = {%KEYS%}
local function dump(v)
  if type(v) ~= "table" then return tostring(v) end
  local out = {}
  if #v > 0 then
    for _, x in ipairs(v) do out[#out + 1] = dump(x) end
    return "[" .. table.concat(out, ",") .. "]"
  end
  for _, k in ipairs(keys) do
    local x = v[k]
    if x ~= nil then out[#out + 1] = k .. "=" .. dump(x) end
  end
  return "{" .. table.concat(out, ",") .. "}"
end
local calls = 0
function decide(d, game)
  calls = calls + 1
  local h = 0
  for i = 1, #d.kind do h = h + string.byte(d.kind, i) end
  local out = {}
  local function look(name) out[#out + 1] = name .. "=" .. dump(game[name]) end
  if calls % 13 == 0 then out[#out + 1] = "vp=" .. game.vp end
  if h % 3 ~= 0 or calls % 17 == 0 then look("mission") end
  if h % 2 == 0 and calls % 9 ~= 0 then look("boats") end
  if calls % 5 == 0 then look("crew") look("crew2") end
  if h % 5 == 0 then look("mission") end
  print(table.concat(out, "|"))
  return d.default
end
`

// viewChecker answers with a viewDump script and checks, at each call,
// what it printed against the campaign's view written whole (View).
type viewChecker struct {
	t     *testing.T
	h     *scripting.Host
	g     *engine.Game
	out   *bytes.Buffer
	calls int
}

func (v *viewChecker) DecideArgs(d *engine.Decision) (engine.Answer, error) {
	v.out.Reset()
	a, err := v.h.DecideArgs(d)
	got, called := strings.CutPrefix(strings.TrimSuffix(v.out.String(), "\n"), "[dump.lua] ")
	if !called {
		return a, err // answered without a call
	}
	v.calls++
	if got == "" {
		return a, err // read nothing
	}
	c, _ := CampaignOf(v.g)
	view := map[string]string{}
	for _, f := range c.View() {
		view[f.Key] = viewdump.Value(f.Val)
	}
	var want []string
	for _, part := range strings.Split(got, "|") {
		name, _, _ := strings.Cut(part, "=")
		w, ok := view[name]
		if !ok {
			w = "nil"
		}
		want = append(want, name+"="+w)
	}
	if w := strings.Join(want, "|"); got != w {
		v.t.Fatalf("call %d (%s): the script read\n%s\nthe view is\n%s", v.calls, d.Kind, got, w)
	}
	return a, err
}

func (v *viewChecker) Decide(d *engine.Decision) (int, error) {
	a, err := v.DecideArgs(d)
	return a.Option, err
}

func (*viewChecker) Who() engine.Who { return engine.ByScript }

// What a script reads of its view is the view as the game writes it
// whole, at every call of whole campaigns (one and two players): the
// script's copy, kept up to date field by field and part by part as it
// reads them, never shows a stale or a missing field.
func TestScriptViewIsTheView(t *testing.T) {
	var names []string
	for _, f := range LuaAPI {
		if !slices.Contains(names, f.Name) {
			names = append(names, f.Name)
		}
	}
	slices.Sort(names)
	src := strings.Replace(viewDump, "%KEYS%", `"`+strings.Join(names, `", "`)+`"`, 1)
	d := def(t)
	for _, c := range []struct {
		length string
		opts   []gamelog.Option
	}{
		{"long", opts("long", "s100")},
		{"medium", append(opts("medium", "5b"), gamelog.Option{Name: "players", Value: "2"})},
	} {
		for seed := uint64(1); seed <= 2; seed++ {
			g, err := engine.New(engine.Config{Def: d, Seed: seed, Options: c.opts})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			h, err := scripting.Load("dump.lua", []byte(src), scripting.Options{Seed: seed, Print: &out}, func() engine.Viewer { return d.View(g.Rules()) })
			if err != nil {
				t.Fatal(err)
			}
			v := &viewChecker{t: t, h: h, g: g, out: &out}
			if err := g.PlayOut(v, nil); err != nil {
				t.Fatalf("%s seed %d: %v", c.length, seed, err)
			}
			if v.calls < 100 {
				t.Errorf("%s seed %d: %d calls", c.length, seed, v.calls)
			}
			h.Close()
			g.Close()
		}
	}
}
