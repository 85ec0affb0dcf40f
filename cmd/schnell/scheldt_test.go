package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/sheet/sheettest"
)

// scheldtTurn is the first turn of Battle of the Scheldt at the prompt
// with physical dice: the support draws typed, an attack rolled by hand,
// a reinforcement entered, a rebuild, every phase with orders ended (the
// Mobile Movement Phases have none: play goes on through them).
const scheldtTurn = `new seed=5
step turn
draw +1 +1 +1 +1 +1 +1 +2 +2 +2 +2 +2
draw +1 +1 +1 +2 +2 +3
done
attack 2819 terrain=city diff=+3
roll 4
attack 3018 terrain=clear diff=+6 shifts=-1
roll 2
done
mark 44/15 depleted
rebuild 44/15 adjacent=no
done
choose enter
done
attack 3317 terrain=clear diff=-2
roll 6
done
done
`

func scheldtLog(t *testing.T, dir string) string {
	t.Helper()
	code, out, errs := runWith(t, scheldtTurn, "--game", "scheldt", "--dice", "physical", "--data", dir)
	if code != 0 {
		t.Fatalf("the first turn at the prompt: exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"column +2-+3, die 4: A2", "44-15 is rebuilt", "Reinforcement 711 enters", "11.1: 1 unused German rebuild lost.", "German support fire markers (6) go back to the pool"} {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, out)
		}
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(logs) != 1 {
		t.Fatalf("logs in %s: %v", dir, logs)
	}
	return logs[0]
}

// A full first turn played from piped commands with physical dice gives
// the same log twice; replay --verify checks it and finds a changed die.
func TestScheldtFirstTurnReplays(t *testing.T) {
	a := scheldtLog(t, t.TempDir())
	b := scheldtLog(t, t.TempDir())
	la, _ := os.ReadFile(a)
	lb, _ := os.ReadFile(b)
	if string(la) != string(lb) {
		t.Errorf("the same commands gave two logs:\n%s\n---\n%s", la, lb)
	}
	code, out, errs := runWith(t, "", "replay", "--verify", a)
	if code != 0 || !strings.Contains(out, "events verified") {
		t.Fatalf("replay --verify: exit %d\n%s%s", code, out, errs)
	}
	text := string(la)
	i := strings.Index(text, `"faces":[4]`)
	if i < 0 {
		t.Fatalf("no CRT roll of 4 in the log:\n%s", text)
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(text[:i]+`"faces":[5]`+text[i+len(`"faces":[4]`):]), 0o644)
	code, out, errs = runWith(t, "", "replay", "--verify", bad)
	if code == 0 {
		t.Errorf("replay --verify of a changed die: exit 0\n%s%s", out, errs)
	}
}

// The turn card, the order of battle and the combat record of a game
// played by auto print from headless Chromium with no table wider than
// its page; the four formats all render.
func TestScheldtSheetsPrint(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "scheldt.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--game", "scheldt", "--seed", "3", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	for _, f := range []string{"text", "md", "csv", "html"} {
		code, out, errs := runWith(t, "", "sheet", log, "--sheet", "card", "--format", f)
		if code != 0 || !strings.Contains(out, "155/52") {
			t.Errorf("sheet card --format %s: exit %d\n%s%s", f, code, out, errs)
		}
	}
	if code, out, errs := runWith(t, "", "report", log); code != 0 || !strings.Contains(out, "German victory") {
		t.Errorf("report: exit %d\n%s%s", code, out, errs)
	}
	sheettest.Chromium(t)
	html := filepath.Join(dir, "sheets.html")
	if code, _, errs := runWith(t, "", "sheet", log, "--sheet", "all", "--format", "html", "-o", html); code != 0 {
		t.Fatal(errs)
	}
	src, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	l := sheettest.Measure(t, string(src))
	if l.Overflow != "none" {
		t.Errorf("tables overflow their page: %v", l.Overflow)
	}
	if l.Sheets != 3 {
		t.Errorf("sheets in the document: %d, want 3", l.Sheets)
	}
}
