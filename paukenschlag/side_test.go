package paukenschlag

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting"
)

// The Axis side to a script (--side axis=script:FILE): its variant
// choices (21.1 entry area, 21.2 area and role) come from the script and
// are logged as the script's; the table's orders stay with the player.
func TestAxisScript(t *testing.T) {
	def := definition(t)
	specs, err := engine.ParseSides(def, []string{"axis=script:testdata/axis.lua"})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := engine.New(engine.Config{Def: def, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		g.WriteLog(&buf)
		as, err := scripting.ApplySides(g, def, specs, scripting.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayOut(engine.TakeDefault{}, nil); err != nil {
			t.Fatal(err)
		}
		for _, a := range as {
			a.Close()
		}
		log := buf.String()
		for _, want := range []string{
			`"kind":"barbarigo_area","side":"axis","options":["DH","DT"],"choice":"DT","by":"script"`,
			`"kind":"barbarigo_role","side":"axis","options":["torpedoes","frogmen"],"choice":"frogmen","by":"script"`,
		} {
			if r := g.Rules().(*Rules); r.BarbarigoTurn <= r.Turns && !strings.Contains(log, want) {
				t.Errorf("seed %d: the log has no %s", seed, want)
			}
		}
		if strings.Contains(log, `"kind":"na_area"`) && !strings.Contains(log, `"choice":"BE","by":"script"`) {
			t.Errorf("seed %d: the script did not place the North Atlantic boats", seed)
		}
		if strings.Contains(log, `"by":"script","command":"choose done"`) {
			t.Errorf("seed %d: the script answered the table's orders", seed)
		}
	}
}

// A player's own ASW Table and roster (--tables DIR): `asw U-87` with no
// typed result rolls the player's table, and U-87's factors come from the
// player's roster.
func TestOverlayASWAndRoster(t *testing.T) {
	def, err := engine.WithOverlay(definition(t), os.DirFS("testdata/overlay"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(engine.Config{Def: def, Seed: 1, Mode: engine.Physical})
	if err != nil {
		t.Fatal(err)
	}
	r := g.Rules().(*Rules)
	if b := r.Boat("U-87"); b.MSF != 3 || b.Sunk != 4 {
		t.Fatalf("U-87's factors = %d, %d, want 3, 4 from the player's roster", b.MSF, b.Sunk)
	}
	if !r.aswLoaded {
		t.Fatal("the player's ASW table is not seen as loaded")
	}
	// Turn 2: U-87 enters (a 1), surfaces in 5.4, is detected by an air unit
	// in 5.6, which attacks: `asw U-87`.
	b := r.Boat("U-87")
	_, err = g.Step(engine.NoPause)
	for i := 0; err == nil && g.Pending() != nil && i < 200; i++ {
		p := g.Pending()
		switch {
		case p.Roll != nil && p.Roll.Table == "ASW":
			_, err = g.RollFaces([]string{"7"}, engine.NoPause)
		case p.Roll != nil && p.Roll.Label == "entry-U-87":
			_, err = g.RollFaces([]string{"1"}, engine.NoPause)
		case p.Roll != nil && strings.HasPrefix(p.Roll.Label, "asw2-"):
			_, err = g.RollFaces([]string{"5"}, engine.NoPause)
		case p.Roll != nil:
			_, err = g.RollFaces([]string{"9"}, engine.NoPause)
		case b.Damage > 0:
			i = 1000
		case p.Decision != nil && p.Decision.Kind == "orders" && r.Section == "5.4" && b.Status == InPlay && !b.Surfaced:
			_, err = g.ChooseArgs("surface", []string{"U-87"}, engine.ByPlayer, engine.NoPause)
		case p.Decision != nil && p.Decision.Kind == "orders" && r.Section == "5.6" && b.Status == InPlay && !b.Detected:
			_, err = g.ChooseArgs("detected", []string{"U-87", "yes"}, engine.ByPlayer, engine.NoPause)
		case p.Decision != nil && p.Decision.Kind == "orders" && r.Section == "5.6" && b.Status == InPlay:
			_, err = g.ChooseArgs("asw", []string{"U-87"}, engine.ByPlayer, engine.NoPause)
		case p.Decision != nil:
			_, err = g.ChooseIndex(p.Decision.Default, engine.ByPlayer, engine.NoPause)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if b.Damage != 1 {
		t.Errorf("U-87 damage = %d, want 1 (your ASW table 7 → result 6, second D10 5: 1 less)", b.Damage)
	}
}

// docs/lua-api-paukenschlag.md is generated from LuaAPI, which names
// every field of the view.
func TestLuaAPIDocumented(t *testing.T) {
	const path = "../docs/lua-api-paukenschlag.md"
	want := Game{}.LuaAPI().Doc()
	if *update {
		os.WriteFile(path, []byte(want), 0o644)
	} else if got, err := os.ReadFile(path); err != nil || string(got) != want {
		t.Errorf("%s is stale: go test ./paukenschlag -run LuaAPI -update", path)
	}
	known := map[string]bool{}
	for _, f := range luaAPI {
		known[f.Name] = true
	}
	g := playedGame(t)
	var walk func(fs []gamelog.Field)
	walk = func(fs []gamelog.Field) {
		for _, f := range fs {
			if !known[f.Key] && f.Key != "" {
				t.Errorf("view field %q is not documented", f.Key)
			}
			if f.Val.Kind == gamelog.KObj {
				walk(f.Val.O)
			}
			for _, v := range f.Val.L {
				walk(v.O)
			}
		}
	}
	walk(engine.ViewFields(g.Rules().(*Rules)))
}

// 21.2.1: a player's cup of Frogman Attack markers must hold five; named
// tonnage… and fail… they are read without asking the table.
func TestOverlayFrogmanCup(t *testing.T) {
	dir := t.TempDir()
	write := func(body string) *engine.Definition {
		t.Helper()
		if err := os.WriteFile(dir+"/frogmen.tbl", []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		def, err := engine.WithOverlay(definition(t), os.DirFS(dir))
		if err != nil {
			t.Fatal(err)
		}
		return def
	}
	def := write("cup FROGMEN\ntitle Markers\nchit tonnage-a\nchit tonnage-b\nchit fail-a\nchit fail-b\n")
	if _, err := engine.New(engine.Config{Def: def, Seed: 1}); err == nil || !strings.Contains(err.Error(), "holds 4 markers") {
		t.Errorf("a cup of four markers: %v", err)
	}
	def = write("cup FROGMEN\ntitle Markers\nchit tonnage-a\nchit tonnage-b\nchit fail-a\nchit fail-b\nchit fail-c\n")
	g, err := engine.New(engine.Config{Def: def, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	g.WriteLog(&buf)
	g.CollectEvents(true)
	// The Z-511's ferry draws from all five at once: no table decision.
	r := g.Rules().(*Rules)
	_, err = g.Step(engine.NoPause)
	for i := 0; err == nil && g.Pending() != nil && i < 300 && !r.Ferried; i++ {
		p := g.Pending()
		switch {
		case p.Decision != nil && p.Decision.Kind == "barbarigo_role":
			_, err = g.Choose("frogmen", engine.ByPlayer, engine.NoPause)
		case p.Decision != nil && p.Decision.Kind == "orders" && r.Section == "5.3" && r.barbarigo().Status == InPlay:
			_, err = g.ChooseArgs("ferry", []string{r.barbarigo().Area}, engine.ByPlayer, engine.NoPause)
		case p.Decision != nil:
			_, err = g.ChooseIndex(p.Decision.Default, engine.ByPlayer, engine.NoPause)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	log := buf.String()
	if !r.Ferried || strings.Contains(log, `"kind":"frogman_marker"`) {
		t.Fatalf("ferried %v; the table was asked:\n%s", r.Ferried, log)
	}
	if !strings.Contains(log, `"result":"succeeds"`) && !strings.Contains(log, `"result":"failed"`) {
		t.Errorf("no frogman result:\n%s", log)
	}
}
