package scripting

import (
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/engine"
)

// A script that answers with an order the rules refused gets the rules'
// reason, the same text the player gets at the prompt.
func TestDecideRefusedSaysWhy(t *testing.T) {
	h, err := Load("eager.lua", []byte(`function decide(d) return "torpedo:mtb-1" end`), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	d := &engine.Decision{Kind: "attack"}
	d.Add("hold", "hold fire", "hold")
	d.Add("guns:mtb-1", "guns at mtb-1", "guns")
	d.Refuse("torpedo:mtb-1", "torpedo mtb-1", "rule 4.6: torpedoes cannot be fired at an MTB")
	_, err = h.Decide(d)
	if err == nil || !strings.Contains(err.Error(), `decide answered attack "torpedo:mtb-1": rule 4.6: torpedoes cannot be fired at an MTB`) {
		t.Errorf("got %v, want the rule's reason", err)
	}
}
