// Package batch summarises many games played to their end: what each game
// declares it scores (engine.Definition.Score) is added up as the games
// finish (exact histograms for numbers, counts for words), written as a
// result file that shards of one study can be merged from, printed as
// means and quantiles, and written as one CSV row per game. It knows no
// game.
package batch

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Result is the score of one game.
type Result struct {
	Seed   uint64
	Fields []gamelog.Field
}

// Format and Version name the result file's format (docs/sim-results.md).
const (
	Format  = "schnell-sim"
	Version = 1
)

// File is the result of a batch of games: what produced it, which seeds it
// played, the exact histograms and counts, and summaries derived from them.
// Its JSON is the result file (`sim --out`, `sim --json`, `sim merge`).
type File struct {
	Format     string     `json:"format"`
	Version    int        `json:"version"`
	Partial    bool       `json:"partial"` // stopped before all its seeds were played
	Provenance Provenance `json:"provenance"`
	Seeds      []Span     `json:"seeds"` // the seeds played
	Runs       int64      `json:"runs"`
	Numbers    []Number   `json:"numbers"`
	Words      []Words    `json:"words"`
}

// Provenance is what produced a result file: parts of one study have the
// same provenance but for their shard.
type Provenance struct {
	Program string           `json:"program"`
	Game    string           `json:"game"`
	Options []gamelog.Option `json:"options"`
	Tables  string           `json:"tables"` // digest of the tables played
	By      string           `json:"by"`     // who took the decisions
	Script  *Script          `json:"script,omitempty"`
	Sides   []string         `json:"sides,omitempty"` // --side as given
	Study   Span             `json:"study"`           // the seeds of the whole study
	Shard   *Shard           `json:"shard,omitempty"` // nil: the whole study
}

// Script names the script that took the decisions and its content's hash.
type Script struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
}

// Shard is one part of a study: Index from 0 to Count-1.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Span is the seeds First, First+1, … First+Count-1.
type Span struct {
	First uint64 `json:"first"`
	Count uint64 `json:"count"`
}

func (s Span) String() string {
	if s.Count == 0 {
		return "none"
	}
	return fmt.Sprintf("%d..%d", s.First, s.First+s.Count-1)
}

// ShardSpan is shard i of n of a study: a contiguous block of its seeds.
func ShardSpan(study Span, i, n int) Span {
	lo := study.Count * uint64(i) / uint64(n)
	hi := study.Count * uint64(i+1) / uint64(n)
	return Span{First: study.First + lo, Count: hi - lo}
}

// Number is the distribution of one scored number: its exact histogram
// and what is derived from it.
type Number struct {
	Name      string  `json:"name"`
	N         int64   `json:"n"` // games that scored it
	Mean      float64 `json:"mean"`
	Min       int     `json:"min"`
	P10       int     `json:"p10"`
	Median    int     `json:"median"`
	P90       int     `json:"p90"`
	Max       int     `json:"max"`
	Histogram []Bin   `json:"histogram"` // by value
}

// Bin is how many games scored one value; in JSON, [value, n].
type Bin struct {
	Value int
	N     int64
}

func (b Bin) MarshalJSON() ([]byte, error) {
	return []byte("[" + strconv.Itoa(b.Value) + "," + strconv.FormatInt(b.N, 10) + "]"), nil
}

func (b *Bin) UnmarshalJSON(data []byte) error {
	var p []int64
	if err := json.Unmarshal(data, &p); err != nil || len(p) != 2 {
		return fmt.Errorf("a histogram bin is [value, count], not %s", gamelog.Shorten(string(data), 40))
	}
	if p[1] < 1 {
		return fmt.Errorf("a histogram bin counts at least one game, not %d", p[1])
	}
	b.Value, b.N = int(p[0]), p[1]
	return nil
}

// Words counts the values of one scored word (or yes/no).
type Words struct {
	Name   string  `json:"name"`
	Counts []Count `json:"counts"` // in order of first appearance by seed
}

// Count is how many games scored one word.
type Count struct {
	Word string `json:"word"`
	N    int64  `json:"n"`
}

// NewFile makes the result file of an aggregate.
func NewFile(prov Provenance, seeds []Span, partial bool, a *Aggregate) *File {
	f := &File{Format: Format, Version: Version, Partial: partial, Provenance: prov, Seeds: coalesce(seeds), Runs: a.Runs, Numbers: a.Numbers(), Words: a.Words()}
	if f.Seeds == nil {
		f.Seeds = []Span{}
	}
	return f
}

// Summarize gathers results (in seed order) into a file without provenance
// beyond the game, its options and who played: `auto --runs`.
func Summarize(game string, opts []gamelog.Option, by string, results []Result) *File {
	a := NewAggregate()
	var seeds []Span
	for _, r := range results {
		a.Add(r.Fields)
		seeds = append(seeds, Span{r.Seed, 1})
	}
	return NewFile(Provenance{Game: game, Options: opts, By: by}, seeds, false, a)
}

// coalesce sorts spans and joins those that touch.
func coalesce(spans []Span) []Span {
	var out []Span
	s := slices.Clone(spans)
	slices.SortFunc(s, func(a, b Span) int {
		switch {
		case a.First < b.First:
			return -1
		case a.First > b.First:
			return 1
		}
		return 0
	})
	for _, x := range s {
		if x.Count == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].First+out[n-1].Count == x.First {
			out[n-1].Count += x.Count
			continue
		}
		out = append(out, x)
	}
	return out
}

// WriteJSON writes the result file: indented JSON, a histogram's bins one
// to a line, and a newline.
func (f *File) WriteJSON(w io.Writer) error {
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	data = binRE.ReplaceAll(data, []byte("[$1, $2]"))
	_, err = w.Write(append(data, '\n'))
	return err
}

var binRE = regexp.MustCompile(`\[\s+(-?\d+),\s+(-?\d+)\s+\]`)

// Quantile of sorted values (nearest rank below).
func Quantile(sorted []int, p float64) int {
	return sorted[int(p*float64(len(sorted)-1))]
}

// Print writes the summary: one line per number, one per word.
func (s *File) Print(w io.Writer) {
	var o []string
	for _, x := range s.Provenance.Options {
		o = append(o, x.Name+"="+x.Value)
	}
	opts := ""
	if len(o) > 0 {
		opts = " (" + strings.Join(o, " ") + ")"
	}
	fmt.Fprintf(w, "%d games of %s%s, decisions by %s\n", s.Runs, s.Provenance.Game, opts, s.Provenance.By)
	if s.Runs == 0 {
		return
	}
	width := 0
	for _, n := range s.Numbers {
		width = max(width, len(n.Name))
	}
	for _, x := range s.Words {
		width = max(width, len(x.Name))
	}
	for _, n := range s.Numbers {
		fmt.Fprintf(w, "  %-*s  mean %.2f; min %d, p10 %d, median %d, p90 %d, max %d\n", width, n.Name, n.Mean, n.Min, n.P10, n.Median, n.P90, n.Max)
	}
	for _, x := range s.Words {
		parts := make([]string, len(x.Counts))
		for i, c := range x.Counts {
			parts[i] = fmt.Sprintf("%s %.1f%%", c.Word, 100*float64(c.N)/float64(s.Runs))
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, x.Name, strings.Join(parts, ", "))
	}
}

// Histogram writes a terminal histogram of the number called name in 10
// bins (nothing if the batch has no such number).
func (s *File) Histogram(w io.Writer, name string) {
	i := slices.IndexFunc(s.Numbers, func(n Number) bool { return n.Name == name })
	if i < 0 || len(s.Numbers[i].Histogram) == 0 {
		return
	}
	n := s.Numbers[i]
	lo, hi := n.Min, n.Max
	width := max(1, (hi-lo+10)/10)
	var bins [10]int64
	for _, b := range n.Histogram {
		bins[min(9, (b.Value-lo)/width)] += b.N
	}
	most := slices.Max(bins[:])
	fmt.Fprintf(w, "%s histogram:\n", name)
	for i, c := range bins {
		bar := strings.Repeat("#", int(c*50/max(most, 1)))
		fmt.Fprintf(w, "  %6d..%-6d %6d %s\n", lo+i*width, lo+(i+1)*width-1, c, bar)
	}
}

// CSVWriter writes one row per game as the games come: the seed, then each
// scored field, under a header of the fields' names (those of the first
// game).
type CSVWriter struct {
	cw   *csv.Writer
	head bool
	row  []string
}

// NewCSVWriter writes to w.
func NewCSVWriter(w io.Writer) *CSVWriter { return &CSVWriter{cw: csv.NewWriter(w)} }

// Write writes r's row (and the header before the first).
func (c *CSVWriter) Write(r Result) error {
	if !c.head {
		c.head = true
		c.row = append(c.row[:0], "seed")
		for _, f := range r.Fields {
			c.row = append(c.row, f.Key)
		}
		c.cw.Write(c.row)
	}
	c.row = append(c.row[:0], strconv.FormatUint(r.Seed, 10))
	for _, f := range r.Fields {
		c.row = append(c.row, cell(f.Val))
	}
	c.cw.Write(c.row)
	return c.cw.Error()
}

// Flush writes what is buffered.
func (c *CSVWriter) Flush() error {
	c.cw.Flush()
	return c.cw.Error()
}

// WriteCSV writes one row per result (see CSVWriter).
func WriteCSV(w io.Writer, results []Result) error {
	c := NewCSVWriter(w)
	for _, r := range results {
		if err := c.Write(r); err != nil {
			return err
		}
	}
	return c.Flush()
}

func cell(v gamelog.Value) string {
	switch v.Kind {
	case gamelog.KInt:
		return strconv.Itoa(v.I)
	case gamelog.KBool:
		return strconv.FormatBool(v.B)
	case gamelog.KStr:
		return v.S
	}
	return ""
}
