package bridge

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/batch"
	"github.com/schnell-wargames/schnell/tables"
)

// A learnt table (docs/bridge-learnt.md) is a percentile table of the
// flagship's .tbl format, one row an outcome class seen in the battles,
// its range the class's share of 100 (Shares), its effects what the
// campaign applies and the counts it was learnt from:
//
//	table Q-MGB2-G
//	title Learnt: a boat against 2 MGBs, good weather, calm sea
//	dice d%
//	row 1-80 | Intact (321 of 400 boats: 80.2%, 95% 76.1-83.8%) | level=intact hits=0 launched=2 turns=10 count=321 of=400
//
// A boat's table sets level (and left for a boat that ran off the
// table), hits, launched and turns (the medians of the class's boats); an
// enemy unit's table sets fate. Every row sets count and of.

// LearntPrefix starts every learnt table's id.
const LearntPrefix = "Q-"

// Shares divides 100 among counts (their total > 0): each count's share
// rounded down, then the points left to the largest remainders (the
// first on a tie); a class seen at all gets at least 1, taken from the
// largest share (the last on a tie). A class with no count gets 0.
func Shares(counts []int) []int {
	total := 0
	for _, c := range counts {
		total += c
	}
	out := make([]int, len(counts))
	if total <= 0 {
		return out
	}
	sum := 0
	var order []int // the classes rounded down, largest remainder first
	for i, c := range counts {
		out[i] = 100 * c / total
		switch {
		case c > 0 && out[i] == 0:
			out[i] = 1
		case 100*c%total > 0:
			order = append(order, i)
		}
		sum += out[i]
	}
	slices.SortStableFunc(order, func(a, b int) int { return 100*counts[b]%total - 100*counts[a]%total })
	for k := 0; sum < 100 && len(order) > 0; k++ {
		out[order[k%len(order)]]++
		sum++
	}
	for sum > 100 {
		big := 0
		for i := range out {
			if out[i] >= out[big] {
				big = i
			}
		}
		out[big]--
		sum--
	}
	return out
}

// pct words a fraction as a percentage with one decimal.
func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

var levelWords = []string{"Intact", "Damaged", "Heavily Damaged", "Wrecked", "Sunk"}

var fateWords = map[string]string{
	"sunk":     "Sunk",
	"got_away": "Got away off the table: evades",
	"afloat":   "Afloat at the end: evades",
}

var unitPlurals = map[string]string{"merchant": "merchant ships", "tanker": "tankers", "destroyer": "destroyers", "mtb": "MTBs", "mgb": "MGBs"}
var unitSingular = map[string]string{"merchant": "a merchant ship", "tanker": "a tanker", "destroyer": "a destroyer", "mtb": "an MTB", "mgb": "an MGB"}

// UnitWords is a unit type with its article: "an MGB".
func UnitWords(unit string) string {
	if w, ok := unitSingular[unit]; ok {
		return w
	}
	return unit
}

// row is one row to write.
type row struct {
	words, effects string
	count          int
}

// WriteTables writes the learnt tables of every cell, in the grid's
// order: same counts, same bytes.
func (l *Learnt) WriteTables(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "# Learnt quick-resolve tables (docs/bridge-learnt.md): Schnell Rules battles\n")
	fmt.Fprintf(b, "# fought unattended as docs/bridge.md sets them up, counted by outcome.\n")
	fmt.Fprintf(b, "# %d battles a cell, seed %d, %d cells; battle data %s;\n", l.Grid.Battles, l.Grid.Seed, len(l.Cells), l.Data)
	fmt.Fprintf(b, "# Schnell Rules rules version %d. Load with: schnell --tables DIR (this file in DIR/s100 or DIR/5b).\n", l.Rules)
	fmt.Fprintf(b, "# A row's range is its count's share of 100; count and of are what it was learnt from.\n")
	for _, cc := range l.Cells {
		writeTable(b, cc.Cell.BoatTable(), "Learnt: a boat against "+cc.Cell.Words(), cc.boatRows(), "boats",
			fmt.Sprintf("A boat of %d S-100s (two torpedoes each in the tubes) against %s, both sides Schnell Rules' reference side, from the %s zone; %d battles. Rolled once for each boat in the wave instead of the Combat Board's rounds (docs/bridge-learnt.md).", LearnSquadron, cc.Cell.Type.Title, titleCase(cc.Zone), cc.Battles))
		for _, u := range cc.Cell.UnitTypes() {
			writeTable(b, cc.Cell.UnitTable(u), "Learnt: "+unitSingular[u]+" of "+cc.Cell.Words(), cc.unitRows(u), unitPlurals[u],
				fmt.Sprintf("What became of %s in %d battles against %d S-100s. Rolled once for each of the wave's %s.", unitSingular[u], cc.Battles, LearnSquadron, unitPlurals[u]))
		}
	}
	return b.Flush()
}

// titleCase is a word with a capital: Long.
func titleCase(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

func writeTable(b *bufio.Writer, id, title string, rows []row, what, note string) {
	counts := make([]int, len(rows))
	total := 0
	for i, r := range rows {
		counts[i] = r.count
		total += r.count
	}
	sh := Shares(counts)
	fmt.Fprintf(b, "\ntable %s\ntitle %s\ndice d%%\n", id, title)
	at := 1
	for i, r := range rows {
		lo, hi := batch.Wilson(r.count, total)
		rng := fmt.Sprint(at)
		if sh[i] > 1 {
			rng = fmt.Sprintf("%d-%d", at, at+sh[i]-1)
		}
		fmt.Fprintf(b, "row %s | %s (%d of %d %s: %s, 95%% %s-%s) | %s count=%d of=%d\n", rng, r.words, r.count, total, what,
			pct(float64(r.count)/float64(total)), strings.TrimSuffix(pct(lo), "%"), pct(hi), r.effects, r.count, total)
		at += sh[i]
	}
	fmt.Fprintf(b, "note %s\n", note)
}

// boatRows are the boat classes seen, Intact first, a level's boats that
// stayed before those that left the table.
func (cc *CellCounts) boatRows() []row {
	var out []row
	for lv := range levelNames {
		for _, left := range []bool{false, true} {
			n := cc.Boats[BoatClass{lv, left}]
			if n == nil || n.Count == 0 {
				continue
			}
			words, eff := levelWords[lv], "level="+levelNames[lv]
			if left {
				words += " and ran off the table"
				eff += " left"
			}
			eff += fmt.Sprintf(" hits=%d launched=%d turns=%d", median(n.hits), median(n.launched), median(n.turns))
			out = append(out, row{words, eff, n.Count})
		}
	}
	return out
}

func (cc *CellCounts) unitRows(u string) []row {
	var out []row
	for _, f := range Fates {
		if n := cc.Units[u][f]; n != nil && n.Count > 0 {
			out = append(out, row{fateWords[f], "fate=" + f, n.Count})
		}
	}
	return out
}

// CheckLearnt checks a learnt table (an id starting Q-) as the campaign
// reads it: a percentile roll of rows without modifiers, each row one
// outcome class (a boat's level, with left; or a unit's fate) seen once,
// its count of the same total, the counts adding to that total (a row
// left out, or a count changed, shows here), and each row as wide as its
// count's share (Shares). The error names the file and line.
func CheckLearnt(t *tables.Table) error {
	fail := func(line int, format string, a ...any) error {
		return &tables.Error{File: t.File, Line: line, Msg: fmt.Sprintf("learnt table %s: ", t.ID) + fmt.Sprintf(format, a...)}
	}
	if _, _, err := parseID(t.ID); err != nil {
		return fail(t.Line, "%v", err)
	}
	if t.Grid != nil || t.IsLookup() || len(t.Dice) != 1 || !t.Dice[0].Spec.Percentile || len(t.Mods) > 0 || len(t.Naturals) > 0 {
		return fail(t.Line, "a learnt table is rolled on d%% alone (one dice line, no mod, natural or grid lines), its rows the outcomes' shares of 100")
	}
	boat := strings.Count(t.ID, "-") == 2
	counts := make([]int, len(t.Rows))
	of, seen := 0, map[string]int{}
	for i := range t.Rows {
		r := &t.Rows[i]
		n, ok1 := r.Value("count", 0)
		o, ok2 := r.Value("of", 0)
		if !ok1 || !ok2 || n < 1 || o < 1 {
			return fail(r.Line, "row %s: every row sets count=N (1 or more: the battles' boats or units of its outcome) and of=TOTAL", r.Range())
		}
		if i == 0 {
			of = o
		} else if o != of {
			return fail(r.Line, "row %s: of=%d, the rows before say of=%d: a table is learnt from one total", r.Range(), o, of)
		}
		counts[i] = n
		var class string
		if boat {
			lv, ok := r.Value("level", 0)
			if !ok || r.Sets("fate") {
				return fail(r.Line, "row %s: a boat's row sets level=%s (and left for a boat that ran off the table), not fate", r.Range(), strings.Join(levelNames, "|"))
			}
			for _, e := range []string{"hits", "launched", "turns"} {
				if v, ok := r.Value(e, 0); !ok || v < 0 {
					return fail(r.Line, "row %s: a boat's row sets %s=N (0 or more)", r.Range(), e)
				}
			}
			class = levelNames[lv]
			if r.Sets("left") {
				class += " left"
			}
		} else {
			f, ok := r.Value("fate", 0)
			if !ok || r.Sets("level") {
				return fail(r.Line, "row %s: a unit's row sets fate=%s, not level", r.Range(), strings.Join(Fates, "|"))
			}
			class = Fates[f]
		}
		if prev, ok := seen[class]; ok {
			return fail(r.Line, "row %s: outcome %q again (first at line %d): one row an outcome", r.Range(), class, prev)
		}
		seen[class] = r.Line
	}
	sum := 0
	for _, n := range counts {
		sum += n
	}
	if sum != of {
		return fail(t.Line, "the rows' counts add to %d, not the %d (of=%d) it was learnt from: a row is missing or a count is wrong", sum, of, of)
	}
	for i, s := range Shares(counts) {
		r := &t.Rows[i]
		if w := r.Hi - r.Lo + 1; w != s || r.OpenLo || r.OpenHi {
			return fail(r.Line, "row %s is %d in 100, but count %d of %d is %s: its share is %d (rows are the counts' shares of 100, docs/bridge-learnt.md)", r.Range(), w, counts[i], of, pct(float64(counts[i])/float64(of)), s)
		}
	}
	return nil
}

// parseID reads a learnt table's id: Q-TYPE-W[H] (a boat's) or
// Q-TYPE-W[H]-UNIT (a unit's).
func parseID(id string) (Cell, string, error) {
	parts := strings.Split(strings.TrimPrefix(id, LearntPrefix), "-")
	if !strings.HasPrefix(id, LearntPrefix) || len(parts) < 2 || len(parts) > 3 {
		return Cell{}, "", fmt.Errorf("the id is Q-TYPE-WEATHER (a boat's table) or Q-TYPE-WEATHER-UNIT (a unit's): Q-MGB2-G, Q-MGB2-G-MGB")
	}
	var c Cell
	i := slices.IndexFunc(EncounterTypes, func(t EncounterType) bool { return t.Code == parts[0] })
	if i < 0 {
		var codes []string
		for _, t := range EncounterTypes {
			codes = append(codes, t.Code)
		}
		return Cell{}, "", fmt.Errorf("no encounter type %s (the types: %s)", parts[0], strings.Join(codes, ", "))
	}
	c.Type = EncounterTypes[i]
	w, heavy := strings.CutSuffix(parts[1], "H")
	j := slices.Index(weatherCodes, w)
	if j < 0 {
		return Cell{}, "", fmt.Errorf("weather %s: G, P, F or B (good, poor, foggy, bad), H after it for heavy seas", parts[1])
	}
	c.Weather, c.Heavy = weathers[j], heavy
	if len(parts) == 2 {
		return c, "", nil
	}
	for _, u := range c.UnitTypes() {
		if unitCodes[u] == parts[2] {
			return c, u, nil
		}
	}
	return Cell{}, "", fmt.Errorf("the %s have no unit %s", c.Type.Title, parts[2])
}

// LearntEffects are the effects a learnt table's rows set: a game that
// loads learnt tables declares each in its schema (the flagship does).
var LearntEffects = []tables.Def{
	{Name: "level", Kind: tables.Enum, Values: levelNames, Help: "learnt: the boat's Schnell Rules damage level at the battle's end"},
	{Name: "left", Kind: tables.Flag, Help: "learnt: the boat ran off the table (she left the combat)"},
	{Name: "hits", Kind: tables.Int},
	{Name: "launched", Kind: tables.Int, Help: "learnt: torpedoes (a 5b: rockets) the boat launched"},
	{Name: "turns", Kind: tables.Int, Help: "learnt: the battle's turns"},
	{Name: "fate", Kind: tables.Enum, Values: Fates, Help: "learnt: what became of the enemy unit"},
	{Name: "count", Kind: tables.Int},
	{Name: "of", Kind: tables.Int, Help: "learnt: the boats or units the table was learnt from"},
}

// WithLearntEffects is effects with each of LearntEffects that it does
// not declare yet appended (a name it has must be of the same kind).
func WithLearntEffects(effects []tables.Def) []tables.Def {
	out := slices.Clone(effects)
	for _, e := range LearntEffects {
		i := slices.IndexFunc(out, func(d tables.Def) bool { return d.Name == e.Name })
		switch {
		case i < 0:
			out = append(out, e)
		case out[i].Kind != e.Kind || !slices.Equal(out[i].Values, e.Values):
			panic(fmt.Sprintf("bridge: the schema's effect %s is not the learnt tables' %s", e.Name, e.Name))
		}
	}
	return out
}

// CheckTable is a schema's Check for learnt tables: CheckLearnt for a
// table whose id starts Q-, nothing for the others.
func CheckTable(t *tables.Table) error {
	if !strings.HasPrefix(t.ID, LearntPrefix) {
		return nil
	}
	return CheckLearnt(t)
}

// LearntSchema is a schema of learnt tables alone (sim reads back what it
// wrote with it; tests).
func LearntSchema() *tables.Schema {
	return &tables.Schema{Effects: LearntEffects, Check: CheckTable}
}

// LearntSet checks that a set's learnt tables come in whole cells: a
// boat's table with a table for each of its wave's unit types, and a
// unit's table with its boat's table (sim writes them together; a cell
// with one missing could not be resolved). The error names the file and
// line of the table that is there.
func LearntSet(s *tables.Set) error {
	for _, id := range s.IDs() {
		if !strings.HasPrefix(id, LearntPrefix) {
			continue
		}
		t := s.MustGet(id)
		c, unit, err := parseID(id)
		if err != nil {
			return &tables.Error{File: t.File, Line: t.Line, Msg: fmt.Sprintf("learnt table %s: %v", id, err)}
		}
		need := []string{c.BoatTable()}
		if unit == "" {
			need = need[:0]
			for _, u := range c.UnitTypes() {
				need = append(need, c.UnitTable(u))
			}
		}
		for _, n := range need {
			if _, ok := s.Get(n); !ok {
				return &tables.Error{File: t.File, Line: t.Line, Msg: fmt.Sprintf("learnt table %s: no table %s beside it: a cell's tables are learnt and loaded together (%s and its units' tables)", id, n, c.BoatTable())}
			}
		}
	}
	return nil
}
