package paukenschlag

import (
	"strings"
	"testing"
)

// 5.5: a square is ROW-COLUMN, each 1 to 10, or off.
func TestParseSquare(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"3-7", "3-7", ""},
		{"10-10", "10-10", ""},
		{"03-7", "3-7", ""},
		{"OFF", "off", ""},
		{"0-7", "", "not a square"},
		{"11-2", "", "not a square"},
		{"3", "", "not a square"},
		{"3-", "", "not a square"},
		{"a-b", "", "not a square"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseSquare(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("parseSquare(%q) = %q, %v, want an error %q", tc.in, got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("parseSquare(%q) = %q, %v, want %q", tc.in, got, err, tc.want)
			}
		})
	}
}

// The square and unit-list parsers never panic, and a square they accept
// reads back as itself.
func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"3-7", "off", "10-10", "-1-2", "99999999999999999999-1", "U-84,C2 DD1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := parseSquare(s)
		if err == nil {
			again, err := parseSquare(got)
			if err != nil || again != got {
				t.Fatalf("%q reads %q, which reads %q, %v", s, got, again, err)
			}
		}
		for _, w := range splitList(s) {
			if w == "" || strings.ContainsAny(w, ", ") {
				t.Fatalf("splitList(%q) gave %q", s, w)
			}
		}
	})
}
