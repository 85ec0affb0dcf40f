// Package batch summarises many games played to their end: what each game
// declares it scores (engine.Definition.Score) becomes means, quantiles
// and histograms for numbers, counts for words, and one CSV row per game.
// It knows no game.
package batch

import (
	"encoding/csv"
	"fmt"
	"io"
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

// Summary is the statistics of a batch of games.
type Summary struct {
	Game    string           `json:"game"`
	Options []gamelog.Option `json:"options"`
	By      string           `json:"by"` // who took the decisions
	Runs    int              `json:"runs"`
	Numbers []Number         `json:"numbers"`
	Words   []Words          `json:"words"`
}

// Number is the distribution of one scored number.
type Number struct {
	Name   string  `json:"name"`
	Mean   float64 `json:"mean"`
	Min    int     `json:"min"`
	P10    int     `json:"p10"`
	Median int     `json:"median"`
	P90    int     `json:"p90"`
	Max    int     `json:"max"`
	values []int   // sorted
}

// Words counts the values of one scored word (or yes/no).
type Words struct {
	Name   string  `json:"name"`
	Counts []Count `json:"counts"` // in order of first appearance by seed
}

// Count is how many games scored one word.
type Count struct {
	Word string `json:"word"`
	N    int    `json:"n"`
}

// Summarize gathers results (in seed order: the summary depends only on
// the set of results and that order).
func Summarize(game string, opts []gamelog.Option, by string, results []Result) *Summary {
	s := &Summary{Game: game, Options: opts, By: by, Runs: len(results)}
	num := map[string]int{}
	word := map[string]int{}
	for _, r := range results {
		for _, f := range r.Fields {
			switch f.Val.Kind {
			case gamelog.KInt:
				i, ok := num[f.Key]
				if !ok {
					i = len(s.Numbers)
					num[f.Key] = i
					s.Numbers = append(s.Numbers, Number{Name: f.Key})
				}
				s.Numbers[i].values = append(s.Numbers[i].values, f.Val.I)
			case gamelog.KStr, gamelog.KBool:
				w := f.Val.S
				if f.Val.Kind == gamelog.KBool {
					w = strconv.FormatBool(f.Val.B)
				}
				i, ok := word[f.Key]
				if !ok {
					i = len(s.Words)
					word[f.Key] = i
					s.Words = append(s.Words, Words{Name: f.Key})
				}
				s.Words[i].add(w)
			}
		}
	}
	for i := range s.Numbers {
		n := &s.Numbers[i]
		slices.Sort(n.values)
		v := n.values
		sum := 0
		for _, x := range v {
			sum += x
		}
		n.Mean = float64(sum) / float64(len(v))
		n.Min, n.P10, n.Median, n.P90, n.Max = v[0], Quantile(v, 0.1), Quantile(v, 0.5), Quantile(v, 0.9), v[len(v)-1]
	}
	return s
}

func (w *Words) add(word string) {
	for i := range w.Counts {
		if w.Counts[i].Word == word {
			w.Counts[i].N++
			return
		}
	}
	w.Counts = append(w.Counts, Count{Word: word, N: 1})
}

// Quantile of sorted values (nearest rank below).
func Quantile(sorted []int, p float64) int {
	return sorted[int(p*float64(len(sorted)-1))]
}

// Print writes the summary: one line per number, one per word.
func (s *Summary) Print(w io.Writer) {
	var o []string
	for _, x := range s.Options {
		o = append(o, x.Name+"="+x.Value)
	}
	opts := ""
	if len(o) > 0 {
		opts = " (" + strings.Join(o, " ") + ")"
	}
	fmt.Fprintf(w, "%d games of %s%s, decisions by %s\n", s.Runs, s.Game, opts, s.By)
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
func (s *Summary) Histogram(w io.Writer, name string) {
	i := slices.IndexFunc(s.Numbers, func(n Number) bool { return n.Name == name })
	if i < 0 {
		return
	}
	v := s.Numbers[i].values
	lo, hi := v[0], v[len(v)-1]
	width := max(1, (hi-lo+10)/10)
	var bins [10]int
	for _, x := range v {
		bins[min(9, (x-lo)/width)]++
	}
	most := slices.Max(bins[:])
	fmt.Fprintf(w, "%s histogram:\n", name)
	for i, n := range bins {
		bar := strings.Repeat("#", n*50/max(most, 1))
		fmt.Fprintf(w, "  %6d..%-6d %6d %s\n", lo+i*width, lo+(i+1)*width-1, n, bar)
	}
}

// WriteCSV writes one row per result: the seed, then each scored field,
// under a header of the fields' names (those of the first result).
func WriteCSV(w io.Writer, results []Result) error {
	cw := csv.NewWriter(w)
	if len(results) > 0 {
		head := []string{"seed"}
		for _, f := range results[0].Fields {
			head = append(head, f.Key)
		}
		cw.Write(head)
	}
	for _, r := range results {
		row := []string{strconv.FormatUint(r.Seed, 10)}
		for _, f := range r.Fields {
			row = append(row, cell(f.Val))
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
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
