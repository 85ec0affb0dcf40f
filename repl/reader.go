package repl

import (
	"bufio"
	"errors"
	"io"
	"strings"

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
	rl, err := readline.NewEx(&readline.Config{
		Prompt:            "> ",
		HistoryFile:       historyFile,
		HistoryLimit:      2000,
		AutoComplete:      completer(complete),
		InterruptPrompt:   "^C",
		EOFPrompt:         "quit",
		HistorySearchFold: true,
		Stdin:             stdin,
		Stdout:            stdout,
		Stderr:            stderr,
	})
	if err != nil {
		return nil, err
	}
	return &term{rl: rl}, nil
}

type term struct{ rl *readline.Instance }

func (t *term) ReadLine() (string, error) {
	line, err := t.rl.Readline()
	if errors.Is(err, readline.ErrInterrupt) {
		return "", ErrInterrupt
	}
	return line, err
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
