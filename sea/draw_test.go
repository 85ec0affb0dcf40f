package sea

import (
	"strings"
	"testing"
)

func picture() Picture {
	return Picture{
		Table: Table6x4,
		Title: "Turn 3",
		Marks: []Mark{
			{Shape{Cm(20, 100), 90, 60, 20}, "S38", "own", "VF 30 cm"},
			{Shape{Cm(160, 20), 270, 120, 30}, "SS1", "enemy", ""},
			{Shape{Cm(180, 120), 180, 30, 20}, "?3", "unknown", ""},
			{Shape{Cm(90, 60), 135, 0, 0}, "T1", "torpedo", ""},
		},
		Lines: []Line{{Cm(20, 100), Cm(160, 20), "shot", "161 cm"}},
	}
}

// The sketch fits its width, puts each mark where the table has it, and
// lists every mark with its position.
func TestText(t *testing.T) {
	lines := picture().Text(80)
	for i, l := range lines {
		if len([]rune(l)) > 80 {
			t.Errorf("line %d is %d wide: %q", i, len([]rune(l)), l)
		}
	}
	text := strings.Join(lines, "\n")
	for _, want := range []string{">S38 at (20, 100) cm, heading 90°, VF 30 cm", "<SS1 at (160, 20) cm", "v?3", "183 by 122 cm"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	// S38 is near the top left, SS1 near the bottom right
	row := func(label string) (int, int) {
		for i, l := range lines[2:] {
			if c := strings.Index(l, label); c >= 0 && strings.HasPrefix(l, "|") {
				return i, c
			}
		}
		t.Fatalf("%s not drawn:\n%s", label, text)
		return 0, 0
	}
	r1, c1 := row(">S38")
	r2, c2 := row("<SS1")
	if !(r1 < r2 && c1 < c2 && c1 < 20 && c2 > 60) {
		t.Errorf("S38 at row %d col %d, SS1 at row %d col %d:\n%s", r1, c1, r2, c2, text)
	}
	if !strings.Contains(text, ".") {
		t.Error("the shot's line is not drawn")
	}
}

func TestSVG(t *testing.T) {
	var b strings.Builder
	p := picture()
	p.Marks = append(p.Marks, Mark{Shape{Cm(10, 10), 0, 30, 20}, `<b>&`, "own", ""})
	if err := p.SVG(&b); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{`data-id="S38" data-x="200" data-y="1000" data-heading="90"`, `class="shot"`, "161 cm", "&lt;b&gt;&amp;", "<title>Turn 3</title>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("no %q in the SVG", want)
		}
	}
	if strings.Contains(svg, "<b>") {
		t.Error("a label is not escaped")
	}
}

func TestWritePage(t *testing.T) {
	ref := picture()
	seen := picture()
	seen.Marks = seen.Marks[:1]
	frames := []Frame{
		{Caption: "Turn 1", Events: map[string][]string{"referee": {"S38 moves 30 cm"}, "german": {"S38 <moves>"}}, Views: map[string]Picture{"referee": ref, "german": seen}},
		{Caption: "Turn 2 <end>", Views: map[string]Picture{"referee": ref}},
	}
	var b strings.Builder
	if err := WritePage(&b, "Night & fog", []string{"referee", "german"}, frames); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{"<title>Night &amp; fog</title>", `id="frame-2"`, "Turn 2 &lt;end&gt;", "<li>S38 moves 30 cm</li>", "<li>S38 &lt;moves&gt;</li>", `data-side="german"`, "1 of 2", "break-after: page"} {
		if !strings.Contains(page, want) {
			t.Errorf("no %q in the page", want)
		}
	}
	if n := strings.Count(page, "<svg"); n != 3 {
		t.Errorf("%d pictures, want 3 (two views, then one)", n)
	}
	if strings.Count(page, `data-id="SS1"`) != 2 {
		t.Error("the german view shows a mark it has not seen")
	}
}
