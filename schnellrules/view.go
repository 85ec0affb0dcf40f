package schnellrules

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/sea"
)

// view is what a script sees of a battle (docs/lua-api-schnellrules.md):
// the turn, the phase, who acts first, the vessels and the torpedoes in
// the water. On the player's table the ranges are the table's (those of
// the sightings); on the virtual table every vessel's place, and for a
// side's own vessels the range and bearing of each enemy on the table and
// the orders that would be taken at it now. A script that plays one side
// (side) sees an enemy it has not spotted this turn as its marker only:
// its label, place and heading, nothing of what it is.
type view struct {
	b    *Battle
	side string // the side looking ("": every side, the referee)
}

var _ engine.Viewer = view{}

// ViewParts implements engine.Viewer.
func (view) ViewParts() []string { return []string{"vessels", "torpedoes"} }

// hidden reports whether the side looking does not know x.
func (v view) hidden(x *Vessel) bool {
	return v.side != "" && v.b.Table != nil && x.Side != v.side && !x.Seen[sideIndex(v.side)]
}

// WriteView implements engine.Viewer.
func (v view) WriteView(w engine.ViewWriter, part int) {
	b := v.b
	switch part {
	case -1:
		w.Int("turn", b.Turn)
		w.Int("turns", b.Opt.Turns)
		w.Str("phase", phaseNames[b.Phase])
		w.Str("first", b.First)
		w.Int("shrink", b.Shrink)
		if b.Table != nil {
			w.Str("side", v.side)
			w.Int("width", b.Table.Area.Width/10)
			w.Int("height", b.Table.Area.Height/10)
		}
	case 0:
		w.Open("vessels", true)
		for _, x := range b.Vessels {
			if v.hidden(x) {
				if x.Afloat() && x.Place != nil { // not yet placed (the set-up): nothing to see
					v.writeMarker(w, x)
				}
				continue
			}
			v.writeVessel(w, x)
		}
		w.Close()
	case 1:
		w.Open("torpedoes", true)
		for _, t := range b.Torps {
			w.Open("", false)
			w.Str("id", t.ID)
			w.Str("from", t.From)
			w.Str("target", t.Target)
			w.Int("due", t.Due)
			w.Close()
		}
		w.Close()
	}
}

// writeVessel writes a vessel the side knows.
func (v view) writeVessel(w engine.ViewWriter, x *Vessel) {
	b := v.b
	w.Open("", false)
	w.Str("id", x.ID)
	w.Str("class", x.Class.ID)
	w.Str("side", x.Side)
	w.Str("size", x.Class.Size.String())
	w.Str("speed", x.Speed.String())
	w.Str("max_speed", x.MaxSpeed.String())
	w.Str("level", x.Level.String())
	w.Bool("afloat", x.Afloat())
	w.Bool("burning", x.Burning)
	w.Bool("seen_by_allies", x.Seen[0])
	w.Bool("seen_by_axis", x.Seen[1])
	if x.Place != nil {
		v.writePlace(w, x)
	}
	w.Open("ranges", true)
	for _, o := range b.Vessels {
		if r, ok := b.Ranges[o.ID+">"+x.ID]; ok && !v.hidden(o) {
			w.Open("", false)
			w.Str("observer", o.ID)
			w.Int("range", r)
			w.Close()
		}
	}
	w.Close()
	w.Open("guns", true)
	for _, g := range x.Guns {
		w.Open("", false)
		w.Str("name", g.Name)
		w.Str("arcs", g.Arcs)
		w.Int("reach", g.Row.Bands[len(g.Row.Bands)-1].Range)
		w.Bool("lost", g.Lost)
		w.Bool("fired", g.Fired)
		w.Close()
	}
	w.Close()
	w.Open("tubes", true)
	for _, m := range x.Mounts {
		w.Open("", false)
		w.Str("type", m.Type.ID)
		w.Int("loaded", m.Loaded)
		w.Bool("lost", m.Lost)
		w.Close()
	}
	w.Close()
	if x.Place != nil && x.Afloat() && (v.side == "" || x.Side == v.side) {
		v.writeContacts(w, x)
	}
	w.Close()
}

// writeMarker writes an enemy the side has not spotted: its marker.
func (v view) writeMarker(w engine.ViewWriter, x *Vessel) {
	w.Open("", false)
	w.Str("id", x.Place.Marker)
	w.Str("class", "")
	w.Str("side", x.Side)
	w.Bool("afloat", true)
	w.Bool("seen_by_allies", x.Seen[0])
	w.Bool("seen_by_axis", x.Seen[1])
	v.writePlace(w, x)
	w.Close()
}

// writePlace writes a vessel's place on the virtual table.
func (v view) writePlace(w engine.ViewWriter, x *Vessel) {
	p := x.Place
	w.Str("marker", p.Marker)
	w.Int("x", p.At.Centre.X)
	w.Int("y", p.At.Centre.Y)
	w.Int("heading", p.At.Heading)
	if !v.hidden(x) {
		w.Int("course", p.Course)
		w.Bool("on_table", !x.Left)
	}
}

// writeContacts writes, for one of the side's vessels, each enemy on the
// table: its id as the side knows it, range and bearing, and the orders
// the rules would take at it now (the guns that bear and reach, a
// torpedo).
func (v view) writeContacts(w engine.ViewWriter, x *Vessel) {
	b := v.b
	w.Open("contacts", true)
	for _, t := range b.Vessels {
		if t.Side == x.Side || !t.Afloat() || t.Place == nil {
			continue
		}
		seen := t.Seen[sideIndex(x.Side)]
		id := t.ID
		if !seen {
			id = t.Place.Marker
		}
		w.Open("", false)
		w.Str("id", id)
		w.Bool("seen", seen)
		w.Int("range", Range(x, t))
		bearing := sea.Bearing(x.Place.At.Centre, t.Place.At.Centre)
		w.Int("bearing", bearing)
		w.Int("off_bow", sea.Relative(x.Place.At.Heading, bearing))
		w.Open("guns", true)
		if seen {
			for _, g := range x.Guns {
				if fireable(b, x, g.Name, t) {
					w.Str("", g.Name)
				}
			}
		}
		w.Close()
		w.Bool("torpedo", seen && launchable(b, x, t))
		w.Close()
	}
	w.Close()
}

// fireable reports whether the rules would take an order of v's gun at t
// in a gunfire phase now (whichever side acts now).
func fireable(b *Battle, v *Vessel, gun string, t *Vessel) bool {
	acting := b.acting
	b.acting = ""
	_, _, _, _, err := b.CheckFire(v.ID, gun, t.ID, Range(v, t))
	b.acting = acting
	return err == nil
}

// launchable reports whether the rules would take a launch of v at t now.
func launchable(b *Battle, v *Vessel, t *Vessel) bool {
	acting := b.acting
	b.acting = ""
	_, _, _, err := b.CheckLaunch(v.ID, t.ID, Range(v, t), "any")
	b.acting = acting
	return err == nil
}
