package repl

import (
	"bufio"
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/chzyer/readline"
)

// LineReader reads command lines. ReadLine returns io.EOF at the end of
// input (Ctrl-D) and ErrInterrupt when the player pressed Ctrl-C.
type LineReader interface {
	ReadLine() (string, error)
	SetPrompt(p string)
	Close() error
}

// ErrInterrupt is a Ctrl-C at the prompt: the line is dropped.
var ErrInterrupt = errors.New("interrupted")

// Plain reads lines from r with no prompt and no echo: the reader for
// scripts and pipes.
func Plain(r io.Reader) LineReader {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 4096), 1<<20)
	return &plain{s: s}
}

type plain struct{ s *bufio.Scanner }

func (p *plain) ReadLine() (string, error) {
	if !p.s.Scan() {
		if err := p.s.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return strings.TrimSuffix(p.s.Text(), "\r"), nil
}

func (p *plain) SetPrompt(string) {}
func (p *plain) Close() error     { return nil }

// Terminal is the interactive reader: line editing, history kept in
// historyFile ("" = none), tab completion by complete.
func Terminal(historyFile string, complete func(line string) []string, stdin io.ReadCloser, stdout, stderr io.Writer) (LineReader, error) {
	t := &term{}
	rl, err := readline.NewEx(&readline.Config{
		Prompt:              "> ",
		HistoryFile:         historyFile,
		HistoryLimit:        2000,
		AutoComplete:        completer(complete),
		InterruptPrompt:     "^C",
		EOFPrompt:           "quit",
		HistorySearchFold:   true,
		Stdin:               stdin,
		Stdout:              stdout,
		Stderr:              stderr,
		FuncFilterInputRune: t.key,
	})
	if err != nil {
		return nil, err
	}
	t.rl = rl
	t.stdin, _ = stdin.(*os.File)
	return t, nil
}

// term reads lines with readline and notes when each was typed: readline
// reads keys while the program works, so a line may have been typed
// before its prompt was shown (TypedAhead).
type term struct {
	rl    *readline.Instance
	stdin *os.File // nil: not a file (no look at its unread bytes)

	mu    sync.Mutex
	first time.Time   // the first key of the line being typed (zero: none yet)
	lines []time.Time // the first key of each line ended with Enter, not yet read
	ahead bool        // the line ReadLine returned last was typed before its prompt
}

// key notes when each key arrives (readline calls it for every key, as it
// reads it).
func (t *term) key(r rune) (rune, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := time.Now()
	switch r {
	case readline.CharEnter, readline.CharCtrlJ:
		if t.first.IsZero() {
			t.first = now // an empty line: the Enter itself
		}
		t.lines = append(t.lines, t.first)
		t.first = time.Time{}
	case readline.CharInterrupt:
		t.first = time.Time{}
	default:
		if t.first.IsZero() {
			t.first = now
		}
	}
	return r, true
}

func (t *term) ReadLine() (string, error) {
	// Readline reads no key between lines: keys typed while the program
	// worked wait in the terminal (pendingInput) or, typed together with
	// the last Enter, in readline's buffer, read the instant the prompt is
	// shown — sooner than a person can react to it (typeAheadWindow).
	waiting := t.stdin != nil && pendingInput(t.stdin)
	shown := time.Now()
	line, err := t.rl.Readline()
	got := time.Now()
	t.mu.Lock()
	// The lines begun before Readline returned: this one is the last (an
	// Enter that picked a completion made no line).
	t.ahead = waiting
	n := 0
	for n < len(t.lines) && t.lines[n].Before(got) {
		n++
	}
	if n > 0 {
		t.ahead = t.ahead || t.lines[n-1].Sub(shown) < typeAheadWindow
		t.lines = append(t.lines[:0], t.lines[n:]...)
	}
	t.mu.Unlock()
	if errors.Is(err, readline.ErrInterrupt) {
		return "", ErrInterrupt
	}
	return line, err
}

// typeAheadWindow is how soon after its prompt is shown a line's first
// key must come to have been typed before it: far below a person's
// reaction to a new question (a fifth of a second and more).
const typeAheadWindow = 30 * time.Millisecond

// TypedAhead reports whether the line read last was typed before its
// prompt was shown.
func (t *term) TypedAhead() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.ahead
}

func (t *term) SetPrompt(p string) { t.rl.SetPrompt(p) }
func (t *term) Close() error       { return t.rl.Close() }

// completer adapts a whole-word completion function to readline: given the
// line up to the cursor it returns the candidates for the word under it.
type completer func(line string) []string

func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	head := string(line[:pos])
	i := strings.LastIndexAny(head, " \t")
	word := head[i+1:]
	var out [][]rune
	for _, cand := range c(head) {
		if strings.HasPrefix(cand, word) {
			out = append(out, []rune(cand[len(word):]+" "))
		}
	}
	return out, len([]rune(word))
}
