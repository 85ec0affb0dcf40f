package schnellrules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// SpotRange is the Spotting table: the maximum spotting range in cm by the
// observer's size (row) and the target's (column).
var SpotRange = [5][5]int{
	{60, 70, 70, 70, 80},
	{60, 75, 80, 90, 100},
	{70, 80, 110, 120, 130},
	{70, 85, 120, 130, 140},
	{70, 90, 130, 140, 150},
}

// MaxSpot is the longest range at which observer spots target ("Spotting
// the Target", with "Random Visibility"): apparent sizes shift with speed,
// coastline and visibility; a size below Very Small reads the Very Small
// line or column less 10 cm a size, one above Very Large reads Very Large.
func (b *Battle) MaxSpot(obs, tgt *Vessel, coast bool) (int, []string) {
	var why []string
	t := int(tgt.Class.Size)
	if tgt.Speed >= Fast {
		t++
		why = append(why, "target at Fast or more: +1 size")
	}
	if coast {
		t--
		why = append(why, "target against a coastline: -1 size")
	}
	if b.Shrink > 0 {
		t -= b.Shrink
		why = append(why, fmt.Sprintf("visibility: targets %s smaller", plural(b.Shrink, "size")))
	}
	o := int(obs.Class.Size)
	if obs.Speed >= Fast {
		o--
		why = append(why, "observer at Fast or more: -1 size")
	}
	pen := 0
	clamp := func(n int) int {
		if n < 0 {
			pen += 10 * -n
			return 0
		}
		return min(n, 4)
	}
	r := SpotRange[clamp(o)][clamp(t)] - pen
	if pen > 0 {
		why = append(why, fmt.Sprintf("below Very Small: -%dcm", pen))
	}
	return max(r, 0), why
}

// spot is phase 1: random visibility, fires, then the table's sightings.
func (b *Battle) spot(c *engine.Ctx) {
	b.Shrink = 0
	b.Ranges = map[string]int{}
	if b.Opt.Visibility {
		o := c.Roll("SR-VIS", b.facts.of(), "visibility")
		b.Shrink, _ = o.Value("shrink")
		c.Emit(evVisibility, gamelog.Int("shrink", b.Shrink))
	}
	for _, v := range b.Vessels {
		if v.Burning && v.Afloat() {
			v.Seen = [2]bool{true, true}
			c.Emit(evSpot, gamelog.Str("target", v.ID), gamelog.Str("why", "on fire: visible at any range"))
		}
	}
	if b.Opt.Duel {
		b.duelSpot(c)
		return
	}
	if b.Table != nil {
		virtual{b}.spot(c)
		return
	}
	for len(b.ids("")) > 0 {
		d := c.Ask("spot")
		d.Prompt = "Turn " + strconv.Itoa(b.Turn) + " sightings: spot each range measured, then done"
		d.Side = engine.TableSide
		all := b.ids("")
		o := d.Add("spot", "a sighting at a measured range", "spot")
		coast := engine.YesArg("coast")
		coast.Default = gamelog.Value{Kind: gamelog.KBool}
		o.Args = []engine.Arg{engine.IDArg("observer", all...), engine.IDArg("target", all...), engine.IntArg("range", 0, 500, "cm"), coast}
		o.Check = func(a engine.ArgValues) error {
			return b.CheckSpot(b.Vessel(a.Str("observer")), b.Vessel(a.Str("target")))
		}
		d.Add("done", "no more sightings", "done")
		d.Add("end", "end the battle here", "end")
		d.Default = 1
		switch c.Decide(d) {
		case 0:
			a := d.Args()
			obs, tgt := b.Vessel(a.Str("observer")), b.Vessel(a.Str("target"))
			max, why := b.MaxSpot(obs, tgt, a.Yes("coast"))
			b.Ranges[obs.ID+">"+tgt.ID] = a.Int("range")
			seen := a.Int("range") <= max
			if tgt.Burning && !seen {
				seen = true // Fire: "automatically visible at any range"
				why = append(why, "on fire: visible at any range")
			}
			if seen {
				tgt.Seen[sideIndex(obs.Side)] = true
			}
			fields := []gamelog.Field{gamelog.Str("observer", obs.ID), gamelog.Str("target", tgt.ID), gamelog.Int("range", a.Int("range")), gamelog.Int("max", max)}
			if len(why) > 0 {
				fields = append(fields, gamelog.Str("why", strings.Join(why, "; ")))
			}
			c.Emit(evSpot, append(fields, gamelog.Bool("seen", seen))...)
		case 1:
			return
		default:
			b.Ended = true
			return
		}
	}
}

// CheckSpot checks a sighting: two different vessels of different sides.
func (b *Battle) CheckSpot(obs, tgt *Vessel) error {
	if obs == nil || tgt == nil {
		return fmt.Errorf("name two vessels afloat")
	}
	if obs.Side == tgt.Side {
		return fmt.Errorf("%s and %s are both the %s': an observer looks for the enemy", obs.ID, tgt.ID, sideName(obs.Side))
	}
	return nil
}

// DuelRange is the duel's range this turn (option duel: our abstraction).
func (b *Battle) DuelRange() int {
	return max(b.Opt.DuelStart-b.Opt.DuelClose*(b.Turn-1), 0)
}

// duelSpot is the spotting phase of a duel: every vessel looks for every
// enemy at the duel's range.
func (b *Battle) duelSpot(c *engine.Ctx) {
	r := b.DuelRange()
	for _, o := range b.Vessels {
		for _, t := range b.Vessels {
			if o.Side == t.Side || !o.Afloat() || !t.Afloat() {
				continue
			}
			max, _ := b.MaxSpot(o, t, false)
			b.Ranges[o.ID+">"+t.ID] = r
			if r <= max {
				t.Seen[sideIndex(o.Side)] = true
			}
			c.Emit(evSpot, gamelog.Str("observer", o.ID), gamelog.Str("target", t.ID), gamelog.Int("range", r), gamelog.Int("max", max), gamelog.Bool("seen", r <= max))
		}
	}
}
