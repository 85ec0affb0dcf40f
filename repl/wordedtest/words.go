package wordedtest

import (
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/schnell-wargames/schnell/repl"
)

// Internal names a player should never read (issue 25 item 4): a
// snake_case word (a decision kind, an event type, an option or a field as
// the log names them), a key=value pair, a "(s)" plural. Decision kinds,
// option names and event names keep their names in logs, the log-format
// docs and the Lua API; what the prompt prints uses words.
var (
	snakeCase = regexp.MustCompile(`\b[a-z][a-z0-9]*(_[a-z0-9]+)+\b`)
	keyValue  = regexp.MustCompile(`\b[a-z][a-z0-9_]*(=[^\s=,;)]+| = [a-z][^\s=,;)]*)`) // "x = 9" is arithmetic
	pluralS   = regexp.MustCompile(`\w\(s\)`)
	backquote = regexp.MustCompile("`[^`]*`")
)

// InternalNames returns the internal names in a line a player reads. What
// stands between backquotes is a command to type, and a path is a path:
// neither is read as words.
func InternalNames(line string) []string {
	line = backquote.ReplaceAllString(line, "")
	if i := strings.IndexByte(line, '`'); i >= 0 {
		// A command a table's cell wrapped: its opening quote runs to the
		// cell's end, its closing one from the cell's start.
		cell := func(r rune) bool { return r == '|' }
		if i+1 < len(line) && line[i+1] != ' ' {
			end := strings.IndexFunc(line[i:], cell)
			if end < 0 {
				end = len(line) - i
			}
			line = line[:i] + line[i+end:]
		} else {
			start := strings.LastIndexFunc(line[:i], cell) + 1
			line = line[:start] + line[i+1:]
		}
	}
	var words []string
	for _, w := range strings.Fields(line) {
		if strings.ContainsAny(w, `/\`) || strings.HasSuffix(w, ".jsonl") || strings.HasSuffix(w, ".lua") {
			continue
		}
		words = append(words, w)
	}
	line = strings.Join(words, " ")
	var out []string
	for _, re := range []*regexp.Regexp{keyValue, snakeCase, pluralS} {
		for _, m := range re.FindAllString(line, -1) {
			out = append(out, m)
		}
		line = re.ReplaceAllString(line, " ")
	}
	return out
}

// Words gathers, over a game played at the prompt, the internal names in
// what the prompt printed (each with the first line it was seen in and the
// command that printed it), and the decision kinds and event types the
// play went through.
type Words struct {
	mu    sync.Mutex
	found map[string]string // an internal name → where it was first seen
	Kinds map[string]bool   // the decision kinds met
	Types map[string]bool   // the event types made
}

func NewWords() *Words {
	return &Words{found: map[string]string{}, Kinds: map[string]bool{}, Types: map[string]bool{}}
}

// Check reads what a command printed.
func (w *Words) Check(cmd, printed string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	// A line the prompt wrapped is read whole.
	text := regexp.MustCompile(`\n {4,}`).ReplaceAllString(printed, " ")
	for _, line := range strings.Split(text, "\n") {
		for _, n := range InternalNames(line) {
			if _, ok := w.found[n]; !ok {
				w.found[n] = "`" + cmd + "` printed " + strings.TrimSpace(line)
			}
		}
	}
}

// Watch is a scenario.Config's Watch: it reads what each line printed and
// notes the kinds and types of the session's game.
func (w *Words) Watch(s *repl.Session, line, printed string) {
	w.Check(line, printed)
	w.Note(s)
}

// Note notes the decision kinds and event types of s's game so far.
func (w *Words) Note(s *repl.Session) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, e := range s.Game().History() {
		w.Types[e.Type] = true
		if e.Type == "decision" {
			w.Kinds[e.Str("kind")] = true
		}
	}
	if p := s.Game().Pending(); p != nil && p.Decision != nil {
		w.Kinds[p.Decision.Kind] = true
	}
}

// Found lists the internal names seen, each with where.
func (w *Words) Found() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for n, where := range w.found {
		out = append(out, n+": "+where)
	}
	sort.Strings(out)
	return out
}

// Report fails the test for each internal name seen when strict, else
// lists them in the test's log (go test -v) for the game's owner to fix.
func (w *Words) Report(t *testing.T, strict bool) {
	t.Helper()
	found := w.Found()
	for _, f := range found {
		if strict {
			t.Errorf("an internal name reaches the player: %s", f)
		} else {
			t.Logf("an internal name reaches the player: %s", f)
		}
	}
	switch {
	case strict:
	case len(found) == 1:
		t.Logf("1 internal name reaches the player (not yet an error for this game)")
	case len(found) > 1:
		t.Logf("%d internal names reach the player (not yet an error for this game)", len(found))
	}
}
