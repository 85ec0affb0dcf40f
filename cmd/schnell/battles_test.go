package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Issue 30's Done-when, as a player runs it: `schnell auto --campaign
// short -o battles=schnellrules --log FILE` ends its campaign; the log
// holds Schnell Rules' own gunfire and damage events inside the
// campaign's combats (between a battle_start and its combat's end, inside
// inner_start/inner_end of schnellrules); `replay --verify FILE` passes,
// and fails naming the seq of a die changed inside a battle.
func TestBattlesDoneWhen(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "battles.jsonl")
	code, out, errs := runWith(t, "", "auto", "--campaign", "short", "--seed", "1", "-o", "battles=schnellrules", "--log", log)
	if code != 0 || !strings.Contains(out, "Final rating") {
		t.Fatalf("auto: exit %d\n%s%s", code, out, errs)
	}
	raw, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(raw), "\n")
	inCombat, inBattle := false, 0
	seen := map[string]int{}
	battleRoll := -1 // a line: a roll inside a battle
	for i, l := range lines {
		switch {
		case strings.Contains(l, `"type":"combat_start"`):
			inCombat = true
		case strings.Contains(l, `"type":"combat_end"`):
			inCombat = false
		case strings.Contains(l, `"type":"inner_start"`) && strings.Contains(l, `"game":"schnellrules"`):
			if !inCombat {
				t.Errorf("a battle outside a combat: %s", l)
			}
			inBattle++
		case strings.Contains(l, `"type":"inner_end"`):
			inBattle--
		case inBattle > 0:
			for _, typ := range []string{"gunfire", "damage"} {
				if strings.Contains(l, `"type":"`+typ+`"`) {
					seen[typ]++
				}
			}
			if battleRoll < 0 && seen["gunfire"] > 0 && strings.Contains(l, `"type":"roll"`) {
				battleRoll = i
			}
		}
	}
	if seen["gunfire"] == 0 || seen["damage"] == 0 {
		t.Fatalf("Schnell Rules' events inside the combats: %v", seen)
	}
	if code, out, errs := runWith(t, "", "replay", "--verify", log); code != 0 || !strings.Contains(out, "events verified") {
		t.Fatalf("replay --verify: exit %d\n%s%s", code, out, errs)
	}
	if battleRoll < 0 {
		t.Fatal("no roll inside a battle after its first shot")
	}
	l := lines[battleRoll]
	m := regexp.MustCompile(`"faces":\[(\d+)`).FindStringSubmatch(l)
	if m == nil {
		t.Fatalf("a roll without faces: %s", l)
	}
	f, _ := strconv.Atoi(m[1])
	g := f%6 + 1
	if g == f {
		g = f + 1
	}
	lines[battleRoll] = strings.Replace(l, `"faces":[`+m[1], `"faces":[`+strconv.Itoa(g), 1)
	seq := regexp.MustCompile(`"seq":(\d+)`).FindStringSubmatch(l)[1]
	bad := filepath.Join(dir, "changed.jsonl")
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runWith(t, "", "replay", "--verify", bad); code == 0 || !strings.Contains(errs, "seq "+seq+" ") {
		t.Errorf("a die changed in a battle at seq %s: exit %d, %q", seq, code, errs)
	}
}

// A battle played by the player at the prompt, on the virtual table:
// `board` draws it as his side sees it, `board --svg FILE` writes it,
// `captain` gives the rest of a phase's orders (the boats fire), and the
// log of it replays.
func TestBattleAtThePrompt(t *testing.T) {
	dir := t.TempDir()
	log, svg := filepath.Join(dir, "battle.jsonl"), filepath.Join(dir, "battle.svg")
	in := "step\nsail SB2 SB3 SB4\norders on\nstep\nchoose second\ndone\nboard\nboard --svg " + svg + "\ncaptain\n"
	code, out, errs := runWith(t, in, "--battles", "schnellrules", "--seed", "1", "--log", log)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{"The wave is fought as a Schnell Rules battle on the virtual table", "as the Axis see it", "^mgb-1", "Wrote " + svg} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the prompt's output", want)
		}
	}
	raw, err := os.ReadFile(svg)
	if err != nil || !strings.Contains(string(raw), "<svg") || !strings.Contains(string(raw), "SB1") {
		t.Errorf("board --svg: %v", err)
	}
	after := out[strings.Index(out, "Wrote "):]
	if !strings.Contains(after, "SB1 ") || !regexp.MustCompile(`(Missed: SB|SB\d \S+ at mgb)`).MatchString(after) {
		t.Errorf("captain: the boats did not fire:\n%s", after)
	}
	if code, out, errs := runWith(t, "", "replay", "--verify", log); code != 0 {
		t.Errorf("replay --verify: exit %d\n%s%s", code, out, errs)
	}
}

// Issue 30 item 2: a campaign's Kommandant script commands its boats in a
// battle too, when its plays table names a script for Schnell Rules
// (scripts/battles.lua: schnellrules-virtual.lua); the battle's axis
// decisions are then the script's (by: script), the log replays, and the
// same script without plays leaves them to Schnell Rules' captain.
func TestScriptCommandsItsBoatsInABattle(t *testing.T) {
	dir := t.TempDir()
	byScript := func(script string) int {
		log := filepath.Join(dir, filepath.Base(script)+".jsonl")
		code, out, errs := runWith(t, "", "auto", "--campaign", "short", "--seed", "1", "-o", "battles=schnellrules", "--script", script, "--log", log)
		if code != 0 || !strings.Contains(out, "Final rating") {
			t.Fatalf("auto --script %s: exit %d\n%s%s", script, code, out, errs)
		}
		if code, out, errs := runWith(t, "", "replay", "--verify", log); code != 0 {
			t.Fatalf("replay --verify: exit %d\n%s%s", code, out, errs)
		}
		return scriptInBattles(t, log)
	}
	// At the prompt, a script attached with `script FILE` plays its battles too.
	prompt := filepath.Join(dir, "prompt.jsonl")
	if code, out, errs := runWith(t, "script ../../scripts/battles.lua\nstep campaign\n", "--seed", "1", "-o", "battles=schnellrules", "--log", prompt); code != 0 || !strings.Contains(out, "Campaign over") {
		t.Fatalf("the prompt: exit %d\n%s%s", code, out, errs)
	}
	if n := scriptInBattles(t, prompt); n < 50 {
		t.Errorf("at the prompt, scripts/battles.lua answered %d decisions inside its battles; want hundreds", n)
	}
	if n := byScript("../../scripts/battles.lua"); n < 50 {
		t.Errorf("scripts/battles.lua answered %d decisions inside its battles; want the axis side's (hundreds)", n)
	}
	src, err := os.ReadFile("../../scripts/battles.lua")
	if err != nil {
		t.Fatal(err)
	}
	without := filepath.Join(dir, "noplays.lua")
	if err := os.WriteFile(without, []byte(strings.Replace(string(src), "plays = {", "local _ = {", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if n := byScript(without); n != 0 {
		t.Errorf("a script without plays answered %d decisions inside a battle; want none (Schnell Rules' captain)", n)
	}
}

// scriptInBattles counts the decisions a script answered inside the inner
// games of a log.
func scriptInBattles(t *testing.T, log string) int {
	t.Helper()
	raw, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	n, in := 0, false
	for _, l := range strings.Split(string(raw), "\n") {
		switch {
		case strings.Contains(l, `"type":"inner_start"`):
			in = true
		case strings.Contains(l, `"type":"inner_end"`):
			in = false
		case in && strings.Contains(l, `"type":"decision"`) && strings.Contains(l, `"by":"script"`):
			n++
		}
	}
	return n
}
