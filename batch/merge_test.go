package batch

import (
	"bytes"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

// game is a made-up score of seed s: enough distinct values and words that
// order and exactness show.
func game(s uint64) []gamelog.Field {
	end := []string{"completed", "killed", "relieved"}[s*7%3]
	return []gamelog.Field{gamelog.Int("vp", int(s*37%101)-20), gamelog.Str("end", end), gamelog.Bool("badge", s%5 == 0)}
}

func study(t *testing.T, span Span, shard *Shard) *File {
	t.Helper()
	a := NewAggregate()
	for s := span.First; s < span.First+span.Count; s++ {
		a.Add(game(s))
	}
	prov := Provenance{Program: "test", Game: "toy", By: "x", Study: Span{100, 1000}, Shard: shard}
	return NewFile(prov, []Span{span}, false, a)
}

func encode(t *testing.T, f *File) string {
	t.Helper()
	var b bytes.Buffer
	if err := f.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func parts(t *testing.T, n int) []Part {
	t.Helper()
	var ps []Part
	for i := range n {
		sh := &Shard{i, n}
		f := study(t, ShardSpan(Span{100, 1000}, i, n), sh)
		// Through JSON, as merge reads them.
		back, err := ReadFile("p", strings.NewReader(encode(t, f)))
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, Part{Name: "part" + string(rune('0'+i)) + ".json", File: back})
	}
	return ps
}

// The shards of a study merged, in any order, are the file of one run of
// the whole study, byte for byte.
func TestMergeEqualsWhole(t *testing.T) {
	whole := encode(t, study(t, Span{100, 1000}, nil))
	for _, n := range []int{1, 3, 4, 7} {
		ps := parts(t, n)
		// Reversed: merge sorts the parts by their seeds.
		for i, j := 0, len(ps)-1; i < j; i, j = i+1, j-1 {
			ps[i], ps[j] = ps[j], ps[i]
		}
		m, err := Merge(ps, false)
		if err != nil {
			t.Fatalf("%d shards: %v", n, err)
		}
		if got := encode(t, m); got != whole {
			t.Errorf("%d shards merged differ from the whole:\n%s\nwant\n%s", n, got, whole)
		}
	}
}

func TestMergeRefuses(t *testing.T) {
	other := parts(t, 4)
	other[2].File.Provenance.Tables = "sha256:other"
	partial := parts(t, 4)
	partial[1].File.Partial = true
	for _, c := range []struct {
		name  string
		parts []Part
		want  string
	}{
		{"missing", parts(t, 4)[:3], "seeds 850..1099 of the study 100..1099 are in no part"},
		{"overlap", append(parts(t, 4), parts(t, 4)[1]), "part1.json and part1.json both hold seeds 350..599"},
		{"provenance", other, `part2.json does not belong with part0.json: its tables is "sha256:other", not ""`},
		{"partial", partial, "part1.json is partial"},
		{"none", nil, "nothing to merge"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Merge(c.parts, false)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Merge: %v, want %q", err, c.want)
			}
		})
	}
	m, err := Merge(parts(t, 4)[:3], true)
	if err != nil || !m.Partial || m.Runs != 750 {
		t.Errorf("--partial: %v, partial %v, runs %d", err, m != nil && m.Partial, m.Runs)
	}
}

// The quantiles read off an exact histogram are those of the sorted values.
func TestQuantilesFromHistogram(t *testing.T) {
	a := NewAggregate()
	var vals []int
	for s := uint64(1); s <= 997; s++ {
		f := game(s)
		a.Add(f)
		vals = append(vals, f[0].Val.I)
	}
	sorted := append([]int(nil), vals...)
	for i := range sorted {
		for j := i + 1; j < len(sorted); j++ {
			if sorted[j] < sorted[i] {
				sorted[i], sorted[j] = sorted[j], sorted[i]
			}
		}
	}
	n := a.Numbers()[0]
	for _, c := range []struct {
		name string
		got  int
		p    float64
	}{{"p10", n.P10, .1}, {"median", n.Median, .5}, {"p90", n.P90, .9}} {
		if want := Quantile(sorted, c.p); c.got != want {
			t.Errorf("%s = %d, want %d", c.name, c.got, want)
		}
	}
	if n.Min != sorted[0] || n.Max != sorted[len(sorted)-1] || n.N != 997 {
		t.Errorf("min %d max %d n %d", n.Min, n.Max, n.N)
	}
}

func TestReadFileRefuses(t *testing.T) {
	good := encode(t, study(t, Span{100, 10}, nil))
	for _, c := range []struct{ name, in, want string }{
		{"not json", "hello", "not a result file"},
		{"format", strings.Replace(good, `"schnell-sim"`, `"other"`, 1), `format "other"`},
		{"version", strings.Replace(good, `"version": 1`, `"version": 9`, 1), "version 9"},
		{"runs", strings.Replace(good, `"runs": 10`, `"runs": 11`, 1), "runs 11, but its seeds hold 10 games"},
		{"bin", strings.Replace(good, `[-20, 1]`, `[-20, 0]`, 1), "at least one game"},
		{"unknown", strings.Replace(good, `"runs"`, `"extra": 1, "runs"`, 1), "unknown field"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.in == good {
				t.Fatal("the case changes nothing")
			}
			_, err := ReadFile("r.json", strings.NewReader(c.in))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "r.json") {
				t.Errorf("ReadFile: %v, want r.json: …%s…", err, c.want)
			}
		})
	}
}

// FuzzReadFile: no input panics ReadFile, and what it accepts writes back
// and reads again.
func FuzzReadFile(f *testing.F) {
	f.Add([]byte(encodeF(f)))
	f.Add([]byte(`{"format":"schnell-sim","version":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadFile("f", bytes.NewReader(data))
		if err != nil {
			return
		}
		if _, err := Merge([]Part{{"f", r}}, true); err != nil {
			return
		}
	})
}

func encodeF(f *testing.F) string {
	a := NewAggregate()
	for s := uint64(1); s <= 5; s++ {
		a.Add(game(s))
	}
	var b bytes.Buffer
	NewFile(Provenance{Study: Span{1, 5}}, []Span{{1, 5}}, false, a).WriteJSON(&b)
	return b.String()
}

// Only a partial result of the very same run may be replaced by its retry
// (issue 27, item 6); a partial file of no games reads back, so that a
// shard stopped before its first game is retried too.
func TestReplaceable(t *testing.T) {
	sh := &Shard{Index: 1, Count: 4}
	prov := Provenance{Program: "test", Game: "toy", By: "x", Study: Span{100, 1000}, Shard: sh}
	a := NewAggregate()
	a.Add(game(350))
	mine := NewFile(prov, []Span{{350, 1}}, true, a)
	empty := NewFile(prov, []Span{{350, 0}}, true, NewAggregate())
	back, err := ReadFile("empty.json", strings.NewReader(encode(t, empty)))
	if err != nil {
		t.Fatalf("a partial result of no games does not read back: %v", err)
	}
	other := prov
	other.Options = []gamelog.Option{{Name: "campaign", Value: "long"}}
	otherShard := prov
	otherShard.Shard = &Shard{Index: 2, Count: 4}
	whole := prov
	whole.Shard = nil
	complete := study(t, Span{350, 250}, sh)
	for _, c := range []struct {
		name string
		old  *File
		prov Provenance
		want string
	}{
		{"its own partial", mine, prov, ""},
		{"its own partial of no games", back, prov, ""},
		{"another study", mine, other, `is a result of another study: its options is null, not [{"name":"campaign","value":"long"}]`},
		{"another shard", mine, otherShard, "is the result of shard 1/4, not of shard 2/4"},
		{"the whole study", mine, whole, "is the result of shard 1/4, not of the whole study"},
		{"complete", complete, prov, "holds the complete result (250 games) of shard 1/4"},
	} {
		err := Replaceable(c.old, c.prov)
		if (c.want == "") != (err == nil) || (err != nil && err.Error() != c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
