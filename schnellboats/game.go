package schnellboats

import (
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/scripting/luadoc"
	"github.com/schnell-wargames/schnell/sheet"
)

// Game is the game's value for the front ends: the sheets, the after-action
// report and the Lua API reference.
type Game struct{}

var (
	_ sheet.Sheeter     = Game{}
	_ sheet.Reporter    = Game{}
	_ luadoc.Documented = Game{}
)

// SheetNames implements sheet.Sheeter.
func (Game) SheetNames() []string { return SheetNames }

// Sheets implements sheet.Sheeter.
func (Game) Sheets(g *engine.Game, name string, mission int) ([]sheet.Sheet, error) {
	return GameSheets(g, name, mission)
}

// Report implements sheet.Reporter: the after-action report.
func (Game) Report(g *engine.Game, lg *gamelog.Log, mission int) (string, error) {
	c, err := CampaignOf(g)
	if err != nil {
		return "", err
	}
	return AAR(lg, c, mission)
}

// medalNames are the Iron Cross grades 0-6 (6.0).
var medalNames = []string{"none", "Iron Cross", "Oak Leaves", "Swords", "Diamonds", "Golden Oak Leaves", "War Badge with Diamonds"}

// score is what `auto` and `sim` summarise of a finished campaign: numbers
// get means, quantiles and a histogram; words get counts.
func score(r engine.Rules) []gamelog.Field {
	c := r.(*Campaign)
	s := c.Stats
	sunk := 0
	for _, n := range s.Sunk {
		sunk += n
	}
	f := []gamelog.Field{
		num("vp", c.VP), num("grade", c.Grade), str("medal", medalNames[c.Grade]), flag("war_badge", c.WarBadge),
		num("missions", s.Missions), num("successful", s.Successful), num("abstract", s.Abstract),
		num("boats_lost", s.BoatsLost), num("crew_killed", s.CrewKilled), num("ships_sunk", sunk),
		num("aircraft", s.Aircraft), num("engagements", s.Engagements),
		str("end", c.EndReason), str("rating", c.Rating),
	}
	for _, t := range enemies {
		f = append(f, num("sunk_"+t, s.Sunk[t]))
	}
	return f
}
