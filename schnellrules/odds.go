package schnellrules

import (
	"errors"
	"fmt"
	"strconv"
)

// Odds are the exact chances of a shot or a launch, from the same tables.
type Odds struct {
	Hit    float64
	Levels [5]float64 // the chance of each damage level (after a repeat steps up)
}

// odds counts every face of the to-hit die and the damage die.
func (b *Battle) odds(hitTable string, ff *facts, t *Vessel) (Odds, error) {
	f := ff.of()
	var out Odds
	ht, ok := b.tables.Get(hitTable)
	dt, ok2 := b.tables.Get("SR-DMG")
	if !ok || !ok2 {
		return out, fmt.Errorf("the tables lack %s or SR-DMG", hitTable)
	}
	_, hm := ht.Modify(f, nil)
	_, dmod := dt.Modify(f, nil)
	spec := ht.SpecFor(f)
	n := 0
	var lv [5]int
	for face := 1; face <= spec.Sides; face++ {
		r := ht.Pick(f, face, face+hm)
		if h, _ := r.Value("hit", face+hm); h != 1 {
			continue
		}
		n++
		for w := 1; w <= 6; w++ {
			r := dt.Pick(f, w, w+dmod)
			l, _ := r.Value("level", w+dmod)
			if (Level(l) == HeavilyDamaged || Level(l) == Wrecked) && t.Taken[l] {
				l++
			}
			lv[l]++
		}
	}
	out.Hit = float64(n) / float64(spec.Sides)
	for i := range lv {
		out.Levels[i] = float64(lv[i]) / float64(spec.Sides*6)
	}
	return out, nil
}

// OddsOf reads an odds command's words: fire SHOOTER WEAPON TARGET CM or
// torpedo SHOOTER TARGET CM [TYPE]. A shot is checked as an order would
// be, except that the side need not be acting now.
func (b *Battle) OddsOf(args []string) (Odds, string, error) {
	acting := b.acting
	b.acting = ""
	defer func() { b.acting = acting }()
	if len(args) == 5 && args[0] == "fire" {
		cm, err := strconv.Atoi(args[4])
		if err != nil {
			return Odds{}, "", fmt.Errorf("range %q: a number of cm", args[4])
		}
		v, g, t, band, err := b.CheckFire(args[1], args[2], args[3], cm)
		if err != nil {
			return Odds{}, "", err
		}
		o, err := b.odds("SR-HIT", b.gunFacts(v, g, t, band), t)
		return o, fmt.Sprintf("%s %s at %s, %dcm (%s)", v.ID, g.Name, t.ID, cm, band), err
	}
	if (len(args) == 4 || len(args) == 5) && args[0] == "torpedo" {
		cm, err := strconv.Atoi(args[3])
		if err != nil {
			return Odds{}, "", fmt.Errorf("range %q: a number of cm", args[3])
		}
		typ := "any"
		if len(args) == 5 {
			typ = args[4]
		}
		v, m, t, err := b.CheckLaunch(args[1], args[2], cm, typ)
		if err != nil {
			return Odds{}, "", err
		}
		tp := &Torpedo{Type: m.Type, Range: cm}
		o, err := b.odds("SR-TORP", b.torpedoFacts(tp, t, false), t)
		return o, fmt.Sprintf("%s %s torpedo at %s, %dcm", v.ID, m.Type.ID, t.ID, cm), err
	}
	return Odds{}, "", errors.New("odds fire SHOOTER WEAPON TARGET RANGE_CM, or odds torpedo SHOOTER TARGET RANGE_CM [TYPE]")
}
