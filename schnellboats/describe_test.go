package schnellboats

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

// Issue 14 item 4: every event the campaign makes has words at the prompt
// (no raw `event event=mine` lines from the front end's generic wording).
func TestEveryEventHasWords(t *testing.T) {
	raw := regexp.MustCompile(`\b[a-z_]+=\S`)
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 10; seed++ {
		for _, boat := range []string{"s100", "5b"} {
			g, _ := play(t, seed, "long", boat)
			for i := range g.History() {
				e := &g.History()[i]
				if e.Type == "roll" || e.Type == "decision" {
					continue
				}
				seen[e.Type] = true
				line := describe(e)
				if line == "" {
					t.Errorf("seed %d %s: no words for a %s event", seed, boat, e.Type)
					continue
				}
				if raw.MatchString(line) {
					t.Errorf("seed %d %s: %s event worded as raw fields: %q", seed, boat, e.Type, line)
				}
			}
		}
	}
	if len(seen) < len(eventTypes)/2 {
		t.Errorf("only %d event types seen: the test plays too little", len(seen))
	}
}

// Every event type has its words, also those the campaigns above may not
// make.
func TestEventWords(t *testing.T) {
	for _, typ := range eventTypes {
		t.Run(string(typ), func(t *testing.T) {
			e := gamelog.Event{Type: string(typ)}
			if got := describe(&e); got == "" {
				t.Errorf("no words for %s", typ)
			}
		})
	}
}

// Issue 14 item 5: Boat #1's crew is her crewmen, not a #2-#4 crew's
// skill, on the board; her successes on `squadron` are the crew's.
func TestBoat1CrewOnBoardAndSquadron(t *testing.T) {
	probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
		atSea(c, 0, 0)
		c.boat1().Successes = 7 // a record of the hull as a #2-#4 boat
		c.kmdt().Successes = 3
		var board, squadron strings.Builder
		if err := c.PrintBoard(&board); err != nil {
			t.Fatal(err)
		}
		if err := c.PrintSquadron(&squadron); err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, line := range strings.Split(board.String(), "\n") {
			// The table's row (the picture above it has the counter too).
			if strings.Contains(line, "#1 "+c.boat1().ID) && strings.Contains(line, "crew") {
				found++
				if !strings.Contains(line, "Boat #1 crew") {
					t.Errorf("board: %q, want Boat #1's crew", line)
				}
			}
		}
		for _, line := range strings.Split(squadron.String(), "\n") {
			if strings.Contains(line, c.boat1().ID) {
				found++
				if f := strings.Fields(strings.ReplaceAll(line, "|", " ")); !slices.Contains(f, "3") || slices.Contains(f, "7") {
					t.Errorf("squadron: %q, want the Kommandant's 3 successes", line)
				}
			}
		}
		if found != 2 {
			t.Errorf("Boat #1 found on %d of the board and squadron views:\n%s\n%s", found, board.String(), squadron.String())
		}
	})
}

// Issue 25 item 5: `status` says where each boat is as `board` does: a
// boat that broke formation (4.8) is "broken away, in the long zone" in
// both (status said "in formation"; replay --to 175 of the seed-7 game).
func TestStatusSaysBrokenAwayAsBoard(t *testing.T) {
	probe(t, 3, opts("short", "s100"), func(c *Campaign) {
		cb := atSea(c, 0, enemyMtb)
		cb.Zone, cb.inZone = zoneClose, 1
		s3, s4 := c.Mission.Sorties[2], c.Mission.Sorties[3]
		s3.Apart, s3.zone = 1, zoneLong
		s4.Disabled, s4.pinned, s4.zone = true, true, zoneMedium
		var st, bd strings.Builder
		if err := c.PrintStatus(&st); err != nil {
			t.Fatal(err)
		}
		if err := c.PrintBoard(&bd); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"SB3: broken away, in the long zone", "SB4: disabled, in the medium zone", "SB2: in formation"} {
			if !strings.Contains(st.String(), want) {
				t.Errorf("status does not say %q:\n%s", want, st.String())
			}
			_, state, _ := strings.Cut(want, ": ")
			if !strings.Contains(strings.Join(strings.Fields(bd.String()), " "), state) {
				t.Errorf("board does not say %q:\n%s", state, bd.String())
			}
		}
	})
}
