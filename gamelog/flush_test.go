package gamelog_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

func TestShorten(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"0123456789abc", 10, "0123456789… (13 bytes in all)"},
		{"ééééé", 3, "é… (10 bytes in all)"}, // never cuts a rune
	} {
		if got := gamelog.Shorten(c.in, c.n); got != c.want {
			t.Errorf("Shorten(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

// The Writer hands lines to the file once more than FlushBytes wait, so a
// process killed at any moment has at most FlushBytes and one line of its
// log unwritten; with FlushEvery(w, 0), at most the line being written.
func TestWriterFlushBound(t *testing.T) {
	for _, limit := range []int{-1, 0, 100, 4096} {
		t.Run(fmt.Sprint(limit), func(t *testing.T) {
			var w writes
			var dst = gamelog.FlushEvery(&w, limit)
			if limit < 0 {
				dst, limit = &w, gamelog.FlushBytes
			}
			lw := gamelog.NewWriter(dst, testHeader())
			if len(w.calls) != 1 {
				t.Fatalf("the header waits in the buffer: %d writes", len(w.calls))
			}
			appended, longest := 0, 0
			for i := range 3000 {
				ev := gamelog.Event{Seq: i + 1, Type: "tick", Fields: []gamelog.Field{gamelog.Str("pad", strings.Repeat("x", i%300))}}
				n := len(ev.AppendJSON(nil)) + 1
				appended += n
				longest = max(longest, n)
				if err := lw.Append(&ev); err != nil {
					t.Fatal(err)
				}
				written := -len(w.calls[0])
				for _, c := range w.calls {
					written += len(c)
				}
				if wait := appended - written; wait > limit {
					t.Fatalf("after event %d: %d bytes wait, more than %d", i+1, wait, limit)
				}
			}
		})
	}
}
