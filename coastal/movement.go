package coastal

import (
	"fmt"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
)

// launchAndMove: each marker of the side may launch torpedoes at a ship
// its side holds in observation (at 30 cm or more: a real torpedo and 2
// dummies; a dummy marker launches 3 dummies, once), then moves (Order of
// play (2); Torpedoes; Ship movement; Turning). Dummy markers are asked as
// their pot's ships are, so the decisions tell the other side nothing.
func (r *Rules) launchAndMove(c *engine.Ctx, side string) {
	lighters := false
	for _, m := range r.sideMarkers(side) {
		s := m.Ship
		if s != nil && s.Class == Lighter {
			lighters = true
			continue // a lighter moves only in tow (Towed lighters)
		}
		if s != nil {
			s.Turning, s.Launched = false, false
			if !s.Acting() {
				if s.Withdrawn && !s.Disabled && !s.Sunk {
					s.Speed = s.MaxSpeed()
					if r.Table != nil {
						r.Table.withdraw(c, m)
						continue
					}
					c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", "withdraw"), gamelog.Int("cm", s.Speed))
				} else {
					s.Speed = 0
				}
				continue
			}
		}
		r.launchOrder(c, m)
		r.move(c, m)
	}
	if lighters {
		r.followTows(c, side)
	}
}

// Courses a ship may steer: the table moves the model, the program keeps
// the speed and whether it turned (the modifiers read them).
var courses = []struct{ name, text string }{
	{"hold", "hold course and speed"},
	{"speed", "move at a speed of your choice, turning or not"},
	{"toward", "turn toward the nearest enemy at full speed (escorts at 45 degrees)"},
	{"comb", "turn to comb or evade torpedo markers at full speed"},
	{"ram", "ram a smaller enemy within reach at full speed"},
	{"away", "turn away and make for your own edge at full speed"},
	{"exit", "leave the table by its far edge"},
	{"astern", "move backwards (stationary last move), up to half the maximum speed"},
	{"tow", ""},
}

// limits are what a marker may do in this move (Ship movement; Turning;
// Torpedoes: half speed after a launch; Towed lighters; Bridge loss).
type limits struct {
	max, speed int // cm: the most it may move, and its speed now
	canTurn    bool
	stopped    bool // stationary last move: it may go astern, in this move only
	drift      bool // its engines all lost at 10 cm or more: 3 cm straight ahead
	name       string
}

func moveLimits(r *Rules, m *Marker) limits {
	s := m.Ship
	l := limits{max: r.potMax[m.Pot], canTurn: true, speed: m.speed, name: m.ID} // a dummy as fast as its pot's fastest
	if s != nil {
		l.max, l.speed, l.name = s.MaxSpeed(), s.Speed, s.Name+" ("+m.ID+")"
		if s.Launched {
			l.max /= 2 // a ship that fires torpedoes moves at half speed
		}
		l.canTurn = s.Bridge == 0 || s.BridgeL < s.Bridge // no bridge: no turning
		if r.improvised(s) {
			l.max /= 2 // an improvised towing vessel: half speed (Towed lighters)
		}
		if s.Drift {
			l.max, l.canTurn, l.drift, s.Drift = 3, false, true, false
		}
	}
	l.stopped = l.speed == 0 && !m.astern
	return l
}

func (r *Rules) move(c *engine.Ctx, m *Marker) {
	if r.Table != nil {
		r.Table.move(c, m)
		return
	}
	s := m.Ship
	l := moveLimits(r, m)
	max, canTurn, speed, name, stopped := l.max, l.canTurn, l.speed, l.name, l.stopped
	d := c.Ask("move")
	d.Side = m.Side
	unaware := !r.Aware[m.Side]
	for _, k := range courses {
		switch k.name {
		case "speed":
			if unaware {
				continue // scenario ships hold speed and course until aware
			}
			o := d.Add(k.name, k.text, "")
			// swing: the cm spent turning (the stern moved aside), up to
			// half the maximum speed and part of the move (Turning)
			o.Args = []engine.Arg{engine.IntArg("cm", 0, max, "cm"), engine.YesArg("turn"), engine.IntArg("swing", 0, max/2, "cm")}
			o.Args[0].Default = gamelog.IntV(min(speed, max))
			o.Args[0].Text = "the speed this move"
			if m.astern {
				o.Args[0].Default = gamelog.IntV(0)
			}
			o.Args[1].Default = gamelog.Value{Kind: gamelog.KBool}
			o.Args[1].Text = "it turns"
			o.Args[2].Default = gamelog.IntV(0)
			o.Args[2].Text = "the cm spent turning (up to half the maximum speed)"
			o.Check = func(a engine.ArgValues) error {
				cm, swing := a.Int("cm"), a.Int("swing")
				switch {
				case m.astern && cm > 0:
					return fmt.Errorf("%s went astern: it must spend a move stationary (0 cm) before going ahead again (Ship movement)", name)
				case swing > cm:
					return fmt.Errorf("a swing of %d cm is more than the move's %d cm: the turn is part of the move (Turning)", swing, cm)
				case !canTurn && (swing > 0 || a.Yes("turn")):
					return fmt.Errorf("%s cannot turn: its bridge is lost until a point is repaired (Bridge loss), or it is adrift", name)
				}
				return nil
			}
		case "toward", "comb", "ram", "away":
			if unaware || !canTurn || max == 0 {
				continue
			}
			if m.astern {
				d.Refuse(k.name, "", name, " went astern: it must spend a move stationary before going ahead (Ship movement): `speed 0`")
				continue
			}
			d.Add(k.name, k.text, "")
		case "exit":
			if r.Setup.Escaping != m.Side {
				continue
			}
			d.Add(k.name, k.text, "")
		case "astern":
			if unaware || !stopped || max/2 == 0 {
				continue
			}
			o := d.Add(k.name, k.text, "")
			o.Args = []engine.Arg{engine.IntArg("cm", 1, max/2, "cm")}
			o.Args[0].Default = gamelog.IntV(max / 2)
			o.Args[0].Text = "the distance backwards (up to half the maximum speed)"
		case "tow":
			if !unaware {
				r.takeTowOption(d, m)
			}
		default:
			d.Add(k.name, k.text, "")
		}
	}
	i := 0 // hold, when it is all there is (unaware: Scenarios): nothing to ask
	if len(d.Options) > 1 {
		ownFacts(d, m)
		r.carry(d, m)
		i = c.Decide(d, func(d *engine.Decision) {
			d.Prompt = fmt.Sprintf("How does %s move (up to %d cm)?", m.named(), max)
		})
	}
	course := d.Options[i].Name
	turning := false
	switch course {
	case "hold":
		speed = min(speed, max)
		if m.astern {
			speed, m.astern = 0, false // astern only for one move: it stops
		}
	case "speed":
		speed, turning = d.Args().Int("cm"), d.Args().Yes("turn") || d.Args().Int("swing") > 0
		m.astern = false
	case "astern":
		speed, m.astern = d.Args().Int("cm"), true
	case "tow":
		r.takeTow(c, s, d.Args().Str("lighter"))
		m.astern = false
		c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", course), gamelog.Int("cm", 0), gamelog.Bool("turning", false))
		return
	case "exit":
		if s == nil {
			m.Gone = true
			c.Emit(evRemoved, gamelog.Str("marker", m.ID), gamelog.Str("why", "left by the far edge"))
			return
		}
		r.reveal(c, m, "the far edge")
		s.Escaped = true
		c.Emit(evEscaped, gamelog.Str("ship", s.Name))
		return
	default:
		speed, turning, m.astern = max, true, false
	}
	if s != nil {
		s.Speed, s.Turning = speed, turning
	} else {
		m.speed = speed
	}
	// the table moves the model: the speed is told only of a marker in
	// the open (a hidden one's would tell its class)
	if !m.Revealed {
		c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", course))
		return
	}
	c.Emit(evMove, gamelog.Str("ship", m.ID), gamelog.Str("course", course), gamelog.Int("cm", speed), gamelog.Bool("turning", turning))
}

// named is a marker as its own side knows it: "eboat1 (A3)", "A2 (a
// dummy)".
func (m *Marker) named() string {
	if m.Ship != nil {
		return m.Ship.Name + " (" + m.ID + ")"
	}
	return m.ID + " (a dummy)"
}
