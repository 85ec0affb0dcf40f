package batch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
)

// MaxFileBytes bounds a result file read back (a study of Schnell Boats
// writes a few kilobytes whatever its size).
const MaxFileBytes = 64 << 20

// Bounds of what a result file may hold, so that its sums stay exact in
// int64: a study of at most 2^40 games, scores within ±2^20.
const (
	maxStudy = 1 << 40
	maxValue = 1 << 20
)

// ReadFile reads a result file; name is used in messages.
func ReadFile(name string, r io.Reader) (*File, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: more than %d MiB: not a result file of schnell sim", name, MaxFileBytes>>20)
	}
	var f File
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: not a result file of schnell sim (schnell sim --out FILE writes one): %w", name, err)
	}
	if f.Format != Format {
		return nil, fmt.Errorf("%s: format %q, want %q (schnell sim --out FILE writes one)", name, f.Format, Format)
	}
	if f.Version != Version {
		return nil, fmt.Errorf("%s: version %d of %s; this schnell reads version %d", name, f.Version, Format, Version)
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &f, nil
}

// check is what a result file must hold together: its seeds within its
// study, as many games as seeds, histograms by value that count no more
// games than it played.
func (f *File) check() error {
	if st := f.Provenance.Study; st.Count > maxStudy || st.First+st.Count < st.First {
		return fmt.Errorf("the study's seeds %s: at most %d games from a seed that leaves room for them", st, uint64(maxStudy))
	}
	var seeds uint64
	for i, s := range f.Seeds {
		if s.Count == 0 || s.First < f.Provenance.Study.First || s.First+s.Count > f.Provenance.Study.First+f.Provenance.Study.Count || s.First+s.Count < s.First {
			return fmt.Errorf("seeds %s are not within the study's seeds %s", s, f.Provenance.Study)
		}
		if i > 0 && f.Seeds[i-1].First+f.Seeds[i-1].Count > s.First {
			return fmt.Errorf("seeds %s and %s are out of order or overlap", f.Seeds[i-1], s)
		}
		seeds += s.Count
	}
	if seeds != uint64(f.Runs) || f.Runs < 0 {
		return fmt.Errorf("runs %d, but its seeds hold %d games", f.Runs, seeds)
	}
	if sh := f.Provenance.Shard; sh != nil && (sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count) {
		return fmt.Errorf("shard %d/%d: the index runs from 0 to the count less one", sh.Index, sh.Count)
	}
	for _, n := range f.Numbers {
		var total int64
		for i, b := range n.Histogram {
			if b.Value > maxValue || b.Value < -maxValue {
				return fmt.Errorf("the histogram of %s holds %d, beyond ±%d", n.Name, b.Value, maxValue)
			}
			if i > 0 && n.Histogram[i-1].Value >= b.Value {
				return fmt.Errorf("the histogram of %s is not in order of value at %d", n.Name, b.Value)
			}
			total += b.N
			if total > f.Runs || total < 0 {
				return fmt.Errorf("the histogram of %s counts more games than the %d played", n.Name, f.Runs)
			}
		}
	}
	for _, w := range f.Words {
		var total int64
		for _, c := range w.Counts {
			total += c.N
			if c.N < 1 || total > f.Runs {
				return fmt.Errorf("the counts of %s do not add up to at most the %d games played", w.Name, f.Runs)
			}
		}
	}
	return nil
}

// Part is a result file to merge and the name it was read from.
type Part struct {
	Name string
	File *File
}

// Merge adds up the parts of one study exactly. It refuses parts of
// different studies (provenance but for the shard), parts whose seeds
// overlap, and (unless partial) a partial part or seeds of the study no
// part played; each error names the file. The merge of all the shards of a
// study is the file one run of the whole study writes.
func Merge(parts []Part, partial bool) (*File, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("nothing to merge: name the result files")
	}
	base := parts[0]
	for _, p := range parts {
		if p.File.Partial && !partial {
			return nil, fmt.Errorf("%s is partial (stopped after %d games, seeds %s): play the rest, or merge with --partial to accept the missing seeds", p.Name, p.File.Runs, spans(p.File.Seeds))
		}
		if p.Name != base.Name {
			if field, a, b := differ(base.File.Provenance, p.File.Provenance); field != "" {
				return nil, fmt.Errorf("%s does not belong with %s: its %s is %s, not %s", p.Name, base.Name, field, b, a)
			}
		}
	}
	// In seed order; then each seed is in at most one part.
	sorted := slices.Clone(parts)
	slices.SortStableFunc(sorted, func(a, b Part) int {
		return cmpFirst(a.File, b.File)
	})
	type owned struct {
		Span
		name string
	}
	var all []owned
	for _, p := range sorted {
		for _, s := range p.File.Seeds {
			all = append(all, owned{s, p.Name})
		}
	}
	slices.SortStableFunc(all, func(a, b owned) int { return cmpU(a.First, b.First) })
	for i := 1; i < len(all); i++ {
		if prev := all[i-1]; prev.First+prev.Count > all[i].First {
			lo := all[i].First
			hi := min(prev.First+prev.Count, all[i].First+all[i].Count) - 1
			return nil, fmt.Errorf("%s and %s both hold seeds %d..%d: a study's parts share no seed", prev.name, all[i].name, lo, hi)
		}
	}
	var seeds []Span
	for _, o := range all {
		seeds = append(seeds, o.Span)
	}
	seeds = coalesce(seeds)
	study := base.File.Provenance.Study
	missing := gaps(study, seeds)
	if len(missing) > 0 && !partial {
		return nil, fmt.Errorf("seeds %s of the study %s are in no part: add the missing shards' files, or merge with --partial", spans(missing), study)
	}
	agg := NewAggregate()
	anyPartial := len(missing) > 0
	for _, p := range sorted {
		agg.merge(aggregateOf(p.File.Runs, p.File.Numbers, p.File.Words))
		anyPartial = anyPartial || p.File.Partial
	}
	prov := base.File.Provenance
	prov.Shard = nil
	return NewFile(prov, seeds, anyPartial, agg), nil
}

func cmpFirst(a, b *File) int {
	fa, fb := a.Provenance.Study.First+a.Provenance.Study.Count, b.Provenance.Study.First+b.Provenance.Study.Count
	if len(a.Seeds) > 0 {
		fa = a.Seeds[0].First
	}
	if len(b.Seeds) > 0 {
		fb = b.Seeds[0].First
	}
	return cmpU(fa, fb)
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// gaps are the seeds of study that no span holds (spans sorted, joined).
func gaps(study Span, seeds []Span) []Span {
	var out []Span
	at := study.First
	end := study.First + study.Count
	for _, s := range seeds {
		if s.First > at {
			out = append(out, Span{at, s.First - at})
		}
		at = max(at, s.First+s.Count)
	}
	if at < end {
		out = append(out, Span{at, end - at})
	}
	return out
}

func spans(s []Span) string {
	if len(s) == 0 {
		return "none"
	}
	var b bytes.Buffer
	for i, x := range s {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(x.String())
	}
	return b.String()
}

// differ names the first field of provenance (but the shard) in which a
// and b differ, with the two values as JSON.
func differ(a, b Provenance) (field, va, vb string) {
	ra, rb := reflect.ValueOf(a), reflect.ValueOf(b)
	t := ra.Type()
	for i := range t.NumField() {
		name := t.Field(i).Tag.Get("json")
		if j := bytes.IndexByte([]byte(name), ','); j >= 0 {
			name = name[:j]
		}
		if name == "shard" {
			continue
		}
		x, y := ra.Field(i).Interface(), rb.Field(i).Interface()
		if !reflect.DeepEqual(x, y) {
			jx, _ := json.Marshal(x)
			jy, _ := json.Marshal(y)
			return name, string(jx), string(jy)
		}
	}
	return "", "", ""
}

// Replaceable says whether a run of prov may write its result over old,
// the file already at its --out name: only when old is a partial result of
// the very same run (provenance and shard alike), stopped by Ctrl-C,
// SIGTERM or a failed game, so that a job engine's retry of the same
// command replaces it. A complete result, or another study's or another
// shard's, is never replaced (the error says which).
func Replaceable(old *File, prov Provenance) error {
	if field, a, b := differ(prov, old.Provenance); field != "" {
		return fmt.Errorf("is a result of another study: its %s is %s, not %s", field, b, a)
	}
	if !reflect.DeepEqual(old.Provenance.Shard, prov.Shard) {
		return fmt.Errorf("is the result of %s, not of %s", shardName(old.Provenance.Shard), shardName(prov.Shard))
	}
	if !old.Partial {
		return fmt.Errorf("holds the complete result (%d games) of %s", old.Runs, shardName(prov.Shard))
	}
	return nil
}

func shardName(s *Shard) string {
	if s == nil {
		return "the whole study"
	}
	return fmt.Sprintf("shard %d/%d", s.Index, s.Count)
}
