package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/engine/enginetest"
	"github.com/schnell-wargames/schnell/games"
)

// withSeaDuel adds the toy game on a virtual table to the registry.
func withSeaDuel(t *testing.T) {
	t.Helper()
	old := registry
	registry = append(games.Registry(games.All[:len(games.All):len(games.All)]), games.Game{
		Name: "seaduel", Title: "a toy game of two boats on a virtual table",
		Def: func() (*engine.Definition, error) { return enginetest.SeaDuelDefinition(), nil },
	})
	t.Cleanup(func() { registry = old })
}

// Issue 29: `schnell sheet LOG --sheet replay` writes the replay sheet of a
// game on a virtual table (HTML: a page a turn; --side: one side's view);
// at the prompt `sheet replay` writes the same page of the game so far.
func TestReplaySheetCommand(t *testing.T) {
	withSeaDuel(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "duel.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--game", "seaduel", "--seed", "5", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	page := filepath.Join(dir, "replay.html")
	if code, _, errs := runWith(t, "", "sheet", log, "--sheet", "replay", "--format", "html", "-o", page); code != 0 {
		t.Fatal(errs)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	if n := strings.Count(html, `class="frame`); n != 8 || !strings.Contains(html, `<option value="red">`) || !strings.Contains(html, `data-id="S38"`) {
		t.Errorf("%d frames in the page", n)
	}
	if code, out, errs := runWith(t, "", "sheet", log, "--sheet", "replay", "--format", "html", "--side", "blue"); code != 0 || strings.Contains(out, `data-side="red"`) || strings.Contains(out, `data-side="referee"`) || !strings.Contains(out, `data-side="blue"`) {
		t.Errorf("blue's view alone: %d %s", code, errs)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sheet", log, "--sheet", "replay", "--side", "green"}, `side "green": say referee, blue or red`},
		{[]string{"sheet", log, "--sheet", "replay", "--format", "csv"}, "--format html"},
		{[]string{"sheet", log, "--sheet", "replay", "-o", log}, "is a game's log"},
		{[]string{"sheet", log, "--sheet", "all"}, "sheet is the replay"},
	} {
		if code, _, errs := runWith(t, "", tc.args...); code == 0 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: %d %q, want %q", tc.args, code, errs, tc.want)
		}
	}
	prompt := filepath.Join(dir, "prompt.html")
	in := "step turn\nstep turn\nsheet replay --format html -o " + prompt + "\nsheet replay --side red\nquit\n"
	code, out, errs := runWith(t, in, "--game", "seaduel", "--seed", "5", "--side", "red=reference", "--side", "blue=reference", "--log", filepath.Join(dir, "p.jsonl"))
	if code != 0 {
		t.Fatal(errs)
	}
	b, _ = os.ReadFile(prompt)
	if n := strings.Count(string(b), `class="frame`); n != 2 || !strings.Contains(out, "Wrote "+prompt) || !strings.Contains(out, "As red saw it, 2 frames.") {
		t.Errorf("at the prompt, %d frames:\n%s", n, out)
	}
}

// Issue 29's Done-when: `sim --game coastal|schnellrules -o table=virtual
// --runs 200` plays 200 whole games with the reference sides, sharded and
// merged byte for byte as the flagship's; the result file shows real games
// (turns played, vessels, wins), and `auto` logs them moving on the table.
func TestTableGamesSim(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, game := range []string{"coastal", "schnellrules"} {
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			study := []string{"sim", "--game", game, "-o", "table=virtual", "--runs", "200"}
			whole := filepath.Join(dir, "whole.json")
			if code, _, errs := runWith(t, "", append(study, "--out", whole, "--jobs", "2")...); code != 0 {
				t.Fatalf("whole: exit %d: %s", code, errs)
			}
			var parts []string
			for i := range 3 {
				p := filepath.Join(dir, "part-"+strconv.Itoa(i)+".json")
				if code, _, errs := runWith(t, "", append(study, "--shard", strconv.Itoa(i)+"/3", "--out", p, "--jobs", "1")...); code != 0 {
					t.Fatalf("shard %d: exit %d: %s", i, code, errs)
				}
				parts = append(parts, p)
			}
			merged := filepath.Join(dir, "merged.json")
			if code, out, errs := runWith(t, "", append([]string{"sim", "merge", "--out", merged}, parts...)...); code != 0 || !strings.Contains(out, "200 games, seeds 1..200") {
				t.Fatalf("merge: exit %d: %s%s", code, out, errs)
			}
			got, _ := os.ReadFile(merged)
			want, _ := os.ReadFile(whole)
			if !bytes.Equal(got, want) {
				t.Errorf("3 shards merged differ from one run:\n%s\nwant\n%s", got, want)
			}
			var res struct {
				Runs    int
				Numbers []struct {
					Name     string
					Min, Max int
					Mean     float64
				}
			}
			if err := json.Unmarshal(want, &res); err != nil {
				t.Fatal(err)
			}
			num := map[string]float64{}
			for _, n := range res.Numbers {
				num[n.Name+".min"], num[n.Name+".max"], num[n.Name+".mean"] = float64(n.Min), float64(n.Max), n.Mean
			}
			switch game {
			case "schnellrules": // battles of 10 turns, vessels afloat on both sides at the end, some sunk
				if res.Runs != 200 || num["turns.min"] < 1 || num["allies.max"] < 1 || num["axis.max"] < 1 || num["allies.mean"]+num["axis.mean"] >= 8 {
					t.Errorf("not real battles: %s", want)
				}
			case "coastal": // convoy nights: the attackers win some, score points
				if res.Runs != 200 || num["vp.max"] < 1 || !strings.Contains(string(want), "attacker wins") {
					t.Errorf("not real convoy nights: %s", want)
				}
			}
			log := filepath.Join(dir, "auto.jsonl")
			if code, _, errs := runWith(t, "", "auto", "--game", game, "-o", "table=virtual", "--seed", "9", "--log", log); code != 0 {
				t.Fatal(errs)
			}
			b, _ := os.ReadFile(log)
			if moves, turns := strings.Count(string(b), `"type":"move"`), strings.Count(string(b), `"type":"turn"`); moves < 10 || turns < 3 {
				t.Errorf("auto's log: %d moves in %d turns", moves, turns)
			}
		})
	}
}
