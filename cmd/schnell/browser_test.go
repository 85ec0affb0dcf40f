package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/schnell-wargames/schnell/sheet"
)

func chromium(t *testing.T) string {
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

// The HTML sheets of a fixed-seed Long campaign print to PDF in a real
// browser: one sheet per page at least, and no table wider than its page.
func TestSheetsPrintInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	bin := chromium(t)
	dir := t.TempDir()
	log := filepath.Join(dir, "long.jsonl")
	if code, _, errs := runWith(t, "", "auto", "--seed", "5", "--campaign", "long", "--log", log); code != 0 {
		t.Fatal(errs)
	}
	html := filepath.Join(dir, "sheets.html")
	if code, _, errs := runWith(t, "", "sheet", log, "--sheet", "all", "--format", "html", "-o", html); code != 0 {
		t.Fatal(errs)
	}
	run := func(args ...string) []byte {
		args = append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", "--user-data-dir=" + filepath.Join(dir, "profile")}, args...)
		cmd := exec.Command(bin, args...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		done := make(chan error, 1)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("chromium %v: %v\n%s", args, err, out.String())
			}
		case <-time.After(90 * time.Second):
			cmd.Process.Kill()
			t.Fatal("chromium hung")
		}
		return out.Bytes()
	}
	pdf := filepath.Join(dir, "sheets.pdf")
	run("--print-to-pdf="+pdf, "file://"+html)
	raw, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages := len(regexp.MustCompile(`/Type\s*/Page[^s]`).FindAll(raw, -1))
	if pages < 5 || pages > 60 {
		t.Errorf("%d printed pages for 5 sheets of a Long campaign", pages)
	}
	// Overflow: measure in the browser at the printed width (A4 less margins).
	src, _ := os.ReadFile(html)
	probe := strings.Replace(string(src), "</body>", `<script>
document.body.style.width = "186mm";
var bad = [];
document.querySelectorAll("section.sheet").forEach(function (s) {
  var t = s.querySelector("table");
  if (t.scrollWidth > s.clientWidth + 1) bad.push(s.id + ":" + t.scrollWidth + ">" + s.clientWidth);
});
document.body.setAttribute("data-overflow", bad.join(",") || "none");
document.body.setAttribute("data-sheets", document.querySelectorAll("section.sheet").length);
</script></body>`, 1)
	probeFile := filepath.Join(dir, "probe.html")
	os.WriteFile(probeFile, []byte(probe), 0o644)
	dom := string(run("--dump-dom", "file://"+probeFile))
	m := regexp.MustCompile(`data-overflow="([^"]*)"`).FindStringSubmatch(dom)
	if m == nil || m[1] != "none" {
		t.Errorf("tables overflow their page: %v", m)
	}
	if n := regexp.MustCompile(`data-sheets="(\d+)"`).FindStringSubmatch(dom); n == nil || n[1] != strconv.Itoa(5) {
		t.Errorf("sheets in the document: %v", n)
	}
	_ = sheet.HTML
}
