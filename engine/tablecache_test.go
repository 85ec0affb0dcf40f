package engine

import (
	"strings"
	"testing"
)

// The table cache finds every table of the set by any string that names
// it, whether it was asked before or not, whichever entries collide.
func TestTableCacheFindsByAnyString(t *testing.T) {
	g, err := New(Config{Def: toyDef(t), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	c := &g.ctx
	ids := c.tabs.IDs()
	for round := range 3 {
		for _, id := range ids {
			for _, s := range []string{id, strings.Clone(id), strings.ToLower(id)} {
				tb, ok := c.table(s)
				if want, _ := c.tabs.Get(s); !ok || tb != want {
					t.Fatalf("round %d: table(%q) = %v, %v; want %v", round, s, tb, ok, want)
				}
			}
		}
	}
	if tb, ok := c.table("NO-SUCH-TABLE"); ok || tb != nil {
		t.Errorf("table(NO-SUCH-TABLE) = %v, %v", tb, ok)
	}
	// A different string of the same id at every roll: the entries fill
	// up and are let go, again and again.
	for range 5 * tableCacheSize {
		s := strings.Clone(ids[0])
		if tb, ok := c.table(s); !ok || tb.ID != ids[0] {
			t.Fatalf("table(%q) = %v, %v", s, tb, ok)
		}
	}
}
