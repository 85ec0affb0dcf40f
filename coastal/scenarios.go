package coastal

import (
	"fmt"
	"strings"

	"github.com/schnell-wargames/schnell/tables"
)

// Scenario names (Scenarios, 1-4).
const (
	Convoy = "convoy"
	Rescue = "rescue"
	Hunter = "hunter"
	Escape = "escape"
	// Warships is the solo rules' warship against warship set-up: the
	// enemy flotilla from a marker pot in columns of 3.
	Warships = "warships"
	// Random is Deployment's random game: no scenario chosen, the Allies
	// in line ahead within 30 cm of one long edge, the Germans on the
	// opposite edge in line astern.
	Random = "random"
)

// Scenarios lists them in the document's order.
var Scenarios = []string{Convoy, Rescue, Hunter, Escape, Warships, Random}

// The sides. The document names roles, not nations: the attacker moves
// first (Order of play).
const (
	Attacker = "attacker"
	Defender = "defender"
)

// Sides are the game's sides, the first player first.
var Sides = []string{Attacker, Defender}

// Force is one ship the scenario puts on the table: its card and the name
// its marker reveals.
type Force struct {
	Card string
	Name string
	Pot  string // the marker pot it is drawn from
}

// Setup is what a scenario deploys.
type Setup struct {
	Attackers []Force
	Defenders []Force
	// Pots are the marker pots: real ships plus dummies, and how many
	// markers are drawn from each (Draw 0: all).
	Pots []Pot
	// Speed is the speed each side's ships hold until aware (cm): 8 in
	// the scenarios, 4 for a solo convoy, 10 for the rescuers, 0 for a
	// side set up stationary.
	Speed    map[string]int
	Stricken string // Rescue: the boat that cannot move unless towed
	Escaping string // Escape: the side that must leave by the far edge
	Still    string // the side that sets up stationary
	// Columns: Warships: the enemy's markers stand in columns of this many.
	Columns int
	Note    string
}

// Pot is a marker pot.
type Pot struct {
	ID      string
	Side    string
	Title   string
	Real    []string // the ships' names
	Dummies int
	Draw    int // markers drawn (0: all of them)
}

// Params are the force sizes a game is set up with.
type Params struct {
	Merchants int    // Convoy: merchantmen
	Escort    string // Convoy: corvette, trawler or destroyer
	Boats     int    // Convoy: E-boats (0: one per 1.5 merchantmen)
	Size      int    // Rescue, Hunter, Escape: the force of fast craft
	SoloAtk   bool   // Convoy: the attackers set up by the solo rules
	Destroyer bool   // Hunter: the Allies' escort destroyer (a 5 or 6)
	Enemy     int    // Warships: the enemy's ships (0: 1.5 points per point, rounded up)
	// Card reads a ship card (nil: the game's own cards): Warships counts
	// the fleets' points on them.
	Card func(id string) (*tables.Record, bool)
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// EnemySizes are the enemy flotillas Warship v Warship allows against size
// ships of card flotilla: "1.5 pts per point in your fleet" of enemy
// vessels of card enemy, the points those of Weapon classes (a ship with
// no classed weapon counts as its default twin MG, 1 point). Ships come
// whole, so the enemy's points come as near 1.5 per point as they can,
// short of it or over it: lo and hi ships (the same when they fit).
func EnemySizes(size int, flotilla, enemy string, card func(string) (*tables.Record, bool)) (lo, hi int, err error) {
	f, e := cardPoints(flotilla, card), cardPoints(enemy, card)
	if f == 0 || e == 0 {
		return 0, 0, fmt.Errorf("no ship card %s or %s", flotilla, enemy)
	}
	half := 3 * size * f // twice the enemy's points
	lo, hi = half/(2*e), ceilDiv(half, 2*e)
	return max(lo, 1), hi, nil
}

// cardPoints are a card's points (Weapon classes; 1 with none): 0 when
// there is no such card.
func cardPoints(id string, card func(string) (*tables.Record, bool)) int {
	if card == nil {
		d, err := Definition()
		if err != nil {
			return 0
		}
		card = d.Booklets[0].Tables.Record
	}
	r, ok := card(id)
	if !ok {
		return 0
	}
	s, err := NewShip(r, id, Attacker)
	if err != nil {
		return 0
	}
	return s.Points()
}

func sizeWords(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d or %d", lo, hi)
}

// halves words n half-points: "18", "16.5".
func halves(n int) string {
	if n%2 == 0 {
		return fmt.Sprint(n / 2)
	}
	return fmt.Sprintf("%d.5", n/2)
}

// plural is "1 ship", "2 ships".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func names(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i+1)
	}
	return out
}

func forces(card, prefix, pot string, n int) []Force {
	out := make([]Force, n)
	for i, nm := range names(prefix, n) {
		out[i] = Force{Card: card, Name: nm, Pot: pot}
	}
	return out
}

func realNames(fs []Force) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Name
	}
	return out
}

// EscortCount is the convoy's escort (Scenario 1): 1 corvette, 2 trawlers
// or half a destroyer per 2 merchantmen, rounded up.
func EscortCount(escort string, merchants int) int {
	pairs := ceilDiv(merchants, 2)
	switch escort {
	case "trawler":
		return 2 * pairs
	case "destroyer":
		return ceilDiv(pairs, 2)
	}
	return pairs
}

// EBoats is the convoy's attackers (Scenario 1): 1 E-boat per 1.5
// merchantmen, rounded up.
func EBoats(merchants int) int { return ceilDiv(merchants*2, 3) }

var escortCard = map[string]string{"corvette": "FLOWER", "trawler": "TRAWLER", "destroyer": "HUNT"}

// Deploy sets a scenario up from its rules.
func Deploy(scenario string, p Params) (*Setup, error) {
	s := &Setup{Speed: map[string]int{Attacker: 8, Defender: 8}}
	switch scenario {
	case Convoy:
		if p.Merchants < 1 || p.Merchants > 30 {
			return nil, fmt.Errorf("merchants %d: want 1 to 30", p.Merchants)
		}
		card, ok := escortCard[p.Escort]
		if !ok {
			return nil, fmt.Errorf("escort %q: say corvette, trawler or destroyer", p.Escort)
		}
		// Solo convoy set-up: merchantmen and escorts each mixed with 2
		// dummies, boats x6 merchant and x3 escort markers drawn.
		merchants := forces("MERCHANT", "merchant", "MERCHANTS", p.Merchants)
		for i := 2; i < len(merchants); i += 3 {
			merchants[i].Card = "AMMO-SHIP" // every third coaster carries ammunition
		}
		escorts := forces(card, p.Escort, "ESCORTS", EscortCount(p.Escort, p.Merchants))
		s.Defenders = append(merchants, escorts...)
		boats := p.Boats
		if boats == 0 {
			boats = EBoats(p.Merchants)
		}
		if boats > 20 {
			return nil, fmt.Errorf("boats %d: want 1 to 20", boats)
		}
		s.Pots = []Pot{
			{ID: "MERCHANTS", Side: Defender, Title: "Merchantmen and their dummies", Real: realNames(merchants), Dummies: 2 * len(merchants), Draw: 6 * boats},
			{ID: "ESCORTS", Side: Defender, Title: "Escorts and their dummies", Real: realNames(escorts), Dummies: 2 * len(escorts), Draw: 3 * boats},
		}
		s.Speed[Defender] = 4
		if p.SoloAtk {
			// Solo attackers: 1 per 2 merchantmen, 3 dummies each, 3 in 4
			// drawn (rounded up).
			n := ceilDiv(p.Merchants, 2)
			s.Attackers = forces("S-BOAT", "eboat", "ATTACKERS", n)
			s.Pots = append(s.Pots, Pot{ID: "ATTACKERS", Side: Attacker, Title: "The attacking boats and their dummies", Real: realNames(s.Attackers), Dummies: 3 * n, Draw: ceilDiv(4*n*3, 4)})
		} else {
			s.Attackers = forces("S-BOAT", "eboat", "ATTACKERS", boats)
			s.Pots = append(s.Pots, Pot{ID: "ATTACKERS", Side: Attacker, Title: "The attacking boats and their dummies", Real: realNames(s.Attackers), Dummies: 2 * boats})
		}
		for i := range s.Pots {
			if n := len(s.Pots[i].Real) + s.Pots[i].Dummies; s.Pots[i].Draw > n {
				s.Pots[i].Draw = n
			}
		}
		s.Note = "Germans: +2 a merchantman or escort larger than a trawler sunk, +1 another ship hit by a torpedo, -3 an E-boat lost, -1 an E-boat '0' pointed"
	case Rescue:
		if p.Size < 1 || p.Size > 6 {
			return nil, fmt.Errorf("size %d: the rescue has up to 6 boats beside the stricken one", p.Size)
		}
		s.Defenders = append([]Force{{Card: "S-BOAT", Name: "stricken1", Pot: "DEFENDERS"}}, forces("S-BOAT", "eboat", "DEFENDERS", p.Size)...)
		s.Attackers = forces("FAIRMILE-D", "mtb", "ATTACKERS", p.Size)
		s.Stricken = "stricken1"
		s.Speed[Attacker] = 10
		s.Still = Defender
		s.Note = "the side with fewer ships lost or '0' pointed wins"
	case Hunter:
		if p.Size < 1 || p.Size > 20 {
			return nil, fmt.Errorf("size %d: want 1 to 20", p.Size)
		}
		s.Defenders = forces("S-BOAT", "eboat", "DEFENDERS", p.Size)
		s.Attackers = forces("FAIRMILE-D", "mtb", "ATTACKERS", p.Size)
		if p.Destroyer {
			s.Attackers = append(s.Attackers, Force{Card: "HUNT", Name: "destroyer1", Pot: "ATTACKERS"})
		}
		s.Still = Defender
		s.Note = "the side with fewer ships lost or '0' pointed wins"
	case Escape:
		if p.Size < 2 || p.Size > 20 {
			return nil, fmt.Errorf("size %d: want 2 to 20", p.Size)
		}
		s.Defenders = forces("S-BOAT", "eboat", "DEFENDERS", p.Size)
		s.Attackers = forces("FAIRMILE-D", "mtb", "ATTACKERS", ceilDiv(2*p.Size, 3))
		s.Escaping = Attacker
		s.Still = Defender
		s.Note = "the smaller force wins if the larger loses a ship and 2/3 of it escapes"
	case Warships:
		// Solo rules, Warship v Warship: "1.5 pts per point in your fleet"
		// of enemy vessels (the points of Weapon classes), 3 dummies per
		// ship marker, 3 in 4 of the pot drawn, in columns of 3.
		if p.Size < 1 || p.Size > 12 {
			return nil, fmt.Errorf("size %d: want 1 to 12", p.Size)
		}
		s.Attackers = forces("HUNT", "destroyer", "ATTACKERS", p.Size)
		lo, hi, err := EnemySizes(p.Size, "HUNT", "HUNT", p.Card)
		if err != nil {
			return nil, err
		}
		enemy := hi
		switch {
		case p.Enemy == 0:
		case p.Enemy < lo || p.Enemy > hi:
			f, e := p.Size*cardPoints("HUNT", p.Card), cardPoints("HUNT", p.Card)
			return nil, fmt.Errorf("enemy %d: your %s have %d points (Weapon classes), so the enemy brings %s points, 1.5 per point (Warship v Warship, 2), in ships of %d points: say enemy %s",
				p.Enemy, plural(p.Size, "ship"), f, halves(3*f), e, sizeWords(lo, hi))
		default:
			enemy = p.Enemy
		}
		s.Defenders = forces("HUNT", "warship", "WARSHIPS", enemy)
		s.Pots = []Pot{
			{ID: "ATTACKERS", Side: Attacker, Title: "The flotilla's markers", Real: realNames(s.Attackers), Dummies: 2 * p.Size},
			{ID: "WARSHIPS", Side: Defender, Title: "The enemy flotilla's pot", Real: realNames(s.Defenders), Dummies: 3 * enemy, Draw: ceilDiv(3*4*enemy, 4)},
		}
		s.Columns = 3
		s.Note = "the side with fewer ships lost or '0' pointed wins"
	case Random:
		// Deployment, the random game: the Allies' MTBs, warships and
		// merchantmen in line ahead near one long edge, the Germans' boats
		// in line astern on the other. The document gives no sizes: our
		// reading (rules notes) is size E-boats against size MTBs, the
		// merchantmen with their escort as in the convoy, and the
		// scenarios' rule that fewer ships lost or '0' pointed wins.
		if p.Size < 1 || p.Size > 20 {
			return nil, fmt.Errorf("size %d: want 1 to 20", p.Size)
		}
		if p.Merchants < 1 || p.Merchants > 30 {
			return nil, fmt.Errorf("merchants %d: want 1 to 30", p.Merchants)
		}
		card, ok := escortCard[p.Escort]
		if !ok {
			return nil, fmt.Errorf("escort %q: say corvette, trawler or destroyer", p.Escort)
		}
		s.Attackers = forces("S-BOAT", "eboat", "ATTACKERS", p.Size)
		s.Defenders = append(forces("FAIRMILE-D", "mtb", "DEFENDERS", p.Size), forces(card, p.Escort, "DEFENDERS", EscortCount(p.Escort, p.Merchants))...)
		s.Defenders = append(s.Defenders, forces("MERCHANT", "merchant", "DEFENDERS", p.Merchants)...)
		s.Note = "the Allies in line ahead within 30 cm of one long edge, the Germans in line astern on the opposite edge; the side with fewer ships lost or '0' pointed wins"
	default:
		return nil, fmt.Errorf("scenario %q: say %s", scenario, strings.Join(Scenarios, ", "))
	}
	if s.Still != "" {
		s.Speed[s.Still] = 0
	}
	if s.Pots == nil {
		// Ship movement: each ship is 1 marker and 2 dummy markers.
		s.Pots = []Pot{
			{ID: "ATTACKERS", Side: Attacker, Title: "The attackers' markers", Real: realNames(s.Attackers), Dummies: 2 * len(s.Attackers)},
			{ID: "DEFENDERS", Side: Defender, Title: "The defenders' markers", Real: realNames(s.Defenders), Dummies: 2 * len(s.Defenders)},
		}
	}
	return s, nil
}
