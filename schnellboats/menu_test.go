package schnellboats

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

// menuCatcher answers each decision by default and keeps the attack menu
// the prompt would show for it.
type menuCatcher struct {
	c     **Campaign
	menus [][]string
	n     []int // options of each
}

func (m *menuCatcher) Decide(d *engine.Decision) (int, error) {
	if d.Kind == string(askAttack) || d.Kind == string(askBoatAttack) {
		m.menus = append(m.menus, attackMenu(*m.c, d))
		m.n = append(m.n, len(d.Options))
	}
	return d.Default, nil
}
func (m *menuCatcher) Who() engine.Who { return engine.ByPlayer }

// Issue 25 item 3: a convoy's attack menu (22 options of a line each) reads
// in a few lines: targets by kind with their damage, the boat type's
// orders only (no rocket on S-100 boats, no torpedo on Projekt 5b), what
// is left to launch, what Enter does.
func TestAttackMenu(t *testing.T) {
	for _, tc := range []struct {
		boat          string
		spent         bool // each boat launched all a wave allows
		want, wantNot []string
	}{
		{"s100", false, []string{"Warships: destroyer-5, mtb-6 (fire only)", "Merchant ships: merchant-1, merchant-2 (2 of 5 damage), tanker-4",
			"Orders: fire UNIT (guns), torpedo UNIT, both UNIT (a torpedo and the guns), hold.", "Torpedoes left: 4 a boat (at most 2 a wave).", "Enter: torpedo "},
			[]string{"rocket", "5b"}},
		{"s100", true, []string{"Orders: fire UNIT (guns), hold.", "Torpedoes left: 4 a boat (none can be launched now)."}, []string{"torpedo UNIT"}},
		{"5b", false, []string{"Warships: destroyer-5, mtb-6", "Orders: fire UNIT (guns), rocket UNIT, both UNIT (a rocket and the guns), hold.",
			"Rockets left: SB1 2, SB2 1, SB3 2, SB4 2 (at most 2 a wave)."},
			[]string{"torpedo"}},
	} {
		t.Run(tc.boat, func(t *testing.T) {
			m := &menuCatcher{}
			g, camp := newProbe(t, 3, engine.Digital, opts("short", tc.boat), func(c *Campaign) {
				cb := atSea(c, 0, enemyMerchant, enemyMerchant, enemyMerchant, enemyTanker, enemyDestroyer, enemyMtb)
				cb.Enemy[1].Damage = 2
				cb.Enemy[2].Gone = goneSunk
				cb.Zone, cb.inZone = zoneMedium, 1
				for _, s := range c.Mission.Sorties {
					if tc.spent {
						s.launched = tubes
					}
					s.Rockets = 2
					if c.Type == P5b {
						s.Torpedoes = 0
					}
				}
				if c.Type == P5b {
					c.Mission.Sorties[1].Rockets = 1
				}
				c.board().attackPlan(cb, 1)
			})
			m.c = camp
			g.SetDecider(m)
			if _, err := g.Step(engine.NoPause); err != nil {
				t.Fatal(err)
			}
			if len(m.menus) == 0 {
				t.Fatal("no attack asked")
			}
			menu := strings.Join(m.menus[0], "\n")
			if got := len(m.menus[0]); got > 5 || m.n[0] < 6 {
				t.Errorf("%d options in %d lines:\n%s", m.n[0], got, menu)
			}
			for _, w := range tc.want {
				if !strings.Contains(menu, w) {
					t.Errorf("the menu does not say %q:\n%s", w, menu)
				}
			}
			for _, w := range tc.wantNot {
				if strings.Contains(menu, w) {
					t.Errorf("the menu says %q:\n%s", w, menu)
				}
			}
		})
	}
}

// The squadron decision (1.0: which 3 ready hulls sail; 10 choices of two
// lines each) reads in three lines.
func TestSquadronMenu(t *testing.T) {
	g, camp := newProbe(t, 3, engine.Digital, opts("short", "s100"), func(c *Campaign) {
		c.calendar().setUp()
		c.calendar().squadron(c.calendar().readyBoats())
	})
	m := &squadronCatcher{c: camp}
	g.SetDecider(m)
	if _, err := g.Step(engine.NoPause); err != nil {
		t.Fatal(err)
	}
	if len(m.menu) != 3 {
		t.Fatalf("want 3 lines, got %q", m.menu)
	}
	for _, want := range []string{"Ready: SB2 (", "SB6 (", "Name three: `sail SB2 SB3 SB4` (numbered #2-#4 in hull order; 10 choices).", "Enter: sail SB2 SB3 SB4 (the default)."} {
		if !strings.Contains(strings.Join(m.menu, "\n"), want) {
			t.Errorf("the menu does not say %q: %q", want, m.menu)
		}
	}
}

type squadronCatcher struct {
	c    **Campaign
	menu []string
}

func (m *squadronCatcher) Decide(d *engine.Decision) (int, error) {
	if d.Kind == string(askSquadron) && m.menu == nil {
		m.menu = squadronMenu(*m.c, d)
	}
	return d.Default, nil
}
func (m *squadronCatcher) Who() engine.Who { return engine.ByPlayer }
