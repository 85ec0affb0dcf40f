package schnellboats

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Issue 14 item 5: the AAR and the log sheet say what happened — a costly
// success costs VP, a sunk boat is lost not damaged, an MGB patrol's MTBs
// are named, two air attacks on one boat are one sentence.
func TestAARTellsTheNightRight(t *testing.T) {
	ev := func(typ eventType, fs ...gamelog.Field) gamelog.Event {
		return gamelog.Event{Type: string(typ), Fields: fs}
	}
	unit := func(id, typ string) gamelog.Value {
		return gamelog.ObjV(gamelog.Str("id", id), gamelog.Str("type", typ), gamelog.Str("crew", "average"))
	}
	evs := []gamelog.Event{
		ev(evWeather, gamelog.Str("weather", "good")),
		ev(evMissionStart, gamelog.Int("mission", 1), gamelog.Str("date", "1944-02-01"),
			gamelog.List("boats", gamelog.StrV("SB1"), gamelog.StrV("SB2"), gamelog.StrV("SB3"))),
		ev(evMissionType, gamelog.Str("kind", "patrol"), gamelog.Bool("abstract", false)),
		ev(evAirAttack, gamelog.Str("aircraft", "typhoon"), gamelog.Str("boat", "SB1")),
		ev(evAirAttack, gamelog.Str("aircraft", "typhoon"), gamelog.Str("boat", "SB1")),
		ev(evEncounter, gamelog.Str("zone", "R1"), gamelog.Str("kind", "mgb_patrol")),
		ev(evCombatStart, gamelog.Str("kind", "mgb_patrol"), gamelog.List("enemies", unit("mtb-1", "mtb"), unit("mtb-2", "mtb"), unit("mgb-1", "mgb"))),
		ev(evBoatDamage, gamelog.Str("boat", "SB3"), gamelog.Str("what", "2 damage point(s)"), gamelog.Int("total", 5)),
		ev(evBoatLost, gamelog.Str("boat", "SB3"), gamelog.Str("how", "sunk")),
		ev(evBoatDamage, gamelog.Str("boat", "SB2"), gamelog.Str("what", "1 damage point(s)"), gamelog.Int("total", 1)),
		ev(evWound, gamelog.Str("level", "kia")),
		ev(evMissionEnd, gamelog.Bool("success", true), gamelog.Int("vp", -53)),
	}
	ns := nights(evs)
	if len(ns) != 1 {
		t.Fatalf("%d nights, want 1", len(ns))
	}
	n := ns[0]
	if got, want := strings.Join(n.Notes, "; "), "fought: 1 mgb patrol (2 mtb, 1 mgb)"; !strings.Contains(got, want) {
		t.Errorf("log sheet notes %q, want %q", got, want)
	}
	if got := strings.Join(n.Damaged, " "); got != "SB2" {
		t.Errorf("damaged %q, want SB2 (SB3 was sunk)", got)
	}
	prose := nightProse(n, false)
	for _, want := range []string{
		"The night was a success but cost 53 VP.",
		"fought an MGB patrol (2 MTBs and an MGB)",
		"attacked SB1 twice",
		"SB3 was sunk. Damaged: SB2.",
		"Casualties aboard Boat #1: 1 killed.",
	} {
		if !strings.Contains(prose, want) {
			t.Errorf("AAR %q\ndoes not say %q", prose, want)
		}
	}
	for _, wrong := range []string{"earned -", "0 wounded"} {
		if strings.Contains(prose, wrong) {
			t.Errorf("AAR %q says %q", prose, wrong)
		}
	}
	if strings.Count(prose, "attacked SB1") != 1 {
		t.Errorf("AAR %q repeats the air attack", prose)
	}
}

func TestVPText(t *testing.T) {
	cases := []struct {
		success bool
		vp      int
		want    string
	}{
		{true, 20, "The night was a success and earned 20 VP."},
		{true, -53, "The night was a success but cost 53 VP."},
		{false, -73, "The night was a failure and cost 73 VP."},
		{false, 5, "The night was a failure but earned 5 VP."},
		{false, 0, "The night was a failure and earned no VP."},
	}
	for _, tc := range cases {
		if got := vpText(tc.success, tc.vp); got != tc.want {
			t.Errorf("vpText(%v, %d) = %q, want %q", tc.success, tc.vp, got, tc.want)
		}
	}
}

// Issue 25 item 5: the AAR counts in words ("The other 1 nights", "Sunk: 2
// tanker" before).
func TestAARCountsInWords(t *testing.T) {
	if got, want := quietText(1), "The other night passed without loss or much to tell.\n\n"; got != want {
		t.Errorf("one quiet night: %q, want %q", got, want)
	}
	if got, want := quietText(3), "The other 3 nights passed without loss or much to tell.\n\n"; got != want {
		t.Errorf("three: %q, want %q", got, want)
	}
	for m, want := range map[string]string{
		"tanker 2":                    "2 tankers",
		"merchant 1, light_cruiser 2": "1 merchant ship, 2 light cruisers",
		"mtb 1, mgb 3":                "1 MTB, 3 MGBs",
	} {
		sunk := map[string]int{}
		for _, p := range strings.Split(m, ", ") {
			k, v, _ := strings.Cut(p, " ")
			sunk[k] = int(v[0] - '0')
		}
		if got := sunkText(sunk); got != want {
			t.Errorf("sunk %s: %q, want %q", m, got, want)
		}
	}
}
