package schnellrules

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/tables"
)

//go:embed data
var dataFiles embed.FS

// Size is a vessel's size class ("Vessel Data"), smallest first; it is
// also the turning circle of a manoeuvrability.
type Size int

// The sizes of the Vessel Data.
const (
	VerySmall Size = iota
	Small
	Medium
	Large
	VeryLarge
)

var sizeNames = []string{"very_small", "small", "medium", "large", "very_large"}
var sizeCodes = []string{"VS", "S", "M", "L", "VL"}

func (s Size) String() string { return sizeNames[s] }

// Word is the size as the player reads it ("very small"); String is its
// id in logs and scripts.
func (s Size) Word() string { return strings.ReplaceAll(sizeNames[s], "_", " ") }

// Speed is a speed level ("Vessel Data"): Stationary, then the five
// levels with their moves of 10 to 30 cm.
type Speed int

// The speed levels.
const (
	Stationary Speed = iota
	VerySlow
	Slow
	MediumSpeed
	Fast
	VeryFast
)

var speedNames = []string{"stationary", "very_slow", "slow", "medium", "fast", "very_fast"}
var speedWords = []string{"st", "vs", "s", "m", "f", "vf"}

func (s Speed) String() string { return speedNames[s] }

// Word is the speed as the player reads it ("very fast").
func (s Speed) Word() string { return strings.ReplaceAll(speedNames[s], "_", " ") }

// Move is the longest move in cm at this speed ("Vessel Data").
func (s Speed) Move() int { return []int{0, 10, 15, 20, 25, 30}[s] }

// ParseSpeed reads a speed level: st, vs, s, m, f, vf or its full name.
func ParseSpeed(w string) (Speed, error) {
	w = strings.ToLower(w)
	for i := range speedNames {
		if w == speedWords[i] || w == speedNames[i] {
			return Speed(i), nil
		}
	}
	return 0, fmt.Errorf("speed %q: say st, vs, s, m, f or vf", w)
}

// Level is a damage level ("Damage"), Intact to Sunk.
type Level int

// The damage levels.
const (
	Intact Level = iota
	Damaged
	HeavilyDamaged
	Wrecked
	Sunk
)

var levelNames = []string{"intact", "damaged", "heavily_damaged", "wrecked", "sunk"}

func (l Level) String() string { return levelNames[l] }

// Word is the damage level as the player reads it ("heavily damaged").
func (l Level) Word() string { return strings.ReplaceAll(levelNames[l], "_", " ") }

// Band is a gun's range band ("Gun Data").
type Band int

// The range bands.
const (
	Short Band = iota
	MediumRange
	Long
)

var bandNames = []string{"short", "medium", "long"}

func (b Band) String() string { return bandNames[b] }

var weaponNames = []string{"LMG", "HMG", "20mm", "2pdr", "3pdr", "6pdr", "37mm", "40mm", "1.1in", "3inHA", "4inHA", "4.7in", "84mm", "88mm", "100mm", "105mm"}

var schema = &tables.Schema{
	Facts: []tables.Def{
		{Name: "need", Kind: tables.Int},
		{Name: "range", Kind: tables.Enum, Values: bandNames},
		{Name: "target_speed", Kind: tables.Enum, Values: speedNames},
		{Name: "target_size", Kind: tables.Enum, Values: sizeNames},
		{Name: "shooter_speed", Kind: tables.Enum, Values: speedNames},
		{Name: "shooter_small", Kind: tables.Int},
		{Name: "stationary_plus", Kind: tables.Int},
		{Name: "damage_mod", Kind: tables.Int},
		{Name: "size_mod", Kind: tables.Int},
		{Name: "far", Kind: tables.Int},
		{Name: "secondary", Kind: tables.Int},
		{Name: "level", Kind: tables.Enum, Values: levelNames},
	},
	Effects: []tables.Def{
		{Name: "hit", Kind: tables.Int},
		{Name: "level", Kind: tables.Enum, Values: levelNames},
		{Name: "fire", Kind: tables.Flag},
		{Name: "lost", Kind: tables.Flag},
		{Name: "burn", Kind: tables.Enum, Values: []string{"out", "burns", "spreads"}},
		{Name: "shrink", Kind: tables.Int},
	},
	Required: map[string][]string{
		"SR-HIT": {"hit"}, "SR-TORP": {"hit"}, "SR-DMG": {"level"}, "SR-SYS": {},
		"SR-FIRE": {}, "SR-BURN": {"burn"}, "SR-VIS": {"shrink"}, "SR-DC": {"hit"},
	},
	Records: []tables.RecordKind{
		{Name: "vessel", Help: "a vessel class of the Boat Data", Addable: true, Fields: []tables.Field{
			{Name: "nation", Kind: tables.Enum, Values: []string{"british", "german", "italian", "us", "generic"}, Required: true},
			{Name: "size", Kind: tables.Enum, Values: sizeCodes, Required: true},
			{Name: "size_mod", Kind: tables.Int, Required: true},
			{Name: "manoeuvre", Kind: tables.Enum, Values: sizeCodes, Required: true},
			{Name: "speed", Kind: tables.Enum, Values: []string{"VS", "S", "M", "F", "VF"}, Required: true},
			{Name: "gun", Many: true, Parts: []tables.Field{
				{Name: "weapon", Kind: tables.Enum, Values: weaponNames},
				{Name: "arcs", Kind: tables.Marks, Values: []string{"F", "A", "P", "S"}},
				{Name: "aa", Kind: tables.Enum, Values: []string{"AA", "noAA"}},
			}},
			{Name: "torpedo", Many: true, Parts: []tables.Field{
				{Name: "type", Kind: tables.Enum, Values: []string{"18in", "21in"}},
				{Name: "tubes", Kind: tables.Int},
			}},
			{Name: "reloads", Kind: tables.Int},
			{Name: "depth_charges", Kind: tables.Flag},
		}},
		{Name: "gun", Help: "a row of the Gun Data", Fields: []tables.Field{
			{Name: "damage_mod", Kind: tables.Int, Required: true},
			{Name: "short", Required: true, Parts: []tables.Field{{Name: "range", Kind: tables.Int}, {Name: "score", Kind: tables.Int}}},
			{Name: "medium", Required: true, Parts: []tables.Field{{Name: "range", Kind: tables.Int}, {Name: "score", Kind: tables.Int}}},
			{Name: "long", Parts: []tables.Field{{Name: "range", Kind: tables.Int}, {Name: "score", Kind: tables.Int}}},
			{Name: "per_mount", Kind: tables.Flag},
			{Name: "weapon", Many: true, Kind: tables.Enum, Values: weaponNames},
		}},
		{Name: "airweapon", Help: "a row of the Aircraft Weapons", Fields: []tables.Field{
			{Name: "damage_mod", Kind: tables.Int, Required: true},
			{Name: "short", Required: true, Parts: []tables.Field{{Name: "range", Kind: tables.Int}, {Name: "score", Kind: tables.Int}}},
			{Name: "medium", Parts: []tables.Field{{Name: "range", Kind: tables.Int}, {Name: "score", Kind: tables.Int}}},
		}},
		{Name: "torpedo", Help: "a row of the Torpedo Data", Fields: []tables.Field{
			{Name: "min_range", Kind: tables.Int, Required: true},
			{Name: "max_range", Kind: tables.Int, Required: true},
			{Name: "need", Kind: tables.Int, Required: true},
			{Name: "damage_mod", Kind: tables.Int, Required: true},
		}},
	},
}

// GunRow is a row of the Gun Data.
type GunRow struct {
	ID        string
	Title     string
	DamageMod int
	Bands     []BandData // short, medium and, if it has one, long
	PerMount  bool
}

// BandData is one range band of a gun: out to Range cm, Score to hit.
type BandData struct{ Range, Score int }

// BandAt returns the band a range in cm falls in (false: out of range).
func (g *GunRow) BandAt(cm int) (Band, bool) {
	for i, b := range g.Bands {
		if cm <= b.Range {
			return Band(i), true
		}
	}
	return 0, false
}

// TorpedoData is a row of the Torpedo Data.
type TorpedoData struct {
	ID                 string
	Title              string
	MinRange, MaxRange int
	Need, DamageMod    int
}

// Class is a vessel class of the Boat Data, validated.
type Class struct {
	ID, Name, Nation string
	Size             Size
	SizeMod          int
	Manoeuvre        Size
	Speed            Speed
	Guns             []ClassGun
	Torpedoes        []Mount
	Reloads          int
	DepthCharges     bool
}

// ClassGun is one gun of a class: its weapon, the Gun Data row it fires
// with, its arcs and whether it may fire at aircraft.
type ClassGun struct {
	Weapon string
	Row    *GunRow
	Arcs   string
	AA     bool
}

// Mount is one torpedo mount: its type and tubes.
type Mount struct {
	Type  *TorpedoData
	Tubes int
}

// Database is the game's vessel data: classes, gun rows and torpedoes.
type Database struct {
	Classes   []*Class // in file order
	Guns      []*GunRow
	Torpedoes []*TorpedoData
	// AirWeapons are the rows of the Aircraft Weapons (rockets, bombs).
	AirWeapons []*GunRow
	byWeapon   map[string]*GunRow
}

// LoadTables loads the game's tables and records from dir.
func LoadTables(dir fs.FS) (*tables.Set, error) {
	return tables.Load(dir, schema)
}

// NewDatabase reads and checks the vessel data of a table set: every gun
// of every class maps to one Gun Data row, every torpedo to a row of the
// Torpedo Data, and the numbers are sane.
func NewDatabase(s *tables.Set) (*Database, error) {
	db := &Database{byWeapon: map[string]*GunRow{}}
	rowOf := func(kind string, r *tables.Record) (*GunRow, error) {
		g := &GunRow{ID: r.ID, Title: r.Title, PerMount: r.Has("per_mount")}
		g.DamageMod, _ = r.Int("damage_mod")
		last := 0
		for _, band := range []string{"short", "medium", "long"} {
			v := r.All(band)
			if len(v) == 0 {
				break
			}
			b := BandData{Range: v[0].Ints[0], Score: v[0].Ints[1]}
			if b.Range < last || b.Score < 1 || b.Score > 20 {
				return nil, fmt.Errorf("%s:%d: %s %s: %s band %d/%d+: ranges grow band by band and scores are 1 to 20", r.File, v[0].Line, kind, r.ID, band, b.Range, b.Score)
			}
			last = b.Range
			g.Bands = append(g.Bands, b)
		}
		return g, nil
	}
	for _, id := range inFileOrder(s, "airweapon") {
		r, _ := s.Record(id)
		g, err := rowOf("airweapon", r)
		if err != nil {
			return nil, err
		}
		db.AirWeapons = append(db.AirWeapons, g)
	}
	for _, id := range inFileOrder(s, "gun") {
		r, _ := s.Record(id)
		g, err := rowOf("gun", r)
		if err != nil {
			return nil, err
		}
		for _, w := range r.All("weapon") {
			name := weaponNames[w.Ints[0]]
			if prev, ok := db.byWeapon[name]; ok {
				return nil, fmt.Errorf("%s:%d: weapon %s is in gun rows %s and %s: give it one row", r.File, w.Line, name, prev.ID, g.ID)
			}
			db.byWeapon[name] = g
		}
		db.Guns = append(db.Guns, g)
	}
	torps := map[string]*TorpedoData{}
	for _, id := range inFileOrder(s, "torpedo") {
		r, _ := s.Record(id)
		t := &TorpedoData{ID: r.ID, Title: r.Title}
		t.MinRange, _ = r.Int("min_range")
		t.MaxRange, _ = r.Int("max_range")
		t.Need, _ = r.Int("need")
		t.DamageMod, _ = r.Int("damage_mod")
		if t.MinRange < 0 || t.MaxRange < t.MinRange || t.Need < 1 || t.Need > 20 {
			return nil, fmt.Errorf("%s:%d: torpedo %s: ranges %d-%d and score %d+ make no sense", r.File, r.Line, r.ID, t.MinRange, t.MaxRange, t.Need)
		}
		torps[strings.ToLower(r.ID)] = t
		db.Torpedoes = append(db.Torpedoes, t)
	}
	for _, id := range inFileOrder(s, "vessel") {
		r, _ := s.Record(id)
		c := &Class{ID: r.ID, Name: r.Title, Nation: r.Str("nation"), Reloads: 0, DepthCharges: r.Has("depth_charges")}
		sz, _ := r.Int("size")
		c.Size = Size(sz)
		c.SizeMod, _ = r.Int("size_mod")
		m, _ := r.Int("manoeuvre")
		c.Manoeuvre = Size(m)
		sp, _ := r.Int("speed")
		c.Speed = Speed(sp + 1)
		c.Reloads, _ = r.Int("reloads")
		for _, g := range r.All("gun") {
			w := weaponNames[g.Ints[0]]
			row, ok := db.byWeapon[w]
			if !ok {
				return nil, fmt.Errorf("%s:%d: vessel %s: gun %s has no Gun Data row: name it in a weapon line of a gun record", r.File, g.Line, r.ID, w)
			}
			c.Guns = append(c.Guns, ClassGun{Weapon: w, Row: row, Arcs: strings.Fields(g.Raw)[1], AA: g.Ints[2] == 0})
		}
		for _, t := range r.All("torpedo") {
			typ := []string{"18in", "21in"}[t.Ints[0]]
			td, ok := torps[typ]
			if !ok {
				return nil, fmt.Errorf("%s:%d: vessel %s: torpedo %s has no Torpedo Data record", r.File, t.Line, r.ID, typ)
			}
			if t.Ints[1] < 1 || t.Ints[1] > 10 {
				return nil, fmt.Errorf("%s:%d: vessel %s: a mount has 1 to 10 tubes, not %d", r.File, t.Line, r.ID, t.Ints[1])
			}
			c.Torpedoes = append(c.Torpedoes, Mount{Type: td, Tubes: t.Ints[1]})
		}
		if c.Reloads < 0 || c.Reloads > 20 || (c.Reloads > 0 && len(c.Torpedoes) == 0) {
			return nil, fmt.Errorf("%s:%d: vessel %s: reloads %d: 0 to 20, and only for a vessel with torpedoes", r.File, r.Line, r.ID, c.Reloads)
		}
		if len(c.Guns) > 30 {
			return nil, fmt.Errorf("%s:%d: vessel %s: %d guns: at most 30", r.File, r.Line, r.ID, len(c.Guns))
		}
		db.Classes = append(db.Classes, c)
	}
	if len(db.Classes) == 0 {
		return nil, fmt.Errorf("the vessel data has no vessel records")
	}
	return db, nil
}

// inFileOrder lists the records of kind in file order: the document's.
func inFileOrder(s *tables.Set, kind string) []string {
	recs := s.RecordIDs(kind)
	slices.SortStableFunc(recs, func(a, b string) int {
		ra, _ := s.Record(a)
		rb, _ := s.Record(b)
		if ra.File != rb.File {
			return strings.Compare(ra.File, rb.File)
		}
		return ra.Line - rb.Line
	})
	return recs
}

// Find returns the class named by s: an exact id or name, else the one
// class whose name contains s (case-insensitive).
func (db *Database) Find(s string) (*Class, error) {
	q := strings.ToLower(strings.TrimSpace(s))
	if q == "" {
		return nil, fmt.Errorf("name a class: an id or part of a name (vessels lists them)")
	}
	for _, c := range db.Classes {
		if strings.ToLower(c.ID) == q || strings.ToLower(c.Name) == q {
			return c, nil
		}
	}
	var hits []*Class
	for _, c := range db.Classes {
		if strings.Contains(strings.ToLower(c.Name), q) || strings.Contains(strings.ToLower(c.ID), q) {
			hits = append(hits, c)
		}
	}
	switch len(hits) {
	case 0:
		return nil, fmt.Errorf("no class is called %q: vessels lists them", s)
	case 1:
		return hits[0], nil
	}
	var ids []string
	for _, c := range hits {
		ids = append(ids, c.ID)
	}
	if len(ids) > 6 {
		ids = append(ids[:6], "…")
	}
	return nil, fmt.Errorf("%q could be %d classes (%s): type the id", s, len(hits), strings.Join(ids, ", "))
}

// Class returns a class by id (case-insensitive).
func (db *Database) Class(id string) *Class {
	for _, c := range db.Classes {
		if strings.EqualFold(c.ID, id) {
			return c
		}
	}
	return nil
}

// IDs lists the class ids.
func (db *Database) IDs() []string {
	out := make([]string, len(db.Classes))
	for i, c := range db.Classes {
		out[i] = c.ID
	}
	return out
}

// Filter lists the classes whose id, name or nation contains f.
func (db *Database) Filter(f string) []*Class {
	f = strings.ToLower(f)
	var out []*Class
	for _, c := range db.Classes {
		if f == "" || strings.Contains(strings.ToLower(c.ID), f) || strings.Contains(strings.ToLower(c.Name), f) || c.Nation == f || sizeNames[c.Size] == f {
			out = append(out, c)
		}
	}
	return out
}

// TwoLevels reports whether the class changes speed two levels a turn
// ("Vessel Data": Fast or Very Fast craft), else one.
func (c *Class) TwoLevels() bool { return c.Speed >= Fast }

// Small reports whether the class's shooters take the shooter's speed
// modifiers ("Gunfire": Very Small and Small shooters only).
func (c *Class) Small() bool { return c.Size <= Small }
