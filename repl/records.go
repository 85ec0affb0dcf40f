package repl

import (
	"errors"
	"fmt"
	"strings"
)

// recordCommands are the prompt's commands for a game's records (vessel
// classes, units): only a game whose data has record kinds gets them.
func recordCommands(s *Session) []*Command {
	has := false
	for _, b := range s.def.Booklets {
		has = has || len(b.Tables.Schema.Records) > 0
	}
	if !has {
		return nil
	}
	return []*Command{
		{Name: "records", Group: groupViews, Usage: "records [KIND]",
			Help: "List the game's records (its data that is not rolled: vessel classes, units): id, kind and title. `records KIND` lists one kind. Records are overlaid by id with --tables, like tables.",
			Run:  cmdRecords, Complete: func(s *Session, args []string) []string {
				if len(args) > 1 {
					return nil
				}
				var out []string
				for _, k := range s.game.Tables().Schema.Records {
					out = append(out, k.Name)
				}
				return out
			}},
		{Name: "record", Group: groupViews, Usage: "record ID [FIELD]",
			Help: "Show a record of the game's data: every field, or one (`record S-100 gun`).",
			Run:  cmdRecord, Complete: func(s *Session, args []string) []string {
				switch len(args) {
				case 1:
					return s.game.Tables().RecordIDs("")
				case 2:
					r, ok := s.game.Tables().Record(args[0])
					if !ok {
						return nil
					}
					var out []string
					for _, v := range r.Values {
						out = append(out, v.Field)
					}
					return out
				}
				return nil
			}},
	}
}

func cmdRecords(s *Session, args []string) error {
	if len(args) > 1 {
		return errors.New("usage: records [KIND]")
	}
	kind := ""
	if len(args) == 1 {
		kind = args[0]
	}
	return s.game.Tables().PrintRecords(s.cfg.Out, kind)
}

func cmdRecord(s *Session, args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return errors.New("usage: record ID [FIELD] (`records` lists them)")
	}
	r, ok := s.game.Tables().Record(args[0])
	if !ok {
		return fmt.Errorf("no record %q: `records` lists them", args[0])
	}
	if len(args) == 1 {
		return r.Print(s.cfg.Out)
	}
	vs := r.All(args[1])
	if len(vs) == 0 {
		var fields []string
		for _, v := range r.Values {
			if len(fields) == 0 || fields[len(fields)-1] != v.Field {
				fields = append(fields, v.Field)
			}
		}
		return fmt.Errorf("%s %s has no %s: its fields are %s", r.Kind, r.ID, args[1], strings.Join(fields, ", "))
	}
	for _, v := range vs {
		fmt.Fprintf(s.cfg.Out, "%s %s: %s\n", r.ID, v.Field, v.Raw)
	}
	return nil
}
