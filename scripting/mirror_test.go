package scripting

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// fakeView is a game view whose every shape can change between calls.
type fakeView struct {
	vp     int
	name   string
	items  []int
	extra  bool      // writes the field "extra" when set
	part   *fakePart // nil: the part is absent
	writes int       // times the part was written
	tops   int       // times the top-level fields were written
}

type fakePart struct {
	n    int
	tags []string
}

func (f *fakeView) ViewParts() []string { return []string{"part"} }

func (f *fakeView) WriteView(w engine.ViewWriter, part int) {
	if part == 0 {
		f.writes++
		if f.part == nil {
			return
		}
		w.Open("part", false)
		w.Int("n", f.part.n)
		w.Open("tags", true)
		for _, t := range f.part.tags {
			w.Str("", t)
		}
		w.Close()
		w.Close()
		return
	}
	f.tops++
	w.Int("vp", f.vp)
	w.Str("name", f.name)
	w.Open("items", true)
	for _, i := range f.items {
		w.Open("", false)
		w.Int("v", i)
		w.Close()
	}
	w.Close()
	if f.extra {
		w.Bool("extra", true)
	}
}

// probe loads a script whose decide returns a string it builds from the
// view; ask runs it once and returns that string (as the error of an
// illegal answer, which carries it).
func probe(t *testing.T, src string, v *fakeView) func(d *engine.Decision) string {
	t.Helper()
	h, err := Load("probe.lua", []byte(src), Options{}, func() engine.Viewer { return v })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return func(d *engine.Decision) string {
		t.Helper()
		if d == nil {
			d = &engine.Decision{Kind: "k", Options: []engine.Option{{Name: "a"}, {Name: "b"}}}
		}
		_, err := h.Decide(d)
		if err == nil {
			t.Fatal("the probe answered legally")
		}
		msg := err.Error()
		i, j := strings.Index(msg, `"`), strings.LastIndex(msg, `"`)
		if i < 0 || j <= i {
			t.Fatalf("no answer in %q", msg)
		}
		return msg[i+1 : j]
	}
}

// The view a script sees is the game as it is at each call: changed
// fields, lists that grow and shrink, fields that come and go.
func TestMirrorFollowsTheGame(t *testing.T) {
	v := &fakeView{vp: 1, name: "a", items: []int{1, 2, 3}}
	ask := probe(t, `function decide(d, game)
		local s = game.vp .. " " .. game.name .. " #" .. #game.items .. ":"
		for _, it in ipairs(game.items) do s = s .. it.v end
		return s .. " " .. tostring(game.extra)
	end`, v)
	steps := []struct {
		change func()
		want   string
	}{
		{func() {}, "1 a #3:123 nil"},
		{func() { v.vp, v.name = 2, "b" }, "2 b #3:123 nil"},
		{func() { v.items = []int{7} }, "2 b #1:7 nil"},
		{func() { v.items = []int{4, 5, 6, 7, 8} }, "2 b #5:45678 nil"},
		{func() { v.extra = true }, "2 b #5:45678 true"},
		{func() { v.extra, v.items = false, nil }, "2 b #0: nil"},
	}
	for i, s := range steps {
		s.change()
		if got := ask(nil); got != s.want {
			t.Errorf("call %d: %q, want %q", i+1, got, s.want)
		}
	}
}

// The view is read-only: every way of writing to it (a field, a list's
// element, a new key, rawset, the table library's writers, a metatable)
// stops the script with an error that names the field or the builtin; the
// builtins that read tables raw read through it; and the next call sees
// the game as it is.
func TestViewReadOnly(t *testing.T) {
	for _, c := range []struct {
		name, write, want string
	}{
		{"field", `game.vp = 99`, "cannot set vp"},
		{"new key", `game.mine = {}`, "cannot set mine"},
		{"nested", `game.items[1].v = 42`, "cannot set v"},
		{"element", `game.items[1] = 42`, "cannot set [1]"},
		{"decision", `d.kind = "z"`, "cannot set kind"},
		{"option", `d.options[1].name = "z"`, "cannot set name"},
		{"new option", `d.options[3] = {name = "y"}`, "cannot set [3]"},
		{"part", `game.part.n = 7`, "cannot set n"},
		{"rawset", `rawset(game, "vp", 99)`, "rawset: the game's view is read-only"},
		{"insert", `table.insert(game.items, {v = 9})`, "table.insert: the game's view is read-only"},
		{"remove", `table.remove(d.options)`, "table.remove: the game's view is read-only"},
		{"sort", `table.sort(game.items, function(a, b) return a.v < b.v end)`, "table.sort: the game's view is read-only"},
		{"setmetatable", `setmetatable(game, {})`, "cannot change a protected metatable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := &fakeView{vp: 5, name: "n", items: []int{3, 1, 2}, part: &fakePart{n: 1}}
			h, err := Load("ro.lua", []byte(`function decide(d, game)
				if d.kind == "write" then `+c.write+` end
				return game.vp .. game.name .. #game.items .. game.items[1].v .. game.part.n .. d.kind .. d.options[1].name
			end`), Options{}, func() engine.Viewer { return v })
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			two := []engine.Option{{Name: "a"}, {Name: "b"}}
			_, err = h.Decide(&engine.Decision{Kind: "write", Options: two})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "ro.lua:2") {
				t.Fatalf("got %v, want an error at ro.lua:2 with %q", err, c.want)
			}
			_, err = h.Decide(&engine.Decision{Kind: "read", Options: two})
			if err == nil || !strings.Contains(err.Error(), `"5n331reada"`) {
				t.Errorf("the next call: %v, want the game as it is (5n331reada)", err)
			}
		})
	}
}

// The builtins that read a table raw read the view through its proxies.
func TestViewReadRaw(t *testing.T) {
	v := &fakeView{vp: 5, name: "n", items: []int{3, 1, 2}, part: &fakePart{n: 1, tags: []string{"x", "y"}}}
	ask := probe(t, `function decide(d, game)
		local keys = {}
		for k in pairs(game.items[1]) do keys[#keys + 1] = k end
		local n = 0
		for _ in pairs(game) do n = n + 1 end
		local s = table.concat(keys, ",") .. n .. "|" .. #game.items .. table.getn(game.items) .. table.maxn(game.items)
		s = s .. "|" .. rawget(game, "vp") .. tostring(next(game.items) ~= nil) .. select("#", unpack(game.items))
		s = s .. "|" .. table.concat(game.part.tags, "+") .. "|" .. getmetatable(game)
		for i, it in ipairs(game.items) do s = s .. i .. it.v end
		return s .. "|" .. type(game) .. #d.options
	end`, v)
	want := "v3|333|5true3|x+y|the game's view (read-only)132132|table2"
	if got := ask(nil); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A part is written only when a script looks at it, once per call however
// often it looks, and is nil while the game has none.
func TestMirrorPartsOnDemand(t *testing.T) {
	v := &fakeView{}
	ask := probe(t, `function decide(d, game)
		if d.kind == "skip" then return "skipped" end
		local p = game.part
		if p == nil then return "none" end
		return game.part.n .. table.concat(game.part.tags, ",") .. tostring(rawget(game, "part") ~= nil)
	end`, v)
	if got := ask(nil); got != "none" {
		t.Errorf("no part: %q", got)
	}
	v.part = &fakePart{n: 1, tags: []string{"a", "b"}}
	if got := ask(nil); got != "1a,btrue" {
		t.Errorf("part: %q", got)
	}
	before := v.writes
	if got := ask(&engine.Decision{Kind: "skip", Options: []engine.Option{{Name: "a"}, {Name: "b"}}}); got != "skipped" {
		t.Errorf("skip: %q", got)
	}
	if v.writes != before {
		t.Errorf("the part was written %d times in a call that did not look at it", v.writes-before)
	}
	v.part.n, v.part.tags = 2, []string{"c"}
	ask(nil)
	if v.writes != before+1 {
		t.Errorf("the part was written %d times in one call, want 1", v.writes-before)
	}
	v.part.tags = nil
	if got := ask(nil); got != "2true" {
		t.Errorf("part changed: %q", got)
	}
	v.part = nil
	if got := ask(nil); got != "none" {
		t.Errorf("part gone: %q", got)
	}
}

// Each kind of decision has its own table: the facts of one kind's options
// never show in another's.
func TestMirrorDecisions(t *testing.T) {
	v := &fakeView{}
	ask := probe(t, `function decide(d, game)
		local s = d.kind .. d.default .. d.default_index .. #d.options
		for _, o in ipairs(d.options) do s = s .. "|" .. o.index .. o.name .. tostring(o.zone) .. tostring(o.damage) end
		return s
	end`, v)
	move := &engine.Decision{Kind: "move", Default: 1, Options: []engine.Option{
		{Name: "next", Facts: []gamelog.Field{gamelog.Str("zone", "Y1")}}, {Name: "home"}}}
	attack := &engine.Decision{Kind: "attack", Options: []engine.Option{
		{Name: "hold"}, {Name: "guns:mtb-1", Facts: []gamelog.Field{gamelog.Int("damage", 2)}}}}
	for _, c := range []struct {
		d    *engine.Decision
		want string
	}{
		{move, "movehome22|1nextY1nil|2homenilnil"},
		{attack, "attackhold12|1holdnilnil|2guns:mtb-1nil2"},
		{move, "movehome22|1nextY1nil|2homenilnil"},
	} {
		if got := ask(c.d); got != c.want {
			t.Errorf("%s: %q, want %q", c.d.Kind, got, c.want)
		}
	}
	move.Options = []engine.Option{{Name: "next"}, {Name: "wait"}}
	move.Default = 0
	if got := ask(move); got != "movenext12|1nextnilnil|2waitnilnil" {
		t.Errorf("move again: %q", got)
	}
}

// A decision's table, and an option's, unchanged from the last call of
// its kind is kept as it is (decide, keeps); whatever changed in it is
// written: a fact's value, kind or presence, a name with the same bytes
// as before but another value, the side, arguments, a list fact.
func TestMirrorKeepsWhatIsUnchanged(t *testing.T) {
	v := &fakeView{}
	ask := probe(t, `function decide(d, game)
		local s = tostring(d.side) .. d.default .. d.default_index .. #d.options
		for _, o in ipairs(d.options) do
			s = s .. "|" .. o.index .. o.name .. tostring(o.x) .. tostring(o.hit)
			if o.args then s = s .. "+" .. o.args[1].name end
			if o.list then s = s .. "[" .. #o.list .. "]" end
		end
		return s
	end`, v)
	names := []string{"alpha", "beta", "gamma"}
	fire := &engine.Decision{Kind: "fire", Options: []engine.Option{
		{Name: names[0], Facts: []gamelog.Field{gamelog.Int("x", 1)}},
		{Name: names[1], Facts: []gamelog.Field{gamelog.Str("x", "far"), gamelog.Bool("hit", true)}},
		{Name: names[2]}}}
	steps := []struct {
		change func()
		want   string
	}{
		{func() {}, "nilalpha13|1alpha1nil|2betafartrue|3gammanilnil"},
		{func() {}, "nilalpha13|1alpha1nil|2betafartrue|3gammanilnil"},
		{func() { fire.Options[0].Facts[0] = gamelog.Int("x", 2) }, "nilalpha13|1alpha2nil|2betafartrue|3gammanilnil"},
		{func() { fire.Options[1].Facts[1] = gamelog.Bool("hit", false) }, "nilalpha13|1alpha2nil|2betafarfalse|3gammanilnil"},
		{func() { fire.Options[0].Facts[0] = gamelog.Str("x", "two") }, "nilalpha13|1alphatwonil|2betafarfalse|3gammanilnil"},
		{func() { fire.Options[1].Facts = fire.Options[1].Facts[:1] }, "nilalpha13|1alphatwonil|2betafarnil|3gammanilnil"},
		{func() { fire.Side = "red" }, "redalpha13|1alphatwonil|2betafarnil|3gammanilnil"},
		{func() { fire.Side = "blue" }, "bluealpha13|1alphatwonil|2betafarnil|3gammanilnil"},
		{func() { fire.Side, fire.Default = "", 2 }, "nilgamma33|1alphatwonil|2betafarnil|3gammanilnil"},
		{func() { fire.Options[2].Name = string([]byte("delta")) }, "nildelta33|1alphatwonil|2betafarnil|3deltanilnil"},
		{func() { fire.Options[2].Args = []engine.Arg{{Name: "range", Kind: engine.ArgInt, Min: 1, Max: 9}} }, "nildelta33|1alphatwonil|2betafarnil|3deltanilnil+range"},
		{func() { fire.Options[2].Args = nil }, "nildelta33|1alphatwonil|2betafarnil|3deltanilnil"},
		{func() {
			fire.Options[1].Facts = append(fire.Options[1].Facts, gamelog.Field{Key: "list", Val: gamelog.Value{Kind: gamelog.KList, L: []gamelog.Value{gamelog.IntV(1)}}})
		}, "nildelta33|1alphatwonil|2betafarnil[1]|3deltanilnil"},
		{func() { fire.Options, fire.Default = fire.Options[:2], 0 }, "nilalpha12|1alphatwonil|2betafarnil[1]"},
		{func() { fire.Options[0], fire.Options[1] = fire.Options[1], fire.Options[0] }, "nilbeta12|1betafarnil[1]|2alphatwonil"},
	}
	for i, st := range steps {
		st.change()
		if got := ask(fire); got != st.want {
			t.Errorf("step %d: %q, want %q", i, got, st.want)
		}
	}
}

// The top-level fields of the view are written when a script first reads
// one in a call (or reads the table raw), once however often it reads;
// a decision's options when it first reads them, and only in their call.
func TestMirrorLazy(t *testing.T) {
	v := &fakeView{vp: 1, name: "a"}
	ask := probe(t, `function decide(d, game)
		if d.kind == "none" then return "none" end
		if d.kind == "keep" then return "kept " .. #d.options end
		if d.kind == "raw" then
			local n = 0
			for k in pairs(game) do n = n + 1 end
			return "raw " .. n
		end
		return game.vp .. game.name .. game.vp
	end`, v)
	dec := func(kind string) *engine.Decision {
		return &engine.Decision{Kind: kind, Options: []engine.Option{{Name: "a"}, {Name: "b"}}}
	}
	if got := ask(dec("none")); got != "none" || v.tops != 0 {
		t.Errorf("a call that reads nothing: %q, top written %d times", got, v.tops)
	}
	v.vp = 2
	if got := ask(nil); got != "2a2" || v.tops != 1 {
		t.Errorf("three reads: %q, top written %d times, want once", got, v.tops)
	}
	v.name = "b"
	if got := ask(dec("raw")); got != "raw 3" || v.tops != 2 {
		t.Errorf("pairs first: %q, top written %d times", got, v.tops)
	}
	if got := ask(dec("keep")); got != "kept 2" {
		t.Errorf("keep: %q", got)
	}
	h, err := Load("old.lua", []byte(`function decide(d, game)
		if d.kind == "keep" then kept = d return "a" end
		return kept.kind .. #kept.options
	end`), Options{}, func() engine.Viewer { return v })
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.Decide(dec("keep")); err != nil {
		t.Fatal(err)
	}
	_, err = h.Decide(dec("other"))
	if err == nil || !strings.Contains(err.Error(), "d.options of an earlier call cannot be read") || !strings.Contains(err.Error(), "old.lua:3") {
		t.Errorf("options of a decision kept from an earlier call: %v", err)
	}
}

// pairs visits the view's fields in name order (list elements in theirs),
// whatever order the mirror's tables were filled in by earlier calls and
// games: a field that comes back after a call without it, and a table kept
// from another game, visit alike.
func TestViewPairsOrder(t *testing.T) {
	src := `function decide(d, game)
		local s = ""
		for k in pairs(game) do s = s .. k .. " " end
		for k, v in pairs(game.items) do s = s .. k .. "=" .. v.v .. " " end
		for k in pairs(d) do s = s .. k .. " " end
		return s
	end`
	for _, extraFirst := range []bool{true, false} {
		v := &fakeView{vp: 1, name: "a", items: []int{7, 8}, extra: extraFirst}
		ask := probe(t, src, v)
		ask(nil)
		v.extra = !extraFirst
		ask(nil)
		v.extra = true
		if got, want := ask(nil), "extra items name vp 1=7 2=8 default default_index kind options "; got != want {
			t.Errorf("extra first %v: %q, want %q", extraFirst, got, want)
		}
	}
}

// A script whose code never names a prompt or a text is Wordless: the game
// makes no wording for it; one that builds the key as it runs is told why
// it gets none.
func TestWordlessScript(t *testing.T) {
	for _, c := range []struct {
		src      string
		wordless bool
		err      string
	}{
		{`function decide(d) return d.default end`, true, ""},
		{`function decide(d) return d.prompt and 1 or 2 end`, false, ""},
		{`local function t(o) return o.text end function decide(d) return t(d.options[1]) and 1 end`, false, ""},
		{`function decide(d) local k = "pro" .. "mpt" return d[k] and 1 or 2 end`, true, "decide read d.prompt with a key made as the script ran"},
	} {
		h, err := Load("w.lua", []byte(c.src), Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := h.Wordless("k"); got != c.wordless {
			t.Errorf("%s: Wordless %v", c.src, got)
		}
		_, err = h.Decide(&engine.Decision{Kind: "k", Prompt: "?", Options: []engine.Option{{Name: "a", Text: "x"}, {Name: "b"}}})
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: %v, want %q", c.src, err, c.err)
		}
		h.Close()
	}
}

// A call that runs past its deadline fails; the next call has its own.
func TestDeadlineRenewed(t *testing.T) {
	src := `n = 0
	function decide(d)
		n = n + 1
		if n == 1 then while true do end end
		return 1
	end`
	h, err := Load("slow.lua", []byte(src), Options{Deadline: 50 * time.Millisecond}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	d := &engine.Decision{Kind: "k", Options: []engine.Option{{Name: "a"}, {Name: "b"}}}
	if _, err := h.Decide(d); err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Fatalf("first call: %v, want a deadline error", err)
	}
	for i := range 3 {
		if _, err := h.Decide(d); err != nil {
			t.Fatalf("call %d after the deadline: %v", i+2, err)
		}
	}
}

// A decision's prompt and its options' texts are written when the script
// first reads one of them in a call, and are the current decision's.
func TestMirrorWording(t *testing.T) {
	ask := probe(t, `function decide(d, game)
		if d.kind == "quiet" then return "quiet" end
		local s = tostring(d.options[2].text) .. "|" .. tostring(d.prompt) .. "|"
		for _, o in ipairs(d.options) do s = s .. tostring(o.text) .. "," end
		return s
	end`, &fakeView{})
	dec := func(kind, prompt string, texts ...string) *engine.Decision {
		d := &engine.Decision{Kind: kind, Prompt: prompt}
		for i, x := range texts {
			d.Options = append(d.Options, engine.Option{Name: string(rune('a' + i)), Text: x})
		}
		return d
	}
	for _, c := range []struct {
		d    *engine.Decision
		want string
	}{
		{dec("k", "first?", "one", "two"), "two|first?|one,two,"},
		{dec("quiet", "shh", "x", "y"), "quiet"},
		{dec("k", "second?", "uno", "", "tres"), "|second?|uno,,tres,"},
		{dec("k", "", "1", "2"), "2||1,2,"},
	} {
		if got := ask(c.d); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.d.Kind, c.d.Prompt, got, c.want)
		}
	}
}

// A closed host's mirror serves the next host: the tables it keeps show
// the new game as it is, and a game of another kind gets tables of its own.
func TestMirrorReused(t *testing.T) {
	src := `function decide(d, game)
		local s = tostring(game.vp) .. tostring(game.name) .. #game.items .. ":"
		for _, it in ipairs(game.items) do s = s .. it.v end
		local p = game.part
		if p then s = s .. ":" .. p.n .. table.concat(p.tags, ",") end
		return s .. ":" .. d.kind .. #d.options .. tostring(game.extra)
	end`
	two := []engine.Option{{Name: "a"}, {Name: "b"}}
	three := []engine.Option{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	var last *mirror
	reused := 0
	for i, c := range []struct {
		v    engine.Viewer
		d    *engine.Decision
		want string
	}{
		{&fakeView{vp: 1, name: "a", items: []int{1, 2, 3}, part: &fakePart{n: 4, tags: []string{"x", "y"}}, extra: true}, &engine.Decision{Kind: "k", Options: three}, "1a3:123:4x,y:k3true"},
		{&fakeView{vp: 2, name: "b", items: []int{9}}, &engine.Decision{Kind: "k", Options: two}, "2b1:9:k2nil"},
		{&otherView{}, &engine.Decision{Kind: "k", Options: two}, "nilnil0::k2nil"},
		{&fakeView{vp: 3, name: "c", part: &fakePart{n: 5}}, &engine.Decision{Kind: "k", Options: three}, "3c0::5:k3nil"},
	} {
		h, err := Load("reuse.lua", []byte(src), Options{}, func() engine.Viewer { return c.v })
		if err != nil {
			t.Fatal(err)
		}
		if h.mirror == last {
			reused++
		}
		last = h.mirror
		_, err = h.Decide(c.d)
		h.Close()
		if err == nil || !strings.Contains(err.Error(), `"`+c.want+`"`) {
			t.Errorf("host %d: %v, want %q", i+1, err, c.want)
		}
	}
	// The race detector makes sync.Pool drop what it is given at random.
	if reused == 0 && !raceEnabled {
		t.Error("no host reused the mirror of the one before")
	}
}

// otherView is a view of another shape (no parts, other fields).
type otherView struct{}

func (*otherView) ViewParts() []string { return nil }
func (*otherView) WriteView(w engine.ViewWriter, part int) {
	w.Open("items", true)
	w.Close()
}

// wideView is a view of 12 objects of 24 fields, the size of Schnell
// Boats' boats part.
type wideView struct{ round int }

func (w *wideView) ViewParts() []string { return nil }
func (w *wideView) WriteView(vw engine.ViewWriter, part int) {
	vw.Open("boats", true)
	for i := range 12 {
		vw.Open("", false)
		vw.Str("id", "SB")
		vw.Str("status", "ready")
		vw.Bool("boat1", i == 0)
		for _, k := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"} {
			vw.Int(k, i)
		}
		vw.Int("round", w.round)
		for _, k := range []string{"k", "l", "m", "n", "o", "p", "q", "r", "s", "t"} {
			vw.Bool(k, i%2 == 0)
		}
		vw.Close()
	}
	vw.Close()
}

// BenchmarkMirrorWrite writes a view of 300 fields whose one field in 25
// changed since the last write.
func BenchmarkMirrorWrite(b *testing.B) {
	w := &wideView{}
	h, err := Load("b.lua", []byte(`function decide(d, game) return game.boats and 1 end`), Options{}, func() engine.Viewer { return w })
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	m := h.mirror
	m.view(w, "")
	b.ReportAllocs()
	for b.Loop() {
		w.round = (w.round + 1) % 100
		m.write(m.top, func() { w.WriteView(m, -1) })
	}
}

// A part a script read at its last call of a kind of decision is written
// at the start of the next call of that kind (ahead), once, as the game is
// then; what the script reads is the same as when it is written on the
// first read. A part's table kept from an earlier call shows the game as
// some call at or after the one that read it saw it, never older.
func TestMirrorPartsAhead(t *testing.T) {
	v := &fakeView{part: &fakePart{n: 1, tags: []string{"a"}}}
	ask := probe(t, `function decide(d, game)
		if d.kind == "b" then return "b" .. kept.n end
		local was = kept and kept.n or 0
		kept = game.part
		return was .. ":" .. game.part.n .. table.concat(game.part.tags) .. #game.part.tags
	end`, v)
	a := &engine.Decision{Kind: "a", Options: []engine.Option{{Name: "x"}, {Name: "y"}}}
	b := &engine.Decision{Kind: "b", Options: []engine.Option{{Name: "x"}, {Name: "y"}}}
	ahead := 0
	for n := 1; n <= 3*probeEvery; n++ {
		v.part.n, v.part.tags = n, append(v.part.tags, "t")
		writes := v.writes
		got := ask(a)
		want := fmt.Sprintf("%d:%d%s%d", n-1, n, strings.Join(v.part.tags, ""), len(v.part.tags))
		if n > 1 {
			// kept before the call: as the last call saw it, or as this one does
			if alt := fmt.Sprintf("%d:%d%s%d", n, n, strings.Join(v.part.tags, ""), len(v.part.tags)); got == alt {
				want = alt
				ahead++
			}
		}
		if got != want || v.writes != writes+1 {
			t.Fatalf("call %d: %q, want %q; the part written %d times", n, got, want, v.writes-writes)
		}
		if n%5 == 0 {
			v.part.n = 100 + n
			if got, want := ask(b), fmt.Sprint(n); got != "b"+want && got != fmt.Sprint("b", 100+n) {
				t.Fatalf("a kept part read in another kind's call: %q, want b%s or b%d", got, want, 100+n)
			}
		}
	}
	if ahead < 2*probeEvery {
		t.Errorf("the part was written ahead at %d calls of %d", ahead, 3*probeEvery)
	}
	if v.writes > 3*probeEvery+3*probeEvery/5 {
		t.Errorf("the part was written %d times in %d calls", v.writes, 3*probeEvery+3*probeEvery/5)
	}
}

// Only a script that reads the keys of a table raw, or the table of
// globals, gets no part ahead: a string such as an option's name "next"
// is no such read.
func TestNamesRaw(t *testing.T) {
	for src, want := range map[string]bool{
		`return "next"`:                       false,
		`local t = {} return t.next, t.pairs`: false,
		`function decide(d) return d.options[1].name == "pairs" end`:  false,
		`for k in pairs({}) do end`:                                   true,
		`local f = next`:                                              true,
		`function decide(d, game) return rawget(game, "mission") end`: true,
		`local g = _G return g["pa" .. "irs"]`:                        true,
		`local function f() local function g() return next end end`:   true,
	} {
		p, err := compileChunk([]byte(src), "x")
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := namesRaw(p); got != want {
			t.Errorf("%s: namesRaw %v, want %v", src, got, want)
		}
	}
}
