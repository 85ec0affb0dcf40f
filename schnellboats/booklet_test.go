package schnellboats

import "testing"

// factNamed reads the fact called name of f as the tables read it.
func factNamed(f *facts, name string) int {
	for i, d := range factDefs {
		if d.Name == name {
			return factsByName.Of(f).Fact(i)
		}
	}
	panic("no fact " + name)
}

// Every fact the tables may read is bound by name to the rules (issue 28
// item 2), and the facts of what a roll does not concern read as the
// book's defaults: at base no mission's facts, a Medium speed and size,
// an average crew.
func TestFactsBoundByName(t *testing.T) {
	if un := factsByName.Unbound(); len(un) > 0 {
		t.Fatalf("facts the rules do not bind: %v", un)
	}
	c := &Campaign{Date: mkDate(1943, 11, 5), Start: mkDate(1943, 10, 1), VP: 7}
	f := &facts{c: c}
	for name, want := range map[string]int{
		"month": 11, "days": 35, "vp": 7, "weather": 0, "turn": 0, "zone": 0,
		"speed": int(speedMedium), "size": int(sizeMedium), "skill": int(skillAverage),
	} {
		if got := factNamed(f, name); got != want {
			t.Errorf("fact %s = %d, want %d", name, got, want)
		}
	}
	c.Mission = &Mission{Weather: weatherFoggy, Turn: 3, Pos: -1}
	f.speed, f.size, f.skill, f.skilled = atSpeed(speedFast), ofSize(sizeLarge), skillElite, true
	for name, want := range map[string]int{
		"weather": int(weatherFoggy), "turn": 3, "zone": 0,
		"speed": int(speedFast), "size": int(sizeLarge), "skill": int(skillElite),
	} {
		if got := factNamed(f, name); got != want {
			t.Errorf("on a mission, fact %s = %d, want %d", name, got, want)
		}
	}
}
