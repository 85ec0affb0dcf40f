package schnellboats

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Batch is the statistics of many campaigns played by the reference
// Kommandant: the baseline for balance and for scripts.
type Batch struct {
	Options     []gamelog.Option
	Runs        int
	VP          []int // sorted
	Grades      [7]int
	WarBadge    int
	BoatsLost   []int
	CrewKIA     []int
	Missions    []int
	Success     int // successful missions in all
	Flown       int
	Ends        map[string]int
	Ratings     map[string]int
	Sunk        int
	SunkBy      map[string]int
	Engagements int
	Played      int // missions played through (not abstract)
}

// Record is one finished campaign, for statistics and CSV.
type Record struct {
	Seed                                  uint64
	VP, Grade                             int
	WarBadge                              bool
	Missions, Successful, Abstract        int
	BoatsLost, CrewKilled, Sunk, Aircraft int
	Engagements                           int
	SunkBy                                map[string]int
	End, Rating                           string
}

// RecordOf summarises a finished campaign.
func RecordOf(seed uint64, c *Campaign) Record {
	r := Record{Seed: seed, VP: c.VP, Grade: c.Grade, WarBadge: c.WarBadge, Missions: c.Stats.Missions,
		Successful: c.Stats.Successful, Abstract: c.Stats.Abstract, BoatsLost: c.Stats.BoatsLost,
		CrewKilled: c.Stats.CrewKilled, Aircraft: c.Stats.Aircraft, End: c.EndReason, Rating: c.Rating,
		Engagements: c.Stats.Engagements, SunkBy: map[string]int{}}
	for k, n := range c.Stats.Sunk {
		r.Sunk += n
		r.SunkBy[k] = n
	}
	return r
}

// RunMany plays runs campaigns with seeds first, first+1, … and gathers
// their statistics.
func RunMany(def *engine.Definition, opts []gamelog.Option, first uint64, runs int) (*Batch, error) {
	recs := make([]Record, 0, runs)
	for i := range runs {
		seed := first + uint64(i)
		g, err := engine.New(engine.Config{Def: def, Seed: seed, Options: opts})
		if err != nil {
			return nil, err
		}
		g.KeepHistory(false)
		g.CollectEvents(false)
		g.SetDecider(Reference{})
		if _, err := g.Step(engine.NoPause); err != nil {
			return nil, fmt.Errorf("seed %d: %w", seed, err)
		}
		c, err := CampaignOf(g)
		if err != nil {
			return nil, err
		}
		g.Close()
		recs = append(recs, RecordOf(seed, c))
	}
	return NewBatch(opts, recs), nil
}

// NewBatch gathers the statistics of records (in any order: the result
// depends only on the set).
func NewBatch(opts []gamelog.Option, recs []Record) *Batch {
	b := &Batch{Options: opts, Runs: len(recs), Ends: map[string]int{}, Ratings: map[string]int{}, SunkBy: map[string]int{}}
	for _, r := range recs {
		b.VP = append(b.VP, r.VP)
		b.Grades[r.Grade]++
		if r.WarBadge {
			b.WarBadge++
		}
		b.BoatsLost = append(b.BoatsLost, r.BoatsLost)
		b.CrewKIA = append(b.CrewKIA, r.CrewKilled)
		b.Missions = append(b.Missions, r.Missions)
		b.Success += r.Successful
		b.Flown += r.Missions
		b.Ends[r.End]++
		b.Ratings[r.Rating]++
		b.Sunk += r.Sunk
		b.Engagements += r.Engagements
		b.Played += r.Missions - r.Abstract
		for k, n := range r.SunkBy {
			b.SunkBy[k] += n
		}
	}
	slices.Sort(b.VP)
	slices.Sort(b.BoatsLost)
	slices.Sort(b.CrewKIA)
	slices.Sort(b.Missions)
	return b
}

// Histogram writes a terminal histogram of the VP in 10 bins.
func (b *Batch) Histogram(w io.Writer) {
	if len(b.VP) == 0 {
		return
	}
	lo, hi := b.VP[0], b.VP[len(b.VP)-1]
	width := max(1, (hi-lo+10)/10)
	var bins [10]int
	for _, v := range b.VP {
		bins[min(9, (v-lo)/width)]++
	}
	most := slices.Max(bins[:])
	fmt.Fprintln(w, "VP histogram:")
	for i, n := range bins {
		bar := strings.Repeat("#", n*50/max(most, 1))
		fmt.Fprintf(w, "  %6d..%-6d %6d %s\n", lo+i*width, lo+(i+1)*width-1, n, bar)
	}
}

func pct(n, of int) string { return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(max(of, 1))) }

// quantiles of a sorted slice: min, 10%, median, 90%, max, and the mean.
func quantiles(v []int) string {
	if len(v) == 0 {
		return "-"
	}
	q := func(p float64) int { return v[int(p*float64(len(v)-1))] }
	sum := 0
	for _, x := range v {
		sum += x
	}
	return fmt.Sprintf("min %d, p10 %d, median %d, p90 %d, max %d, mean %.1f", v[0], q(0.1), q(0.5), q(0.9), v[len(v)-1], float64(sum)/float64(len(v)))
}

// Print writes the batch's statistics.
func (b *Batch) Print(w io.Writer) {
	var o []string
	for _, x := range b.Options {
		o = append(o, x.Name+"="+x.Value)
	}
	fmt.Fprintf(w, "%d campaigns (%s), reference Kommandant\n", b.Runs, strings.Join(o, " "))
	fmt.Fprintf(w, "VP: %s\n", quantiles(b.VP))
	fmt.Fprintf(w, "Missions flown: %s; successful %s\n", quantiles(b.Missions), pct(b.Success, b.Flown))
	fmt.Fprintf(w, "Ships sunk per campaign: %.2f\n", float64(b.Sunk)/float64(max(b.Runs, 1)))
	fmt.Fprintf(w, "Engagements: %.2f per campaign, %.2f per mission played through; ships sunk per engagement:", float64(b.Engagements)/float64(max(b.Runs, 1)), float64(b.Engagements)/float64(max(b.Played, 1)))
	for _, t := range enemies {
		if n := b.SunkBy[t]; n > 0 {
			fmt.Fprintf(w, " %s %.3f;", t, float64(n)/float64(max(b.Engagements, 1)))
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Boats lost: %s\n", quantiles(b.BoatsLost))
	fmt.Fprintf(w, "Boat #1 crewmen killed: %s\n", quantiles(b.CrewKIA))
	names := []string{"none", "Iron Cross", "… Oak Leaves", "… Swords", "… Diamonds", "… Golden Oak Leaves", "War Badge with Diamonds"}
	fmt.Fprint(w, "Highest Iron Cross grade:")
	for g, n := range b.Grades {
		fmt.Fprintf(w, " %s %s;", names[g], pct(n, b.Runs))
	}
	fmt.Fprintf(w, " S-Boat War Badge %s\n", pct(b.WarBadge, b.Runs))
	fmt.Fprint(w, "Campaign end:")
	for _, k := range []string{"completed", "relieved", "court_martial", "killed"} {
		fmt.Fprintf(w, " %s %s;", k, pct(b.Ends[k], b.Runs))
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "Rating:")
	for _, k := range []string{"Disgrace", "Poor", "Adequate", "Good", "Excellent", "Legendary"} {
		fmt.Fprintf(w, " %s %s;", k, pct(b.Ratings[k], b.Runs))
	}
	fmt.Fprintln(w)
}
