package coastal

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

// fireScenario fires shooter (a card, with guns overridden when given) at
// M1, with M2 also in sight, answering the table and the side from
// answers in order; it returns the gunfire events and the prompts asked.
func fireScenario(t *testing.T, card string, guns []Weapon, lost []int, bridgeGone bool, answers [][]string) (gunfire []string, prompts []string) {
	t.Helper()
	g, _ := runRules(t, func(c *engine.Ctx, r *Rules) {
		r.straddle, r.straddleN, r.pend = map[[2]string]bool{}, map[[2]string]bool{}, map[string][]pending{}
		s, err := NewShip(c.Record(card), "shooter1", Attacker)
		if err != nil {
			c.Fail(err)
		}
		if guns != nil {
			s.Guns, s.GunLost = guns, make([]bool, len(guns))
		}
		for _, i := range lost {
			s.GunLost[i] = true
		}
		if bridgeGone {
			s.BridgeL = s.Bridge
		}
		s.Speed = 1
		t1, _ := NewShip(c.Record("MERCHANT"), "target1", Defender)
		t2, _ := NewShip(c.Record("MERCHANT"), "target2", Defender)
		t1.Speed, t2.Speed = 1, 1
		r.Markers = []*Marker{
			{ID: "A1", Side: Attacker, Ship: s, Revealed: true},
			{ID: "M1", Side: Defender, Ship: t1, Revealed: true, Observed: true},
			{ID: "M2", Side: Defender, Ship: t2, Revealed: true, Observed: true},
		}
		r.fire(c, s, r.Markers[1])
	}, func(d *engine.Decision) (string, []string) {
		prompts = append(prompts, d.Prompt)
		if len(answers) == 0 {
			t.Fatalf("no answer left for %q", d.Prompt)
		}
		a := answers[0]
		answers = answers[1:]
		return a[0], a[1:]
	})
	for _, e := range g.History() {
		if e.Type == "gunfire" {
			gunfire = append(gunfire, e.Str("target")+" "+e.Str("weapons")+" factor "+strconv.Itoa(e.Int("factor")))
		}
	}
	if len(answers) > 0 {
		t.Errorf("answers left: %v", answers)
	}
	return gunfire, prompts
}

// Gunfire: "ships with multiple weapons may split fire against 2 or more
// targets, though each weapon can only engage 1 enemy per turn"; Ship
// statistic charts: the table says which mounts bear (their arcs).
func TestSplitFireAndArcs(t *testing.T) {
	sboat := "S-BOAT" // 1 40mm, 2 twin20, 3 twin20
	for _, c := range []struct {
		name    string
		answers [][]string
		want    []string
		prompts int
	}{
		{"all mounts bear on one target: one combined factor, no split asked",
			[][]string{{"range", "15"}}, []string{"M1 cannon factor 12"}, 1},
		{"split: the 40mm at M1, the twin 20mms at M2",
			[][]string{{"range", "15", "1"}, {"fire", "M2"}, {"range", "40", "all"}},
			[]string{"M1 cannon factor 4", "M2 cannon factor 4"}, 3},
		{"split offered, declined",
			[][]string{{"range", "15", "2,3"}, {"hold"}}, []string{"M1 cannon factor 8"}, 2},
		{"arcs: only the forward mount bears, the rest stay silent",
			[][]string{{"range", "40", "1"}, {"hold"}}, []string{"M1 cannon factor 2"}, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, prompts := fireScenario(t, sboat, nil, nil, false, c.answers)
			if !slices.Equal(got, c.want) {
				t.Errorf("gunfire %v, want %v", got, c.want)
			}
			if len(prompts) != c.prompts {
				t.Errorf("%d questions %q, want %d", len(prompts), prompts, c.prompts)
			}
		})
	}
}

// Gunfire (each weapon only 1 enemy per turn) and arcs: the mounts that
// bear are checked against the card and what has fired.
func TestBearsChecked(t *testing.T) {
	s := &Ship{Name: "s", Guns: []Weapon{Single40, Twin20, Twin20}, GunLost: []bool{false, false, true}}
	free := []int{0, 1}
	for _, c := range []struct {
		text, want string
		got        []int
	}{
		{"all", "", []int{0, 1}},
		{"none", "", nil},
		{"2", "", []int{1}},
		{"1, 2", "", []int{0, 1}},
		{"3", "destroyed or has fired this turn", nil},
		{"4", "mount numbers 1 to 3", nil},
		{"x", "mount numbers 1 to 3", nil},
		{"1,1", "named twice", nil},
	} {
		t.Run(c.text, func(t *testing.T) {
			got, err := parseBears(c.text, s, free)
			if c.want != "" {
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("parseBears(%q) error %v, want %q", c.text, err, c.want)
				}
				return
			}
			if err != nil || !slices.Equal(got, c.got) {
				t.Errorf("parseBears(%q) = %v, %v, want %v", c.text, got, err, c.got)
			}
		})
	}
}

// Early weapons: "any vessel without any apparent weapon firing in any
// direction ... counts as a twin MG firing as a default, unless the bridge
// is at 0 pts".
func TestDefaultTwinMG(t *testing.T) {
	for _, c := range []struct {
		name       string
		guns       []Weapon
		lost       []int
		bridgeGone bool
		answers    [][]string
		want       []string
	}{
		{"no weapons at all", []Weapon{}, nil, false, [][]string{{"range", "15"}}, []string{"M1 cannon factor 2"}},
		{"every mount destroyed", []Weapon{Twin20}, []int{0}, false, [][]string{{"range", "15"}}, []string{"M1 cannon factor 2"}},
		{"no mount bears", []Weapon{Twin20}, nil, false, [][]string{{"range", "15", "none"}, {"hold"}}, []string{"M1 cannon factor 2"}},
		{"a lone single MG is ignored: the default fires", []Weapon{MG}, nil, false, [][]string{{"range", "15"}}, []string{"M1 cannon factor 2"}},
		{"bridge at 0 points: nothing fires", []Weapon{}, nil, true, [][]string{{"range", "15"}}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, _ := fireScenario(t, "MERCHANT", c.guns, c.lost, c.bridgeGone, c.answers)
			if !slices.Equal(got, c.want) {
				t.Errorf("gunfire %v, want %v", got, c.want)
			}
		})
	}
}

// Early weapons: each counts as a type of the gunfire chart; Weapon
// classes: single MGs are ignored, two bearing on one target count as a
// twin MG.
func TestEarlyWeapons(t *testing.T) {
	for _, c := range []struct {
		name string
		ws   []Weapon
		cm   int
		want int
	}{
		{".303 MG alone is ignored", []Weapon{MG303}, 15, 0},
		{"two .303 MGs count as a twin MG", []Weapon{MG303, MG303}, 15, 2},
		{".303 counts as a .5 MG: one of each is a twin MG", []Weapon{MG303, MG}, 40, 1},
		{"three single MGs: one twin MG, one ignored", []Weapon{MG, MG, MG}, 15, 2},
		{"quad .303 MGs: 2 twin MGs", []Weapon{Quad303}, 15, 4},
		{"single pom-pom as a 40mm", []Weapon{PomPom}, 50, 2},
		{"double pom-pom as a twin 40mm", []Weapon{PomPom2}, 15, 6},
		{"quad pom-pom as Larger", []Weapon{PomPom4}, 15, 7},
		{"vierling as Larger", []Weapon{Vierling}, 40, 3},
		{"2 pdr QF as a 3\" gun", []Weapon{QF2}, 30, 2},
		{"3 pdr QF as a 3\" gun, directed with another", []Weapon{QF3, Gun3}, 20, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Factor(c.ws, c.cm); got != c.want {
				t.Errorf("Factor(%v, %d) = %d, want %d", c.ws, c.cm, got, c.want)
			}
		})
	}
	for w, want := range map[Weapon]bool{QF2: true, QF3: true, PomPom4: false, Vierling: false, MG303: false} {
		if w.IsGun() != want {
			t.Errorf("%s: IsGun %v, want %v (Gunfire: cannon and guns fire separately)", w, !want, want)
		}
	}
	if got := QF3.GunDamage(); got != 6 {
		t.Errorf("a 3 pdr hit does %d points, want 6 (as a 3\" gun)", got)
	}
	for w, want := range map[Weapon]int{Vierling: 3, PomPom2: 3, PomPom4: 3, PomPom: 2, MG: 0, MG303: 0} {
		if got := w.ClassPoints(); got != want {
			t.Errorf("%s: %d class points, want %d (Weapon classes)", w, got, want)
		}
	}
}
