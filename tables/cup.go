package tables

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/grid"
)

// Cup is a cup of chits declared in a table file: an opaque container the
// rules draw from without replacement (engine.Ctx.FillCup).
//
//	cup SF-ALLIED
//	title Allied support fire pool
//	chit +1 | 4
//	chit +3 | 2 | artillery
//	note Returned to the pool at the end of each turn.
type Cup struct {
	ID    string
	Title string
	Note  string
	Chits []Chit
	File  string
	Line  int
}

// Chit is one kind of chit in a cup, and how many of it.
type Chit struct {
	Name  string // one word, as the player types it in `draw NAME`
	Count int
	Text  string // what it means, for the player (may be empty)
	Line  int
}

// Limits of a cup.
const (
	maxChitCount = 1000  // of one chit
	maxCupChits  = 10000 // in one cup
	maxChitName  = 24
)

// Contents lists the cup's chits, each as often as its count, in file order.
func (c *Cup) Contents() []string {
	var out []string
	for _, ch := range c.Chits {
		for range ch.Count {
			out = append(out, ch.Name)
		}
	}
	return out
}

// Size is the number of chits in the full cup.
func (c *Cup) Size() int {
	n := 0
	for _, ch := range c.Chits {
		n += ch.Count
	}
	return n
}

// Canonical is a normalised text of the cup (for the set's digest).
func (c *Cup) Canonical() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cup %s\ntitle %s\n", c.ID, c.Title)
	for _, ch := range c.Chits {
		fmt.Fprintf(&b, "chit %s|%d|%s\n", ch.Name, ch.Count, ch.Text)
	}
	return b.String()
}

// Print writes the cup for the player: its chits, counts and meanings.
func (c *Cup) Print(w io.Writer) error {
	fmt.Fprintf(w, "%s  %s\nDraw from %d chits\n", c.ID, c.Title, c.Size())
	rows := make([][]string, len(c.Chits))
	for i, ch := range c.Chits {
		rows[i] = []string{ch.Name, strconv.Itoa(ch.Count), ch.Text}
	}
	if err := grid.Render(w, grid.Text, []string{"Chit", "Count", "Meaning"}, rows, 48); err != nil {
		return err
	}
	if c.Note != "" {
		fmt.Fprintln(w, c.Note)
	}
	return nil
}

// Cup returns a cup by id.
func (s *Set) Cup(id string) (*Cup, bool) {
	c, ok := s.cups[id]
	if !ok {
		c, ok = s.cups[strings.ToUpper(id)]
	}
	return c, ok
}

// CupIDs lists the cups' ids in book order.
func (s *Set) CupIDs() []string {
	ids := make([]string, 0, len(s.cups))
	for id := range s.cups {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, CompareIDs)
	return ids
}

// addCups adds a file's cups to the set (see add for the rules on ids).
func (s *Set) addCups(name string, cups []*Cup, overlay bool, seen map[string]*Cup) error {
	for _, c := range cups {
		if prev, ok := seen[c.ID]; ok {
			return &Error{File: name, Line: c.Line, Msg: fmt.Sprintf("cup %s is defined twice (first at %s:%d)", c.ID, prev.File, prev.Line)}
		}
		if _, ok := s.cups[c.ID]; overlay && !ok {
			return &Error{File: name, Line: c.Line, Msg: fmt.Sprintf("cup %s is not a cup of this game: an overlay may only replace cups", c.ID)}
		}
		if _, ok := s.byID[c.ID]; ok {
			return &Error{File: name, Line: c.Line, Msg: fmt.Sprintf("cup %s has the id of a table", c.ID)}
		}
		seen[c.ID] = c
		if s.cups == nil {
			s.cups = map[string]*Cup{}
		}
		s.cups[c.ID] = c
	}
	return nil
}

// cupDigest is the cups' part of the set's canonical text ("" without cups,
// so that a set without cups keeps its digest). A cup may not have a
// table's id.
func (s *Set) cupDigest() (string, error) {
	var b strings.Builder
	for _, id := range s.CupIDs() {
		c := s.cups[id]
		if t, ok := s.byID[id]; ok {
			return "", &Error{File: c.File, Line: c.Line, Msg: fmt.Sprintf("cup %s has the id of table %s (%s:%d)", id, id, t.File, t.Line)}
		}
		b.WriteString(c.Canonical())
	}
	return b.String(), nil
}

// cupLine reads a line of a cup block: `cup ID` starts one (ending the
// table or cup before), then title, chit and note lines until the next
// `table` or `cup`. It reports whether the line was the cup's.
func (p *parser) cupLine(key, rest string) (bool, error) {
	if key == "table" && p.cup != nil {
		return false, p.finishCup()
	}
	if key != "cup" && p.cup == nil {
		return false, nil
	}
	switch key {
	case "cup":
		if err := p.finishTable(); err != nil {
			return true, err
		}
		if err := p.finishCup(); err != nil {
			return true, err
		}
		if !validID(rest) {
			return true, p.errf("bad cup id %q: want an upper-case letter, then letters, digits and dashes (SF-ALLIED)", rest)
		}
		if l, ok := p.cupIDs[rest]; ok {
			return true, p.errf("cup %s is defined twice (first at line %d)", rest, l)
		}
		if l, ok := p.ids[rest]; ok {
			return true, p.errf("cup %s has the id of the table at line %d", rest, l)
		}
		if p.cupIDs == nil {
			p.cupIDs = map[string]int{}
		}
		p.cupIDs[rest] = p.line
		p.cup = &Cup{ID: rest, File: p.file, Line: p.line}
	case "title":
		if p.cup.Title != "" {
			return true, p.errf("cup %s has two titles", p.cup.ID)
		}
		if rest == "" {
			return true, p.errf("empty title")
		}
		p.cup.Title = rest
	case "note":
		if p.cup.Note != "" {
			p.cup.Note += " "
		}
		p.cup.Note += rest
	case "chit":
		return true, p.parseChit(rest)
	default:
		return true, p.errf("unknown line %q in cup %s: want title, chit or note (or a new table or cup)", key, p.cup.ID)
	}
	return true, nil
}

// parseChit reads `chit NAME`, `chit NAME | COUNT` or `chit NAME | COUNT | TEXT`.
func (p *parser) parseChit(rest string) error {
	parts := fields(rest)
	if len(parts) > 3 {
		return p.errf("chit: want NAME | COUNT | TEXT, got %d fields", len(parts))
	}
	ch := Chit{Name: parts[0], Count: 1, Line: p.line}
	if !validChit(ch.Name) {
		return p.errf("chit %q: want one word of letters, digits and + - _ . (at most %d)", ch.Name, maxChitName)
	}
	if slices.ContainsFunc(p.cup.Chits, func(c Chit) bool { return strings.EqualFold(c.Name, ch.Name) }) {
		return p.errf("chit %s is listed twice in cup %s: give it a count instead", ch.Name, p.cup.ID)
	}
	if len(parts) > 1 {
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 1 || n > maxChitCount {
			return p.errf("chit %s: count %q: want 1 to %d", ch.Name, parts[1], maxChitCount)
		}
		ch.Count = n
	}
	if len(parts) > 2 {
		ch.Text = parts[2]
	}
	if p.cup.Size()+ch.Count > maxCupChits {
		return p.errf("cup %s: more than %d chits", p.cup.ID, maxCupChits)
	}
	p.cup.Chits = append(p.cup.Chits, ch)
	return nil
}

func validChit(s string) bool {
	if s == "" || len(s) > maxChitName || s == "?" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("+-_.", r)) {
			return false
		}
	}
	return true
}

func (p *parser) finishCup() error {
	c := p.cup
	if c == nil {
		return nil
	}
	p.cup = nil
	if c.Title == "" {
		return &Error{File: p.file, Line: c.Line, Msg: fmt.Sprintf("cup %s: no title line", c.ID)}
	}
	if len(c.Chits) == 0 {
		return &Error{File: p.file, Line: c.Line, Msg: fmt.Sprintf("cup %s: no chit lines", c.ID)}
	}
	p.cups = append(p.cups, c)
	return nil
}
