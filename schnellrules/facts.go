package schnellrules

import "github.com/schnell-wargames/schnell/tables"

// facts are what a roll of the game's tables reads (the schema's facts,
// bound by name in factsOf): the score needed, the range band, the
// target's and the shooter's speeds and sizes, the damage modifiers.
type facts struct {
	need           int  // the score needed at the range (Gun Data, Torpedo Data)
	band           Band // the range band
	targetSpeed    Speed
	targetSize     Size
	shooterSpeed   Speed
	shooterSmall   bool // a Very Small or Small shooter (its speed modifiers apply)
	stationaryPlus bool // option stationary=plus
	damageMod      int  // the weapon's damage modifier
	sizeMod        int  // the target's size modifier
	far            bool // a torpedo over 40cm away when launched
	secondary      bool // a torpedo's secondary attack
	level          Level
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// factsOf binds the schema's facts to facts, by name.
var factsOf = tables.Bind[*facts](schema).
	Fact("need", func(f *facts) int { return f.need }).
	Fact("range", func(f *facts) int { return int(f.band) }).
	Fact("target_speed", func(f *facts) int { return int(f.targetSpeed) }).
	Fact("target_size", func(f *facts) int { return int(f.targetSize) }).
	Fact("shooter_speed", func(f *facts) int { return int(f.shooterSpeed) }).
	Fact("shooter_small", func(f *facts) int { return flag(f.shooterSmall) }).
	Fact("stationary_plus", func(f *facts) int { return flag(f.stationaryPlus) }).
	Fact("damage_mod", func(f *facts) int { return f.damageMod }).
	Fact("size_mod", func(f *facts) int { return f.sizeMod }).
	Fact("far", func(f *facts) int { return flag(f.far) }).
	Fact("secondary", func(f *facts) int { return flag(f.secondary) }).
	Fact("level", func(f *facts) int { return int(f.level) })

// of is the facts as a roll reads them.
func (f *facts) of() tables.Facts { return factsOf.Of(f) }
