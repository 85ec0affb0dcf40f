package batch

import (
	"slices"
	"strconv"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Aggregate adds up the scores of games as they finish: an exact histogram
// (value → count) for each scored number, a count for each word. Its size
// depends on how many distinct values the games score, not on how many
// games were played. Add the results in seed order: words and numbers keep
// the order in which they first appear.
type Aggregate struct {
	Runs    int64
	numbers []*hist
	words   []*tally
	numIdx  map[string]int
	wordIdx map[string]int
}

type hist struct {
	name   string
	counts map[int]int64
}

type tally struct {
	name   string
	counts []Count // in order of first appearance
}

// NewAggregate makes an empty aggregate.
func NewAggregate() *Aggregate {
	return &Aggregate{numIdx: map[string]int{}, wordIdx: map[string]int{}}
}

// Add counts one game's score.
func (a *Aggregate) Add(fields []gamelog.Field) {
	a.Runs++
	for _, f := range fields {
		switch f.Val.Kind {
		case gamelog.KInt:
			a.number(f.Key).counts[f.Val.I]++
		case gamelog.KStr:
			a.word(f.Key).add(f.Val.S, 1)
		case gamelog.KBool:
			a.word(f.Key).add(strconv.FormatBool(f.Val.B), 1)
		}
	}
}

func (a *Aggregate) number(name string) *hist {
	i, ok := a.numIdx[name]
	if !ok {
		i = len(a.numbers)
		a.numIdx[name] = i
		a.numbers = append(a.numbers, &hist{name: name, counts: map[int]int64{}})
	}
	return a.numbers[i]
}

func (a *Aggregate) word(name string) *tally {
	i, ok := a.wordIdx[name]
	if !ok {
		i = len(a.words)
		a.wordIdx[name] = i
		a.words = append(a.words, &tally{name: name})
	}
	return a.words[i]
}

func (t *tally) add(word string, n int64) {
	for i := range t.counts {
		if t.counts[i].Word == word {
			t.counts[i].N += n
			return
		}
	}
	t.counts = append(t.counts, Count{Word: word, N: n})
}

// merge adds b to a (b's games come after a's in seed order).
func (a *Aggregate) merge(b *Aggregate) {
	a.Runs += b.Runs
	for _, h := range b.numbers {
		into := a.number(h.name)
		for v, n := range h.counts {
			into.counts[v] += n
		}
	}
	for _, t := range b.words {
		into := a.word(t.name)
		for _, c := range t.counts {
			into.add(c.Word, c.N)
		}
	}
}

// Numbers are the distributions of the scored numbers, with their exact
// histograms and derived summaries, in order of first appearance.
func (a *Aggregate) Numbers() []Number {
	out := make([]Number, 0, len(a.numbers))
	for _, h := range a.numbers {
		out = append(out, numberOf(h.name, h.counts))
	}
	return out
}

// Words are the counts of the scored words, in order of first appearance.
func (a *Aggregate) Words() []Words {
	out := make([]Words, 0, len(a.words))
	for _, t := range a.words {
		out = append(out, Words{Name: t.name, Counts: slices.Clone(t.counts)})
	}
	return out
}

// numberOf derives the summaries of an exact histogram.
func numberOf(name string, counts map[int]int64) Number {
	n := Number{Name: name}
	for v, c := range counts {
		if c > 0 {
			n.Histogram = append(n.Histogram, Bin{v, c})
		}
	}
	slices.SortFunc(n.Histogram, func(a, b Bin) int { return a.Value - b.Value })
	n.derive()
	return n
}

// derive computes count, mean, min, quantiles and max from the histogram.
func (n *Number) derive() {
	var total, sum int64
	for _, b := range n.Histogram {
		total += b.N
		sum += int64(b.Value) * b.N
	}
	n.N = total
	if total == 0 {
		return
	}
	n.Mean = float64(sum) / float64(total)
	n.Min, n.Max = n.Histogram[0].Value, n.Histogram[len(n.Histogram)-1].Value
	n.P10, n.Median, n.P90 = n.quantile(0.1), n.quantile(0.5), n.quantile(0.9)
}

// quantile is the value at rank ⌊p·(n−1)⌋ of the sorted values (nearest
// rank below), read off the histogram.
func (n *Number) quantile(p float64) int {
	rank := int64(p * float64(n.N-1))
	var seen int64
	for _, b := range n.Histogram {
		seen += b.N
		if rank < seen {
			return b.Value
		}
	}
	return n.Max
}

// aggregateOf rebuilds an aggregate from a result file's numbers and words.
func aggregateOf(runs int64, nums []Number, words []Words) *Aggregate {
	a := NewAggregate()
	a.Runs = runs
	for _, n := range nums {
		h := a.number(n.Name)
		for _, b := range n.Histogram {
			h.counts[b.Value] += b.N
		}
	}
	for _, w := range words {
		t := a.word(w.Name)
		for _, c := range w.Counts {
			t.add(c.Word, c.N)
		}
	}
	return a
}
