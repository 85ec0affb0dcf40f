package schnellrules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// Air to air gunnery ("Aircraft"): "Air to air gunnery is carried out in
// the gunnery phase (phase 7). Guns used to strafe a surface target can't
// be used against an aircraft." and "Aircraft can only engage one air or
// surface target per turn (except defensive guns, which may engage one air
// target per turn for each mount)." The order is `airfire AIRCRAFT
// GUN[:MOUNT] ENEMY RANGE_CM [fixed|defensive]`: GUN is a Gun Data row;
// a defensive mount (numbered by :MOUNT, 1 unless given) engages one air
// target a turn whatever else the aircraft engages.

// Mount words of airfire: a fixed gun is the aircraft's engagement of the
// turn; a defensive mount is not.
const (
	mountFixed     = "fixed"
	mountDefensive = "defensive"
)

var mountWords = []string{mountFixed, mountDefensive}

// splitMount reads GUN[:MOUNT] (MOUNT 1 to 8, 1 unless given).
func splitMount(word string) (string, int, error) {
	id, n, ok := strings.Cut(word, ":")
	if !ok {
		return word, 1, nil
	}
	m, err := strconv.Atoi(n)
	if err != nil || m < 1 || m > 8 {
		return "", 0, fmt.Errorf("gun %q: GUN or GUN:MOUNT with a mount 1 to 8", word)
	}
	return id, m, nil
}

// CheckAirFire checks an aircraft's fire at an aircraft ("Aircraft").
func (b airWar) CheckAirFire(side, name, weapon, target string, cm int, mount string) (*Aircraft, *GunRow, string, *Aircraft, Band, error) {
	fail := func(err error) (*Aircraft, *GunRow, string, *Aircraft, Band, error) {
		return nil, nil, "", nil, 0, err
	}
	if mount != mountFixed && mount != mountDefensive {
		return fail(fmt.Errorf("mount %q: fixed or defensive", mount))
	}
	a, err := b.aircraft(name, side, true)
	if err != nil {
		return fail(err)
	}
	if a.Down {
		return fail(fmt.Errorf("aircraft %s is down", a.Name))
	}
	t, err := b.aircraft(target, "", true)
	if err != nil {
		return fail(err)
	}
	switch {
	case t == a || strings.EqualFold(t.Name, a.Name):
		return fail(fmt.Errorf("aircraft %s cannot fire at itself (Aircraft)", a.Name))
	case t.Side != "" && t.Side == a.Side:
		return fail(fmt.Errorf("aircraft %s flies for the %s: fire at an enemy aircraft (Aircraft)", t.Name, t.Side))
	case t.Down:
		return fail(fmt.Errorf("aircraft %s is down", t.Name))
	}
	id, n, err := splitMount(weapon)
	if err != nil {
		return fail(err)
	}
	r, _, err := b.DB.AirWeapon(id)
	if err != nil {
		return fail(err)
	}
	if b.DB.isAirRow(r) {
		return fail(fmt.Errorf("%s is for surface targets: air to air gunnery is with a Gun Data row (hmg, 20mm ...) (Aircraft)", r.Title))
	}
	key := r.ID + ":" + strconv.Itoa(n)
	switch {
	case a.Strafed[r.ID]:
		return fail(fmt.Errorf("aircraft %s strafed with its %s this turn: guns used to strafe a surface target can't be used against an aircraft (Aircraft)", a.Name, r.ID))
	case mount == mountDefensive && a.Defended[key]:
		return fail(fmt.Errorf("aircraft %s's defensive %s has engaged an air target this turn: one air target a turn for each mount (Aircraft)", a.Name, key))
	case mount == mountFixed && a.Target != "":
		return fail(fmt.Errorf("aircraft %s has engaged %s this turn: an aircraft engages one air or surface target a turn, except with defensive guns (Aircraft)", a.Name, a.Target))
	case mount == mountFixed && a.AirTarget != "":
		return fail(fmt.Errorf("aircraft %s has engaged aircraft %s this turn: an aircraft engages one air or surface target a turn, except with defensive guns (Aircraft)", a.Name, a.AirTarget))
	}
	band, ok := r.BandAt(cm)
	if !ok || band > MediumRange {
		return fail(fmt.Errorf("%dcm is out of range: %s fires at aircraft out to its Medium range, %dcm (Aircraft)", cm, r.Title, r.Bands[MediumRange].Range))
	}
	return a, r, key, t, band, nil
}

// airFire is one aircraft's fire at an aircraft: the score of surface fire
// at the band, no shooter's modifiers (those are for Very Small and Small
// vessels) and no target's (an aircraft has no size or speed level); a hit
// brings the target down when the phase ends, as AA fire does.
func (b airWar) airFire(c *engine.Ctx, a *Aircraft, r *GunRow, key string, t *Aircraft, band Band, cm int, mount string) {
	for _, x := range []*Aircraft{a, t} {
		if !b.known(x) {
			b.Air = append(b.Air, x)
		}
	}
	if t.Side == "" {
		t.Side = other(a.Side)
	}
	if mount == mountDefensive {
		if a.Defended == nil {
			a.Defended = map[string]bool{}
		}
		a.Defended[key] = true
	} else {
		a.AirTarget = t.Name
	}
	what := a.Name + " " + key + " at aircraft " + t.Name
	th := c.Throw(Gunfire, what)
	f := &b.facts
	*f = facts{}
	f.need = r.Bands[band].Score
	f.band = band
	f.targetSpeed = MediumSpeed
	f.targetSize = Medium
	o := c.Read("SR-HIT", f.of(), what, th, "hit")
	h, _ := o.Value("hit")
	c.Emit(evAirFire, gamelog.Str("aircraft", a.Name), gamelog.Str("side", a.Side), gamelog.Str("weapon", key), gamelog.Str("mount", mount), gamelog.Str("target", t.Name), gamelog.Int("range", cm),
		gamelog.Str("band", band.String()), gamelog.Int("need", f.need), gamelog.Int("natural", o.Natural), gamelog.Int("mods", o.Mod+f.need), gamelog.Bool("hit", h == 1))
	if h == 1 {
		b.downs = append(b.downs, t)
	}
}
