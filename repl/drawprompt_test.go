package repl

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

// A physical draw pending at the prompt (a command file that reaches it
// through Run, not Exec) shows a prompt for it instead of failing.
func TestPromptWhileADrawIsPending(t *testing.T) {
	s, out, _ := duelSession(t, engine.Physical, "p1=player", "p2=reference")
	if code := s.Run(Plain(strings.NewReader("step\nchoose dud\ndraw +2\n"))); code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	s2, out2, _ := duelSession(t, engine.Physical, "p1=player", "p2=reference")
	execAll(t, s2, "step", "choose dud")
	if got := s2.prompt(); !strings.Contains(got, "draw 1 POOL-P1") {
		t.Errorf("prompt with a draw pending = %q\n%s", got, out2)
	}
}

// The prompt names whose decision is pending when it belongs to a side
// ("[p1] mines>"), and the table's decisions by their kind alone.
func TestPromptNamesTheSide(t *testing.T) {
	s, out, _ := duelSession(t, engine.Digital, "p1=player", "p2=reference")
	execAll(t, s, "step")
	if got := s.prompt(); !strings.Contains(got, "[p1] mines") {
		t.Errorf("prompt with p1's decision pending = %q\n%s", got, out)
	}
	for _, tc := range []struct{ side, want string }{{"", "attack"}, {"p2", "[p2] attack"}, {engine.TableSide, "attack"}} {
		if got := decisionPrompt(&engine.Decision{Kind: "attack", Side: tc.side}); got != tc.want {
			t.Errorf("decisionPrompt(side %q) = %q, want %q", tc.side, got, tc.want)
		}
	}
}
