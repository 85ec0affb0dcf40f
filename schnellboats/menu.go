package schnellboats

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/schnell-wargames/schnell/engine"
)

// The attack menu at the prompt (engine.Definition.Menu; issue 25 item
// 3): a convoy's attack is an order at one of up to seven units with
// guns, a torpedo (5b: a rocket) or both — 22 options of one line each.
// The menu says them in a few lines: the targets by kind (warships,
// merchant ships) with their damage, the orders the boat type has, what
// each boat has left to launch, and what Enter does. The options keep
// their names and commands (`choose 12` still answers).

// menu words the attack decisions; nil leaves the others to the kernel.
func menu(g *engine.Game, d *engine.Decision) []string {
	c, err := CampaignOf(g)
	if err != nil {
		return nil
	}
	switch decisionKind(d.Kind) {
	case askAttack, askBoatAttack:
		return attackMenu(c, d)
	case askSquadron:
		return squadronMenu(c, d)
	case askSpeed, askBoatSpeed:
		return speedMenu(d)
	case askRange:
		return rangeMenu(d)
	}
	return nil
}

// rangeMenu says the squadron's moves (4.7, 4.9) in a few lines: each by
// the command that orders it and what it does, a boat's abort alone (4.9)
// on one line, then what Enter does: "`move stay` hold this range zone;
// `move out` leave the combat: evade (C-6), the mission is aborted and
// fails (4.9)." / "One boat aborts alone (4.9): `abort SB2`. Enter: move
// out."
func rangeMenu(d *engine.Decision) []string {
	var moves, aborts []string
	for i, o := range d.Options {
		if strings.HasPrefix(o.Name, "abort:") {
			aborts = append(aborts, "`"+d.Usage(i)+"`")
			continue
		}
		moves = append(moves, "`"+d.Usage(i)+"` "+strings.ReplaceAll(o.Text, "; ", ", "))
	}
	if len(moves) == 0 {
		return nil
	}
	lines := []string{strings.Join(moves, "; ") + "."}
	if len(aborts) > 0 {
		lines = append(lines, "A boat aborts alone (4.9): "+strings.Join(aborts, ", ")+".")
	}
	if d.Default >= 0 && d.Default < len(d.Options) {
		enter := d.CommandFor(d.Default)
		for _, a := range d.Options[d.Default].Args {
			enter += " " + engine.Word(a.Default)
		}
		if last := &lines[len(lines)-1]; utf8.RuneCountInString(*last)+len(enter) < 68 {
			*last += " Enter: " + enter + "."
		} else {
			lines = append(lines, "Enter: "+enter+".")
		}
	}
	return lines
}

// speedMenu says the speeds on one line, each by its name (what `speed`
// takes, or typed alone) and the range zones it enters a round (4.7),
// then what Enter does: "`slow` ½ zone a round, `medium` 1, `fast` 1-2,
// `very_fast` 1-3. Enter: fast."
func speedMenu(d *engine.Decision) []string {
	var parts []string
	for i, o := range d.Options {
		z := speedZones(o.Name, o.Text)
		if i == 0 && o.Name == speedSlow.String() {
			z += " zone a round"
		}
		parts = append(parts, "`"+o.Name+"` "+z)
	}
	line := strings.Join(parts, ", ") + "."
	if d.Default >= 0 && d.Default < len(d.Options) {
		line += " Enter: " + d.Options[d.Default].Name + "."
	}
	return []string{line}
}

// speedZones is the range zones a speed enters a round, in few words.
func speedZones(name, text string) string {
	switch name {
	case speedSlow.String():
		return "½"
	case speedMedium.String():
		return "1"
	case speedFast.String():
		return "1-2"
	case speedVeryFast.String():
		return "1-3"
	case speedIdle.String():
		return "none: wait alongside a disabled boat to take off her crew (errata G-12)"
	}
	if _, rest, ok := strings.Cut(text, ": "); ok {
		return rest
	}
	return text
}

// squadronMenu says the squadron decision (1.0: which 3 of the ready hulls
// sail as Boats #2-#4; up to 10 choices) in three lines: the hulls ready
// with their crews, how to name three, what Enter does.
func squadronMenu(c *Campaign, d *engine.Decision) []string {
	count := map[string]int{}
	var hullsSeen []string
	for _, o := range d.Options {
		for _, id := range strings.Split(o.Name, "+") {
			if count[id] == 0 {
				hullsSeen = append(hullsSeen, id)
			}
			count[id]++
		}
	}
	if len(hullsSeen) == 0 {
		return nil
	}
	slices.Sort(hullsSeen)
	var ready, always []string
	for _, id := range hullsSeen {
		w := id
		if b := c.boatByID(id); b != nil {
			w += " (" + b.Skill.String() + " crew)"
		}
		ready = append(ready, w)
		if count[id] == len(d.Options) {
			always = append(always, id)
		}
	}
	lines := []string{"Ready: " + strings.Join(ready, ", ") + "."}
	pick := fmt.Sprintf("Name three: `sail %s` (numbered #2-#4 in hull order; %d choices", strings.Join(strings.Split(d.Options[0].Name, "+"), " "), len(d.Options))
	if len(always) > 0 {
		pick += "; " + strings.Join(always, ", ") + " sails in every one"
	}
	lines = append(lines, pick+").")
	if d.Default >= 0 && d.Default < len(d.Options) {
		lines = append(lines, "Enter: "+d.CommandFor(d.Default)+" (the default).")
	}
	return lines
}

// orderVerb is each attack option's command word, in the order the menu
// lists them.
var orderVerb = []struct{ prefix, verb string }{
	{"guns:", "fire"}, {"torpedo:", "torpedo"}, {"rocket:", "rocket"}, {"both:", "both"}, {"dc:", "dc"},
}

type menuUnit struct {
	id, typ      string
	damage, hull int
	verbs        []string
}

func attackMenu(c *Campaign, d *engine.Decision) []string {
	var units []*menuUnit
	byID := map[string]*menuUnit{}
	var verbs []string // every order some unit may be given, in orderVerb's order
	hold := false
	for _, o := range d.Options {
		if o.Name == orderHold {
			hold = true
			continue
		}
		verb, id := "", ""
		for _, ov := range orderVerb {
			if rest, ok := strings.CutPrefix(o.Name, ov.prefix); ok {
				verb, id = ov.verb, rest
			}
		}
		if verb == "" {
			return nil // an option this menu does not know: the kernel's list
		}
		u := byID[id]
		if u == nil {
			u = &menuUnit{id: id}
			for _, f := range o.Facts {
				switch f.Key {
				case "type":
					u.typ = f.Val.S
				case "damage":
					u.damage = f.Val.I
				case "hull":
					u.hull = f.Val.I
				}
			}
			byID[id] = u
			units = append(units, u)
		}
		u.verbs = append(u.verbs, verb)
		if !slices.Contains(verbs, verb) {
			verbs = append(verbs, verb)
		}
	}
	slices.SortStableFunc(verbs, func(a, b string) int { return verbIndex(a) - verbIndex(b) })
	var lines []string
	var warships, merchants []string
	for _, u := range units {
		w := u.id
		var notes []string
		if u.damage > 0 {
			notes = append(notes, fmt.Sprintf("%d of %d damage", min(u.damage, u.hull), u.hull))
		}
		if len(u.verbs) < len(verbs) {
			notes = append(notes, strings.Join(u.verbs, ", ")+" only")
		}
		if len(notes) > 0 {
			w += " (" + strings.Join(notes, "; ") + ")"
		}
		switch u.typ {
		case enemyMerchant.String(), enemyTanker.String():
			merchants = append(merchants, w)
		default:
			warships = append(warships, w)
		}
	}
	if len(warships) > 0 {
		lines = append(lines, "Warships: "+strings.Join(warships, ", "))
	}
	if len(merchants) > 0 {
		lines = append(lines, "Merchant ships: "+strings.Join(merchants, ", "))
	}
	var orders []string
	for _, v := range verbs {
		orders = append(orders, v+" UNIT"+verbWords(c, v))
	}
	if hold {
		orders = append(orders, "hold")
	}
	line := "Orders: " + strings.Join(orders, ", ") + "."
	if left := c.launchesLeft(d, slices.Contains(verbs, "torpedo") || slices.Contains(verbs, "rocket")); left != "" {
		line += " " + left
	}
	lines = append(lines, line)
	if d.Default >= 0 && d.Default < len(d.Options) {
		lines = append(lines, "Enter: "+d.CommandFor(d.Default)+" (the default).")
	}
	return lines
}

func verbIndex(v string) int {
	for i, ov := range orderVerb {
		if ov.verb == v {
			return i
		}
	}
	return len(orderVerb)
}

// verbWords says what an order does where its word does not.
func verbWords(c *Campaign, verb string) string {
	switch verb {
	case "fire":
		return " (guns)"
	case "both":
		if c.Type == P5b {
			return " (a rocket and the guns)"
		}
		return " (a torpedo and the guns)"
	case "dc":
		return " (Boat #1's depth charges at a submarine in the Close zone)"
	}
	return ""
}

// launchesLeft says what each boat the decision is for has left to launch
// ("Torpedoes left: SB1 4, SB2 2; each boat launches at most 2 a wave").
func (c *Campaign) launchesLeft(d *engine.Decision, offered bool) string {
	if c.Mission == nil {
		return ""
	}
	what, boat := "Torpedoes", ""
	if c.Type == P5b {
		what = "Rockets"
	}
	if decisionKind(d.Kind) == askBoatAttack {
		boat = optionBoat(d)
	}
	var parts []string
	same := true
	for _, s := range c.formation() {
		if boat != "" && s.Boat.ID != boat {
			continue
		}
		n := s.Torpedoes
		if c.Type == P5b {
			n = s.Rockets
		}
		part := s.Boat.ID + " " + strconv.Itoa(n)
		if len(parts) > 0 && strings.Fields(parts[0])[1] != strconv.Itoa(n) {
			same = false
		}
		parts = append(parts, part)
	}
	rule := fmt.Sprintf("at most %d a wave", tubes)
	if !offered {
		rule = "none can be launched now" // launched all a wave allows, or the weather or the target forbids
	}
	switch {
	case len(parts) == 0:
		return ""
	case same && len(parts) > 1:
		return fmt.Sprintf("%s left: %s a boat (%s).", what, strings.Fields(parts[0])[1], rule)
	}
	return fmt.Sprintf("%s left: %s (%s).", what, strings.Join(parts, ", "), rule)
}

// boatByID is the squadron's hull called id (nil: none).
func (c *Campaign) boatByID(id string) *Boat {
	for _, b := range c.Boats {
		if b.ID == id {
			return b
		}
	}
	return nil
}
