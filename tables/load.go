package tables

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/schnell-wargames/schnell/dice"
)

// Error is a problem in a table file, with its place.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// ErrInvalid is wrapped by every validation error (errors.Is).
var ErrInvalid = errors.New("invalid table")

func (e *Error) Unwrap() error { return ErrInvalid }

// Set is a validated set of tables by id.
type Set struct {
	Schema *Schema
	byID   map[string]*Table
	ids    []string // sorted
	digest string
	cups   map[string]*Cup    // cup.go
	recs   map[string]*Record // by upper-case id
	recIDs []string           // upper-case, sorted
}

// Get returns a table by id.
func (s *Set) Get(id string) (*Table, bool) {
	if t, ok := s.byID[id]; ok {
		return t, true // the rules' ids are exact: no case folding per roll
	}
	t, ok := s.byID[strings.ToUpper(id)]
	return t, ok
}

// MustGet returns a table by id; a missing table is a bug in the game (the
// schema's Required list makes the loader refuse such a set).
func (s *Set) MustGet(id string) *Table {
	t, ok := s.byID[id]
	if !ok {
		panic("tables: no table " + id)
	}
	return t
}

// IDs lists the table ids in book order (A-0, A-1, …, A-10, B-1, …).
func (s *Set) IDs() []string { return s.ids }

// Digest identifies the table set's content (its canonical text), so a log
// can tell whether it is replayed with the same numbers.
func (s *Set) Digest() string { return s.digest }

// Parse reads the tables of one file.
func Parse(name string, r io.Reader, schema *Schema) ([]*Table, error) {
	p, err := parse(name, r, schema)
	if err != nil {
		return nil, err
	}
	return p.tables, nil
}

// parse reads one file's tables and cups.
func parse(name string, r io.Reader, schema *Schema) (*parser, error) {
	p := &parser{file: name, schema: schema}
	sc := newScanner(r)
	for sc.Scan() {
		p.line++
		if err := controlIn(sc.Text(), false); err != nil {
			return nil, p.errf("%v", err)
		}
		if err := p.parseLine(sc.Text()); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{File: name, Line: p.line + 1, Msg: scanError(err)}
	}
	if err := p.finish(); err != nil {
		return nil, err
	}
	return p, nil
}

// Load reads every *.tbl file of fsys (sorted by name) and validates the set.
func Load(fsys fs.FS, schema *Schema) (*Set, error) {
	s := &Set{Schema: schema, byID: map[string]*Table{}}
	if err := s.add(fsys, false); err != nil {
		return nil, err
	}
	if err := s.finish(); err != nil {
		return nil, err
	}
	return s, nil
}

// Overlay returns a copy of s where the tables of fsys replace the tables
// with the same id. An id the game does not have is an error (a typo would
// otherwise be silently ignored).
func (s *Set) Overlay(fsys fs.FS) (*Set, error) {
	n := &Set{Schema: s.Schema, byID: map[string]*Table{}, recs: map[string]*Record{}}
	for k, v := range s.byID {
		n.byID[k] = v
	}
	n.cups = maps.Clone(s.cups)
	for k, v := range s.recs {
		n.recs[k] = v
	}
	if err := n.add(fsys, true); err != nil {
		return nil, err
	}
	if err := n.finish(); err != nil {
		return nil, err
	}
	return n, nil
}

func (s *Set) add(fsys fs.FS, overlay bool) error {
	names, err := fs.Glob(fsys, "*.tbl")
	if err != nil {
		return err
	}
	recs, err := fs.Glob(fsys, "*.rec")
	if err != nil {
		return err
	}
	// A set of records alone (no tables) is loaded when the schema
	// declares record kinds (a data file of records, such as the one of
	// Schnell Boats' battles); an overlay may hold either.
	if len(names) == 0 && (len(recs) == 0 || !overlay && len(s.Schema.Records) == 0) {
		if overlay {
			return &Error{File: ".", Msg: "no *.tbl files (nor *.rec records)"}
		}
		return &Error{File: ".", Msg: "no *.tbl files"}
	}
	if err := s.addRecords(fsys, recs, overlay); err != nil {
		return err
	}
	seen := map[string]*Table{}
	seenCups := map[string]*Cup{}
	for _, name := range names {
		f, err := openFile(fsys, name)
		if err != nil {
			return err
		}
		p, err := parse(name, f, s.Schema)
		f.Close()
		if err != nil {
			return err
		}
		if err := s.addCups(name, p.cups, overlay, seenCups); err != nil {
			return err
		}
		for _, t := range p.tables {
			if prev, ok := seen[t.ID]; ok {
				return &Error{File: name, Line: t.Line, Msg: fmt.Sprintf("table %s is defined twice (first at %s:%d)", t.ID, prev.File, prev.Line)}
			}
			if _, ok := s.byID[t.ID]; overlay && !ok && !s.Schema.addable(t.ID) {
				return &Error{File: name, Line: t.Line, Msg: fmt.Sprintf("table %s is not a table of this game: an overlay may only replace tables (see the 'tables' command)", t.ID)}
			}
			if s.Schema.Check != nil {
				if err := s.Schema.Check(t); err != nil {
					var te *Error
					if errors.As(err, &te) {
						return te
					}
					return &Error{File: name, Line: t.Line, Msg: fmt.Sprintf("table %s: %v", t.ID, err)}
				}
			}
			seen[t.ID] = t
			s.byID[t.ID] = t
		}
	}
	return nil
}

func (s *Set) finish() error {
	req := make([]string, 0, len(s.Schema.Required))
	for id := range s.Schema.Required {
		req = append(req, id)
	}
	slices.Sort(req)
	for _, id := range req {
		t, ok := s.byID[id]
		if !ok {
			return &Error{File: "tables", Msg: fmt.Sprintf("table %s is missing: the game needs it", id)}
		}
		for _, eff := range s.Schema.Required[id] {
			k, _ := s.Schema.effect(eff)
			if t.Grid != nil {
				if len(t.Grid.Keys) == 0 {
					return &Error{File: t.File, Line: t.Line, Msg: fmt.Sprintf("table %s: its cells must set %s: give the table key lines", id, eff)}
				}
				for i := range t.Grid.Keys {
					if !t.Grid.Keys[i].Has(k) {
						return &Error{File: t.File, Line: t.Grid.Keys[i].Line, Msg: fmt.Sprintf("table %s: key %s must set %s", id, t.Grid.Keys[i].Label, eff)}
					}
				}
				continue
			}
			for i := range t.Rows {
				if !t.Rows[i].Has(k) {
					return &Error{File: t.File, Line: t.Rows[i].Line, Msg: fmt.Sprintf("table %s: row %s must set %s", id, t.Rows[i].Range(), eff)}
				}
			}
		}
	}
	if err := s.checkLeast(); err != nil {
		return err
	}
	s.ids = s.ids[:0]
	for id := range s.byID {
		s.ids = append(s.ids, id)
	}
	slices.SortFunc(s.ids, CompareIDs)
	s.recIDs = s.recIDs[:0]
	for k := range s.recs {
		s.recIDs = append(s.recIDs, k)
	}
	slices.Sort(s.recIDs)
	h := sha256.New()
	for _, id := range s.ids {
		io.WriteString(h, s.byID[id].Canonical())
	}
	cups, err := s.cupDigest()
	if err != nil {
		return err
	}
	io.WriteString(h, cups)
	s.recordsCanonical(h)
	s.digest = "sha256:" + hex.EncodeToString(h.Sum(nil))[:16]
	return nil
}

// CompareIDs orders ids as the book does: by letter, then number parts
// numerically (A-2 < A-10, G-10 < G-10-A).
func CompareIDs(a, b string) int {
	pa, pb := strings.Split(a, "-"), strings.Split(b, "-")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		if ea == nil && eb == nil {
			if na != nb {
				return na - nb
			}
			continue
		}
		if c := strings.Compare(pa[i], pb[i]); c != 0 {
			return c
		}
	}
	if len(pa) != len(pb) {
		return len(pa) - len(pb)
	}
	// A total order: "A-1" and "A-01" are different ids.
	return strings.Compare(a, b)
}

// Canonical is a normalised text of the table (used for the digest).
func (t *Table) Canonical() string {
	var b strings.Builder
	fmt.Fprintf(&b, "table %s\ntitle %s\n", t.ID, t.Title)
	if t.Key >= 0 {
		fmt.Fprintf(&b, "lookup %s\n", t.schema.Facts[t.Key].Name)
	}
	for _, d := range t.Dice {
		fmt.Fprintf(&b, "dice %s|%v|%s\n", d.Spec, d.Spec.Percentile, d.When.Text)
	}
	for i := range t.Mods {
		m := &t.Mods[i]
		fmt.Fprintf(&b, "mod %s|%s|%s\n", t.ModText(m), m.When.Text, m.Reason)
	}
	if t.Grid != nil {
		t.gridCanonical(&b)
	}
	for i := range t.Naturals {
		r := &t.Naturals[i]
		fmt.Fprintf(&b, "%s|%s|%s|%s\n", r.Range(), r.When.Text, r.Result, r.EffectsText())
	}
	for i := range t.Rows {
		r := &t.Rows[i]
		if t.Grid != nil {
			fmt.Fprintf(&b, "row %s|%s\n", r.Range(), r.cellsText())
			continue
		}
		fmt.Fprintf(&b, "row %s|%s|%s\n", r.Range(), r.Result, r.EffectsText())
	}
	return b.String()
}

type parser struct {
	file   string
	line   int
	schema *Schema
	cur    *Table
	tables []*Table
	ids    map[string]int
	cup    *Cup // cup.go
	cups   []*Cup
	cupIDs map[string]int
	names  *effectNames // the schema's effects by their names' bytes (Row.names)
}

func (p *parser) errf(format string, args ...any) error {
	return &Error{File: p.file, Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) parseLine(raw string) error {
	line := strings.TrimSpace(raw)
	if line == "" || line[0] == '#' {
		return nil
	}
	key, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	if ok, err := p.cupLine(key, rest); ok || err != nil {
		return err
	}
	if key != "table" && p.cur == nil {
		return p.errf("%q before the first 'table' line", key)
	}
	switch key {
	case "table":
		return p.startTable(rest)
	case "title":
		if p.cur.Title != "" {
			return p.errf("table %s has two titles", p.cur.ID)
		}
		if rest == "" {
			return p.errf("empty title")
		}
		p.cur.Title = rest
	case "note":
		if p.cur.Note != "" {
			p.cur.Note += " "
		}
		p.cur.Note += rest
	case "dice":
		if p.cur.Key >= 0 {
			return p.errf("a lookup table has no dice")
		}
		return p.parseDice(rest)
	case "lookup":
		if p.cur.Grid != nil {
			return p.errf("lookup: a grid table is rolled, not looked up")
		}
		if len(p.cur.Dice) > 0 || p.cur.Key >= 0 {
			return p.errf("lookup: a table is either rolled (dice) or looked up, once")
		}
		if len(p.cur.Rows) > 0 || len(p.cur.Mods) > 0 {
			return p.errf("lookup: must come before the table's rows")
		}
		i, d := p.schema.fact(rest)
		if d == nil || (d.Kind != Int && d.Kind != Enum) {
			return p.errf("lookup: %q is not a fact (known: %s)", rest, p.knownFacts())
		}
		p.cur.Key = i
	case "mod":
		return p.parseMod(rest)
	case "row":
		return p.parseRow(rest)
	case "grid":
		return p.parseGrid(rest)
	case "columns":
		return p.parseColumns(rest)
	case "shift":
		return p.parseShift(rest)
	case "key":
		return p.parseKey(rest)
	case "natural":
		return p.parseNatural(rest)
	default:
		return p.errf("unknown line %q: want table, title, dice, lookup, mod, row, note, grid, columns, shift, key or natural", key)
	}
	return nil
}

func validID(id string) bool {
	if id == "" || len(id) > 16 || id[0] < 'A' || id[0] > 'Z' {
		return false
	}
	for _, c := range id {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return !strings.HasSuffix(id, "-") && !strings.Contains(id, "--")
}

func (p *parser) startTable(id string) error {
	if err := p.finishTable(); err != nil {
		return err
	}
	if !validID(id) {
		return p.errf("bad table id %q: want an upper-case letter, then letters, digits and dashes (A-1, G-10-A)", id)
	}
	if p.ids == nil {
		p.ids = map[string]int{}
	}
	if l, ok := p.ids[id]; ok {
		return p.errf("table %s is defined twice (first at line %d)", id, l)
	}
	p.ids[id] = p.line
	p.cur = &Table{ID: id, File: p.file, Line: p.line, schema: p.schema, Key: -1}
	return nil
}

func (p *parser) finish() error {
	if err := p.finishTable(); err != nil {
		return err
	}
	if err := p.finishCup(); err != nil {
		return err
	}
	if len(p.tables) == 0 && len(p.cups) == 0 {
		return &Error{File: p.file, Line: 0, Msg: "no tables in file"}
	}
	return nil
}

func gridKeys(t *Table) []Row {
	if t.Grid == nil {
		return nil
	}
	return t.Grid.Keys
}

func (p *parser) finishTable() error {
	t := p.cur
	if t == nil {
		return nil
	}
	p.cur = nil
	if p.names == nil {
		p.names = newEffectNames(p.schema)
	}
	for _, rows := range [][]Row{t.Rows, t.Naturals, gridKeys(t)} {
		for i := range rows {
			r := &rows[i]
			r.schema, r.names = p.schema, p.names
			if len(r.Effects) > 0 {
				e := &r.Effects[0]
				r.name0, r.len0, r.int0, r.roll0 = unsafe.StringData(e.Name), len(e.Name), e.Int, e.IsRoll
			}
		}
	}
	at := func(line int, format string, args ...any) error {
		return &Error{File: p.file, Line: line, Msg: fmt.Sprintf("table %s: ", t.ID) + fmt.Sprintf(format, args...)}
	}
	if t.Title == "" {
		return at(t.Line, "no title line")
	}
	if len(t.Dice) == 0 && t.Key < 0 {
		return at(t.Line, "no dice line (or lookup line)")
	}
	if t.Key >= 0 && len(t.Mods) > 0 {
		return at(t.Mods[0].Line, "a lookup table has no modifiers")
	}
	if t.Key < 0 && len(t.Dice[len(t.Dice)-1].When.Tests) > 0 {
		return at(t.Line, "the last dice line must have no condition (it is the default)")
	}
	if len(t.Rows) == 0 {
		return at(t.Line, "no rows")
	}
	// Rows must ascend without overlap or gap; an enum lookup's rows name
	// the values in their order.
	var vals []string
	if t.Key >= 0 && p.schema.Facts[t.Key].Kind == Enum {
		vals = p.schema.Facts[t.Key].Values
		order := strings.Join(vals, ", ")
		for i := range t.Rows {
			r := &t.Rows[i]
			if r.Lo != i || r.Hi != i {
				if i < len(vals) {
					return at(r.Line, "row %q: want the row for %s here (rows follow the order %s)", vals[min(r.Lo, len(vals)-1)], vals[i], order)
				}
				return at(r.Line, "too many rows (rows follow the order %s)", order)
			}
		}
	}
	if err := ascending(t.Rows, "row", at); err != nil {
		return err
	}
	first, last := &t.Rows[0], &t.Rows[len(t.Rows)-1]
	if t.Key >= 0 && p.schema.Facts[t.Key].Kind == Enum {
		vals := p.schema.Facts[t.Key].Values
		if first.Lo != 0 {
			return at(first.Line, "missing row for %s (rows follow the order %s)", vals[0], strings.Join(vals, ", "))
		}
		if last.Hi != len(vals)-1 {
			return at(last.Line, "missing row for %s (rows follow the order %s)", vals[last.Hi+1], strings.Join(vals, ", "))
		}
	} else if t.Key >= 0 && (!first.OpenLo || !last.OpenHi) {
		return at(first.Line, "a lookup table must cover every value: start with a <=N row and end with a >=N row")
	}
	rolled := t.Rows // the ranges the roll reads
	if g := t.Grid; g != nil {
		if err := p.finishGrid(t, at); err != nil {
			return err
		}
		if g.FactRows {
			rolled = g.Columns[0].Ranges
		}
	}
	rf, rl := &rolled[0], &rolled[len(rolled)-1]
	what := "row"
	if t.Grid != nil && t.Grid.FactRows {
		what = "column"
	}
	for _, d := range t.Dice {
		if !rf.OpenLo && rf.Lo > d.Spec.Min() {
			return at(rf.Line, "missing range: %s can roll %d but the first %s starts at %d", d.Spec, d.Spec.Min(), what, rf.Lo)
		}
		if !rl.OpenHi && rl.Hi < d.Spec.Max() {
			return at(rl.Line, "missing range: %s can roll %d but the last %s ends at %d", d.Spec, d.Spec.Max(), what, rl.Hi)
		}
	}
	for i := range t.Naturals {
		r := &t.Naturals[i]
		ok := false
		for _, d := range t.Dice {
			ok = ok || (r.Lo >= d.Spec.Min() && r.Hi <= d.Spec.Max())
		}
		if !ok {
			return at(r.Line, "%s: the dice (%s) never roll that", r.Range(), t.DiceText())
		}
	}
	t.modCode = compileMods(t.Mods)
	t.byTotal = rowIndex(t.Rows)
	if t.Grid != nil {
		t.Grid.shifts = compileMods(t.Grid.Shifts)
	}
	p.tables = append(p.tables, t)
	return nil
}

// ascending checks that ranges ascend without overlap or gap, and that only
// the first is open below and only the last open above.
func ascending(rs []Row, what string, at func(int, string, ...any) error) error {
	for i := 1; i < len(rs); i++ {
		a, b := &rs[i-1], &rs[i]
		if a.OpenHi {
			return at(b.Line, "%s %s follows the open-ended %s %s", what, b.Range(), what, a.Range())
		}
		if b.OpenLo {
			return at(b.Line, "open-ended %s %s must come first", what, b.Range())
		}
		switch {
		case b.Lo <= a.Hi:
			return at(b.Line, "%s %s overlaps %s %s (line %d)", what, b.Range(), what, a.Range(), a.Line)
		case b.Lo > a.Hi+1:
			if a.Hi+1 == b.Lo-1 {
				return at(b.Line, "missing range: no %s for %d (between %ss %s and %s)", what, a.Hi+1, what, a.Range(), b.Range())
			}
			return at(b.Line, "missing range: no %s for %d-%d (between %ss %s and %s)", what, a.Hi+1, b.Lo-1, what, a.Range(), b.Range())
		}
	}
	return nil
}

// fields splits "a | b | c" into trimmed parts.
func fields(s string) []string {
	parts := strings.Split(s, "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

func (p *parser) parseDice(rest string) error {
	parts := fields(rest)
	if len(parts) > 2 {
		return p.errf("dice: want 'dice SPEC' or 'dice SPEC | CONDITION'")
	}
	spec, err := dice.Parse(parts[0])
	if err != nil {
		return p.errf("%v", err)
	}
	d := DiceRule{Spec: spec}
	if len(parts) == 2 {
		if d.When, err = p.parseCond(parts[1]); err != nil {
			return err
		}
		if len(d.When.Tests) == 0 {
			return p.errf("dice: empty condition")
		}
	}
	if n := len(p.cur.Dice); n > 0 && len(p.cur.Dice[n-1].When.Tests) == 0 {
		return p.errf("dice: a line after the unconditional dice line can never apply")
	}
	p.cur.Dice = append(p.cur.Dice, d)
	return nil
}

func (p *parser) parseMod(rest string) error {
	m, err := p.mod("mod", rest)
	if err != nil {
		return err
	}
	p.cur.Mods = append(p.cur.Mods, m)
	return nil
}

// mod reads the VALUE | CONDITION | REASON of a mod or shift line.
func (p *parser) mod(dir, rest string) (Mod, error) {
	parts := fields(rest)
	if len(parts) != 3 {
		return Mod{}, p.errf("%s: want '%s VALUE | CONDITION | REASON' (CONDITION may be 'always')", dir, dir)
	}
	m := Mod{PerFact: -1, Line: p.line, Reason: parts[2]}
	v := parts[0]
	if v == "" || (v[0] != '+' && v[0] != '-') {
		return Mod{}, p.errf(dir+": value %q must start with + or -", v)
	}
	sign := 1
	if v[0] == '-' {
		sign = -1
	}
	body := v[1:]
	if body == "" || body[0] == '+' || body[0] == '-' {
		return Mod{}, p.errf(dir+": value %q: one sign, then a number or a fact", v)
	}
	if n, err := strconv.Atoi(body); err == nil {
		if n == 0 || n > 1000 {
			return Mod{}, p.errf(dir+": value %q must be a non-zero number up to 1000", v)
		}
		m.Value = sign * n
	} else {
		mult := 1
		if a, b, ok := strings.Cut(body, "*"); ok {
			k, err := strconv.Atoi(a)
			if err != nil || k <= 0 || k > 100 {
				return Mod{}, p.errf(dir+": value %q: want +N, -N, +FACT or +N*FACT", v)
			}
			mult, body = k, b
		}
		i, d := p.schema.fact(body)
		if d == nil {
			return Mod{}, p.errf(dir+": value %q: unknown fact %q (known: %s)", v, body, p.knownFacts())
		}
		if d.Kind != Int {
			return Mod{}, p.errf(dir+": value %q: fact %s is not a number", v, body)
		}
		m.Value, m.PerFact = sign*mult, i
	}
	if parts[1] == "" {
		return Mod{}, p.errf("%s: empty condition (write 'always')", dir)
	}
	var err error
	if parts[1] != "always" {
		if m.When, err = p.parseCond(parts[1]); err != nil {
			return Mod{}, err
		}
	}
	if m.Reason == "" {
		return Mod{}, p.errf("%s: the reason shown to the player is missing", dir)
	}
	return m, nil
}

func (p *parser) knownFacts() string {
	names := make([]string, len(p.schema.Facts))
	for i, f := range p.schema.Facts {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

func (p *parser) knownEffects() string {
	names := make([]string, len(p.schema.Effects))
	for i, f := range p.schema.Effects {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

var condOps = []struct {
	s  string
	op Op
}{{"!=", OpNe}, {"<=", OpLe}, {">=", OpGe}, {"=", OpEq}, {"<", OpLt}, {">", OpGt}, {" in ", OpIn}}

func (p *parser) parseCond(s string) (Cond, error) {
	c := Cond{Text: s}
	for _, part := range strings.Split(s, " and ") {
		part = strings.TrimSpace(part)
		var t Test
		var name, val string
		found := false
		for _, o := range condOps {
			if i := strings.Index(part, o.s); i > 0 {
				name, val, t.Op, found = strings.TrimSpace(part[:i]), strings.TrimSpace(part[i+len(o.s):]), o.op, true
				break
			}
		}
		if !found {
			return c, p.errf("condition %q: want FACT OP VALUE with OP one of = != < <= > >= in, joined by 'and'", part)
		}
		i, d := p.schema.fact(name)
		if d == nil {
			return c, p.errf("condition %q: unknown fact %q (known: %s)", part, name, p.knownFacts())
		}
		t.Fact = i
		vals := []string{val}
		if t.Op == OpIn {
			vals = strings.Split(val, ",")
		}
		for _, v := range vals {
			v = strings.TrimSpace(v)
			n, err := p.factValue(d, v)
			if err != nil {
				return c, p.errf("condition %q: %v", part, err)
			}
			t.Values = append(t.Values, n)
		}
		if d.Kind == Enum && t.Op != OpEq && t.Op != OpNe && t.Op != OpIn {
			return c, p.errf("condition %q: %s is a name, compare it with =, != or in", part, name)
		}
		c.Tests = append(c.Tests, t)
	}
	return c, nil
}

func (p *parser) factValue(d *Def, v string) (int, error) {
	switch d.Kind {
	case Int:
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf("%s takes a number, not %q", d.Name, v)
		}
		return n, nil
	case Enum:
		i := slices.Index(d.Values, v)
		if i < 0 {
			return 0, fmt.Errorf("%s is one of %s, not %q", d.Name, strings.Join(d.Values, ", "), v)
		}
		return i, nil
	}
	return 0, fmt.Errorf("fact %s cannot be tested", d.Name)
}

func (p *parser) parseRange(s string) (r Row, err error) {
	bad := func() (Row, error) {
		return r, p.errf("row: bad range %q: want N, N-M, <=N or >=N", s)
	}
	num := func(x string) (int, bool) {
		n, err := strconv.Atoi(strings.TrimSpace(x))
		return n, err == nil && n >= -maxRange && n <= maxRange
	}
	switch {
	case strings.HasPrefix(s, "<="):
		n, ok := num(s[2:])
		if !ok {
			return bad()
		}
		r.Lo, r.Hi, r.OpenLo = n, n, true
	case strings.HasPrefix(s, ">="):
		n, ok := num(s[2:])
		if !ok {
			return bad()
		}
		r.Lo, r.Hi, r.OpenHi = n, n, true
	default:
		// "N" or "N-M" where N may be negative: split on the dash after the first char.
		if i := strings.Index(s[min(1, len(s)):], "-"); i >= 0 {
			i++
			a, ok1 := num(s[:i])
			b, ok2 := num(s[i+1:])
			if !ok1 || !ok2 {
				return bad()
			}
			if a > b {
				return r, p.errf("row: range %q runs backwards", s)
			}
			r.Lo, r.Hi = a, b
		} else {
			n, ok := num(s)
			if !ok {
				return bad()
			}
			r.Lo, r.Hi = n, n
		}
	}
	return r, nil
}

func (p *parser) parseRow(rest string) error {
	if p.cur.Grid != nil {
		return p.parseGridRow(rest)
	}
	parts := fields(rest)
	if len(parts) < 2 || len(parts) > 3 {
		return p.errf("row: want 'row RANGE | RESULT | EFFECTS' (EFFECTS may be left out)")
	}
	var r Row
	var err error
	if k := p.cur.Key; k >= 0 && p.schema.Facts[k].Kind == Enum {
		d := &p.schema.Facts[k]
		v := slices.Index(d.Values, parts[0])
		if v < 0 {
			return p.errf("row: %q is not a value of %s (%s)", parts[0], d.Name, strings.Join(d.Values, ", "))
		}
		r = Row{Lo: v, Hi: v, Label: parts[0]}
	} else if r, err = p.parseRange(parts[0]); err != nil {
		return err
	}
	r.Line = p.line
	r.Result = parts[1]
	if r.Result == "" {
		return p.errf("row %s: the result text is missing", parts[0])
	}
	if len(parts) == 3 {
		if r.Effects, err = p.parseEffects(parts[2]); err != nil {
			return err
		}
	}
	r.text = r.rangeText()
	p.cur.Rows = append(p.cur.Rows, r)
	return nil
}

// splitEffects splits on spaces outside double quotes.
func splitEffects(s string) ([]string, bool) {
	var out []string
	var b strings.Builder
	inQ, esc := false, false
	for _, c := range s {
		switch {
		case c == '\\' && inQ && !esc:
			esc = true // \" and \\ stay in the quoted text (strconv.Unquote reads them)
			b.WriteRune(c)
			continue
		case c == '"' && !esc:
			inQ = !inQ
			b.WriteRune(c)
		case c == ' ' && !inQ:
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
		default:
			b.WriteRune(c)
		}
		esc = false
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out, !inQ
}

func (p *parser) parseEffects(s string) ([]Effect, error) {
	words, ok := splitEffects(s)
	if !ok {
		return nil, p.errf("effects %q: unclosed quote", s)
	}
	var out []Effect
	for _, w := range words {
		name, val, hasVal := strings.Cut(w, "=")
		k, d := p.schema.effect(name)
		if d == nil {
			return nil, p.errf("unknown effect %q (known: %s)", name, p.knownEffects())
		}
		for _, prev := range out {
			if prev.Key == k {
				return nil, p.errf("effect %s is set twice in one row", name)
			}
		}
		e := Effect{Key: k, Name: d.Name, Raw: val} // the schema's string: a read by name (Row.Value) with the same literal compares one pointer
		switch d.Kind {
		case Flag:
			if hasVal {
				return nil, p.errf("effect %s takes no value", name)
			}
		case Int:
			if val == "roll" {
				e.IsRoll = true
				break
			}
			n, err := strconv.Atoi(val)
			if err != nil {
				return nil, p.errf("effect %s takes a number or 'roll', not %q", name, val)
			}
			e.Int = n
		case Enum:
			i := slices.Index(d.Values, val)
			if i < 0 {
				return nil, p.errf("effect %s is one of %s, not %q", name, strings.Join(d.Values, ", "), val)
			}
			e.Int = i
		case Text:
			if !hasVal || val == "" {
				return nil, p.errf("effect %s needs a value", name)
			}
			if strings.HasPrefix(val, `"`) {
				u, err := strconv.Unquote(val)
				if err != nil {
					return nil, p.errf("effect %s: bad quoted text %s", name, val)
				}
				if err := controlIn(u, true); err != nil {
					return nil, p.errf("effect %s: %v", name, err)
				}
				e.Str = u
			} else {
				e.Str = val
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// maxRange bounds the numbers of a row's range (Victory Point bands of the
// Long campaign reach 6,400).
const maxRange = 100000
