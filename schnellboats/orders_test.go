package schnellboats

import (
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// down takes a crewman out of action (severely wounded).
func down(c *Campaign, pos Position) {
	if m := c.crewman(pos); m != nil {
		m.SW = true
	}
}

// 4.6: the cup is a draw from the game's generator: over many rounds each
// counter comes out first about as often as any other.
func TestRule4_6DrawCupIsUniform(t *testing.T) {
	const rounds = 700
	first := map[string]int{}
	_, evs := probeWith(t, 5, opts("short", "s100"), orders{"boat_attack": "hold"}, func(c *Campaign) {
		cb := atSea(c, 0, 0, 0, 2)
		cb.Zone = zoneLong
		cb.Detected = true
		for _, u := range cb.Enemy {
			u.Guns = 0
		}
		cb.Enemy[0].Type, cb.Enemy[1].Type = enemyMtb, enemyMtb // never evade
		for range rounds {
			c.board().attacks(cb)
		}
	})
	for _, e := range evs {
		if e.Type == "draw" {
			v, _ := e.Get("chits")
			first[v.Strs()[0]]++
		}
	}
	if len(first) != 7 {
		t.Fatalf("%d counters came out first, want all 7: %v", len(first), first)
	}
	for id, n := range first {
		if n < rounds/7/2 || n > rounds/7*2 {
			t.Errorf("%s came out first %d times in %d draws (about %d expected)", id, n, rounds, rounds/7)
		}
	}
}

// 4.6 and 7.0 step 2: each boat chooses its target when its counter is
// drawn (one boat_attack decision per boat a round, naming the boat in its
// options); its default is the squadron's order; a boat that cannot launch
// defaults to guns at the same target; in one round a boat may launch and
// fire its guns (both).
func TestRule4_6OrdersPerBoat(t *testing.T) {
	var asked []string
	var defaults []string
	dec := pickFunc(func(d *engine.Decision) int {
		switch d.Kind {
		case string(askAttack):
			return slices.IndexFunc(d.Options, func(o engine.Option) bool { return o.Name == "torpedo:merchant-1" })
		case string(askBoatAttack):
			boat := optionBoat(d)
			for _, o := range d.Options {
				if !slices.ContainsFunc(o.Facts, func(f gamelog.Field) bool { return f.Key == "boat" && f.Val.S == boat }) {
					t.Errorf("option %s of %s's decision does not name the boat", o.Name, boat)
				}
			}
			asked = append(asked, boat)
			defaults = append(defaults, boat+"="+d.Options[d.Default].Name)
			if boat == "SB3" {
				return slices.IndexFunc(d.Options, func(o engine.Option) bool { return o.Name == "both:merchant-1" })
			}
		}
		return d.Default
	})
	_, evs := probeWith(t, 3, opts("short", "s100"), dec, func(c *Campaign) {
		cb := atSea(c, 0, 0, 0)
		cb.Zone = zoneClose
		for _, u := range cb.Enemy {
			u.Hull = 99 // nothing sinks
		}
		c.Mission.Sorties[1].Torpedoes = 0 // SB2 has none left
		c.board().attackPlan(cb, 1)
		c.board().attacks(cb)
	})
	slices.Sort(asked)
	if !slices.Equal(asked, []string{"SB1", "SB2", "SB3", "SB4"}) {
		t.Errorf("boat decisions asked for %v, want one for each boat", asked)
	}
	slices.Sort(defaults)
	want := []string{"SB1=torpedo:merchant-1", "SB2=guns:merchant-1", "SB3=torpedo:merchant-1", "SB4=torpedo:merchant-1"}
	if !slices.Equal(defaults, want) {
		t.Errorf("defaults %v, want %v (the squadron's order; guns where the boat cannot launch)", defaults, want)
	}
	weapons := map[string][]string{}
	for _, e := range evs {
		if e.Type == string(evAttack) {
			weapons[e.Str("attacker")] = append(weapons[e.Str("attacker")], e.Str("weapon"))
		}
	}
	if w := weapons["SB3"]; len(w) != 3 || w[0] != "torpedo" || w[1] != "gun" || w[2] != "gun" {
		t.Errorf("SB3 (both) attacks with %v, want a torpedo then its 2 guns", w)
	}
	if w := weapons["SB2"]; len(w) != 2 || w[0] != "gun" {
		t.Errorf("SB2 (no torpedoes) attacks with %v, want its 2 guns", w)
	}
	if w := weapons["SB4"]; len(w) != 1 || w[0] != "torpedo" {
		t.Errorf("SB4 attacks with %v, want one torpedo", w)
	}
}

// pickFunc is a decider of a function that cannot fail.
type pickFunc func(d *engine.Decision) int

func (f pickFunc) Decide(d *engine.Decision) (int, error) { return f(d), nil }
func (pickFunc) Who() engine.Who                          { return engine.ByPlayer }

// 4.12: anyone steering from the KMDT position, the 1WO included, suffers
// the negative modifiers: with the Kommandant down, Boat #1's torpedo
// attack has the stand-in's -1 and the enemy's fire at her its +1.
func TestRule4_12KommandantStandIn(t *testing.T) {
	for _, tc := range []struct {
		name string
		down []Position
		want int
	}{
		{"all serve", nil, 0},
		{"Kommandant down, the 1WO steers", []Position{posKMDT}, 1},
		{"Kommandant and 1WO down", []Position{posKMDT, pos1WO}, 1},
		{"helmsman down", []Position{posHelm}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mods []string
			_, evs := probeWith(t, 3, opts("short", "s100"), orders{}, func(c *Campaign) {
				atSea(c, 0, 0)
				for _, p := range tc.down {
					down(c, p)
				}
				if got := c.posts().helmStandIn(); got != tc.want {
					t.Errorf("helmStandIn() = %d, want %d", got, tc.want)
				}
				cb := c.Mission.Combat
				cb.Zone = zoneClose
				c.board().launch(cb, c.Mission.Sorties[0], cb.Enemy[0], weaponTorpedo)
			})
			for _, e := range evs {
				if e.Type == "roll" && e.Str("table") == "D-2" {
					v, _ := e.Get("mods")
					for _, m := range v.L {
						r, _ := m.Get("reason")
						mods = append(mods, r.S)
					}
				}
			}
			helm := slices.ContainsFunc(mods, func(m string) bool { return strings.Contains(m, "at the helm") })
			if helm != (tc.want == 1) {
				t.Errorf("D-2 modifiers %q: the helm stand-in's is there: %v, want %v", mods, helm, tc.want == 1)
			}
		})
	}
}

// 4.12: gun crews fire any working cannon without penalty before the DC or
// watch crew stands in (with a penalty: Green); a Veteran crew that moves
// keeps its two shots.
func TestRule4_12GunCrewsMove(t *testing.T) {
	for _, tc := range []struct {
		name       string
		boat       string
		down       []Position
		cannonsOut int
		veteran    Position
		want       []Skill
	}{
		{"all serve", "s100", nil, 0, 0, []Skill{skillAverage, skillAverage, skillAverage}},
		{"a cannon out, its crew moves to one whose crew is down", "s100", []Position{posFwdGun}, 1, 0, []Skill{skillAverage, skillAverage}},
		{"two crews down: DC and watch crews stand in", "s100", []Position{posFwdGun, posMidGun}, 0, 0, []Skill{skillAverage, skillGreen, skillGreen}},
		{"three crews down, DC crew down too", "s100", []Position{posFwdGun, posMidGun, posAftGun, posDC}, 0, 0, []Skill{skillGreen}},
		{"a Veteran crew moves and fires twice", "s100", []Position{posFwdGun, posMidGun}, 2, posAftGun, []Skill{skillVeteran, skillVeteran}},
		{"5b: forward crew down, aft crew and the watch", "5b", []Position{posFwdGun}, 0, 0, []Skill{skillAverage, skillGreen}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			probeWith(t, 3, opts("short", tc.boat), orders{}, func(c *Campaign) {
				atSea(c, 0, 0)
				for _, p := range tc.down {
					down(c, p)
				}
				if tc.veteran != 0 {
					c.crewman(tc.veteran).Veteran = true
				}
				s := c.Mission.Sorties[0]
				s.CannonsOut = tc.cannonsOut
				got := c.board().shots(s, nil)
				slices.Sort(got)
				want := slices.Clone(tc.want)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("shots = %v, want %v", got, want)
				}
			})
		})
	}
}

// 4.12 (our reading, docs/rules-notes.md): with the torpedo crew down,
// Boat #1 launches only with a stand-in — the mine crew, then the depth
// charge crew (5b: the watch crew for the rocket crew) — at -2 on D-2; with
// none of them serving she does not launch, and the order says why.
func TestRule4_12TorpedoStandIn(t *testing.T) {
	for _, tc := range []struct {
		name    string
		boat    string
		down    []Position
		penalty bool
		refused bool
	}{
		{"torpedo crew serves", "s100", nil, false, false},
		{"torpedo crew down: the mine crew launches", "s100", []Position{posTorpedo}, true, false},
		{"torpedo and mine crews down: the DC crew launches", "s100", []Position{posTorpedo, posMine}, true, false},
		{"no one left to launch", "s100", []Position{posTorpedo, posMine, posDC}, false, true},
		{"5b rocket crew down: the watch crew fires", "5b", []Position{posRocket}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var why string
			_, evs := probeWith(t, 3, opts("short", tc.boat), orders{}, func(c *Campaign) {
				cb := atSea(c, 0, 0)
				cb.Zone = zoneClose
				s := c.Mission.Sorties[0]
				s.Rockets = 2
				for _, p := range tc.down {
					down(c, p)
				}
				b := c.board().launchRefusal(s, cb.Enemy[0])
				why = b.String()
				if !b.refused() {
					c.board().launch(cb, s, cb.Enemy[0], c.board().launcher())
				}
			})
			if refused := why != ""; refused != tc.refused {
				t.Fatalf("launch refused: %q, want refused %v", why, tc.refused)
			}
			if tc.refused {
				if !strings.Contains(why, "rule 4.12") {
					t.Errorf("refusal %q does not cite 4.12", why)
				}
				return
			}
			penalty := false
			for _, e := range evs {
				if e.Type == "roll" && e.Str("table") == "D-2" {
					v, _ := e.Get("mods")
					for _, m := range v.L {
						r, _ := m.Get("reason")
						n, _ := m.Get("value")
						if strings.Contains(r.S, "a stand-in at the") && n.I == -2 {
							penalty = true
						}
					}
				}
			}
			if penalty != tc.penalty {
				t.Errorf("D-2 has the tubes' stand-in penalty: %v, want %v", penalty, tc.penalty)
			}
		})
	}
}
