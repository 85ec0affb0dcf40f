package schnellboats

import "testing"

// Issue 25 item 4: unit ids and encounter kinds read as words at the
// prompt, while a command in backquotes keeps the id as it is typed.
func TestProseWordsIDs(t *testing.T) {
	for in, want := range map[string]string{
		"light_cruiser-1 fires (gun) at SB4":                "light cruiser-1 fires (gun) at SB4",
		"Enter: `fire light_cruiser-2` at light_cruiser-2.": "Enter: `fire light_cruiser-2` at light cruiser-2.",
		"merchant-1 (average)":                              "merchant-1 (average)",
	} {
		if got := prose(in); got != want {
			t.Errorf("prose(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"mgb_patrol": "MGB patrol", "mtb_patrol": "MTB patrol", "light_cruiser-1": "light cruiser-1", "SB2": "SB2"} {
		if got := rollFor(in); got != want {
			t.Errorf("rollFor(%q) = %q, want %q", in, got, want)
		}
	}
}
