package scheldt

import (
	"embed"
	"io/fs"

	"github.com/schnell-wargames/schnell/tables"
)

//go:embed tables
var files embed.FS

// Terrains are the CRT's terrain lines, as the fact's values.
var Terrains = []string{"coastal", "docks", "city", "canal", "flooded", "clear"}

// Terrain is an index into Terrains.
type Terrain int

const (
	Coastal Terrain = iota
	Docks
	City
	Canal
	Flooded
	Clear
)

func (t Terrain) String() string { return Terrains[t] }

// schema names the facts the tables read (bound by name in rules.go) and
// the effects their rows set (read by name).
var schema = &tables.Schema{
	Facts: []tables.Def{
		{Name: "differential", Kind: tables.Int},
		{Name: "terrain", Kind: tables.Enum, Values: Terrains},
		{Name: "shifts", Kind: tables.Int},
		{Name: "engineers", Kind: tables.Int},
		{Name: "turn", Kind: tables.Int},
	},
	Effects: []tables.Def{
		{Name: "side", Kind: tables.Enum, Values: []string{"none", "attacker", "defender", "both"}},
		{Name: "n", Kind: tables.Int},
		{Name: "eliminated", Kind: tables.Flag},
		{Name: "allied", Kind: tables.Int},
		{Name: "german", Kind: tables.Int},
		{Name: "standin", Kind: tables.Flag},
	},
	Required: map[string][]string{"SC-CRT": {"side"}, "SF-TRACK": {"allied", "german"}},
	Records: []tables.RecordKind{{Name: "unit", Help: "a unit of the set-up, the reinforcements or an assault force", Fields: []tables.Field{
		{Name: "side", Kind: tables.Enum, Values: []string{"allied", "german"}, Required: true},
		{Name: "attack", Kind: tables.Int, Required: true},
		{Name: "defence", Kind: tables.Int, Required: true},
		{Name: "move", Kind: tables.Int, Required: true},
		{Name: "hex", Kind: tables.Text, Required: true},
		{Name: "arrives", Kind: tables.Int},
		{Name: "force", Kind: tables.Enum, Values: []string{"beveland", "walcheren"}},
		{Name: "mobile", Kind: tables.Flag},
		{Name: "pocket", Kind: tables.Flag},
	}}},
}

// Tables loads the game's tables, cups and units.
func Tables() (*tables.Set, error) {
	sub, err := fs.Sub(files, "tables")
	if err != nil {
		return nil, err
	}
	return tables.Load(sub, schema)
}
