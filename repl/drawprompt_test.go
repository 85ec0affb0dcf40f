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
