// Package sheettest prints HTML pages in headless Chromium for tests: how
// many pages they print on, and whether anything is wider than its page.
// Tests of every game's sheets and of the sim report share it.
package sheettest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Chromium returns the browser's path. Without one the test is skipped,
// or fails in CI (.ci/run installs it).
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is missing: .ci/run installs it")
	}
	t.Skip("chromium not installed (apt-get install chromium)")
	return ""
}

// run runs headless Chromium with args (a page or a file last) and returns
// what it printed, once done(out) says the run did its work; it fails the
// test if Chromium fails or hangs. On a loaded machine Chromium may fail
// to start, or stop before it wrote anything: it is run again (three
// tries), and one Chromium runs at a time in all the test processes
// (a lock file), each given minutes, not seconds.
func run(t testing.TB, dir string, done func(out []byte) bool, args ...string) []byte {
	t.Helper()
	bin := Chromium(t)
	unlock := lockChromium(t)
	defer unlock()
	var last string
	for try := range 3 {
		a := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", "--user-data-dir=" + filepath.Join(dir, "profile"+strconv.Itoa(try))}, args...)
		cmd := exec.Command(bin, a...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			if err == nil && done(out.Bytes()) {
				return out.Bytes()
			}
			last = fmt.Sprintf("chromium %v: %v\n%s", a, err, out.String())
		case <-time.After(5 * time.Minute): // a guard against a hang
			cmd.Process.Kill()
			<-exited
			last = fmt.Sprintf("chromium %v hung\n%s", a, out.String())
		}
	}
	t.Fatal(last)
	return nil
}

// Pages prints the page to PDF and counts its printed pages.
func Pages(t testing.TB, html string) int {
	t.Helper()
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	if err := os.WriteFile(page, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(dir, "page.pdf")
	run(t, dir, func([]byte) bool {
		fi, err := os.Stat(pdf)
		return err == nil && fi.Size() > 0
	}, "--print-to-pdf="+pdf, "file://"+page)
	raw, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	return len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(raw, -1))
}

// Layout is the page as Chromium lays it out at the printed width (A4 less
// its margins, 186 mm).
type Layout struct {
	Sheets   int    // the page's sheets (section.sheet)
	Overflow string // the elements wider than their sheet (or the page), "none" if none
	DOM      string // the laid-out document
}

// probe marks, on the body, how many sheets there are and every element
// wider than the sheet it is on (or the page, for a page without sheets).
const probe = `<script>
document.body.style.width = "186mm";
var boxes = document.querySelectorAll("section.sheet"), bad = [];
if (boxes.length == 0) boxes = [document.body];
boxes.forEach(function (s) {
  s.querySelectorAll("*").forEach(function (e) {
    var w = Math.max(e.scrollWidth || 0, e.getBoundingClientRect().width);
    if (w > s.clientWidth + 1) bad.push((s.id || "page") + ":" + e.tagName + ":" + Math.round(w) + ">" + s.clientWidth);
  });
});
document.body.setAttribute("data-sheets", document.querySelectorAll("section.sheet").length);
document.body.setAttribute("data-overflow", bad.join(",") || "none");
</script></body>`

// Measure lays the page out in Chromium.
func Measure(t testing.TB, html string) Layout {
	t.Helper()
	if !strings.Contains(html, "</body>") {
		t.Fatal("the page has no </body>")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "probe.html")
	if err := os.WriteFile(file, []byte(strings.Replace(html, "</body>", probe, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(run(t, dir, func(out []byte) bool { return bytes.Contains(out, []byte("data-overflow=")) }, "--dump-dom", "file://"+file))
	l := Layout{DOM: dom}
	if m := regexp.MustCompile(`data-sheets="(\d+)"`).FindStringSubmatch(dom); m != nil {
		l.Sheets, _ = strconv.Atoi(m[1])
	}
	if m := regexp.MustCompile(`data-overflow="([^"]*)"`).FindStringSubmatch(dom); m != nil {
		l.Overflow = m[1]
	} else {
		t.Fatalf("the probe did not run:\n%.500s", dom)
	}
	return l
}

// Look loads file (a page or an SVG; fragment, if not "", is put after a
// '#': where a page opens) in a window w×h pixels, runs its scripts, and
// returns the document as laid out, once it holds until (a mark a probe
// script of the page sets), and what Chromium drew (one run of the browser
// for both).
func Look(t testing.TB, file, fragment string, w, h int, until string) (dom string, shot image.Image) {
	t.Helper()
	dir := t.TempDir()
	shotFile := filepath.Join(dir, "shot.png")
	url := "file://" + file
	if fragment != "" {
		url += "#" + fragment
	}
	out := run(t, dir, func(out []byte) bool {
		fi, err := os.Stat(shotFile)
		return err == nil && fi.Size() > 0 && bytes.Contains(out, []byte(until))
	}, "--hide-scrollbars", "--force-device-scale-factor=1", fmt.Sprintf("--window-size=%d,%d", w, h), "--screenshot="+shotFile, "--dump-dom", url)
	f, err := os.Open(shotFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(out), img
}
