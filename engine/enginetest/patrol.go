package enginetest

import (
	"fmt"
	"strconv"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

// Patrol is a toy game that plays another inside it (engine.Ctx.Play), as
// a campaign fights a battle under another game's rules: a patrol of a few
// legs on the toy's tables; on each leg where T-1 finds a ship the patrol
// decides to engage it or let it pass, and an engagement is a whole duel
// (DuelDefinition): p1 is the patrol, played by whoever commands it (the
// player, or the patrol's decider when it plays duels), p2 is the duel's
// reference player. The duel's result comes back as points: p1's less
// p2's.
type Patrol struct {
	Legs, Leg, Points int
	DuelTurns         int
	Fights            int
	Shots             int // the duels' fire events, as the patrol saw them made (Inner.Observe)
	duel              *engine.Definition
}

// The patrol's event types (the toy's start and end, and its own).
const (
	evPatrolLeg engine.EventType = "patrol_leg"
	evFought    engine.EventType = "fought"
)

// Play implements engine.Rules.
func (p *Patrol) Play(c *engine.Ctx) {
	c.Emit(evStart, gamelog.Int("legs", p.Legs))
	for p.Leg = 1; p.Leg <= p.Legs; p.Leg++ {
		o := c.Roll("T-1", toyFacts.Of(&Toy{Leg: p.Leg}), "leg "+strconv.Itoa(p.Leg))
		c.Emit(evPatrolLeg, gamelog.Int("n", p.Leg), gamelog.Str("sighted", o.Result()))
		if pts, _ := o.Value("points"); pts == 0 {
			continue
		}
		d := c.Ask("engage")
		d.Add("fight", "fight it out as a duel", "fight")
		d.Add("pass", "let it pass", "pass")
		if c.Decide(d, func(d *engine.Decision) { d.Prompt = "Engage " + o.Result() + "?" }) == 1 {
			continue
		}
		r := c.Play(engine.Inner{
			Def:     p.duel,
			Options: []gamelog.Option{{Name: "turns", Value: strconv.Itoa(p.DuelTurns)}},
			Seats:   []engine.Seat{{Side: "p1"}, {Side: "p2", Reference: true}},
			Observe: func(e *gamelog.Event) {
				if e.Type == "fire" {
					p.Shots++
				}
			},
		})
		duel := r.(*Duel)
		p.Fights++
		p.Points += duel.Points["p1"] - duel.Points["p2"]
		c.Emit(evFought, gamelog.Int("p1", duel.Points["p1"]), gamelog.Int("p2", duel.Points["p2"]), gamelog.Int("points", p.Points), gamelog.Int("shots", p.Shots))
	}
	c.Emit(evEnd, gamelog.Int("points", p.Points))
}

// PatrolDefinition is the patrol. duel is the game it plays inside it
// (nil: DuelDefinition()).
func PatrolDefinition(duel *engine.Definition) *engine.Definition {
	if duel == nil {
		duel = DuelDefinition()
	}
	toy := Definition()
	return &engine.Definition{
		Describe: describePatrol,
		Events:   []engine.EventType{evStart, evPatrolLeg, evFought, evEnd},
		Name:     "patrol",
		Title:    "a toy game that plays the duel inside it, for the kernel's inner games",
		Booklets: toy.Booklets,
		Options: []engine.OptionDef{
			{Name: "legs", Default: "3", Help: "how many legs to sail"},
			{Name: "duel_turns", Default: "2", Help: "how many turns a duel lasts"},
		},
		Pauses: []string{"turn", "leg", "patrol"},
		New: func(opts []gamelog.Option, _ *tables.Set) (engine.Rules, error) {
			legs, err := strconv.Atoi(opts[0].Value)
			if err != nil || legs < 1 || legs > 50 {
				return nil, fmt.Errorf("legs %q: want 1 to 50", opts[0].Value)
			}
			turns, err := strconv.Atoi(opts[1].Value)
			if err != nil || turns < 1 || turns > 100 {
				return nil, fmt.Errorf("duel_turns %q: want 1 to 100", opts[1].Value)
			}
			return &Patrol{Legs: legs, DuelTurns: turns, duel: duel}, nil
		},
		Score: func(r engine.Rules) []gamelog.Field {
			p := r.(*Patrol)
			return []gamelog.Field{gamelog.Int("points", p.Points), gamelog.Int("fights", p.Fights)}
		},
		Reference: func(engine.Rules) engine.Decider { return engine.TakeDefault{} },
	}
}

// describePatrol words the patrol's events.
func describePatrol(e *gamelog.Event) string {
	switch e.Type {
	case "start":
		return fmt.Sprintf("A patrol of %d legs.", e.Int("legs"))
	case "patrol_leg":
		return fmt.Sprintf("Leg %d: %s.", e.Int("n"), e.Str("sighted"))
	case "fought":
		return fmt.Sprintf("The duel is over (p1 %d, p2 %d): %d points.", e.Int("p1"), e.Int("p2"), e.Int("points"))
	case "end":
		return fmt.Sprintf("The patrol ends with %d points.", e.Int("points"))
	}
	return ""
}
