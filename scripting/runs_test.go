package scripting

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/internal/viewdump"
)

// runView is a view written in runs (engine.Fields) whose every shape can
// change between calls: a field before a run comes and goes (the run
// moves), a run nested in another run of the same object, objects of a
// list written in a run or field by field, two kinds of run at one place.
type runView struct {
	lead   bool     // an Int before the first run
	a      runA     // the top-level run
	things []runB   // objects of a list, each a run
	plain  []bool   // thing i written field by field, not in a run
	other  []bool   // thing i written as a runC (another type at the same place)
	object []bool   // thing i written as an engine.Object
	extra  []bool   // thing i gets a field after its run
	writes int      // WriteRun calls
	tail   []string // plain fields after the run
}

type runA struct {
	n      int
	s      string
	nested bool     // holds a runB of the same object
	v      *runView // to count writes (equal: the same view)
}

func (a runA) WriteRun(w engine.ViewWriter) {
	a.v.writes++
	if a.nested { // at the run's own place
		engine.Fields(w, runB{x: a.n * 10, tag: a.s})
	}
	w.Int("n", a.n)
	w.Str("s", a.s)
}

type runB struct {
	x   int
	tag string
}

func (b runB) WriteRun(w engine.ViewWriter) {
	w.Int("x", b.x)
	if b.tag != "" {
		w.Str("tag", b.tag)
	}
}

type runC struct{ x int }

func (c runC) WriteRun(w engine.ViewWriter) { w.Int("y", c.x) }

func (v *runView) ViewParts() []string { return nil }

func (v *runView) WriteView(w engine.ViewWriter, part int) {
	if v.lead {
		w.Int("lead", 1)
	}
	a := v.a
	a.v = v
	engine.Fields(w, a)
	for _, k := range v.tail {
		w.Str(k, k)
	}
	w.Open("things", true)
	for i, b := range v.things {
		if i < len(v.object) && v.object[i] {
			engine.Object(w, "", b)
			continue
		}
		w.Open("", false)
		switch {
		case i < len(v.plain) && v.plain[i]:
			b.WriteRun(w)
		case i < len(v.other) && v.other[i]:
			engine.Fields(w, runC{b.x})
		default:
			engine.Fields(w, b)
		}
		if i < len(v.extra) && v.extra[i] {
			w.Bool("extra", true)
		}
		w.Close()
	}
	w.Close()
}

// viewDumpLua prints the view the way viewdump.Fields writes it.
const viewDumpLua = `
local function dump(t)
	if type(t) ~= "table" then return tostring(t) end
	if #t > 0 then
		local out = {}
		for _, x in ipairs(t) do out[#out + 1] = dump(x) end
		return "[" .. table.concat(out, ",") .. "]"
	end
	local keys = {}
	for k in pairs(t) do keys[#keys + 1] = k end
	table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
	local out = {}
	for _, k in ipairs(keys) do out[#out + 1] = tostring(k) .. "=" .. dump(t[k]) end
	return "{" .. table.concat(out, ",") .. "}"
end
function decide(d, game) print(dump(game)) return 1 end`

// A run of fields (engine.Fields) written from a value equal to the one
// its place was written from at the last call is kept, not written again;
// what the script reads is always the view written whole: runs that move,
// nest, give way to fields written one by one or to another kind of run,
// objects kept whole (engine.Object) or given a field after their run,
// over many random changes.
func TestMirrorRuns(t *testing.T) {
	v := &runView{a: runA{n: 1, s: "a"}, things: []runB{{1, "p"}, {2, ""}, {3, "q"}}}
	var out bytes.Buffer
	h, err := Load("runs.lua", []byte(viewDumpLua), Options{Print: &out}, func() engine.Viewer { return v })
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	decided := 0 // WriteRun calls in the last call
	d := &engine.Decision{Kind: "k", Options: []engine.Option{{Name: "a"}, {Name: "b"}}}
	call := func(step string) {
		t.Helper()
		writes := v.writes
		out.Reset()
		if _, err := h.Decide(d); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		decided = v.writes - writes
		if got, want := strings.TrimPrefix(strings.TrimSuffix(out.String(), "\n"), "[runs.lua] "), viewdump.Fields(engine.ViewFields(v)); got != want {
			t.Fatalf("%s: the script sees\n%s\nthe view is\n%s", step, got, want)
		}
	}
	call("first")
	if decided != 1 {
		t.Errorf("the first call wrote the run %d times", decided)
	}
	call("unchanged") // the run is kept: WriteRun is not called
	if decided != 0 {
		t.Errorf("an unchanged run was written again (%d WriteRun calls)", decided)
	}
	// An object kept whole is one its last call wrote in one run: not
	// one written field by field since.
	v.things, v.object = []runB{{1, "p"}}, []bool{true}
	call("an object")
	v.things[0].x, v.plain, v.object = 2, []bool{true}, nil
	call("the object field by field")
	v.things[0].x, v.plain, v.object = 1, nil, []bool{true}
	call("the object as it was first")
	kept := 0
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		switch r.IntN(11) {
		case 0:
			v.lead = !v.lead
		case 1:
			v.a.n = r.IntN(3)
		case 2:
			v.a.s = []string{"a", "b", ""}[r.IntN(3)]
		case 3:
			v.a.nested = !v.a.nested
		case 4:
			v.things = v.things[:r.IntN(len(v.things)+1)]
			for len(v.things) < 1+r.IntN(5) {
				v.things = append(v.things, runB{r.IntN(3), []string{"", "p"}[r.IntN(2)]})
			}
		case 5:
			if len(v.things) > 0 {
				v.things[r.IntN(len(v.things))].x = r.IntN(3)
			}
		case 6:
			v.plain = make([]bool, 5)
			v.plain[r.IntN(5)] = true
		case 7:
			v.other = make([]bool, 5)
			v.other[r.IntN(5)] = true
		case 9:
			v.object = make([]bool, 5)
			for j := range v.object {
				v.object[j] = r.IntN(2) == 0
			}
		case 10:
			v.extra = make([]bool, 5)
			v.extra[r.IntN(5)] = true
		case 8:
			v.tail = [][]string{nil, {"t"}, {"t", "u"}}[r.IntN(3)]
		}
		call(fmt.Sprintf("change %d", i))
		if decided == 0 {
			kept++
		}
	}
	if kept < 500 {
		t.Errorf("the top-level run was kept at %d calls of 2000", kept)
	}
}
