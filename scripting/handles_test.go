package scripting

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

type fixed struct{ who engine.Who }

func (f fixed) Decide(*engine.Decision) (int, error) { return 1, nil }
func (f fixed) Who() engine.Who                      { return f.who }

func TestDelegate(t *testing.T) {
	src := `handles = {"attack"}
calls = 0
function decide(d) calls = calls + 1; return #d.options end`
	h, err := Load("h.lua", []byte(src), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	d, err := Delegate(h, fixed{engine.ByDefault})
	if err != nil {
		t.Fatal(err)
	}
	two := []engine.Option{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	for _, c := range []struct {
		name    string
		dec     engine.Decision
		want    int
		who     engine.Who
		luaCall bool
	}{
		{"handled", engine.Decision{Kind: "attack", Options: two}, 2, engine.ByScript, true},
		{"handled, one option", engine.Decision{Kind: "attack", Options: two[:1]}, 0, engine.ByScript, false},
		{"not handled", engine.Decision{Kind: "move", Options: two}, 1, engine.ByDefault, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := h.L.GetGlobal("calls").String()
			got, err := d.Decide(&c.dec)
			if err != nil || got != c.want || d.Who() != c.who {
				t.Errorf("Decide = %d, %v by %s; want %d by %s", got, err, d.Who(), c.want, c.who)
			}
			if called := h.L.GetGlobal("calls").String() != before; called != c.luaCall {
				t.Errorf("decide called: %v, want %v", called, c.luaCall)
			}
		})
	}
	// Without handles, the script answers everything.
	plain, _ := Load("p.lua", []byte("function decide(d) return 1 end"), Options{}, nil)
	defer plain.Close()
	if d, err := Delegate(plain, fixed{engine.ByDefault}); err != nil || d != engine.Decider(plain) {
		t.Errorf("Delegate without handles = %v, %v; want the host", d, err)
	}
}

func TestHandlesRefused(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"not a table", `handles = "attack"`, "handles is a string: make it a list of decision kinds"},
		{"not strings", `handles = {"attack", 3}`, "handles[2] is a number"},
		{"too many", `handles = {} for i = 1, 1001 do handles[i] = "k" end`, "more than 1000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, err := Load("h.lua", []byte(c.src+"\nfunction decide(d) return 1 end"), Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			_, err = Delegate(h, fixed{engine.ByDefault})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "h.lua: ") {
				t.Errorf("Delegate: %v, want %q", err, c.want)
			}
		})
	}
	h, _ := Load("h.lua", []byte("handles = {'x'}\nfunction decide(d) return 1 end"), Options{}, nil)
	defer h.Close()
	if _, err := Delegate(h, nil); err == nil || !strings.Contains(err.Error(), "has none") {
		t.Errorf("Delegate without a reference player: %v", err)
	}
}

type blindFixed struct{ fixed }

func (blindFixed) Blind() bool { return true }

// The kinds a script leaves to a Blind reference player need no wording
// (engine.BlindTo); the kinds it handles do, and so does every kind when
// the reference player reads wording.
func TestDelegateBlindTo(t *testing.T) {
	h := handlesAttack(t)
	defer h.Close()
	for _, c := range []struct {
		ref       engine.Decider
		kind      string
		wantBlind bool
	}{
		{blindFixed{fixed{engine.ByDefault}}, "move", true},
		{blindFixed{fixed{engine.ByDefault}}, "attack", false},
		{fixed{engine.ByDefault}, "move", false},
	} {
		d, err := Delegate(h, c.ref)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.(engine.BlindTo).BlindTo(c.kind); got != c.wantBlind {
			t.Errorf("%T, %s: blind %v, want %v", c.ref, c.kind, got, c.wantBlind)
		}
	}
}

// The kinds a script leaves to a reference player that takes the default
// are taken so (engine.DefaultTaker: Ctx.Pick builds nothing for them); the
// kinds it handles are not, nor any kind when the reference player is no
// DefaultTaker.
func TestDelegateTakesDefault(t *testing.T) {
	h := handlesAttack(t)
	defer h.Close()
	for _, c := range []struct {
		ref  engine.Decider
		kind string
		want bool
	}{
		{engine.TakeDefault{}, "move", true},
		{engine.TakeDefault{}, "attack", false},
		{fixed{engine.ByDefault}, "move", false},
	} {
		d, err := Delegate(h, c.ref)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.(engine.DefaultTaker).TakesDefault(&engine.Decision{Kind: c.kind}); got != c.want {
			t.Errorf("%T, %s: takes the default %v, want %v", c.ref, c.kind, got, c.want)
		}
	}
}

// lateFixed is a fixed reference player that reads refusals only to word
// its own wrong answer (engine.LateRefuser).
type lateFixed struct{ fixed }

func (lateFixed) RefusesLate(string) bool { return true }

// A script reads refusals only to word its own wrong answer, so the kinds
// it handles are built without them (engine.LateRefuser); the kinds it
// leaves to a reference player are as that player has them.
func TestDelegateRefusesLate(t *testing.T) {
	h := handlesAttack(t)
	defer h.Close()
	if !h.RefusesLate("move") {
		t.Error("a script without handles: refusals built at once, want late")
	}
	for _, c := range []struct {
		ref  engine.Decider
		kind string
		want bool
	}{
		{fixed{engine.ByDefault}, "attack", true},
		{fixed{engine.ByDefault}, "move", false},
		{lateFixed{fixed{engine.ByDefault}}, "move", true},
	} {
		d, err := Delegate(h, c.ref)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.(engine.LateRefuser).RefusesLate(c.kind); got != c.want {
			t.Errorf("%T, %s: refuses late %v, want %v", c.ref, c.kind, got, c.want)
		}
	}
}

// A decision with a single option that takes no arguments is never sent
// to a script, whether or not it declares handles; one whose single option
// takes arguments is (the script chooses them).
func TestSingleOptionNotSent(t *testing.T) {
	h, err := Load("count.lua", []byte(`calls = 0
function decide(d) calls = calls + 1; return {option = 1, range = 5} end`), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for _, c := range []struct {
		name string
		opts []engine.Option
		call bool
	}{
		{"one option", []engine.Option{{Name: "a"}}, false},
		{"one option with arguments", []engine.Option{{Name: "fire", Args: []engine.Arg{engine.IntArg("range", 1, 9, "cm")}}}, true},
		{"two options", []engine.Option{{Name: "a"}, {Name: "b"}}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := h.L.GetGlobal("calls").String()
			a, err := h.DecideArgs(&engine.Decision{Kind: "k", Options: c.opts})
			if err != nil || a.Option != 0 {
				t.Fatalf("DecideArgs = %+v, %v; want option 0", a, err)
			}
			if called := h.L.GetGlobal("calls").String() != before; called != c.call {
				t.Errorf("decide called: %v, want %v", called, c.call)
			}
		})
	}
}

// handlesAttack is a script that handles the attack kind only.
func handlesAttack(t *testing.T) *Host {
	t.Helper()
	h, err := Load("h.lua", []byte(`handles = {"attack"}
function decide(d) return 1 end`), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
