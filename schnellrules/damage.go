package schnellrules

import (
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// damage applies a damage result ("Damage"): a second Heavily Damaged or
// Wrecked steps up one level; the highest level is marked; the level's
// effects are rolled.
func (b *Battle) damage(c *engine.Ctx, v *Vessel, l Level, dm int, what string) {
	result := l
	if (l == HeavilyDamaged || l == Wrecked) && v.Taken[l] {
		l++
	}
	if l == Intact {
		c.Emit(evDamage, gamelog.Str("vessel", v.ID), gamelog.Str("by", what), gamelog.Str("result", result.String()), gamelog.Str("level", v.Level.String()))
		return
	}
	v.Taken[l] = true
	v.Level = max(v.Level, l)
	var lost []string
	if l == Sunk {
		v.Speed, v.MaxSpeed, v.Burning = Stationary, Stationary, false
	} else {
		lost = b.systems(c, v, l, dm)
	}
	fields := []gamelog.Field{gamelog.Str("vessel", v.ID), gamelog.Str("by", what), gamelog.Str("result", result.String())}
	if l != result {
		fields = append(fields, gamelog.Str("stepped", l.String()))
	}
	fields = append(fields, gamelog.Str("level", v.Level.String()))
	if len(lost) > 0 {
		fields = append(fields, gamelog.Str("lost", strings.Join(lost, " ")))
	}
	c.Emit(evDamage, fields...)
}

// systems rolls the effects of a damage level: a d6 for each weapon, and
// for speed and manoeuvrability when the level calls for it (Damaged:
// only if the weapon's damage modifier is at least the target's size
// modifier); Wrecked takes two levels of speed and manoeuvre.
func (b *Battle) systems(c *engine.Ctx, v *Vessel, l Level, dm int) []string {
	var lost []string
	roll := func(what string) bool {
		b.facts = facts{}
		b.facts.level = l
		return c.Roll("SR-SYS", b.facts.of(), v.ID+" "+what).Sets("lost")
	}
	for i := range v.Guns {
		if g := &v.Guns[i]; !g.Lost && roll(g.Name) {
			g.Lost = true
			lost = append(lost, g.Name)
		}
	}
	for i := range v.Mounts {
		if m := &v.Mounts[i]; !m.Lost && roll(m.Name) {
			m.Lost = true
			lost = append(lost, m.Name)
		}
	}
	speed, turn := 0, 0
	switch {
	case l == Wrecked:
		speed, turn = 2, 2
	case l == HeavilyDamaged || dm >= v.Class.SizeMod:
		if roll("speed") {
			speed = 1
		}
		if roll("manoeuvre") {
			turn = 1
		}
	}
	if speed > 0 {
		v.MaxSpeed = max(v.MaxSpeed-Speed(speed), Stationary)
		v.Speed = min(v.Speed, v.MaxSpeed)
		lost = append(lost, "speed-"+strconv.Itoa(speed))
	}
	if turn > 0 {
		v.Manoeuvre = min(v.Manoeuvre+Size(turn), VeryLarge)
		lost = append(lost, "manoeuvre-"+strconv.Itoa(turn))
	}
	return lost
}
