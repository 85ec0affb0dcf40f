package tables

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/grid"
)

// Records are data the rules read that are not rolled: vessel classes with
// their size, speed, guns and arcs, torpedoes. They live in *.rec files
// beside a game's tables (docs/table-format.md), are validated against the
// Schema's record kinds, replaced by id in an overlay like tables, and
// counted in the set's digest.

// RecordKind declares one kind of record: its fields.
type RecordKind struct {
	Name   string // "vessel"
	Help   string
	Fields []Field
	// Addable lets a player's overlay add records of this kind with new
	// ids (a vessel class of their own); otherwise an overlay only
	// replaces records the game has.
	Addable bool
}

// Field declares one field of a record kind.
type Field struct {
	Name     string
	Kind     Kind     // Int, Enum, Text, Flag or Marks (not with Parts)
	Values   []string // Enum: the names; Marks: the one-letter marks
	Parts    []Field  // a value of several words, each read by its part ("20mm FPS")
	Many     bool     // the field may be given on several lines (each a value)
	Required bool     // every record of the kind has it
	Help     string
}

// Marks is a record field's word of distinct one-letter marks from a set,
// in any order: a gun's arcs "FPS" (forward, port, starboard).
const Marks Kind = Text + 1

// Record is one validated record.
type Record struct {
	Kind   string
	ID     string
	Title  string
	Values []Value // in file order
	File   string
	Line   int
	kind   *RecordKind
}

// Value is one field's value as written, and its parts read.
type Value struct {
	Field string
	Raw   string
	Ints  []int // each part's number (Int) or value index (Enum); 0 else
	Line  int
}

// Int returns the first value of an Int or Enum field (its value index) with
// no parts.
func (r *Record) Int(field string) (int, bool) {
	for i := range r.Values {
		if r.Values[i].Field == field {
			return r.Values[i].Ints[0], true
		}
	}
	return 0, false
}

// Str returns the first value of a field as written ("" if absent).
func (r *Record) Str(field string) string {
	for i := range r.Values {
		if r.Values[i].Field == field {
			return r.Values[i].Raw
		}
	}
	return ""
}

// All returns every value of a field, in file order.
func (r *Record) All(field string) []Value {
	var out []Value
	for i := range r.Values {
		if r.Values[i].Field == field {
			out = append(out, r.Values[i])
		}
	}
	return out
}

// Has reports whether the record sets a field (a Flag is set by its name).
func (r *Record) Has(field string) bool {
	for i := range r.Values {
		if r.Values[i].Field == field {
			return true
		}
	}
	return false
}

// Record returns a record by id (case does not matter).
func (s *Set) Record(id string) (*Record, bool) {
	r, ok := s.recs[strings.ToUpper(id)]
	return r, ok
}

// RecordIDs lists the ids of the records of a kind ("" = all), sorted.
func (s *Set) RecordIDs(kind string) []string {
	var out []string
	for _, k := range s.recIDs {
		if r := s.recs[k]; kind == "" || r.Kind == kind {
			out = append(out, r.ID)
		}
	}
	return out
}

func (s *Schema) recordKind(name string) *RecordKind {
	for i := range s.Records {
		if s.Records[i].Name == name {
			return &s.Records[i]
		}
	}
	return nil
}

// maxRecordLines bounds the lines of one record.
const maxRecordLines = 1000

// ParseRecords reads the records of one .rec file.
func ParseRecords(name string, r io.Reader, schema *Schema) ([]*Record, error) {
	errf := func(line int, format string, args ...any) error {
		return &Error{File: name, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	var out []*Record
	var cur *Record
	seen := map[string]int{}
	finish := func() error {
		if cur == nil {
			return nil
		}
		if cur.Title == "" {
			return errf(cur.Line, "%s %s: no title line", cur.Kind, cur.ID)
		}
		for _, f := range cur.kind.Fields {
			if f.Required && !cur.Has(f.Name) {
				return errf(cur.Line, "%s %s: no %s (every %s has one)", cur.Kind, cur.ID, f.Name, cur.Kind)
			}
		}
		out = append(out, cur)
		cur = nil
		return nil
	}
	sc := newScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		key, rest, _ := strings.Cut(text, " ")
		rest = strings.TrimSpace(rest)
		if key == "record" {
			if err := finish(); err != nil {
				return nil, err
			}
			kind, id, _ := strings.Cut(rest, " ")
			id = strings.TrimSpace(id)
			k := schema.recordKind(kind)
			if k == nil {
				return nil, errf(line, "record: unknown kind %q (known: %s)", kind, recordKinds(schema))
			}
			if !validRecordID(id) {
				return nil, errf(line, "record: bad id %q: want letters, digits, - and _, at most 32, starting with a letter or digit", id)
			}
			if l, ok := seen[strings.ToUpper(id)]; ok {
				return nil, errf(line, "record %s is defined twice (first at line %d)", id, l)
			}
			seen[strings.ToUpper(id)] = line
			cur = &Record{Kind: kind, ID: id, File: name, Line: line, kind: k}
			continue
		}
		if cur == nil {
			return nil, errf(line, "%q before the first 'record' line", key)
		}
		if len(cur.Values) >= maxRecordLines {
			return nil, errf(line, "%s %s: more than %d lines", cur.Kind, cur.ID, maxRecordLines)
		}
		if key == "title" {
			if cur.Title != "" {
				return nil, errf(line, "%s %s has two titles", cur.Kind, cur.ID)
			}
			if rest == "" {
				return nil, errf(line, "empty title")
			}
			cur.Title = rest
			continue
		}
		i := slices.IndexFunc(cur.kind.Fields, func(f Field) bool { return f.Name == key })
		if i < 0 {
			return nil, errf(line, "%s %s: unknown field %q (known: title, %s)", cur.Kind, cur.ID, key, fieldNames(cur.kind))
		}
		f := &cur.kind.Fields[i]
		if !f.Many && cur.Has(key) {
			return nil, errf(line, "%s %s: field %s is given twice", cur.Kind, cur.ID, key)
		}
		v, err := readValue(f, rest)
		if err != nil {
			return nil, errf(line, "%s %s: %v", cur.Kind, cur.ID, err)
		}
		v.Line = line
		cur.Values = append(cur.Values, v)
	}
	if err := sc.Err(); err != nil {
		return nil, errf(line+1, "%s", scanError(err))
	}
	if err := finish(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errf(0, "no records in file")
	}
	return out, nil
}

// readValue reads a field's value: one word or text, or its parts.
func readValue(f *Field, rest string) (Value, error) {
	v := Value{Field: f.Name, Raw: rest}
	if len(f.Parts) == 0 {
		n, err := readPart(f, rest)
		if err != nil {
			return v, err
		}
		v.Ints = []int{n}
		return v, nil
	}
	words := strings.Fields(rest)
	if len(words) != len(f.Parts) {
		names := make([]string, len(f.Parts))
		for i, p := range f.Parts {
			names[i] = strings.ToUpper(p.Name)
		}
		return v, fmt.Errorf("field %s: want %d words (%s), got %d", f.Name, len(f.Parts), strings.Join(names, " "), len(words))
	}
	v.Raw = strings.Join(words, " ")
	for i := range f.Parts {
		n, err := readPart(&f.Parts[i], words[i])
		if err != nil {
			return v, fmt.Errorf("field %s: %v", f.Name, err)
		}
		v.Ints = append(v.Ints, n)
	}
	return v, nil
}

func readPart(f *Field, w string) (int, error) {
	switch f.Kind {
	case Int:
		n, err := strconv.Atoi(w)
		if err != nil || n < -maxRange || n > maxRange {
			return 0, fmt.Errorf("%s takes a number, not %q", f.Name, w)
		}
		return n, nil
	case Enum:
		i := slices.Index(f.Values, w)
		if i < 0 {
			return 0, fmt.Errorf("%s is one of %s, not %q", f.Name, strings.Join(f.Values, ", "), w)
		}
		return i, nil
	case Flag:
		if w != "" {
			return 0, fmt.Errorf("%s takes no value", f.Name)
		}
	case Marks:
		if w == "" {
			return 0, fmt.Errorf("%s needs marks, some of %s", f.Name, strings.Join(f.Values, ""))
		}
		for i, c := range w {
			if !slices.Contains(f.Values, string(c)) {
				return 0, fmt.Errorf("%s %q: %q is not one of the marks %s", f.Name, w, c, strings.Join(f.Values, ""))
			}
			if strings.ContainsRune(w[:i], c) {
				return 0, fmt.Errorf("%s %q: %q twice", f.Name, w, c)
			}
		}
	default:
		if w == "" {
			return 0, fmt.Errorf("%s needs a value", f.Name)
		}
	}
	return 0, nil
}

func validRecordID(id string) bool {
	if id == "" || len(id) > 32 {
		return false
	}
	for i, c := range id {
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !letter && (i == 0 || (c != '-' && c != '_')) {
			return false
		}
	}
	return true
}

func recordKinds(s *Schema) string {
	if len(s.Records) == 0 {
		return "none: this game has no records"
	}
	names := make([]string, len(s.Records))
	for i, k := range s.Records {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

func fieldNames(k *RecordKind) string {
	names := make([]string, len(k.Fields))
	for i, f := range k.Fields {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// addRecords reads fsys's *.rec files into the set (overlay: replacing
// records by id, which must exist with the same kind).
func (s *Set) addRecords(fsys fs.FS, names []string, overlay bool) error {
	if s.recs == nil {
		s.recs = map[string]*Record{}
	}
	seen := map[string]*Record{}
	for _, name := range names {
		f, err := openFile(fsys, name)
		if err != nil {
			return err
		}
		rs, err := ParseRecords(name, f, s.Schema)
		f.Close()
		if err != nil {
			return err
		}
		for _, r := range rs {
			key := strings.ToUpper(r.ID)
			if prev, ok := seen[key]; ok {
				return &Error{File: name, Line: r.Line, Msg: fmt.Sprintf("record %s is defined twice (first at %s:%d)", r.ID, prev.File, prev.Line)}
			}
			old, ok := s.recs[key]
			if overlay && !ok && !s.Schema.recordKind(r.Kind).Addable {
				return &Error{File: name, Line: r.Line, Msg: fmt.Sprintf("record %s is not a record of this game: an overlay may only replace records (see the 'records' command)", r.ID)}
			}
			if overlay && ok && old.Kind != r.Kind {
				return &Error{File: name, Line: r.Line, Msg: fmt.Sprintf("record %s is a %s, not a %s", r.ID, old.Kind, r.Kind)}
			}
			seen[key] = r
			s.recs[key] = r
		}
	}
	return nil
}

// recordsCanonical is the records' part of the digest ("" without records,
// so that a set of tables only keeps its digest).
func (s *Set) recordsCanonical(w io.Writer) {
	for _, k := range s.recIDs {
		r := s.recs[k]
		fmt.Fprintf(w, "record %s %s\ntitle %s\n", r.Kind, r.ID, r.Title)
		for _, v := range r.Values {
			fmt.Fprintf(w, "%s %s\n", v.Field, v.Raw)
		}
	}
}

// PrintRecords lists the records of a kind ("" = all): id, kind, title.
func (s *Set) PrintRecords(w io.Writer, kind string) error {
	ids := s.RecordIDs(kind)
	if len(ids) == 0 {
		if kind == "" {
			_, err := fmt.Fprintln(w, "This game has no records.")
			return err
		}
		return fmt.Errorf("no records of kind %q (kinds: %s)", kind, recordKinds(s.Schema))
	}
	rows := make([][]string, 0, len(ids))
	for _, id := range ids {
		r := s.recs[strings.ToUpper(id)]
		rows = append(rows, []string{r.ID, r.Kind, r.Title})
	}
	return grid.RenderFit(w, grid.Text, []string{"Record", "Kind", "Title"}, rows, 60, grid.Fit{Detail: "`record ID` shows one whole"})
}

// Print shows a record: its title and each field with its value.
func (r *Record) Print(w io.Writer) error {
	fmt.Fprintf(w, "%s  %s (%s)\n", r.ID, r.Title, r.Kind)
	rows := make([][]string, 0, len(r.Values))
	for _, v := range r.Values {
		rows = append(rows, []string{v.Field, v.Raw})
	}
	return grid.Render(w, grid.Text, []string{"Field", "Value"}, rows, 60)
}
