package enginetest

import (
	"embed"
	"fmt"
	"io/fs"
	"strconv"

	"github.com/schnell-wargames/schnell/dice"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/tables"
)

//go:embed testdata/skirmish
var skirmishFiles embed.FS

// Skirmish is a second toy game, for the kernel's table pieces: each turn
// it rolls a combat results table (a grid read by the odds' column, with a
// shift), a fire chart (a grid whose rows are a factor's bands), throws a
// d20 with a white and a red d6 and reads three tables with them (a
// natural 1 always misses), throws two d10 for a grid square, and asks
// whether to fight on.
type Skirmish struct {
	Turns   int
	Turn    int
	Terrain int // 0 open, 1 town
	Losses  int
	Hits    int
	Damage  int
	Fires   int
	Squares []string
	Stopped bool

	need, rng, odds int
}

// The skirmish's event types besides the toy's start and end.
const evContact engine.EventType = "contact"

// The skirmish's throws.
var (
	Gunfire = dice.MustThrow("1d20 hit, 1d6 white, 1d6 red")
	Square  = dice.MustThrow("1d10 row, 1d10 column")
)

var skirmishSchema = &tables.Schema{
	Facts: []tables.Def{
		{Name: "odds", Kind: tables.Int},
		{Name: "terrain", Kind: tables.Enum, Values: []string{"open", "town"}},
		{Name: "turn", Kind: tables.Int},
		{Name: "factor", Kind: tables.Int},
		{Name: "need", Kind: tables.Int},
		{Name: "range", Kind: tables.Enum, Values: []string{"short", "medium", "long"}},
	},
	Effects: []tables.Def{
		{Name: "loss", Kind: tables.Int},
		{Name: "hit", Kind: tables.Int},
		{Name: "dmg", Kind: tables.Int},
		{Name: "fire", Kind: tables.Flag},
	},
	Required: map[string][]string{"K-CRT": {"loss"}, "K-HIT": {"hit"}, "K-DMG": {"dmg"}},
	Records: []tables.RecordKind{{Name: "unit", Help: "a fighting unit", Fields: []tables.Field{
		{Name: "strength", Kind: tables.Int, Required: true},
		{Name: "gun", Many: true, Parts: []tables.Field{
			{Name: "weapon", Kind: tables.Enum, Values: []string{"mg", "cannon"}},
			{Name: "arcs", Kind: tables.Marks, Values: []string{"F", "A", "P", "S"}},
		}},
	}}},
}

// skirmishFacts reads the tables' facts by name.
var skirmishFacts = tables.Bind[*Skirmish](skirmishSchema).
	Fact("odds", func(s *Skirmish) int { return s.odds }).
	Fact("terrain", func(s *Skirmish) int { return s.Terrain }).
	Fact("turn", func(s *Skirmish) int { return s.Turn }).
	Fact("factor", func(s *Skirmish) int { return 3 * s.Turn }).
	Fact("need", func(s *Skirmish) int { return s.need }).
	Fact("range", func(s *Skirmish) int { return s.rng })

// Play implements engine.Rules.
func (s *Skirmish) Play(c *engine.Ctx) {
	f := skirmishFacts.Of(s)
	c.Emit(evStart, gamelog.Int("turns", s.Turns))
	for s.Turn = 1; s.Turn <= s.Turns && !s.Stopped; s.Turn++ {
		s.Terrain = s.Turn % 2
		// The odds: the attackers' strength minus the defenders', and the
		// attackers grow bolder each turn.
		att, _ := c.Record("RAIDERS").Int("strength")
		def, _ := c.Record("GARRISON").Int("strength")
		s.odds = att - def + s.Turn
		o := c.Roll("K-CRT", f, "assault")
		l, _ := o.Value("loss")
		s.Losses += l
		c.Roll("K-FIRE", f, "guns")
		s.need, s.rng = 8+s.Turn, s.Turn%3
		th := c.Throw(Gunfire, "gunfire")
		if h := c.Read("K-HIT", f, "gunfire", th, "hit"); h.Sets("hit") {
			if v, _ := h.Value("hit"); v == 1 {
				s.Hits++
				d := c.Read("K-DMG", f, "damage", th, "white")
				v, _ := d.Value("dmg")
				s.Damage += v
				if c.Read("K-BURN", f, "fire", th, "red").Sets("fire") {
					s.Fires++
				}
			}
		}
		sq := c.Throw(Square, "contact")
		where := strconv.Itoa(sq.Face("row")) + "-" + strconv.Itoa(sq.Face("column"))
		s.Squares = append(s.Squares, where)
		c.Emit(evContact, gamelog.Str("square", where))
		c.Pause("turn", 1)
		d := c.Ask("fight_on")
		d.Add("on", "fight on", "")
		d.Add("stop", "break off", "")
		if c.Decide(d, func(d *engine.Decision) { d.Prompt = "Fight on?" }) == 1 {
			s.Stopped = true
		}
	}
	c.Emit(evEnd, gamelog.Int("losses", s.Losses), gamelog.Int("hits", s.Hits), gamelog.Int("damage", s.Damage))
}

// SkirmishDefinition is the second toy game.
func SkirmishDefinition() *engine.Definition {
	sub, err := fs.Sub(skirmishFiles, "testdata/skirmish")
	if err != nil {
		panic(err)
	}
	tabs, err := tables.Load(sub, skirmishSchema)
	if err != nil {
		panic(err) // the embedded tables are part of this package
	}
	return &engine.Definition{
		Describe: describeSkirmish,
		Events:   []engine.EventType{evStart, evContact, evEnd},
		Name:     "skirmish",
		Title:    "a toy skirmish of two-dimensional tables, throws and natural faces, for testing the kernel",
		Booklets: []engine.Booklet{{Name: "skirmish", Tables: tabs}},
		Options:  []engine.OptionDef{{Name: "turns", Default: "3", Help: "how many turns to fight"}},
		Pauses:   []string{"turn", "skirmish"},
		New: func(opts []gamelog.Option, _ *tables.Set) (engine.Rules, error) {
			n, err := strconv.Atoi(opts[0].Value)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("turns %q: want a positive number", opts[0].Value)
			}
			return &Skirmish{Turns: n}, nil
		},
		Reference: func(engine.Rules) engine.Decider { return engine.TakeDefault{} },
	}
}
