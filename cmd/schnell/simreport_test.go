package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/schnellboats"
	"github.com/schnell-wargames/schnell/sheet/sheettest"
)

var _ Charter = schnellboats.Game{}

// sim --html writes one page: the provenance, the summary table and an SVG
// histogram of each number the game charts (Schnell Boats: VP, boats lost,
// ships sunk).
func TestSimHTML(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	if code, _, errs := runWith(t, "", "sim", "--campaign", "short", "--runs", "60", "--html", page); code != 0 {
		t.Fatal(errs)
	}
	raw, _ := os.ReadFile(page)
	html := string(raw)
	for _, want := range []string{"<h1>60 games of schnellboats</h1>", "<th>median</th>", "<td>boats_lost</td>", "the reference Kommandant", "sha256:"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	svgs := regexp.MustCompile(`aria-label="histogram of ([a-z_]+)"`).FindAllStringSubmatch(html, -1)
	var got []string
	for _, m := range svgs {
		got = append(got, m[1])
	}
	if strings.Join(got, ",") != "vp,boats_lost,ships_sunk" {
		t.Errorf("histograms of %v, want vp, boats_lost, ships_sunk", got)
	}
	// An existing file is kept unless --force.
	if code, _, errs := runWith(t, "", "sim", "--runs", "2", "--html", page); code != 2 || !strings.Contains(errs, "exists") {
		t.Errorf("--html over a file: exit %d, %s", code, errs)
	}
	// A game that charts nothing in particular gets every number.
	withToy(t)
	toy := filepath.Join(dir, "toy.html")
	if code, _, errs := runWith(t, "", "sim", "--game", "toy", "--runs", "5", "--html", toy); code != 0 {
		t.Fatal(errs)
	} else if raw, _ := os.ReadFile(toy); !strings.Contains(string(raw), "<svg") {
		t.Errorf("the toy's page has no histogram")
	}
}

// The page prints from headless Chromium, its histograms within the page.
func TestSimHTMLPrintsInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	sheettest.Chromium(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	if code, _, errs := runWith(t, "", "sim", "--campaign", "short", "--runs", "200", "--html", page); code != 0 {
		t.Fatal(errs)
	}
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if pages := sheettest.Pages(t, string(src)); pages < 1 || pages > 4 {
		t.Errorf("%d printed pages for the report", pages)
	}
	l := sheettest.Measure(t, string(src))
	if l.Overflow != "none" {
		t.Errorf("wider than the page: %v", l.Overflow)
	}
	if !regexp.MustCompile(`<svg[^>]*>(.|\n)*?<rect`).MatchString(l.DOM) {
		t.Errorf("the histograms have no bars")
	}
}

// report --format bbcode is the Markdown report for forums.
func TestReportBBCode(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "g.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--seed", "3", "--campaign", "short", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := runWith(t, "", "aar", log, "--format", "bbcode")
	if code != 0 || !strings.HasPrefix(out, "[size=150][b]After-action report") || !strings.Contains(out, "[code]\n| Date") || strings.Contains(out, "## ") {
		t.Errorf("aar --format bbcode: exit %d\n%.400s%s", code, out, errs)
	}
	if code, _, errs := runWith(t, "", "report", log, "--format", "pdf"); code != 2 || !strings.Contains(errs, "md or bbcode") {
		t.Errorf("--format pdf: exit %d, %s", code, errs)
	}
}

// scripts/combat.lua handles the combat decisions only, with
// reference.lua's policy: its campaigns score exactly as the native
// reference Kommandant's, and its logs differ from theirs only in who
// answered (by: script for the combat decisions).
func TestCombatScriptDelegates(t *testing.T) {
	sums := map[string]string{}
	for _, script := range []string{"", "../../scripts/combat.lua"} {
		args := []string{"sim", "--campaign", "short", "--runs", "40", "--json"}
		if script != "" {
			args = append(args, "--script", script)
		}
		code, out, errs := runWith(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		_, after, _ := strings.Cut(out, `"runs": `)
		sums[script] = after
	}
	if sums[""] != sums["../../scripts/combat.lua"] {
		t.Errorf("combat.lua scores differ from the native player's")
	}
	dir := t.TempDir()
	logs := map[string]string{}
	for _, script := range []string{"", "../../scripts/combat.lua"} {
		log := filepath.Join(dir, strconv.Itoa(len(logs))+".jsonl")
		args := []string{"auto", "--campaign", "short", "--seed", "9", "--log", log}
		if script != "" {
			args = append(args, "--script", script)
		}
		if code, _, errs := runWith(t, "", args...); code != 0 {
			t.Fatal(errs)
		}
		raw, _ := os.ReadFile(log)
		logs[script] = string(raw)
	}
	by := regexp.MustCompile(`"by":"(script|default)"`)
	if by.ReplaceAllString(logs[""], "") != by.ReplaceAllString(logs["../../scripts/combat.lua"], "") {
		t.Errorf("the logs differ in more than who answered")
	}
	if n := strings.Count(logs["../../scripts/combat.lua"], `"by":"script"`); n == 0 || !strings.Contains(logs["../../scripts/combat.lua"], `"by":"default"`) {
		t.Errorf("combat.lua's log: %d decisions by the script, and some by default expected", n)
	}
}
