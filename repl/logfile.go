package repl

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// The current game's log is its save. While the session has it open it
// holds the log's lock (gamelog.Acquire): a second process on the same
// game gets "in use by process N". A log is never truncated in place nor
// written over something that is not a plain file: the whole history goes
// to a temporary file that then replaces the log (switchTo).

// ensureLog opens the game's log file before the game makes its first
// event: the log is the save, appended as play goes.
func (s *Session) ensureLog() error {
	if s.logFile != nil {
		return nil
	}
	path := s.logPath
	if path == "" {
		dir := s.dataDir()
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("make log directory: %w", err)
		}
		h := s.game.Header()
		base := fmt.Sprintf("%s-%d", h.Game, h.Seed)
		path = filepath.Join(dir, base+".jsonl")
		for i := 2; !vacant(path); i++ {
			path = filepath.Join(dir, base+"-"+strconv.Itoa(i)+".jsonl")
		}
	} else if !vacant(path) && !s.cfg.Force {
		// --log FILE, or a name whose log appeared since `new`.
		if !s.confirm(fmt.Sprintf("%s exists. Replace it with the new game? [y/N] ", path)) {
			return fmt.Errorf("%s exists: give another file, `--load %s` to resume it, or --force to replace it", path, path)
		}
	}
	if err := s.switchTo(s.game, path); err != nil {
		return err
	}
	if s.cfg.Interactive {
		fmt.Fprintf(s.cfg.Out, "%s\n", s.paint(dim, "Game log (it is the save): "+path))
	}
	return nil
}

// vacant says whether a new log may take path without asking: nothing is
// there, or an empty file (left by a crash).
func vacant(path string) bool {
	fi, err := os.Lstat(path)
	return os.IsNotExist(err) || (err == nil && fi.Mode().IsRegular() && fi.Size() == 0)
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// samePath says whether two spellings name the same file.
func samePath(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// lockFor returns the lock on path: the session's own when path is its
// log, else a new one (the caller releases it unless it keeps it).
func (s *Session) lockFor(path string) (*gamelog.Lock, error) {
	if s.lock != nil && samePath(s.lock.Log, path) {
		return s.lock, nil
	}
	return gamelog.Acquire(path)
}

// dropLock releases l unless it is the session's.
func (s *Session) dropLock(l *gamelog.Lock) {
	if l != s.lock {
		l.Release()
	}
}

// switchTo makes g the current game, logged to path: the whole history is
// written to a temporary file that then replaces path, and play appends to
// it. The old game's log is untouched until the new one is complete; when
// anything fails the current game goes on logging where it was.
func (s *Session) switchTo(g *engine.Game, path string) error {
	// A named game lives in the data directory, which a fresh machine
	// does not have yet.
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return s.stillLogging(g, fmt.Errorf("make log directory: %w", err))
	}
	lock, err := s.lockFor(path)
	if err != nil {
		return s.stillLogging(g, err)
	}
	return s.switchLocked(g, path, lock)
}

// stillLogging adds to the error of a switch to g that failed where the
// current game goes on logging.
func (s *Session) stillLogging(g *engine.Game, err error) error {
	if g == s.game && s.logFile != nil {
		return fmt.Errorf("%w (the game goes on logging to %s)", err, s.logPath)
	}
	return err
}

func (s *Session) switchLocked(g *engine.Game, path string, lock *gamelog.Lock) error {
	var tmp *os.File
	fail := func(err error) error {
		if tmp != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
		s.dropLock(lock)
		if g == s.game && s.logFile != nil {
			g.ResumeLog(s.logFile)
		} else if g == s.game {
			g.StopLog()
		}
		return s.stillLogging(g, err)
	}
	if _, err := gamelog.CheckReplace(path); err != nil {
		return fail(err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fail(fmt.Errorf("make log directory: %w", err))
	}
	if g == s.game {
		if err := g.StopLog(); err != nil {
			return fail(fmt.Errorf("write game log %s: %w", s.logPath, err))
		}
	}
	var err error
	if tmp, err = createTemp(dir, ".schnell-*.jsonl"); err != nil {
		return fail(fmt.Errorf("write game log %s: %w", path, err))
	}
	if err := g.WriteLog(tmp); err != nil {
		g.StopLog()
		return fail(fmt.Errorf("write game log %s: %w", path, err))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		g.StopLog()
		return fail(fmt.Errorf("write game log %s: %w", path, err))
	}
	changed := s.game != nil && s.game != g
	if changed {
		s.game.StopLog()
		s.game.Close()
	}
	if s.logFile != nil {
		s.logFile.Close()
	}
	if lock != s.lock {
		s.lock.Release()
	}
	s.game, s.logFile, s.logPath, s.lock = g, tmp, path, lock
	if changed {
		s.watchTold(g)
		return s.applySides(g)
	}
	return nil
}

// createTemp is os.CreateTemp; a test makes it a file that fills up.
var createTemp = os.CreateTemp

// confirm asks a yes/no question of a player at a terminal; without one
// (a pipe, a command file) the answer is no.
func (s *Session) confirm(question string) bool {
	if !s.cfg.Interactive || s.in == nil {
		return false
	}
	s.in.SetPrompt(question)
	line, err := s.in.ReadLine()
	if err != nil {
		return false
	}
	a := strings.ToLower(strings.TrimSpace(line))
	return a == "y" || a == "yes"
}

// save copies the game to path and goes on logging there. An existing
// file is replaced only when force is set or the player says so.
func (s *Session) save(path string, force bool) error {
	if samePath(path, s.logPath) && s.logFile != nil {
		fmt.Fprintf(s.cfg.Out, "Saved: %s (the log is written as you play).\n", s.logPath)
		return nil
	}
	there, err := gamelog.CheckReplace(path)
	if err != nil {
		return s.stillLogging(s.game, fmt.Errorf("save: %w", err))
	}
	if there && !vacant(path) && !force {
		if !s.cfg.Interactive || s.in == nil {
			return s.stillLogging(s.game, fmt.Errorf("save: %s exists: `save! %s` replaces it", path, Quote(path)))
		}
		if !s.confirm(fmt.Sprintf("%s exists. Replace it? [y/N] ", path)) {
			fmt.Fprintln(s.cfg.Out, "Not saved: the game goes on logging to "+s.LogPath()+".")
			return nil
		}
	}
	if err := s.switchTo(s.game, path); err != nil {
		return fmt.Errorf("save %s failed: %w", path, err)
	}
	fmt.Fprintf(s.cfg.Out, "Saved to %s; the game goes on logging there.\n", path)
	return nil
}

// validName says whether a game's name is letters, digits, - and _ (and
// not too long for a file name).
func validName(v string) bool {
	if v == "" || len(v) > 100 {
		return false
	}
	for _, r := range v {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return false
		}
	}
	return true
}
