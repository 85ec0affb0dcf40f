package repl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Levels of detail at the prompt (engine.Detail): `detail brief|normal|
// verbose` sets how much of play is printed, and `why` shows the last
// roll in full whatever the level.

func detailCommands() []*Command {
	levels := make([]string, len(engine.Details))
	for i, d := range engine.Details {
		levels[i] = d.String()
	}
	return []*Command{
		{Name: "detail", Group: groupPrompt, Usage: "detail [brief|normal|verbose]",
			Help: "How much of play is printed: `brief` what happened (a roll's total and result), `normal` a short report (a roll's faces and net modifier; a game's one line a shot), `verbose` every roll with each modifier and its reason. The log always holds everything, and `why` shows the last roll in full. At a terminal play starts at normal; in a command file, verbose. `detail` alone says the level.",
			Run:  cmdDetail, Complete: fixed(levels...)},
		{Name: "why", Group: groupViews, Usage: "why [N|TABLE]",
			Help: "Show the last roll in full: its dice and faces, each modifier and its reason, the row it read. `why 3`: the last 3 rolls; `why D-1`: the last roll on table D-1.",
			Run:  cmdWhy},
	}
}

func cmdDetail(s *Session, args []string) error {
	switch len(args) {
	case 0:
		fmt.Fprintf(s.cfg.Out, "Detail: %s (`detail brief|normal|verbose` changes it).\n", s.detail)
		return nil
	case 1:
		d, err := engine.ParseDetail(args[0])
		if err != nil {
			return err
		}
		s.detail = d
		fmt.Fprintf(s.cfg.Out, "Detail: %s.\n", d)
		return nil
	}
	return errors.New("usage: detail [brief|normal|verbose]")
}

// Detail is the session's level of detail.
func (s *Session) Detail() engine.Detail { return s.detail }

func cmdWhy(s *Session, args []string) error {
	h := s.game.History()
	n, table := 1, ""
	switch len(args) {
	case 0:
	case 1:
		if v, err := strconv.Atoi(args[0]); err == nil {
			if v < 1 {
				return fmt.Errorf("why %s: want a positive number of rolls, or a table's id", args[0])
			}
			n = v
		} else {
			table = args[0]
		}
	default:
		return errors.New("usage: why [N|TABLE]")
	}
	var picked []*gamelog.Event
	for i := len(h) - 1; i >= 0 && len(picked) < n; i-- {
		e := &h[i]
		if e.Type != "roll" && e.Type != "read" {
			continue
		}
		if table != "" && !strings.EqualFold(e.Str("table"), table) {
			continue
		}
		picked = append(picked, e)
	}
	if len(picked) == 0 {
		if table != "" {
			return fmt.Errorf("no roll on table %s yet in this game", table)
		}
		return errors.New("no roll yet in this game: `step` to play")
	}
	for i := len(picked) - 1; i >= 0; i-- {
		s.writeWhy(picked[i])
	}
	return nil
}

// writeWhy writes a roll in full, a modifier a line: "D-2 Torpedo and
// Rocket Attack (SB3 at tanker-1): 1D20 [19]", "  +3 Medium range", …,
// "  = 22 → row >=19: Hit: roll D-3".
func (s *Session) writeWhy(e *gamelog.Event) {
	w := s.cfg.Out
	if s.game.Hides(e, engine.AtPrompt) {
		m := s.game.Mask(e, engine.AtPrompt)
		e = &m
	}
	mv, hasMods := e.Get("mods")
	sv, hasShifts := e.Get("shifts")
	if !hasMods && !hasShifts {
		fmt.Fprintf(w, "%5d  %s\n", e.Seq, s.describe(e))
		return
	}
	// The line without its modifiers, then each on its own line.
	c := *e
	c.Fields = nil
	for _, f := range e.Fields {
		switch f.Key {
		case "mods", "shifts", "total", "row", "result", "column":
		default:
			c.Fields = append(c.Fields, f)
		}
	}
	head := DescribeRollAt(&c, s.tableTitle, nil, engine.Verbose)
	fmt.Fprintf(w, "%5d  %s\n", e.Seq, head)
	for _, m := range mv.L {
		v, _ := m.Get("value")
		r, _ := m.Get("reason")
		fmt.Fprintf(w, "       %s %s\n", signed(int(v.I)), r.S)
	}
	if f := e.Str("fact"); f != "" {
		fmt.Fprintf(w, "       %s %d\n", f, e.Int("value"))
	}
	for _, m := range sv.L {
		v, _ := m.Get("value")
		r, _ := m.Get("reason")
		fmt.Fprintf(w, "       shift %s %s\n", signed(int(v.I)), r.S)
	}
	// What the total reads: "= 22 → row >=19: Hit".
	tail := ""
	if _, ok := e.Get("total"); ok {
		tail = "= " + strconv.Itoa(e.Int("total"))
	}
	said := ""
	if s.def.RollResult != nil {
		said = s.def.RollResult(e)
	}
	if row := e.Str("row"); said != "" {
		tail += " → " + said
	} else if row != "" {
		tail += " → row " + row
		if _, ok := e.Get("column"); ok {
			tail += ", column " + strconv.Itoa(e.Int("column"))
		}
		if r := e.Str("result"); r != "" {
			tail += ": " + r
		}
	}
	if tail != "" {
		fmt.Fprintf(w, "       %s\n", strings.TrimPrefix(tail, " "))
	}
}
