// Package bridge fights a Schnell Boats encounter as a Schnell Rules
// battle (issue 30, option battles=schnellrules): it maps the campaign's
// boats, the encounter's enemy units, the night's weather and sea and the
// Combat Board's range zone to a Schnell Rules battle set-up (the data
// file data/bridge.rec, which a player may replace), and reads the battle
// back (damage levels, hits, torpedoes, ships sunk, vessels that left).
// It knows the campaign only through the plain values below: the
// flagship's rules call it and apply what it reads (docs/bridge.md).
package bridge

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/schnellrules"
	"github.com/schnell-wargames/schnell/tables"
)

//go:embed data/bridge.rec
var files embed.FS

// speeds are Schnell Rules' speed words as a scenario line takes them.
var speeds = []string{"vs", "s", "m", "f", "vf"}

// schema declares the data file's records.
var schema = &tables.Schema{
	Records: []tables.RecordKind{
		{Name: "boat", Help: "the squadron's boats of a type (s100, 5b) as a Schnell Rules class", Fields: []tables.Field{
			{Name: "class", Kind: tables.Text, Required: true, Help: "a Schnell Rules vessel class (vessels lists them)"},
			{Name: "speed", Kind: tables.Enum, Values: speeds, Required: true, Help: "the speed the boats begin the battle at"},
			{Name: "reason", Kind: tables.Text, Required: true},
		}},
		{Name: "unit", Help: "an enemy unit type of the Combat Boards (C-4) as a Schnell Rules class, or none", Fields: []tables.Field{
			{Name: "class", Kind: tables.Text, Help: "a Schnell Rules vessel class; absent: no counterpart (the encounter stays a Combat Board fight)"},
			{Name: "speed", Kind: tables.Enum, Values: speeds, Help: "the speed it begins at (capped by the class)"},
			{Name: "reason", Kind: tables.Text, Required: true},
		}},
		{Name: "zone", Help: "a range zone of the Combat Board as the battle's start range", Fields: []tables.Field{
			{Name: "cm", Kind: tables.Int, Required: true, Help: "the range between the nearest boat and the nearest enemy"},
			{Name: "reason", Kind: tables.Text, Required: true},
		}},
		{Name: "weather", Help: "the night's weather as the battle's visibility and start zone", Fields: []tables.Field{
			{Name: "visibility", Required: true, Help: "sizes smaller targets look, by the d6's face 1 to 6", Parts: []tables.Field{
				{Name: "1", Kind: tables.Int}, {Name: "2", Kind: tables.Int}, {Name: "3", Kind: tables.Int},
				{Name: "4", Kind: tables.Int}, {Name: "5", Kind: tables.Int}, {Name: "6", Kind: tables.Int}}},
			{Name: "zone", Kind: tables.Enum, Values: zoneNames, Required: true},
			{Name: "reason", Kind: tables.Text, Required: true},
		}},
		{Name: "sea", Help: "the sea state (calm 1-3, heavy 4-5) as sizes smaller again", Fields: []tables.Field{
			{Name: "smaller", Kind: tables.Int, Required: true},
			{Name: "reason", Kind: tables.Text, Required: true},
		}},
		{Name: "level", Help: "a Schnell Rules damage level as the campaign's damage", Fields: []tables.Field{
			{Name: "points", Kind: tables.Int, Required: true, Help: "Boats #2-#4's damage points added"},
			{Name: "disabled", Kind: tables.Flag},
			{Name: "sunk", Kind: tables.Flag},
			{Name: "reason", Kind: tables.Text, Required: true},
		}},
		{Name: "battle", Help: "the battle's own settings", Fields: []tables.Field{
			{Name: "turns", Kind: tables.Int, Required: true},
			{Name: "reason", Kind: tables.Text, Required: true},
		}},
	},
}

// The ids the data file must hold.
var (
	zoneNames   = []string{"long", "medium", "close"}
	boatTypes   = []string{"s100", "5b"}
	unitTypes   = []string{"merchant", "tanker", "destroyer", "light_cruiser", "mtb", "mgb", "submarine"}
	weathers    = []string{"good", "poor", "foggy", "bad"}
	seaStates   = []string{"calm", "heavy"}
	levelNames  = []string{"intact", "damaged", "heavily_damaged", "wrecked", "sunk"}
	battleNames = []string{"default"}
)

// Stand is one record of the data: what a thing of the campaign is in the
// battle, and why.
type Stand struct {
	ID, Title, Class, Speed, Reason string
}

// Level is what a damage level does to a campaign boat.
type Level struct {
	Name, Title       string
	Points            int
	Disabled, Sunk    bool
	Reason            string
	schnellrulesLevel schnellrules.Level
}

// Data is a loaded data file.
type Data struct {
	Boats   map[string]Stand
	Units   map[string]Stand
	Zones   map[string]int // cm
	Weather map[string]Weather
	Seas    map[string]int // sizes smaller again
	Levels  []Level        // by Schnell Rules' level, Intact first
	Turns   int
	Reasons map[string]string // "zone long", "sea heavy", "battle default": each record's reason
	Digest  string            // the file's digest (its table set's)
	Rules   *engine.Definition
	sets    map[[6]int]*tables.Set // the battle's tables for a visibility row
	mu      sync.Mutex
}

// Weather is the night's weather in the battle.
type Weather struct {
	Visibility [6]int
	Zone       string
}

var (
	defaultOnce sync.Once
	defaultData *Data
	defaultErr  error
	rulesOnce   sync.Once
	rulesDef    *engine.Definition
	rulesErr    error
)

// rules is Schnell Rules' definition, made once.
func rules() (*engine.Definition, error) {
	rulesOnce.Do(func() { rulesDef, rulesErr = schnellrules.Definition() })
	return rulesDef, rulesErr
}

// Default is the shipped data file.
func Default() (*Data, error) {
	defaultOnce.Do(func() {
		sub, err := fs.Sub(files, "data")
		if err != nil {
			defaultErr = err
			return
		}
		defaultData, defaultErr = Load(sub)
	})
	return defaultData, defaultErr
}

// maxFile bounds a player's data file.
const maxFile = 256 << 10

// ReadFile loads a player's data file (option battle_data=FILE): a plain
// file of at most 256 KiB holding every record the shipped one does.
func ReadFile(path string) (*Data, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("battle data: %w", err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxFile {
		return nil, fmt.Errorf("battle data %s: want a plain file of at most %d KiB", path, maxFile>>10)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("battle data: %w", err)
	}
	name := path
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if !strings.HasSuffix(name, ".rec") {
		return nil, fmt.Errorf("battle data %s: the file's name ends in .rec (a records file, docs/table-format.md)", path)
	}
	d, err := Load(oneFile{name: name, data: b})
	if err != nil {
		return nil, fmt.Errorf("battle data %s: %w", path, err)
	}
	return d, nil
}

// Load reads the data file of fsys (its *.rec) and checks it: every id
// present, every class one of Schnell Rules', numbers in range.
func Load(fsys fs.FS) (*Data, error) {
	def, err := rules()
	if err != nil {
		return nil, err
	}
	set, err := tables.Load(fsys, schema)
	if err != nil {
		return nil, err
	}
	db, err := schnellrules.NewDatabase(def.Booklets[0].Tables)
	if err != nil {
		return nil, err
	}
	d := &Data{Boats: map[string]Stand{}, Units: map[string]Stand{}, Zones: map[string]int{}, Weather: map[string]Weather{},
		Seas: map[string]int{}, Reasons: map[string]string{}, Digest: set.Digest(), Rules: def, sets: map[[6]int]*tables.Set{}}
	var errs []error
	need := func(kind string, ids []string) {
		for _, id := range ids {
			r, ok := set.Record(id)
			if !ok || r.Kind != kind {
				errs = append(errs, fmt.Errorf("no record %s %s: the file gives every %s (%s)", kind, id, kind, strings.Join(ids, ", ")))
			}
		}
	}
	need("boat", boatTypes)
	need("unit", unitTypes)
	need("zone", zoneNames)
	need("weather", weathers)
	need("sea", seaStates)
	need("level", levelNames)
	need("battle", battleNames)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	at := func(r *tables.Record) string { return fmt.Sprintf("%s:%d: %s %s", r.File, r.Line, r.Kind, r.ID) }
	stand := func(r *tables.Record) Stand {
		s := Stand{ID: strings.ToLower(r.ID), Title: r.Title, Class: r.Str("class"), Speed: r.Str("speed"), Reason: r.Str("reason")}
		if s.Class != "" {
			cl := db.Class(s.Class)
			if cl == nil {
				errs = append(errs, fmt.Errorf("%s: class %q is not a Schnell Rules class (`schnell new --game schnellrules`, then `vessels`, lists them)", at(r), s.Class))
			} else {
				s.Class = cl.ID
				if sp, err := schnellrules.ParseSpeed(s.Speed); s.Speed != "" && (err != nil || sp > cl.Speed) {
					errs = append(errs, fmt.Errorf("%s: speed %s: the %s makes at most %s", at(r), s.Speed, cl.Name, cl.Speed.Word()))
				}
			}
		}
		return s
	}
	for _, id := range set.RecordIDs("") {
		r, _ := set.Record(id)
		key := strings.ToLower(r.ID)
		d.Reasons[r.Kind+" "+key] = r.Str("reason")
		switch r.Kind {
		case "boat":
			s := stand(r)
			if s.Class == "" {
				errs = append(errs, fmt.Errorf("%s: a boat needs a class", at(r)))
			}
			d.Boats[key] = s
		case "unit":
			s := stand(r)
			if s.Class != "" && s.Speed == "" {
				errs = append(errs, fmt.Errorf("%s: a unit with a class needs a speed (vs, s, m, f, vf)", at(r)))
			}
			d.Units[key] = s
		case "zone":
			cm, _ := r.Int("cm")
			if cm < 5 || cm > 110 {
				errs = append(errs, fmt.Errorf("%s: cm %d: a start range is 5 to 110 cm (the 6x4 table is 122 cm deep)", at(r), cm))
			}
			d.Zones[key] = cm
		case "weather":
			var w Weather
			v := r.All("visibility")[0]
			for i := range w.Visibility {
				w.Visibility[i] = v.Ints[i]
				if v.Ints[i] < 0 || v.Ints[i] > 2 {
					errs = append(errs, fmt.Errorf("%s: visibility %d on face %d: 0, 1 or 2 sizes smaller (Schnell Rules' Random Visibility)", at(r), v.Ints[i], i+1))
				}
			}
			z, _ := r.Int("zone")
			w.Zone = zoneNames[z]
			d.Weather[key] = w
		case "sea":
			n, _ := r.Int("smaller")
			if n < 0 || n > 2 {
				errs = append(errs, fmt.Errorf("%s: smaller %d: 0, 1 or 2 sizes", at(r), n))
			}
			d.Seas[key] = n
		case "level":
			n, _ := r.Int("points")
			if n < 0 || n > 6 {
				errs = append(errs, fmt.Errorf("%s: points %d: 0 to 6 (6 sinks a boat)", at(r), n))
			}
			i := slices.Index(levelNames, key)
			if len(d.Levels) <= i {
				d.Levels = append(d.Levels, make([]Level, i+1-len(d.Levels))...)
			}
			d.Levels[i] = Level{Name: key, Title: r.Title, Points: n, Disabled: r.Has("disabled"), Sunk: r.Has("sunk"), Reason: r.Str("reason"), schnellrulesLevel: schnellrules.Level(i)}
		case "battle":
			n, _ := r.Int("turns")
			if n < 1 || n > 99 {
				errs = append(errs, fmt.Errorf("%s: turns %d: 1 to 99", at(r), n))
			}
			d.Turns = n
		default:
			errs = append(errs, fmt.Errorf("%s: not a record this file takes", at(r)))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return d, nil
}

// oneFile is an fs.FS of one file.
type oneFile struct {
	name string
	data []byte
}

func (o oneFile) Open(name string) (fs.File, error) {
	switch name {
	case ".":
		return &memFile{name: ".", dir: true, entries: []fs.DirEntry{fileEntry{o}}}, nil
	case o.name:
		return &memFile{name: o.name, r: strings.NewReader(string(o.data)), size: int64(len(o.data))}, nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// memFile is a file (or the root) of an in-memory fs.
type memFile struct {
	name    string
	r       *strings.Reader
	size    int64
	dir     bool
	entries []fs.DirEntry
}

func (f *memFile) Stat() (fs.FileInfo, error) { return fileInfo{f.name, f.size, f.dir}, nil }
func (f *memFile) Read(b []byte) (int, error) {
	if f.dir {
		return 0, io.EOF
	}
	return f.r.Read(b)
}
func (f *memFile) Close() error { return nil }
func (f *memFile) ReadDir(n int) ([]fs.DirEntry, error) {
	out := f.entries
	f.entries = nil
	if n > 0 && len(out) == 0 {
		return nil, io.EOF
	}
	return out, nil
}

type fileInfo struct {
	name string
	size int64
	dir  bool
}

func (i fileInfo) Name() string { return i.name }
func (i fileInfo) Size() int64  { return i.size }
func (i fileInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i fileInfo) ModTime() time.Time { return time.Time{} }
func (i fileInfo) IsDir() bool        { return i.dir }
func (i fileInfo) Sys() any           { return nil }

type fileEntry struct{ o oneFile }

func (e fileEntry) Name() string      { return e.o.name }
func (e fileEntry) IsDir() bool       { return false }
func (e fileEntry) Type() fs.FileMode { return 0 }
func (e fileEntry) Info() (fs.FileInfo, error) {
	return fileInfo{e.o.name, int64(len(e.o.data)), false}, nil
}
