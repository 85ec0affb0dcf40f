package schnellrules

import "github.com/schnell-wargames/schnell/engine"

// view is what a script sees of a battle (docs/lua-api.md): the turn, the
// phase, who acts first, the vessels and the torpedoes in the water. The
// ranges are the table's: a script is told them in a decision's facts or
// reads them from its own notes, never from this view.
type view struct{ b *Battle }

var _ engine.Viewer = view{}

// ViewParts implements engine.Viewer.
func (view) ViewParts() []string { return []string{"vessels", "torpedoes"} }

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
	case 0:
		w.Open("vessels", true)
		for _, x := range b.Vessels {
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
			w.Open("ranges", true)
			for _, o := range b.Vessels {
				if r, ok := b.Ranges[o.ID+">"+x.ID]; ok {
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
			w.Close()
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
