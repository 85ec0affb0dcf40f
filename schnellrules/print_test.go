package schnellrules_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/schnell-wargames/schnell/schnellrules"
	"github.com/schnell-wargames/schnell/sheet"
)

// Issue 16, Done when: the HTML vessel cards print from headless Chromium
// with no overflow. A card for every class of the Boat Data (the widest
// are the escorts with seven guns and two torpedo mounts) and the quick
// reference, with the optional Turning Arcs line, are laid out at the A4
// text width and no table, heading or line is wider than its page.
func TestCardsPrintInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	var bin string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		t.Skip("chromium not installed (.ci/run installs it)")
	}
	tabs, err := schnellrules.LoadTables(os.DirFS("data"))
	if err != nil {
		t.Fatal(err)
	}
	db, err := schnellrules.NewDatabase(tabs)
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"new turning_arcs=on"}
	for i, id := range db.IDs() {
		lines = append(lines, fmt.Sprintf("add V%d %s speed=vs", i+1, id))
	}
	s, _ := session(t, lines, false, false)
	cards, err := definition(t).Game.(sheet.Sheeter).Sheets(s.Game(), "all", 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(cards), len(db.IDs())+1; got != want {
		t.Fatalf("%d sheets, want %d (a card per class and the reference)", got, want)
	}
	var b bytes.Buffer
	if err := sheet.Write(&b, sheet.HTML, cards...); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	probe := strings.Replace(b.String(), "</body>", `<script>
document.body.style.width = "186mm";
var bad = [], n = 0;
document.querySelectorAll("section.sheet").forEach(function (s) {
  n++;
  s.querySelectorAll("*").forEach(function (e) {
    if (e.scrollWidth > s.clientWidth + 1) bad.push(s.id + ":" + e.tagName + ":" + e.scrollWidth + ">" + s.clientWidth);
  });
});
document.body.setAttribute("data-sheets", n);
document.body.setAttribute("data-overflow", bad.join(",") || "none");
</script></body>`, 1)
	file := filepath.Join(dir, "probe.html")
	if err := os.WriteFile(file, []byte(probe), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir="+filepath.Join(dir, "profile"), "--dump-dom", "file://"+file)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("chromium: %v\n%s", err, out.String())
		}
	case <-time.After(90 * time.Second):
		cmd.Process.Kill()
		t.Fatal("chromium hung")
	}
	if m := regexp.MustCompile(`data-sheets="(\d+)"`).FindStringSubmatch(out.String()); m == nil || m[1] != fmt.Sprint(len(cards)) {
		t.Fatalf("chromium laid out %v sheets, want %d", m, len(cards))
	}
	m := regexp.MustCompile(`data-overflow="([^"]*)"`).FindStringSubmatch(out.String())
	if m == nil || m[1] != "none" {
		t.Errorf("cards overflow their page: %v", m)
	}
}
