package schnellrules_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/repl"
	"github.com/schnell-wargames/schnell/repl/tabletest"
	"github.com/schnell-wargames/schnell/schnellrules"
	"github.com/schnell-wargames/schnell/sheet"
)

func definition(t testing.TB) *engine.Definition {
	t.Helper()
	def, err := schnellrules.Definition()
	if err != nil {
		t.Fatal(err)
	}
	return def
}

// session runs lines at a prompt session (piped unless interactive) and
// returns it; a failing line fails the test unless keepGoing.
func session(t testing.TB, lines []string, interactive, keepGoing bool) (*repl.Session, string) {
	t.Helper()
	dir := t.TempDir()
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: definition(t), LogDir: dir, Out: &out, Interactive: interactive, KeepGoing: keepGoing})
	if err != nil {
		t.Fatal(err)
	}
	if code := s.Run(repl.Plain(strings.NewReader(strings.Join(lines, "\n") + "\n"))); code != 0 && !keepGoing && !interactive {
		t.Fatalf("the commands failed:\n%s", out.String())
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(logs) != 1 {
		t.Fatalf("want one log, got %v", logs)
	}
	return s, logs[0]
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// A three-turn battle played with physical dice as at the prompt (a
// person at a terminal) gives the same log, byte for byte, as the same
// commands piped; the log replays; a changed die is found.
func TestTranscriptEqualsPiped(t *testing.T) {
	lines := readLines(t, "testdata/battle.cmds")
	_, piped := session(t, lines, false, false)
	_, typed := session(t, lines, true, false)
	a, _ := os.ReadFile(piped)
	b, _ := os.ReadFile(typed)
	if !bytes.Equal(a, b) {
		t.Fatalf("the logs differ:\n%s\n----\n%s", a, b)
	}
	if n := strings.Count(string(a), `"type":"turn"`); n != 3 {
		t.Errorf("the battle has %d turns, want 3", n)
	}
	lg, err := gamelog.Read("battle.jsonl", bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(definition(t), lg, 0, engine.Config{}); err != nil {
		t.Fatalf("replay: %v", err)
	}
	// The typed throw of S38's 20mm (20, 4, 6) made 19: the hit die no
	// longer reads what the log says.
	bad := strings.Replace(string(a), `"faces":[20,4,6]`, `"faces":[19,4,6]`, 1)
	if bad == string(a) {
		t.Fatal("the test did not change the log")
	}
	lg, err = gamelog.Read("battle.jsonl", strings.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.Replay(definition(t), lg, 0, engine.Config{})
	var div *engine.Divergence
	if !errors.As(err, &div) {
		t.Errorf("replay of a changed die: %v, want a divergence", err)
	}
}

// drive plays a whole battle with digital dice: the table sees every
// enemy at 20cm, every gun fires at the first enemy it may hit at 10cm,
// every tube launches at 30cm. It returns the log.
func drive(t testing.TB, def *engine.Definition, seed uint64) []byte {
	t.Helper()
	g, err := engine.New(engine.Config{Def: def, Seed: seed, Mode: engine.Digital})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := g.WriteLog(&log); err != nil {
		t.Fatal(err)
	}
	b := g.Rules().(*schnellrules.Battle)
	adds := [][]string{{"S38", "s-38", "axis", "f"}, {"S100", "s-100", "axis", "m"}, {"MTB1", "vosper-72-late", "allies", "f"}, {"HUNT", "hunt-1", "allies", "s"}}
	spotted := map[string]bool{}
	for steps := 0; !g.Over(); steps++ {
		if steps > 5000 {
			t.Fatal("the battle does not end")
		}
		p := g.Pending()
		var err error
		switch {
		case p == nil || p.Decision == nil:
			_, err = g.Step(1)
		case p.Decision.Kind == "setup" && len(adds) > 0:
			_, err = g.ChooseArgs("add", adds[0], engine.ByPlayer, 1)
			adds = adds[1:]
		case p.Decision.Kind == "spot":
			err = errDone
			for _, o := range b.Vessels {
				for _, x := range b.Vessels {
					key := fmt.Sprint(b.Turn, o.ID, x.ID)
					if o.Side != x.Side && o.Afloat() && x.Afloat() && !spotted[key] && err == errDone {
						spotted[key] = true
						_, err = g.ChooseArgs("spot", []string{o.ID, x.ID, "20", "no"}, engine.ByPlayer, 1)
					}
				}
			}
		case p.Decision.Kind == "guns":
			err = errDone
			for _, v := range b.Vessels {
				for _, gun := range v.Guns {
					for _, x := range b.Vessels {
						if _, _, _, _, e := b.CheckFire(v.ID, gun.Name, x.ID, 10); e == nil && err == errDone {
							_, err = g.ChooseArgs("fire", []string{v.ID, gun.Name, x.ID, "10"}, engine.ByPlayer, 1)
						}
					}
				}
			}
		case p.Decision.Kind == "launch":
			err = errDone
			for _, v := range b.Vessels {
				for _, x := range b.Vessels {
					if _, _, _, e := b.CheckLaunch(v.ID, x.ID, 30, "any"); e == nil && err == errDone {
						_, err = g.ChooseArgs("torpedo", []string{v.ID, x.ID, "30", "any"}, engine.ByPlayer, 1)
					}
				}
			}
		default:
			err = errDone
		}
		if err == errDone {
			_, err = g.ChooseIndex(p.Decision.Default, engine.ByPlayer, 1)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	g.StopLog()
	return log.Bytes()
}

var errDone = errors.New("no order left")

// The same seed and the same orders give a byte-identical log (digital
// dice: the program rolls); another seed gives another. The log replays.
func TestSameSeedSameLog(t *testing.T) {
	def := definition(t)
	a, b := drive(t, def, 11), drive(t, def, 11)
	if !bytes.Equal(a, b) {
		t.Fatal("two games of the same seed and orders differ")
	}
	if n := bytes.Count(a, []byte(`"type":"gunfire"`)); n < 10 {
		t.Errorf("the game fired %d times: the test plays too little", n)
	}
	c := drive(t, def, 12)
	if bytes.Equal(a[bytes.IndexByte(a, '\n'):], c[bytes.IndexByte(c, '\n'):]) {
		t.Error("another seed gave the same game")
	}
	lg, err := gamelog.Read("same.jsonl", bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(definition(t), lg, 0, engine.Config{}); err != nil {
		t.Fatalf("replay: %v", err)
	}
	// A changed die of the generator is found.
	i := bytes.Index(a, []byte(`"faces":[`))
	j := i + len(`"faces":[`)
	bad := slices.Clone(a)
	if bad[j] == '1' {
		bad[j] = '2'
	} else {
		bad[j] = '1'
	}
	lg, err = gamelog.Read("bad.jsonl", bytes.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.Replay(definition(t), lg, 0, engine.Config{})
	var div *engine.Divergence
	if !errors.As(err, &div) || !strings.Contains(div.Why, "generator") {
		t.Errorf("replay of a changed die: %v", err)
	}
}

// Boat Data: every class of the document, with its nation, and the ids
// the rules notes give.
func TestDatabase(t *testing.T) {
	def := definition(t)
	db, err := schnellrules.NewDatabase(def.Booklets[0].Tables)
	if err != nil {
		t.Fatal(err)
	}
	nations := map[string]int{}
	for _, c := range db.Classes {
		nations[c.Nation]++
	}
	want := map[string]int{"british": 17, "german": 15, "italian": 8, "us": 8, "generic": 7}
	for n, k := range want {
		if nations[n] != k {
			t.Errorf("%s classes: got %d, want %d", n, nations[n], k)
		}
	}
	if len(db.Classes) != 55 {
		t.Errorf("classes: got %d, want 55", len(db.Classes))
	}
	guns := 0
	for _, c := range db.Classes {
		guns += len(c.Guns)
	}
	if guns != 200 { // every gun with an arc in the Boat Data
		t.Errorf("guns: got %d, want 200", guns)
	}
	cases := []struct {
		id, check, want string
	}{
		{"vosper-72-late", "name", `Vosper 72' 6" MTB Late war`},
		{"vosper-72", "name", `Vosper 72' 6" MTB`},
		{"elco-80-a", "guns", "20mm/20mm/APS/AA HMG/hmg/FPA/AA HMG/hmg/FSA/AA"},
		{"elco-80-b", "guns", "37mm/40mm/FPS/AA 40mm/40mm/APS/AA 20mm/20mm/FPS/AA HMG/hmg/FPA/AA HMG/hmg/FSA/AA"},
		{"isles-trawler", "guns", "4inHA/4in/FPS/AA 20mm/20mm/FP/AA 20mm/20mm/FS/AA 20mm/20mm/APS/AA"},
		{"de", "guns", "3inHA/3in/FPS/AA 3inHA/3in/FPS/AA 3inHA/3in/APS/AA 1.1in/30mm/APS/AA"},
		{"fairmile-a-ml", "guns", "3pdr/57mm/APS/AA LMG/lmg/P/AA LMG/lmg/S/AA"},
		{"fairmile-d-mtb", "torps", "18in x2"},
		{"lcg-3", "guns", "4.7in/4_7in/FPS/noAA 4.7in/4_7in/FPS/noAA 20mm/20mm/PA/AA 20mm/20mm/SA/AA"},
		{"f-lighter", "guns", "105mm/4in/FPS/noAA 105mm/4in/FPS/noAA 84mm/4in/FAPS/noAA 20mm/20mm/FAPS/AA 20mm/20mm/AP/AA 20mm/20mm/AS/AA"},
		{"vp-404", "guns", "88mm/4in/FPS/AA 20mm/20mm/PS/AA 20mm/20mm/APS/AA"},
		{"spica", "torps", "21in x2, 21in x2"},
		{"s-100", "torps", "21in x2 +2 reloads"},
		{"ms-2", "torps", "21in x2, 21in x2, 18in x2"},
		{"t-1", "torps", "21in x3, 21in x3"},
		{"flush-decker", "torps", "21in x3, 21in x3, 21in x3, 21in x3"},
		{"medium-barge", "torps", "none"},
		{"medium-barge", "guns", ""},
		{"mas-501", "size", "very_small +3 very_small very_fast"},
		{"hunt-1", "size", "very_large -4 very_large slow"},
		{"large-barge", "size", "large -2 medium very_slow"},
	}
	for _, c := range cases {
		t.Run(c.id+"/"+c.check, func(t *testing.T) {
			cl := db.Class(c.id)
			if cl == nil {
				t.Fatalf("no class %s", c.id)
			}
			var got string
			switch c.check {
			case "name":
				got = cl.Name
			case "guns":
				var g []string
				for _, x := range cl.Guns {
					aa := "AA"
					if !x.AA {
						aa = "noAA"
					}
					g = append(g, x.Weapon+"/"+x.Row.ID+"/"+x.Arcs+"/"+aa)
				}
				got = strings.Join(g, " ")
			case "torps":
				got = torps(cl)
			case "size":
				got = fmt.Sprintf("%s %+d %s %s", cl.Size, cl.SizeMod, cl.Manoeuvre, cl.Speed)
			}
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func torps(c *schnellrules.Class) string {
	if len(c.Torpedoes) == 0 {
		return "none"
	}
	var p []string
	for _, m := range c.Torpedoes {
		p = append(p, fmt.Sprintf("%s x%d", m.Type.ID, m.Tubes))
	}
	s := strings.Join(p, ", ")
	if c.Reloads > 0 {
		s += fmt.Sprintf(" +%d reloads", c.Reloads)
	}
	return s
}

// Gun Data and Torpedo Data: the rows as printed.
func TestGunAndTorpedoData(t *testing.T) {
	db, err := schnellrules.NewDatabase(definition(t).Booklets[0].Tables)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range db.Guns {
		s := fmt.Sprintf("%s %+d", g.ID, g.DamageMod)
		for _, b := range g.Bands {
			s += fmt.Sprintf(" %d/%d", b.Range, b.Score)
		}
		got = append(got, s)
	}
	want := []string{
		"rifle -3 5/7 12/15", "lmg -3 5/5 15/15", "hmg -2 5/6 15/14 20/18", "2pdr +0 5/8 16/16",
		"20mm -2 5/5 15/12 25/17", "30mm -2 15/8 20/12 30/18", "40mm +0 15/8 30/12 35/18",
		"57mm +0 20/6 30/10 45/17", "rocket +3 5/5 15/12 25/17", "3in +2 25/6 40/10 50/17",
		"4in +2 25/6 45/10 60/17", "4_7in +3 25/10 40/12 70/18",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("gun data:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var tg []string
	for _, x := range db.Torpedoes {
		tg = append(tg, fmt.Sprintf("%s %d-%d %d+ %+d", x.ID, x.MinRange, x.MaxRange, x.Need, x.DamageMod))
	}
	if g := strings.Join(tg, ", "); g != "21in 20-100 14+ +11, 18in 20-80 14+ +9" {
		t.Errorf("torpedo data: %s", g)
	}
	// The range bands as the rules read them.
	g20 := db.Class("s-38").Guns[0].Row
	for _, c := range []struct {
		cm   int
		want string
	}{{0, "short"}, {5, "short"}, {6, "medium"}, {15, "medium"}, {16, "long"}, {25, "long"}, {26, "out"}} {
		b, ok := g20.BandAt(c.cm)
		got := "out"
		if ok {
			got = b.String()
		}
		if got != c.want {
			t.Errorf("20mm at %dcm: %s, want %s", c.cm, got, c.want)
		}
	}
}

// Set-up: a class by exact id or name, else a unique part of a name.
func TestFindClass(t *testing.T) {
	db, err := schnellrules.NewDatabase(definition(t).Booklets[0].Tables)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ q, want string }{
		{"S-38", "s-38"},
		{"S 38", "s-38"},
		{`Vosper 72' 6" MTB`, "vosper-72"},
		{"MTB Late", "vosper-72-late"},
		{"gabbiano", "gabbiano"},
		{"elco 80", `"elco 80" could be 2 classes (elco-80-a, elco-80-b): type the id`},
		{"zeppelin", `no class is called "zeppelin": vessels lists them`},
		{"", "name a class: an id or part of a name (vessels lists them)"},
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			cl, err := db.Find(c.q)
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = cl.ID
			}
			if got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// Bad vessel data is refused with the file, line and what to do.
func TestBadData(t *testing.T) {
	cases := []struct{ name, rec, want string }{
		{"unknown weapon", "gun 3.7in FPS AA", "weapon is one of"},
		{"no row", "gun 2pdr FPS AA", "gun 2pdr has no Gun Data row"},
		{"bad arcs", "gun 20mm FX AA", `'X' is not one of the marks FAPS`},
		{"reloads without tubes", "reloads 2", "only for a vessel with torpedoes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			tbl, err := os.ReadFile("data/sr.tbl")
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "sr.tbl"), tbl, 0o644)
			guns := "record gun 20mm\ntitle 20mm\ndamage_mod -2\nshort 5 5\nmedium 15 12\nweapon 20mm\n"
			torp := "record torpedo 21in\ntitle 21\nmin_range 20\nmax_range 100\nneed 14\ndamage_mod 11\n"
			v := "record vessel x\ntitle X\nnation us\nsize S\nsize_mod +1\nmanoeuvre S\nspeed F\n" + c.rec + "\n"
			os.WriteFile(filepath.Join(dir, "v.rec"), []byte(guns+"\n"+torp+"\n"+v), 0o644)
			s, err := schnellrules.LoadTables(os.DirFS(dir))
			if err == nil {
				_, err = schnellrules.NewDatabase(s)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// Spotting the Target: the table as printed, and the document's own
// visibility figure (a 6: a Very Small target, a Small observer: 40cm).
func TestSpotTable(t *testing.T) {
	want := [5][5]int{
		{60, 70, 70, 70, 80},
		{60, 75, 80, 90, 100},
		{70, 80, 110, 120, 130},
		{70, 85, 120, 130, 140},
		{70, 90, 130, 140, 150},
	}
	if schnellrules.SpotRange != want {
		t.Errorf("spotting table %v", schnellrules.SpotRange)
	}
}

// odds agrees with a brute-force count: every face of the d20 and the
// white d6, played through the game with physical dice.
func TestOddsAgreesWithBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 120 shots")
	}
	setup := []string{
		"new seed=1 dice=physical", "add S38 s-38 speed=m", "add MTB1 vosper-72-late speed=f", "begin",
		"spot S38 MTB1 20", "done", "roll 1", "roll 9", "choose first", "done", "done",
	}
	shot := "fire S38 40mm:1 MTB1 14"
	s, _ := session(t, setup, false, false)
	b := s.Game().Rules().(*schnellrules.Battle)
	o, _, err := b.OddsOf(append([]string{"fire"}, strings.Fields(shot)[1:]...))
	if err != nil {
		t.Fatal(err)
	}
	var hits int
	var levels [5]int
	for hit := 1; hit <= 20; hit++ {
		for white := 1; white <= 6; white++ {
			lines := append(append([]string{}, setup...), shot, fmt.Sprintf("roll %d %d 1", hit, white), "done", "roll all")
			s, _ := session(t, lines, false, true)
			g := s.Game()
			b := g.Rules().(*schnellrules.Battle)
			for _, e := range g.History() {
				if e.Type == "gunfire" {
					if v, _ := e.Get("hit"); v.B {
						hits++
						levels[b.Vessel("MTB1").Level]++
					}
				}
			}
		}
	}
	if got := float64(hits) / 120; math.Abs(got-o.Hit) > 1e-9 {
		t.Errorf("to hit: odds %.4f, brute force %.4f", o.Hit, got)
	}
	for l := range levels {
		if got := float64(levels[l]) / 120; math.Abs(got-o.Levels[l]) > 1e-9 {
			t.Errorf("level %d: odds %.4f, brute force %.4f", l, o.Levels[l], got)
		}
	}
	if hits == 0 {
		t.Error("no shot hit: the test proves little")
	}
}

// A side played by a Lua script picks targets and launches from the
// state and the ranges the table measured; the table is still asked.
func TestLuaSides(t *testing.T) {
	var sides []engine.SideSpec
	for _, s := range []string{"axis", "allies"} {
		sp, err := engine.ParseSide(s + "=script:../scripts/schnellrules-house.lua")
		if err != nil {
			t.Fatal(err)
		}
		sides = append(sides, sp)
	}
	dir := t.TempDir()
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: definition(t), Game: engine.Config{Seed: 7}, LogDir: dir, Out: &out, Sides: sides})
	if err != nil {
		t.Fatal(err)
	}
	lines := "add S38 s-38 speed=m\nadd MTB1 vosper-72-late speed=m\nbegin\nspot S38 MTB1 25\nspot MTB1 S38 25\ndone\n"
	if code := s.Run(repl.Plain(strings.NewReader(lines))); code != 0 {
		t.Fatalf("the commands failed:\n%s", out.String())
	}
	var fired, launched int
	for _, e := range s.Game().History() {
		if e.Type == "decision" && e.Str("by") == "script" {
			switch e.Str("choice") {
			case "fire":
				fired++
			case "torpedo":
				launched++
			}
		}
	}
	if fired != 5 || launched != 4 {
		t.Errorf("the scripts fired %d guns and launched %d torpedoes, want 5 and 4:\n%s", fired, launched, out.String())
	}
}

// Sheets: a card for each vessel with its damage track and lost boxes
// marked, and the quick reference, in every format.
func TestSheets(t *testing.T) {
	s, _ := session(t, readLines(t, "testdata/battle.cmds"), false, false)
	sh, ok := definition(t).Game.(sheet.Sheeter)
	if !ok {
		t.Fatal("the game has no sheets")
	}
	cards, err := sh.Sheets(s.Game(), "all", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(cards) != 5 {
		t.Fatalf("%d sheets, want 4 cards and the reference", len(cards))
	}
	var text bytes.Buffer
	if err := sheet.Write(&text, sheet.Text, cards...); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"MTB1: VOSPER 72' 6\" MTB LATE WAR (ALLIES)",
		"Damage: [ ] damaged  [x] heavily damaged  [ ] wrecked  [ ] sunk",
		"| 20mm:1  | FPS  | yes | 20mm, 23mm  | -2  | 5 / 5+   | 15 / 12+ | 25 / 17+   | [x]  |",
		"Speed (1 level a turn): [x] VS 10cm  [x] S 15cm",
		"| Up to 4\" / 105mm   | +2  | 25 / 6+  | 45 / 10+ | 60 / 17+ |",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the sheets lack %q:\n%s", want, text.String())
		}
	}
	for _, f := range []sheet.Format{sheet.Markdown, sheet.HTML} {
		var b bytes.Buffer
		if err := sheet.Write(&b, f, cards...); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if _, err := sh.Sheets(s.Game(), "map", 0); err == nil {
		t.Error("an unknown sheet is not refused")
	}
}

// The after-action report: each vessel's damage, shots and hits, and the
// damage as it happened.
func TestReport(t *testing.T) {
	s, path := session(t, readLines(t, "testdata/battle.cmds"), false, false)
	lg, err := gamelog.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := definition(t).Game.(sheet.Reporter).Report(s.Game(), lg, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"3 turns fought.",
		"| S100 | S 100 | axis | intact | 2 / 1 | 1 / 1 |",
		"| SS1 | Medium Transport | allies | sunk | 0 / 0 | 0 / 0 |",
		"- Turn 2: SS1 hit by torpedo T1: sunk",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
}

// docs/log-format-schnellrules.md documents every event type and field
// the game writes (the kernel's events are the kernel's, in log-format.md).
func TestLogFormatDocumented(t *testing.T) {
	raw, err := os.ReadFile("../docs/log-format-schnellrules.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	rows := map[string]string{}
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.SplitN(line, "|", 3)
		for _, typ := range strings.Split(cells[1], "/") {
			rows[strings.Trim(strings.TrimSpace(typ), "` ")] += cells[2]
		}
	}
	kernel := map[string]bool{"roll": true, "read": true, "decision": true, "error": true}
	seen := map[string]bool{}
	check := func(evs []gamelog.Event) {
		for _, e := range evs {
			if kernel[e.Type] {
				continue
			}
			seen[e.Type] = true
			row, ok := rows[e.Type]
			if !ok {
				t.Errorf("event type %s is not documented", e.Type)
				continue
			}
			for _, f := range e.Fields {
				if !strings.Contains(row, "`"+f.Key+"`") {
					t.Errorf("field %s.%s is not documented", e.Type, f.Key)
				}
			}
		}
	}
	lg, err := gamelog.Read("drive.jsonl", bytes.NewReader(drive(t, definition(t), 3)))
	if err != nil {
		t.Fatal(err)
	}
	check(lg.Events)
	s, _ := session(t, readLines(t, "testdata/battle.cmds"), false, false)
	check(s.Game().History())
	for _, typ := range []string{"battle", "vessel", "turn", "phase", "spot", "initiative", "speed", "gunfire", "launch", "arrival", "damage", "fire", "end"} {
		if !seen[typ] {
			t.Errorf("no game of the test writes %s: the test checks too little", typ)
		}
	}
}

// docs/lua-api-schnellrules.md is generated from LuaAPI, and LuaAPI names
// every field of the view.
func TestLuaAPIDocumented(t *testing.T) {
	api := schnellrules.Game{}.LuaAPI()
	const path = "../docs/lua-api-schnellrules.md"
	if *update {
		os.WriteFile(path, []byte(api.Doc()), 0o644)
	} else if got, err := os.ReadFile(path); err != nil || string(got) != api.Doc() {
		t.Errorf("%s is stale: go test ./schnellrules -run LuaAPI -update", path)
	}
	s, _ := session(t, readLines(t, "testdata/battle.cmds"), false, false)
	def := definition(t)
	fields := engine.ViewFields(def.View(s.Game().Rules()))
	known := map[string]bool{}
	for _, f := range api.Fields {
		known[f.Name] = true
	}
	var walk func(fs []gamelog.Field)
	walk = func(fs []gamelog.Field) {
		for _, f := range fs {
			if !known[f.Key] {
				t.Errorf("LuaAPI does not document view field %s", f.Key)
			}
			switch f.Val.Kind {
			case gamelog.KObj:
				walk(f.Val.O)
			case gamelog.KList:
				for _, x := range f.Val.L {
					if x.Kind == gamelog.KObj {
						walk(x.O)
					}
				}
			}
		}
	}
	walk(fields)
}

// The duel (our abstraction for sim): no table is asked; every vessel
// sees every enemy at the duel's range, closing each turn.
func TestDuel(t *testing.T) {
	g, err := engine.New(engine.Config{Def: definition(t), Seed: 3, Options: []gamelog.Option{
		{Name: "scenario", Value: "testdata/scenarios/fecamp.txt"}, {Name: "duel", Value: "60,25"}, {Name: "turns", Value: "4"}}})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := g.PlayOut(engine.TakeDefault{}, &log); err != nil {
		t.Fatal(err)
	}
	lg, err := gamelog.Read("duel.jsonl", &log)
	if err != nil {
		t.Fatal(err)
	}
	var ranges []string
	for _, e := range lg.Events {
		if e.Type == "spot" && e.Str("observer") == "S38" && e.Str("target") == "MTB1" {
			v, _ := e.Get("range")
			ranges = append(ranges, fmt.Sprint(v.I))
		}
	}
	if got := strings.Join(ranges, " "); got != "60 35 10 0" {
		t.Errorf("duel ranges %s, want 60 35 10 0", got)
	}
	for _, bad := range []string{"60", "x,10", "60,-1", "900,10"} {
		if _, err := engine.New(engine.Config{Def: definition(t), Options: []gamelog.Option{{Name: "duel", Value: bad}}}); err == nil || !strings.Contains(err.Error(), "START,CLOSING") {
			t.Errorf("duel=%s: %v", bad, err)
		}
	}
}

// A player's own file adds classes and replaces the document's (an
// overlay, --tables DIR); the data is checked as the game's is.
func TestOverlayAddsClasses(t *testing.T) {
	dir := t.TempDir()
	mine := "record vessel my-mtb\ntitle My MTB\nnation british\nsize VS\nsize_mod +3\nmanoeuvre VS\nspeed VF\ngun 6pdr F AA\ntorpedo 18in 2\n\n" +
		"record vessel s-38\ntitle S 38 (refit)\nnation german\nsize S\nsize_mod +1\nmanoeuvre S\nspeed VF\ngun 40mm APS AA\ntorpedo 21in 2\nreloads 4\n"
	os.WriteFile(filepath.Join(dir, "mine.rec"), []byte(mine), 0o644)
	def, err := engine.WithOverlay(definition(t), os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	db, err := schnellrules.NewDatabase(def.Booklets[0].Tables)
	if err != nil {
		t.Fatal(err)
	}
	if len(db.Classes) != 56 {
		t.Errorf("classes: %d, want 56", len(db.Classes))
	}
	if c := db.Class("my-mtb"); c == nil || c.Guns[0].Row.ID != "57mm" || torps(c) != "18in x2" {
		t.Errorf("my-mtb: %+v", c)
	}
	if c := db.Class("s-38"); c.Name != "S 38 (refit)" || c.Reloads != 4 || len(c.Guns) != 1 {
		t.Errorf("s-38 overlaid: %+v", c)
	}
	os.WriteFile(filepath.Join(dir, "mine.rec"), []byte("record vessel bad\ntitle Bad\nnation us\nsize S\nsize_mod +1\nmanoeuvre S\nspeed F\nreloads 2\n"), 0o644)
	def, err = engine.WithOverlay(definition(t), os.DirFS(dir))
	if err == nil {
		_, err = schnellrules.NewDatabase(def.Booklets[0].Tables)
	}
	if err == nil || !strings.Contains(err.Error(), "mine.rec") || !strings.Contains(err.Error(), "only for a vessel with torpedoes") {
		t.Errorf("a bad class of an overlay: %v", err)
	}
}

// A battle needs a vessel on each side (rules notes; issue 26 item 12):
// the reference player does not begin a battle whose scenario sets up one
// side, and says why, where it used to end it at turn 0 without a word.
func TestOneSidedBattleDoesNotBegin(t *testing.T) {
	def := definition(t)
	path := filepath.Join(t.TempDir(), "one.txt")
	if err := os.WriteFile(path, []byte("add S38 s-38\nadd S100 s-100\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Def: def, Seed: 1, Mode: engine.Digital, Options: []gamelog.Option{{Name: "scenario", Value: path}}})
	if err != nil {
		t.Fatal(err)
	}
	err = g.PlayOut(def.Reference(g.Rules()), nil)
	if err == nil || !strings.Contains(err.Error(), "cannot begin: a side has no vessel") {
		t.Fatalf("PlayOut = %v, want the battle refused", err)
	}
	for _, e := range g.History() {
		if e.Type == "turn" || e.Type == "end" {
			t.Errorf("a one-sided battle was played: %s event", e.Type)
		}
	}
}

// An order a script gives that the rules refuse stops the script with the
// rule's reason, as the prompt refuses it: nothing is logged as refused and
// the order is not carried out (issue 28 item 1; rules version 2).
func TestScriptRefusedOrder(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "far.lua")
	if err := os.WriteFile(script, []byte(`function decide(d, game)
  if d.kind == "guns" then
    return {option = "fire", shooter = "S38", weapon = "20mm", target = "MTB1", range = 40}
  end
  return d.default
end
`), 0o644); err != nil {
		t.Fatal(err)
	}
	sp, err := engine.ParseSide("axis=script:" + script)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: definition(t), Game: engine.Config{Seed: 7}, LogDir: dir, Out: &out, Err: &out, Sides: []engine.SideSpec{sp}, KeepGoing: true})
	if err != nil {
		t.Fatal(err)
	}
	lines := "add S38 s-38 speed=m\nadd MTB1 vosper-72-late speed=m\nbegin\nspot S38 MTB1 40\ndone\nchoose first\ndone\n"
	s.Run(repl.Plain(strings.NewReader(lines)))
	if !strings.Contains(out.String(), "40cm is out of range: 20mm:1 (20mm, 23mm) reaches 25cm") {
		t.Errorf("the script's refused order is not reported with the rule's reason:\n%s", out.String())
	}
	for _, e := range s.Game().History() {
		if e.Type == "refused" || e.Type == "gunfire" {
			t.Errorf("a refused order left a %s event", e.Type)
		}
	}
}

// Tables that fit (issue 25 item 6): at 80 columns `vessels` lists all 55
// classes one line each, every id whole and no line wider (16 ids used to
// break across lines), and `status` keeps every vessel id and speed whole.
func TestListingsFit80Columns(t *testing.T) {
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: definition(t), LogDir: t.TempDir(), Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"vessels", "add MTB1 vosper-72-late f", "add SS1 medium-transport", "add S38 s-38 vf", "begin", "status"} {
		if err := s.Exec(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	text := out.String()
	lines := strings.Split(text, "\n")
	for _, l := range lines {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
	db, err := schnellrules.NewDatabase(definition(t).Booklets[0].Tables)
	if err != nil {
		t.Fatal(err)
	}
	rowOf := map[string]bool{}
	for _, l := range lines {
		if f := strings.Fields(strings.Trim(l, "| ")); len(f) > 0 {
			rowOf[f[0]] = true
		}
	}
	for _, c := range db.Classes {
		if !rowOf[c.ID] {
			t.Errorf("vessels: the id %s is not whole at the start of a row", c.ID)
		}
	}
	for _, want := range []string{"| MTB1   | Allies | F ", "| SS1    | Allies | S ", "| S38    | Axis   | VF "} {
		if !strings.Contains(text, want) {
			t.Errorf("status lacks %q:\n%s", want, text)
		}
	}
}

// The first order of a new game plays on to the set-up and shows what that
// made with the order's own events (the step's events were once printed
// from a slice the order had reused: the battle's line was lost and the
// order echoed).
func TestFirstOrderShowsTheSetUp(t *testing.T) {
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: definition(t), LogDir: t.TempDir(), Out: &out, Err: &out})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Exec("add S38 s-38"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "A battle of up to 10 turns\nS38 (s-38) joins the Axis at medium speed\n") {
		t.Errorf("the first order's output:\n%s", out.String())
	}
}

// Issue 29: a Lua side on the virtual table reads its contacts and
// answers with moves as well as fire (scripts/schnellrules-virtual.lua
// against the reference captain), and its side's view holds no enemy it
// has not spotted by name.
func TestLuaSideOnTheVirtualTable(t *testing.T) {
	var sides []engine.SideSpec
	for _, s := range []string{"axis=script:../scripts/schnellrules-virtual.lua", "allies=reference"} {
		sp, err := engine.ParseSide(s)
		if err != nil {
			t.Fatal(err)
		}
		sides = append(sides, sp)
	}
	var out bytes.Buffer
	s, err := repl.New(repl.Config{Def: definition(t), Game: engine.Config{Seed: 5, Options: []gamelog.Option{{Name: "table", Value: "virtual"}}}, LogDir: t.TempDir(), Out: &out, Sides: sides})
	if err != nil {
		t.Fatal(err)
	}
	if code := s.Run(repl.Plain(strings.NewReader("begin\n"))); code != 0 {
		t.Fatalf("the commands failed:\n%s", out.String())
	}
	n := map[string]int{}
	for _, e := range s.Game().History() {
		if e.Type == "decision" && e.Str("by") == "script" {
			n[e.Str("choice")]++
		}
	}
	if n["steer"] == 0 || n["speed"] == 0 || n["fire"] == 0 || !s.Game().Over() {
		t.Errorf("the script steered %d times, set %d speeds, fired %d guns; the game is over: %v\n%s", n["steer"], n["speed"], n["fire"], s.Game().Over(), out.String())
	}
}

// Issue 29, with vt-front's harness (repl/tabletest): in the quick battle
// and with starshells and torpedo markers, every side's picture (text and
// SVG), script view and replay frames at every decision and pause hold no
// id or class of an enemy vessel that side has not spotted this turn.
func TestHiddenIdentitiesHarness(t *testing.T) {
	def := definition(t)
	secrets := func(g *engine.Game, side string) []string {
		b := g.Rules().(*schnellrules.Battle)
		var out []string
		for _, x := range b.Vessels {
			if x.Side == side || !x.Afloat() || x.Seen[sideOf(side)] {
				continue
			}
			out = append(out, x.ID)
			known := false // the class of a vessel the side knows is no secret
			for _, y := range b.Vessels {
				known = known || y.Class == x.Class && (y.Side == side || y.Seen[sideOf(side)] || !y.Afloat())
			}
			if !known {
				out = append(out, x.Class.ID)
			}
		}
		return out
	}
	for _, opts := range [][]gamelog.Option{
		{{Name: "table", Value: "virtual"}},
		{{Name: "table", Value: "virtual"}, {Name: "starshells", Value: "on"}, {Name: "visibility", Value: "on"}, {Name: "torpedo_markers", Value: "on"}},
	} {
		for seed := uint64(1); seed <= 3; seed++ {
			rep := tabletest.Hidden(t, def, engine.Config{Seed: seed, Options: opts}, secrets)
			if rep.Hidden == 0 {
				t.Errorf("seed %d %v: no secret was looked for", seed, opts)
			}
		}
	}
}

func sideOf(side string) int {
	if side == schnellrules.Sides[1] {
		return 1
	}
	return 0
}
