package sheet

import "testing"

func TestBBCode(t *testing.T) {
	for _, c := range []struct{ name, md, want string }{
		{"heading", "# Report: a *b*\n", "[size=150][b]Report: a [i]b[/i][/b][/size]\n"},
		{"subheading", "## Mission 4\n", "[b]Mission 4[/b]\n"},
		{"strong and emphasis", "a **bold** and *it* x\n", "a [b]bold[/b] and [i]it[/i] x\n"},
		{"hard break", "Kommandant: W  \nnext\n", "Kommandant: W\nnext\n"},
		{"list", "- one\n- two\nafter\n", "[list]\n[*]one\n[*]two\n[/list]\nafter\n"},
		{"table", "| a | b |\n|:--|:--|\n| 1 | 2 |\nend\n", "[code]\n| a | b |\n|---|---|\n| 1 | 2 |\n[/code]\nend\n"},
		{"table at the end", "| a |\n", "[code]\n| a |\n[/code]\n"},
		{"tag in the text", "a [url=x]b[/url]\n", "a [\u200burl=x]b[\u200b/url]\n"},
		{"code", "type `step`\n", "type [font=monospace]step[/font]\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := BBCode(c.md); got != c.want {
				t.Errorf("BBCode(%q) = %q, want %q", c.md, got, c.want)
			}
		})
	}
}
