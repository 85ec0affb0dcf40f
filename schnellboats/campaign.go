package schnellboats

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// The fields of events and facts, short (functions, not variables holding
// gamelog's: a call through a variable is never inlined).
func str(k, v string) gamelog.Field       { return gamelog.Str(k, v) }
func num(k string, v int) gamelog.Field   { return gamelog.Int(k, v) }
func flag(k string, v bool) gamelog.Field { return gamelog.Bool(k, v) }

func newCampaign(opts []gamelog.Option, set *tables.Set) (engine.Rules, error) {
	if err := checkLearnt(set); err != nil { // learnt tables (learnt.go)
		return nil, err
	}
	c := &Campaign{End: campaignEnd, Players: 1, learnt: hasLearnt(set)}
	for _, o := range opts {
		switch o.Name {
		case "campaign":
			switch o.Value {
			case "short":
				c.Length = Short
			case "medium":
				c.Length = Medium
			case "long":
				c.Length = Long
			default:
				return nil, fmt.Errorf("campaign %q: want short, medium or long (3.1)", o.Value)
			}
		case "boat":
			switch o.Value {
			case "s100":
				c.Type = S100
			case "5b":
				c.Type = P5b
			default:
				return nil, fmt.Errorf("boat %q: want s100 or 5b", o.Value)
			}
		case "placement":
			switch o.Value {
			case "moves", "medium":
				c.read.placeMedium = o.Value == "medium"
			default:
				return nil, fmt.Errorf("placement %q: want moves or medium (4.7)", o.Value)
			}
		case "both_gone":
			switch o.Value {
			case "end", "continue":
				c.read.bothGoOn = o.Value == "continue"
			default:
				return nil, fmt.Errorf("both_gone %q: want end or continue (7.0 step 4)", o.Value)
			}
		case "success":
			switch o.Value {
			case "task", "sunk":
				c.read.needSunk = o.Value == "sunk"
			default:
				return nil, fmt.Errorf("success %q: want task or sunk (Completing a Mission)", o.Value)
			}
		case "players":
			switch o.Value {
			case "1", "2":
				c.Players = int(o.Value[0] - '0')
			default:
				return nil, fmt.Errorf("players %q: want 1 or 2 (7.0: the optional two-player game)", o.Value)
			}
		case "battles", "battle_table", "battle_data": // issue 30: battle.go
			if err := c.battleOption(o); err != nil {
				return nil, err
			}
		}
	}
	if err := c.battleData(); err != nil {
		return nil, err
	}
	c.Start = campaignStart[c.Length]
	c.Date = c.Start
	c.ids = &s100IDs
	if c.Type == P5b {
		c.ids = &p5bIDs
	}
	c.Stats.Sunk = map[string]int{}
	c.bound = factsByName.Of(&c.facts)
	return c, nil
}

// Play runs the campaign from set-up to its end.
func (c *Campaign) Play(x *engine.Ctx) {
	c.x = x
	c.emit(evCampaignStart, str("campaign", c.Length.String()), str("boat", c.Type.Name()),
		str("start", c.Start.String()), str("end", c.End.String()))
	c.calendar().setUp()
	for !c.Over && c.Date.Before(c.End) {
		c.calendar().night()
	}
	c.debrief().finish()
}

// roll rolls on a table with the facts f (what the roll concerns) and a
// label made of parts, joined only when read (engine.Ctx.Roll).
func (c *Campaign) roll(id string, f facts, label ...string) engine.Outcome {
	f.c = c
	c.facts = f
	return c.x.Roll(id, c.bound, label...)
}

// ask starts a decision of kind k (engine.Ctx.Ask).
// In the two-player game it is the side's that gives the orders now
// (7.0 step 2).
func (c *Campaign) ask(k decisionKind) *engine.Decision {
	d := c.x.Ask(string(k))
	if c.Two != nil {
		d.Side = c.commander()
	}
	return d
}

// lookup reads a lookup table with the facts f.
func (c *Campaign) lookup(id string, f facts) *tables.Row {
	f.c = c
	c.facts = f
	return c.x.Lookup(id, c.bound)
}

// eff is the effect called name of a roll's outcome (0 when its row does
// not set it).
func (c *Campaign) eff(o engine.Outcome, name string) int {
	v, _ := o.Value(name)
	return v
}

// vp counts Victory Points for an item (I-1) n times.
func (c *Campaign) vp(item VPItem, n int, why string) {
	if n == 0 {
		return
	}
	row := c.lookup(c.ids.VP, facts{item: item})
	v, _ := row.Value("vp", 0)
	total := v * n
	c.VP += total
	c.coop().shareVP(total)
	if c.Mission != nil {
		c.Mission.VP += total
	}
	c.record().victoryPoints(item, n, total, why)
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
