package batch

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

func results() []Result {
	var rs []Result
	for i := 1; i <= 10; i++ {
		end := "completed"
		if i%4 == 0 {
			end = "killed"
		}
		rs = append(rs, Result{Seed: uint64(i), Fields: []gamelog.Field{gamelog.Int("vp", i*10), gamelog.Str("end", end), gamelog.Bool("badge", i > 8)}})
	}
	return rs
}

// Numbers get the mean and the quantiles of their sorted values; words and
// booleans get counts in order of first appearance.
func TestSummarize(t *testing.T) {
	s := Summarize("toy", []gamelog.Option{{Name: "legs", Value: "4"}}, "the reference player", results())
	if len(s.Numbers) != 1 || len(s.Words) != 2 {
		t.Fatalf("numbers %v, words %v", s.Numbers, s.Words)
	}
	n := s.Numbers[0]
	if n.Mean != 55 || n.Min != 10 || n.P10 != 10 || n.Median != 50 || n.P90 != 90 || n.Max != 100 {
		t.Errorf("vp = %+v, want mean 55, min 10, p10 10, median 50, p90 90, max 100", n)
	}
	if got := s.Words[0].Counts; len(got) != 2 || got[0] != (Count{"completed", 8}) || got[1] != (Count{"killed", 2}) {
		t.Errorf("end counts = %v", got)
	}
	if got := s.Words[1].Counts; got[0] != (Count{"false", 8}) || got[1] != (Count{"true", 2}) {
		t.Errorf("badge counts = %v", got)
	}
	var b bytes.Buffer
	s.Print(&b)
	s.Histogram(&b, "vp")
	for _, want := range []string{"10 games of toy (legs=4), decisions by the reference player", "vp     mean 55.00; min 10, p10 10, median 50, p90 90, max 100", "end    completed 80.0%, killed 20.0%", "vp histogram:"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the summary lacks %q:\n%s", want, b.String())
		}
	}
}

func TestWriteCSV(t *testing.T) {
	var b bytes.Buffer
	if err := WriteCSV(&b, results()[:2]); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "seed,vp,end,badge\n1,10,completed,false\n2,20,completed,false\n"; got != want {
		t.Errorf("WriteCSV = %q, want %q", got, want)
	}
}

// An empty batch (every game failed, or an interrupted sim) prints its
// count and nothing else, without a panic.
func TestEmpty(t *testing.T) {
	s := Summarize("toy", nil, "x", nil)
	var b bytes.Buffer
	s.Print(&b)
	s.Histogram(&b, "vp")
	if !strings.HasPrefix(b.String(), "0 games of toy") {
		t.Errorf("empty summary: %q", b.String())
	}
}
