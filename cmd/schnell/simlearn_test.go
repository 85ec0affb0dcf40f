package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/sheet/sheettest"
)

// learnTables runs sim learn into dir/s100/learnt.tbl and returns the
// file's bytes.
func learnTables(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "s100"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "s100", "learnt.tbl")
	code, stdout, errs := runWith(t, "", append([]string{"sim", "learn", "--out", out}, args...)...)
	if code != 0 || !strings.Contains(stdout, "wrote "+out) {
		t.Fatalf("sim learn %v: exit %d\n%s%s", args, code, stdout, errs)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Issue 30's Done-when (docs/bridge-learnt.md): a learnt quick-resolve
// table for one encounter type (2 MGBs) written by sim learn loads with
// --tables and a campaign plays on it — its log rolls on the learnt
// tables (Q-MGB2-…) where it meets that wave, and replays with the same
// --tables; the same seed writes the same tables byte for byte, whatever
// --jobs; another seed other ones.
func TestSimLearnWritesTablesACampaignPlaysOn(t *testing.T) {
	dir := t.TempDir()
	tbl := learnTables(t, dir, "--battles", "20", "--seed", "3", "--jobs", "2")
	again := learnTables(t, t.TempDir(), "--battles", "20", "--seed", "3", "--jobs", "1")
	if !bytes.Equal(tbl, again) {
		t.Error("sim learn --seed 3 wrote other tables with --jobs 1 than with --jobs 2")
	}
	if other := learnTables(t, t.TempDir(), "--battles", "20", "--seed", "4"); bytes.Equal(tbl, other) {
		t.Error("--seed 3 and --seed 4 wrote the same tables")
	}
	for _, id := range []string{"Q-MGB2-G", "Q-MGB2-P", "Q-MGB2-F", "Q-MGB2-B", "Q-MGB2-G-MGB"} {
		if !bytes.Contains(tbl, []byte("\ntable "+id+"\n")) {
			t.Errorf("no table %s in\n%s", id, tbl)
		}
	}
	played := ""
	for seed := 1; seed <= 12 && played == ""; seed++ {
		log := filepath.Join(dir, "campaign.jsonl")
		os.Remove(log)
		if code, _, errs := runWith(t, "", "auto", "--campaign", "short", "--tables", dir, "--seed", strconv.Itoa(seed), "--log", log); code != 0 {
			t.Fatalf("auto --tables: exit %d: %s", code, errs)
		}
		raw, _ := os.ReadFile(log)
		if bytes.Contains(raw, []byte(`"type":"roll","table":"Q-MGB2-`)) {
			if !bytes.Contains(raw, []byte(`"fought":"learnt","learnt":"Q-MGB2-`)) {
				t.Errorf("seed %d: rolls on a learnt table without the battle_start that says so", seed)
			}
			played = log
		}
	}
	if played == "" {
		t.Fatal("no campaign of seeds 1-12 met 2 MGBs: the learnt table was never consulted")
	}
	if code, out, errs := runWith(t, "", "replay", "--verify", "--tables", dir, played); code != 0 || !strings.Contains(out, "events verified") {
		t.Errorf("replay --verify --tables: exit %d %s%s", code, out, errs)
	}
	if code, _, errs := runWith(t, "", "replay", "--verify", played); code == 0 || !strings.Contains(errs, "--tables") {
		t.Errorf("replay without the learnt tables: exit %d %s", code, errs)
	}
}

// A learnt table that is wrong (a row left out: the counts no longer add
// up to the total; a range that is not its count's share) is refused
// when it loads, naming the file and the line.
func TestSimLearnBadTableNamesFileAndLine(t *testing.T) {
	dir := t.TempDir()
	tbl := string(learnTables(t, dir, "--battles", "10", "--grid", "mgb2,good"))
	lines := strings.Split(tbl, "\n")
	file := filepath.Join(dir, "s100", "learnt.tbl")
	// The boats' table line, and its first row.
	at := -1
	for i, l := range lines {
		if l == "table Q-MGB2-G" {
			at = i
			break
		}
	}
	if at < 0 || !strings.HasPrefix(lines[at+3], "row 1-") {
		t.Fatalf("no Q-MGB2-G with its rows:\n%s", tbl)
	}
	// row A-B | … and row C-D | …: move the boundary one down.
	rng := regexp.MustCompile(`^row (\d+)-(\d+) `)
	shift := func(ls []string) []string {
		m := rng.FindStringSubmatch(ls[at+3])
		m2 := regexp.MustCompile(`^row (\d+)(-\d+)? `).FindStringSubmatch(ls[at+4])
		if m == nil || m2 == nil {
			t.Fatalf("rows %q, %q", ls[at+3], ls[at+4])
		}
		hi, _ := strconv.Atoi(m[2])
		ls[at+3] = strings.Replace(ls[at+3], "row 1-"+m[2]+" ", "row 1-"+strconv.Itoa(hi-1)+" ", 1)
		ls[at+4] = strings.Replace(ls[at+4], "row "+m2[1], "row "+strconv.Itoa(hi), 1)
		return ls
	}
	for _, tc := range []struct {
		name string
		edit func([]string) []string
		want string
	}{
		{"a row left out", func(ls []string) []string {
			end := at + 3
			for strings.HasPrefix(ls[end+1], "row ") {
				end++
			}
			// The last row goes; the one before it reaches 100.
			ls[end-1] = regexp.MustCompile(`^row (\d+)(-\d+)? `).ReplaceAllString(ls[end-1], "row ${1}-100 ")
			return append(ls[:end:end], ls[end+1:]...)
		}, "learnt.tbl:" + strconv.Itoa(at+1) + ": learnt table Q-MGB2-G: the rows' counts add to"},
		{"a count changed", func(ls []string) []string {
			ls[at+3] = regexp.MustCompile(`count=(\d+)`).ReplaceAllString(ls[at+3], "count=1${1}")
			return ls
		}, "learnt.tbl:" + strconv.Itoa(at+1) + ": learnt table Q-MGB2-G: the rows' counts add to"},
		{"a range not its share", shift, "learnt.tbl:" + strconv.Itoa(at+4) + ": learnt table Q-MGB2-G: row 1-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ls := tc.edit(append([]string(nil), lines...))
			if err := os.WriteFile(file, []byte(strings.Join(ls, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, errs := runWith(t, "", "auto", "--campaign", "short", "--tables", dir)
			if code == 0 || !strings.Contains(errs, tc.want) {
				t.Errorf("exit %d\n%s\nwant %s", code, errs, tc.want)
			}
		})
	}
}

// sim learn --help says what the game learns and the grid's words; a
// game that learns nothing, or a word the grid does not know, is refused.
func TestSimLearnHelpAndRefusals(t *testing.T) {
	code, out, _ := runWith(t, "", "sim", "learn", "--help")
	for _, w := range []string{"schnellboats learns: Schnell Rules battles", "mgb2", "heavy", "--full", "--compare", "--battles"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("sim learn --help (exit %d) lacks %q:\n%s", code, w, out)
		}
	}
	if code, _, errs := runWith(t, "", "sim", "learn", "--game", "coastal"); code != 2 || !strings.Contains(errs, "coastal learns no tables") {
		t.Errorf("--game coastal: exit %d %s", code, errs)
	}
	if code, _, errs := runWith(t, "", "sim", "learn", "--grid", "snow"); code != 2 || !strings.Contains(errs, `"snow" is not an encounter type`) {
		t.Errorf("--grid snow: exit %d %s", code, errs)
	}
	if code, _, _ := runWith(t, "", "sim", "--help"); code != 0 {
		t.Error("sim --help")
	}
	if _, out, _ := runWith(t, "", "sim", "--help"); !strings.Contains(out, "schnell sim learn") {
		t.Errorf("sim --help does not name sim learn:\n%s", out)
	}
}

// The comparison page (sim learn --compare N --html): the book's odds and
// the battles' side by side for every cell, a bar and its interval per
// outcome and series, laid out and printed by headless Chromium within
// its pages.
func TestSimLearnPageInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	sheettest.Chromium(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "learnt.html")
	if code, out, errs := runWith(t, "", "sim", "learn", "--battles", "20", "--compare", "20", "--out", filepath.Join(dir, "l.tbl"), "--html", page); code != 0 || !strings.Contains(out, "20 Short campaigns on the book's tables") {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	// 4 cells: a boats' chart (5 levels) and an MGBs' chart (2 fates),
	// each with 2 series.
	if n := strings.Count(string(src), `class="share"`); n != 4*(5*2+2*2) {
		t.Errorf("%d bars on the page, want %d", n, 4*(5*2+2*2))
	}
	for _, w := range []string{"Q-MGB2-G: a boat against 2 MGBs, good weather, calm sea", "Combat Board (", "Schnell Rules (20 battles)", "Wilson 95%"} {
		if !strings.Contains(string(src), w) {
			t.Errorf("the page lacks %q", w)
		}
	}
	if pages := sheettest.Pages(t, string(src)); pages < 2 || pages > 8 {
		t.Errorf("%d printed pages", pages)
	}
	l := sheettest.Measure(t, string(src))
	if l.Overflow != "none" {
		t.Errorf("wider than the page: %v", l.Overflow)
	}
	bars := regexp.MustCompile(`<rect class="share"[^>]*data-share="0\.\d*[1-9]\d*"[^>]*height="(\d+\.\d)"`).FindAllStringSubmatch(l.DOM, -1)
	if len(bars) == 0 {
		t.Fatal("Chromium's page has no bar of a share above 0")
	}
	for _, b := range bars {
		if b[1] == "0.0" {
			t.Errorf("a share above 0 drawn 0 high: %s", b[0])
		}
	}
}
