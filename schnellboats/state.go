package schnellboats

import (
	"fmt"
	"time"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/tables"
)

// Date is a calendar day (UTC midnight).
type Date struct{ t time.Time }

func mkDate(y, m, d int) Date { return Date{time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)} }

func (d Date) String() string {
	if since := d.t.Sub(firstNamed.t); since%(24*time.Hour) == 0 && since >= 0 && int(since/(24*time.Hour)) < len(dateNames) {
		i := int(since / (24 * time.Hour))
		return dateNames[i] // events and the script view name dates often
	}
	return d.t.Format("2006-01-02")
}

// dateNames are the names of the days from 1943 to 1945, made once.
var (
	firstNamed = mkDate(1943, 1, 1)
	dateNames  = func() []string {
		n := make([]string, 3*366)
		for i := range n {
			n[i] = firstNamed.t.AddDate(0, 0, i).Format("2006-01-02")
		}
		return n
	}()
)

func (d Date) Add(days int) Date    { return Date{d.t.AddDate(0, 0, days)} }
func (d Date) Before(e Date) bool   { return d.t.Before(e.t) }
func (d Date) Month() int           { return int(d.t.Month()) }
func (d Date) DaysSince(e Date) int { return int(d.t.Sub(e.t).Hours() / 24) }

// Start dates (3.1); every campaign ends on 1944-06-01.
var (
	campaignStart = [...]Date{Short: mkDate(1944, 2, 1), Medium: mkDate(1943, 10, 1), Long: mkDate(1943, 6, 1)}
	campaignEnd   = mkDate(1944, 6, 1)
)

// Status is a boat's state at base.
type Status string

// Boat status at base.
const (
	Ready    Status = "ready"
	Repair   Status = "repair"
	Lost     Status = "lost" // sunk; a new boat is on order
	Hospital Status = "hospital"
)

// Gone is why a boat or an enemy unit is no longer with the others ("": it is).
type Gone string

const (
	goneSeparated Gone = "separated" // a boat lost touch, or left for home alone
	goneSunk      Gone = "sunk"
	goneAbandoned Gone = "abandoned" // a disabled boat scuttled
	goneEvaded    Gone = "evaded"    // an enemy unit got away
	goneHome      Gone = "home"      // two-player: back at Cherbourg while Boat #2 sails home alone (soloHome)
	goneLeft      Gone = "left"      // two-player: left the combat while Boat #2 fights on alone (fightOn)
)

// Boat is one of the six hulls of the squadron (SB1…SB6).
type Boat struct {
	ID         string
	Status     Status
	RepairDays int   // days until serviceable (repair) or delivered (lost)
	Skill      Skill // crew skill of a #2-#4 crew
	Kills      int   // enemy ships and aircraft sunk by this crew
	Successes  int   // successful missions of this crew
	Earned     int   // skill levels earned under 5.0
	Missions   int
	Lost       int // times this hull was lost
}

// Crewman is one Boat #1 crewman or crew (1.0: up to 14).
type Crewman struct {
	Position  Position
	Name      string
	Special   Special
	Start     Date
	Missions  int
	Successes int
	LW        int
	SW        bool
	KIA       bool
	Veteran   bool
	Wounds    int  // wounds suffered in the campaign
	Out       bool // sent home or killed: replaced after the mission
}

// Serving reports whether the man can do his duty (4.12).
func (c *Crewman) Serving() bool { return !c.KIA && !c.SW && !c.Out }

// Sortie is one boat at sea tonight, numbered #1-#4.
type Sortie struct {
	Boat       *Boat
	No         int
	Formation  bool // with the squadron
	Gone       Gone
	Disabled   bool
	Points     int // damage points (#2-#4)
	Passengers int // rescued men aboard (the passenger boxes)
	Apart      int // combat: rounds spent apart in the Long zone after breaking formation (4.8); 0 = in formation
	Towing     *Sortie
	TowedBy    *Sortie
	// Boat #1 components (2.0 f).
	EnginesOut    int
	JetsOut       int
	RadioOut      bool
	CannonsOut    int
	BilgeOut      bool
	Extinguishers int
	Fire          int  // sections on fire
	Burning       bool // a fire burns on (G-3): fought again next turn
	RaftLost      bool // Boat #1 blew up or burned: her life raft is gone (G-12 step 6)
	Flooded       int  // sections flooded
	Torpedoes     int
	Mines         int
	DCs           int
	Rockets       int
	Components    int      // component hits to repair
	Destroyed     []string // engines, turbojets, radio: parts needed (H-2)
	launched      int      // combat: torpedoes or rockets launched this wave
	// Combat Board (4.7-4.9): the range zone of a boat apart from the
	// formation or disabled where she lay, and rounds spent there.
	zone     RangeZone
	inZone   int
	aborting bool // she aborts alone: she leaves from the Long zone (4.9)
	pinned   bool // disabled: she keeps her range zone
	// own is the two-player game's Boat #2 on her own course (7.0 step 2):
	// p2 sets her speed (ownSpeed) and movement each round.
	own      bool
	ownSpeed Speed
	parted   string // the zone where she left the squadron (separated or aborting alone)
}

// Mission is tonight's mission.
type Mission struct {
	N         int
	Date      Date
	Kind      MissionKind
	Abstract  bool
	Weather   Weather
	FirstZone int
	Route     []string
	Pos       int // index into Route of the current zone (-1 at base)
	Turn      int
	Sea       int
	Sorties   []*Sortie
	Sunk      map[string]int
	Aircraft  int
	LostHulls []string
	Boat1Lost bool
	Patrolled int
	Aborted   bool
	Home      bool
	Special   bool // special mission accomplished
	Intel     bool
	Contacts  int     // surface encounters fought on the Combat Board
	Combat    *Combat // the engagement in progress
	solo      *Sortie // two-player: Boat #2 sailing home alone, zone by zone (soloHome)
	Pilot     bool
	Flagship  string
	KmdtHit   bool
	Fast      bool
	CrewKIA   int
	VP        int
	seen      *Zone                   // the zone zoneAt found last
	picking   [1 << maxSorties]string // pickFaces' words, by the set of the boats (bits: places in Sorties)
}

// Campaign is the whole state of a Schnell Boats campaign.
type Campaign struct {
	Length    Length
	Type      BoatType
	Start     Date
	End       Date
	Date      Date
	VP        int
	Grade     int  // highest Iron Cross grade (I-2)
	WarBadge  bool // S-Boat War Badge (6.0)
	Medals    []string
	Reprimand int
	Cognac    bool
	Boats     []*Boat
	Flagship  int // index into Boats of Boat #1's hull
	Crew      []*Crewman
	Fallen    []*Crewman // killed or sent home, for the crew sheet
	Hospital  int        // days the Kommandant is still in hospital
	Mission   *Mission
	Over      bool
	EndReason string
	Rating    string
	Stats     Stats
	// The optional two-player game (7.0): the fields above are the
	// squadron Kommandant's (Boat #1); Lead is his player and record, Two
	// Boat #2's Kommandant with his boat and crew (nil: solitaire).
	Players int
	Lead    Record
	Two     *Command
	Former  []Former    // Kommandants relieved or killed (two-player)
	gone    string      // two-player: why the squadron Kommandant leaves after this mission
	read    readings    // the game's options that choose a reading of the book
	battles battleSetup // battles=schnellrules (battle.go)
	learnt  bool        // the table set has learnt quick-resolve tables (learnt.go)
	ids     *bookIDs
	x       *engine.Ctx
	facts   facts        // those of the table being read (roll, lookup)
	bound   tables.Facts // facts, read by name (factsByName), made once
	spare   spare
}

// readings are the other readings of the book a game may choose (its
// options; docs/rules-notes.md), each false at the default.
type readings struct {
	placeMedium bool // 4.7: round 1's placement stops at the Medium zone, Very Fast too
	needSunk    bool // Completing a Mission: a mission must also sink a ship to succeed
	bothGoOn    bool // 7.0 step 4: both Kommandants gone in one mission, both players enter again
}

// spare is storage reused from one mission or combat to the next.
type spare struct {
	mission Mission
	sorties [maxSorties]Sortie
	combat  Combat
	units   []*Unit           // the enemy units of the combat being fought, in order made
	used    int               // of units
	others  [hulls]*Boat      // ready hulls besides Boat #1 (squadron)
	sail    [maxSorties]*Boat // the hulls that sail tonight (squadron)
	chits   []string          // the counters put in the draw cup (4.6)
}

// Stats are the campaign's running totals.
type Stats struct {
	Missions, Abstract, Cancelled, Successful, Failed int
	Sunk                                              map[string]int
	BoatsLost, CrewKilled, CrewsLost, Aircraft        int
	Engagements                                       int // surface combats fought
}

func (c *Campaign) boat1() *Boat { return c.Boats[c.Flagship] }

func (c *Campaign) crewman(pos Position) *Crewman {
	for _, m := range c.Crew {
		if m.Position == pos {
			return m
		}
	}
	return nil
}

func (c *Campaign) kmdt() *Crewman { return c.crewman(posKMDT) }

// positions of Boat #1 by boat type (1.0: up to 14 crewmen or crews).
var boatPositions = [...][]Position{
	S100: {posKMDT, pos1WO, posHelm, posChief, posEngine, posRadio, posTorpedo, posFwdGun, posMidGun, posAftGun, posDC, posWatch, posMine, posMedic},
	P5b:  {posKMDT, pos1WO, posHelm, posChief, posEngine, posJet, posRadio, posRocket, posFwdGun, posAftGun, posWatch, posMedic},
}

var positionTitles = [...]string{
	posKMDT: "Kommandant", pos1WO: "1st Watch Officer", posHelm: "Helmsman", posChief: "Chief Engineer",
	posEngine: "Engine room crew", posRadio: "Radio operator", posTorpedo: "Torpedo crew", posFwdGun: "Forward gun crew",
	posMidGun: "Midships gun crew", posAftGun: "Aft gun crew", posDC: "Depth charge crew", posWatch: "Watch crew",
	posMine: "Mine crew", posMedic: "Medic", posJet: "Turbojet engineer", posRocket: "Rocket crew",
}

// Boat #1 equipment by type (2.0, 7.0; the design note's checklist).
type equipment struct {
	Engines, Jets, Cannons, Torpedoes, Mines, DCs, Rockets, Extinguishers int
}

var boatEquipment = [...]equipment{
	S100: {Engines: 3, Cannons: 3, Torpedoes: 4, Mines: 8, DCs: 4, Extinguishers: 2},
	P5b:  {Engines: 3, Jets: 2, Cannons: 2, Rockets: 2, Extinguishers: 2},
}

func hullID(i int) string { return fmt.Sprintf("SB%d", i+1) }
