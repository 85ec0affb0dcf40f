package repl

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/gamelog"
)

// answers is a LineReader that answers questions from a list.
type answers struct {
	lines   []string
	prompts []string
}

func (a *answers) ReadLine() (string, error) {
	if len(a.lines) == 0 {
		return "", io.EOF
	}
	l := a.lines[0]
	a.lines = a.lines[1:]
	return l, nil
}
func (a *answers) SetPrompt(p string) { a.prompts = append(a.prompts, p) }
func (a *answers) Close() error       { return nil }

func lineCount(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(b, []byte("\n"))
}

// A save that fails (a directory that cannot be made, a full disk) leaves
// the game logging where it was, and says so.
func TestFailedSaveKeepsLogging(t *testing.T) {
	s, _, log := newSession(t, engine.Digital, false)
	execAll(t, s, "step", "step")
	blocker := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(blocker, []byte("x"), 0o644)
	for _, dest := range []string{
		filepath.Join(blocker, "sub", "copy.jsonl"),   // its directory cannot be made
		filepath.Join(t.TempDir(), "dir.jsonl") + "/", // a directory
	} {
		err := s.Exec("save " + Quote(dest))
		if err == nil || !strings.Contains(err.Error(), "the game goes on logging to "+log) {
			t.Errorf("save %s: %v, want a failure that names the log in use", dest, err)
		}
		if got := s.LogPath(); got != log {
			t.Errorf("after a failed save the log is %q, want %q", got, log)
		}
	}
	// A full disk: the copy's writes fail.
	createTemp = func(string, string) (*os.File, error) {
		r, w, err := os.Pipe()
		r.Close() // writes fail (EPIPE) as on a full disk
		return w, err
	}
	err := s.Exec("save " + filepath.Join(t.TempDir(), "full.jsonl"))
	createTemp = os.CreateTemp
	if err == nil || !strings.Contains(err.Error(), "the game goes on logging to "+log) {
		t.Errorf("save to a full disk: %v, want a failure that names the log in use", err)
	}
	before := lineCount(t, log)
	execAll(t, s, "choose on", "step")
	if after := lineCount(t, log); after <= before {
		t.Fatalf("the game stopped logging after a failed save: %d lines, then %d", before, after)
	}
	want := s.Game().AsLog().Lines
	s.Close()
	lg, err := gamelog.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if lg.Warning != "" || len(lg.Lines) != len(want) {
		t.Errorf("the log holds %d events, the game made %d", len(lg.Lines), len(want))
	}
}

// At a terminal, replacing a file is a question.
func TestSaveAsksAtATerminal(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 7}, LogFile: filepath.Join(dir, "game.jsonl"),
		Out: &out, Err: &out, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	execAll(t, s, "step")
	existing := filepath.Join(dir, "existing.jsonl")
	os.WriteFile(existing, []byte("mine\n"), 0o644)
	in := &answers{lines: []string{"n", "y"}}
	s.in = in
	execAll(t, s, "save "+existing)
	if b, _ := os.ReadFile(existing); string(b) != "mine\n" || !strings.Contains(out.String(), "Not saved") {
		t.Errorf("answered no, the file is %q:\n%s", b, out.String())
	}
	execAll(t, s, "save "+existing)
	if s.LogPath() != existing || !gamelog.IsLog(existing) {
		t.Errorf("answered yes, the log is %s", s.LogPath())
	}
	if len(in.prompts) != 2 || !strings.Contains(in.prompts[0], existing+" exists. Replace it?") {
		t.Errorf("prompts %q", in.prompts)
	}
}

// --log FILE does not truncate an existing file: refused in a pipe
// unless --force (Config.Force), which replaces it whole.
func TestLogFileNotTruncated(t *testing.T) {
	for _, force := range []bool{false, true} {
		log := filepath.Join(t.TempDir(), "mine.jsonl")
		os.WriteFile(log, []byte("precious\n"), 0o644)
		var out bytes.Buffer
		s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 7}, LogFile: log, Out: &out, Err: &out, Force: force})
		if err != nil {
			t.Fatal(err)
		}
		err = s.Exec("step")
		s.Close()
		b, _ := os.ReadFile(log)
		if !force && (err == nil || !strings.Contains(err.Error(), "--force to replace it") || string(b) != "precious\n") {
			t.Errorf("without --force: %v; the file holds %q", err, b)
		}
		if force && (err != nil || !gamelog.IsLog(log)) {
			t.Errorf("with --force: %v; the file holds %q", err, b)
		}
	}
}

// Crash debris — a save's temporary file, an empty log — is no game: the
// list skips it and `new name=` may take an empty log's name.
func TestCrashDebrisIgnored(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 7}, LogDir: dir, Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	execAll(t, s, "new name=real", "step")
	os.WriteFile(filepath.Join(dir, ".schnell-12345.jsonl"), []byte(`{"format":"schnell-log"`), 0o644)
	os.WriteFile(filepath.Join(dir, "empty.jsonl"), nil, 0o644)
	var names []string
	for _, sv := range s.Saved() {
		names = append(names, sv.Name)
	}
	if strings.Join(names, ",") != "real" {
		t.Errorf("saved games %q, want only real", names)
	}
	execAll(t, s, "new name=empty", "step")
	if !gamelog.IsLog(filepath.Join(dir, "empty.jsonl")) {
		t.Error("new name=empty did not take the empty log")
	}
	if err := s.Exec("new name=real"); err == nil {
		t.Error("new name=real replaced a real game")
	}
}

// Names are letters, digits, - and _, as the message says.
func TestNewNameRefusesControlCharacters(t *testing.T) {
	s, _, _ := newSession(t, engine.Digital, false)
	for _, name := range []string{"a\x1b[2Jb", "tab\there", "new\nline", "dot.ted", "../up", ".hidden", "sp ace", "\u202eevil"} {
		if err := s.Exec("new " + Quote("name="+name)); err == nil || !strings.Contains(err.Error(), "use letters, digits, - and _") {
			t.Errorf("new name=%q: %v", name, err)
		}
	}
	execAll(t, s, "new name=Schnellboot_S-38", "new name=Kapitän")
}

// Quote makes one word of any path: Split gives it back.
func TestQuoteOddPaths(t *testing.T) {
	for _, p := range []string{"plain", "/tmp/it's mine/game.jsonl", `say "hi"`, `both ' and "`, "", "#hash", "tab\there", `back\slash`} {
		words, err := Split("load " + Quote(p))
		if err != nil || len(words) != 2 || words[1] != p {
			t.Errorf("Split(load %s) = %q, %v; want %q", Quote(p), words, err, p)
		}
	}
}

// The start-up "Continue?" loads a game whose path has an apostrophe.
func TestContinueWithApostrophe(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "O'Brien's games")
	var out bytes.Buffer
	cfg := Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 7}, LogDir: dir, Out: &out, Err: &out}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "new name=one", "step")
	s.Close()
	s2, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	s2.OfferContinue(&answers{lines: []string{"y"}})
	if !strings.HasSuffix(s2.LogPath(), "O'Brien's games/one.jsonl") {
		t.Errorf("Continue did not load the game: log %q\n%s", s2.LogPath(), out.String())
	}
}

// A log in use by another session (another process: see cmd/schnell) cannot
// be loaded or saved over; released, it can.
func TestLoadInUse(t *testing.T) {
	s, _, log := newSession(t, engine.Digital, false)
	execAll(t, s, "step")
	s2, _, _ := newSession(t, engine.Digital, false)
	defer s2.Close()
	if err := s2.Exec("load " + log); !errors.Is(err, gamelog.ErrInUse) {
		t.Errorf("load of a log in use: %v", err)
	}
	if err := s2.Exec("save! " + log); !errors.Is(err, gamelog.ErrInUse) {
		t.Errorf("save over a log in use: %v", err)
	}
	s.Close()
	if err := s2.Exec("load " + log); err != nil {
		t.Errorf("load after the other session closed: %v", err)
	}
}

// A save played under other rules is listed with the reason it will not
// load, and neither loaded nor offered to continue.
func TestSavedOfOtherRulesListedNotLoaded(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	s, err := New(Config{Def: enginetest.Definition(), Game: engine.Config{Seed: 7}, LogDir: dir, Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	execAll(t, s, "new name=old", "step")
	s.Close()
	v2 := *enginetest.Definition()
	v2.Rules = 2
	s, err = New(Config{Def: &v2, Game: engine.Config{Seed: 7}, LogDir: dir, Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	saved := s.Saved()
	if len(saved) != 1 || saved[0].Err == nil || !strings.Contains(saved[0].Summary, "plays version 2") {
		t.Fatalf("saved = %+v, want old listed with the rules versions", saved)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "old.jsonl"))
	if err := s.Exec("load old"); err == nil || !strings.Contains(err.Error(), "made before toy rules versions were recorded") {
		t.Errorf("load old: %v", err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "old.jsonl")); !bytes.Equal(before, after) {
		t.Error("the refused save was changed")
	}
}
