package engine

import (
	"strings"
	"testing"
)

// A log carries the version of the rules that played it; a program that
// plays other rules refuses it, naming both versions, rather than replaying
// it until it diverges somewhere in the middle.
func TestReplayRefusesOtherRulesVersion(t *testing.T) {
	def := toyDef(t)
	unversioned := play(t, def, 3, []int{0, 0, 0})
	if strings.Contains(strings.SplitN(unversioned, "\n", 2)[0], `"rules"`) {
		t.Fatalf("a game that declares no rules version writes one: %s", unversioned[:120])
	}
	v2 := *def
	v2.Rules = 2
	versioned := play(t, &v2, 3, []int{0, 0, 0})
	if head := strings.SplitN(versioned, "\n", 2)[0]; !strings.HasSuffix(head, `,"rules":2}`) {
		t.Fatalf("header = %s, want it to end with the rules version", head)
	}
	if _, err := Replay(&v2, readLog(t, versioned), 0, Config{}); err != nil {
		t.Fatalf("the same version: %v", err)
	}
	v3 := v2
	v3.Rules = 3
	for _, tc := range []struct {
		name string
		def  *Definition
		log  string
		want []string
	}{
		{"older log", &v3, versioned, []string{"rules version 2", "plays version 3"}},
		{"newer log", def, versioned, []string{"rules version 2", "this program's toy rules record no version"}},
		{"unversioned log", &v2, unversioned, []string{"made before toy rules versions were recorded", "plays version 2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Replay(tc.def, readLog(t, tc.log), 0, Config{})
			if err == nil {
				t.Fatal("replayed a log of other rules")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			// No version is never worded as a version numbered 0.
			if strings.Contains(err.Error(), "version 0") {
				t.Errorf("error %q calls no version version 0", err)
			}
		})
	}
}
