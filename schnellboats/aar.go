package schnellboats

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sheet"
)

// AAR writes an after-action report of a campaign (mission 0) or one
// mission as Markdown prose built from the log, with the Campaign Log Sheet
// embedded: a report to paste on a forum.
func AAR(lg *gamelog.Log, c *Campaign, mission int) (string, error) {
	ns := nights(lg.Events)
	var b strings.Builder
	k := "an unnamed Kommandant"
	if m := c.kmdt(); m != nil {
		k = "Kapitänleutnant " + m.Name
	}
	if mission > 0 {
		for _, n := range ns {
			if n.N == mission {
				fmt.Fprintf(&b, "# After-action report: Mission %d, %s\n\n", n.N, n.Date)
				b.WriteString(nightProse(n, true))
				return sheet.MarkdownText(b.String()), nil // names from the tables may hold HTML
			}
		}
		return "", fmt.Errorf("no mission %d: missions 1 to %d have sailed", mission, len(ns))
	}
	fmt.Fprintf(&b, "# After-action report: %s's %s campaign\n\n", strings.TrimPrefix(k, "Kapitänleutnant "), c.Length.String())
	if c.Two != nil {
		b.Reset()
		b.WriteString(c.coop().aarOpeningTwo(lg))
	} else {
		fmt.Fprintf(&b, "%s took command of a squadron of %s boats at Cherbourg on %s.", k, c.Type, formatDate(c.Start.String()))
	}
	abstract, quiet := 0, 0
	for _, n := range ns {
		if n.Abstract {
			abstract++
		}
	}
	fmt.Fprintf(&b, " Over the campaign the squadron sailed %d times", len(ns))
	if abstract > 0 {
		fmt.Fprintf(&b, ", %d of them quiet patrols that met nothing worth reporting", abstract)
	}
	b.WriteString(".\n\n")
	for _, n := range ns {
		if n.Abstract || !eventful(n) {
			quiet++
			continue
		}
		fmt.Fprintf(&b, "## Mission %d, %s\n\n%s\n", n.N, formatDate(n.Date), nightProse(n, false))
	}
	if quiet > 0 && quiet < len(ns) {
		b.WriteString(quietText(quiet))
	}
	b.WriteString("## The reckoning\n\n")
	for i := len(lg.Events) - 1; i >= 0; i-- {
		e := &lg.Events[i]
		if eventType(e.Type) != evCampaignEnd {
			continue
		}
		switch e.Str("reason") {
		case "completed":
			if c.Two != nil {
				fmt.Fprintf(&b, "The campaign ended on %s with both players in command.", formatDate(e.Str("date")))
			} else {
				fmt.Fprintf(&b, "The campaign ended on %s with the Kommandant still in command.", formatDate(e.Str("date")))
			}
		case "killed":
			fmt.Fprintf(&b, "The campaign ended on %s: the Kommandant was killed in action.", formatDate(e.Str("date")))
		case "relieved":
			fmt.Fprintf(&b, "On %s a Board of Inquiry relieved the Kommandant of his command.", formatDate(e.Str("date")))
		case "court_martial":
			fmt.Fprintf(&b, "On %s a court-martial ended the Kommandant's career; he was sent east.", formatDate(e.Str("date")))
		}
		if c.Two != nil {
			b.WriteString(c.coop().aarReckoningTwo(e))
			break
		}
		fmt.Fprintf(&b, " He finished with %d Victory Points, a final rating of *%s*", e.Int("vp"), e.Str("rating"))
		if len(c.Medals) > 0 {
			fmt.Fprintf(&b, ", and wore the %s", joinAnd(c.Medals))
		}
		b.WriteString(".\n\n")
		break
	}
	s := c.Stats
	fmt.Fprintf(&b, "In all: %d missions flown, %d successful; %d boats lost; %d of Boat #1's men killed.\n\n", s.Missions, s.Successful, s.BoatsLost, s.CrewKilled)
	var tab bytes.Buffer
	cs := campaignSheet(c, ns, 0, lg)
	if err := sheet.Write(&tab, sheet.Markdown, cs); err != nil {
		return "", err
	}
	// The prose quotes names and results from the tables, which may hold
	// HTML (an overlay's); the sheet escapes its own.
	return sheet.MarkdownText(b.String()) + tab.String(), nil
}

// eventful: a night with a fight (an air attack too), a loss, a medal or a special mission.
func eventful(n *night) bool {
	return len(n.Lost) > 0 || len(n.Damaged) > 0 || n.Killed > 0 || n.Wounded > 0 || len(n.Sunk) > 0 || n.Kind != "patrol" ||
		strings.Contains(strings.Join(n.Notes, ";"), "medal") || strings.Contains(strings.Join(n.Notes, ";"), "shot down") ||
		strings.Contains(strings.Join(n.Notes, ";"), "air attack") ||
		strings.Contains(strings.Join(n.Notes, ";"), "inquiry")
}

var kindPhrase = map[string]string{
	"patrol":     "an Offensive Patrol",
	"minelaying": "a minelaying sortie",
	"rescue":     "a search for a downed Luftwaffe aircrew",
	"recon":      "a reconnaissance of the English coast",
}

func nightProse(n *night, header bool) string {
	var b strings.Builder
	what := kindPhrase[n.Kind]
	if what == "" {
		what = n.Kind
	}
	fmt.Fprintf(&b, "%d boats sailed in %s weather on %s", len(n.Boats), n.Weather, what)
	if len(n.Zones) > 0 {
		fmt.Fprintf(&b, " in Red Zones %d to %d", n.Zones[0], n.Zones[len(n.Zones)-1])
	}
	b.WriteString(". ")
	// A note made more than once (two air attacks on one boat) is told once.
	count := map[string]int{}
	for _, note := range n.Notes {
		count[note]++
	}
	var battles []string // Schnell Rules battles, told after their fight's "fought" note
	for _, note := range n.Notes {
		k := count[note]
		if k == 0 {
			continue // told
		}
		count[note] = 0
		switch {
		case strings.HasPrefix(note, "fought: "):
			fmt.Fprintf(&b, "The squadron fought %s. ", foughtText(strings.TrimPrefix(note, "fought: ")))
			for _, bn := range battles { // the battles of that fight, after it
				b.WriteString(battleProse(bn)) // battle.go
			}
			battles = battles[:0]
		case strings.HasPrefix(note, "battle: "):
			battles = append(battles, strings.TrimPrefix(note, "battle: "))
		case strings.HasPrefix(note, "air attack on "):
			if k > 1 {
				fmt.Fprintf(&b, "Aircraft came in out of the dark and attacked %s%s. ", strings.TrimPrefix(note, "air attack on "), times(k))
			} else {
				fmt.Fprintf(&b, "An aircraft came in out of the dark and attacked %s. ", strings.TrimPrefix(note, "air attack on "))
			}
		case strings.HasSuffix(note, " shot down"):
			if k > 1 {
				fmt.Fprintf(&b, "The gunners shot down %d %ss. ", k, title(strings.TrimSuffix(note, " shot down")))
			} else {
				fmt.Fprintf(&b, "The gunners shot down a %s. ", title(strings.TrimSuffix(note, " shot down")))
			}
		case strings.HasSuffix(note, " done"):
			fmt.Fprintf(&b, "The %s was accomplished. ", strings.TrimSuffix(note, " done"))
		case strings.HasSuffix(note, " failed"):
			fmt.Fprintf(&b, "The %s came to nothing. ", strings.TrimSuffix(note, " failed"))
		case strings.HasPrefix(note, "aborted"):
			fmt.Fprintf(&b, "The Kommandant broke off the mission (%s). ", note)
		case note == "Fine Cognac found":
			if k > 1 {
				fmt.Fprintf(&b, "%d crates of fine cognac turned up aboard. ", k)
			} else {
				b.WriteString("A crate of fine cognac turned up aboard. ")
			}
		}
	}
	for _, bn := range battles {
		b.WriteString(battleProse(bn)) // battle.go
	}
	if st := sunkText(n.Sunk); st != "" {
		fmt.Fprintf(&b, "Sunk: %s. ", st)
	}
	// The boats lost, by how: "SB1 and SB3 were sunk. SB2 was abandoned."
	var hows []string
	lost := map[string][]string{}
	for _, l := range n.Lost {
		boat, how, _ := strings.Cut(l, " ")
		if lost[how] == nil {
			hows = append(hows, how)
		}
		lost[how] = append(lost[how], boat)
	}
	for _, how := range hows {
		if bs := lost[how]; len(bs) > 1 {
			fmt.Fprintf(&b, "%s were %s. ", joinAnd(bs), how)
		} else {
			fmt.Fprintf(&b, "%s was %s. ", bs[0], how)
		}
	}
	if len(n.Damaged) > 0 {
		fmt.Fprintf(&b, "Damaged: %s. ", joinAnd(n.Damaged))
	}
	var hurt []string
	if n.Wounded > 0 {
		hurt = append(hurt, fmt.Sprintf("%d wounded", n.Wounded))
	}
	if n.Killed > 0 {
		hurt = append(hurt, fmt.Sprintf("%d killed", n.Killed))
	}
	if len(hurt) > 0 {
		fmt.Fprintf(&b, "Casualties aboard Boat #1: %s. ", joinAnd(hurt))
	}
	b.WriteString(vpText(n.Success, n.VP))
	for _, note := range n.Notes {
		switch {
		case strings.HasPrefix(note, "medal: "):
			fmt.Fprintf(&b, " The Kommandant was awarded the %s.", strings.TrimPrefix(note, "medal: "))
		case strings.HasPrefix(note, "inquiry: "):
			fmt.Fprintf(&b, " A Board of Inquiry found: %s.", strings.ReplaceAll(strings.TrimPrefix(note, "inquiry: "), "_", " "))
		case strings.HasSuffix(note, "new veterans"):
			fmt.Fprintf(&b, " %s among the crew.", strings.ToUpper(note[:1])+note[1:])
		}
	}
	b.WriteString("\n")
	return b.String()
}

// vpText says how the night ended and what it earned or cost.
func vpText(success bool, vp int) string {
	res, earned, cost := "a failure", "but earned", "and cost"
	if success {
		res, earned, cost = "a success", "and earned", "but cost"
	}
	switch {
	case vp > 0:
		return fmt.Sprintf("The night was %s %s %d VP.", res, earned, vp)
	case vp < 0:
		return fmt.Sprintf("The night was %s %s %d VP.", res, cost, -vp)
	}
	return fmt.Sprintf("The night was %s and earned no VP.", res)
}

// times says how often a sentence's event happened: "", " twice", " 3 times".
func times(n int) string {
	switch n {
	case 1:
		return ""
	case 2:
		return " twice"
	}
	return fmt.Sprintf(" %d times", n)
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

var monthNames = []string{"", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// formatDate writes 1944-02-06 as 6 February 1944.
func formatDate(d string) string {
	var y, m, day int
	if _, err := fmt.Sscanf(d, "%d-%d-%d", &y, &m, &day); err != nil || m < 1 || m > 12 {
		return d
	}
	return fmt.Sprintf("%d %s %d", day, monthNames[m], y)
}

// foughtText words "2 convoy, 1 mtb patrol (6 merchant, 2 mtb, 1 mgb)" as
// "2 convoys and an MTB patrol (6 merchant ships, 2 MTBs and an MGB)".
func foughtText(s string) string {
	s, met, _ := strings.Cut(s, " (")
	text := countText(s, map[string][2]string{
		"convoy": {"a convoy", "convoys"}, "mtb patrol": {"an MTB patrol", "MTB patrols"}, "mgb patrol": {"an MGB patrol", "MGB patrols"},
		"destroyers": {"a pair of destroyers", "pairs of destroyers"}, "submarine": {"a submarine on the surface", "submarines"},
	})
	if met = strings.TrimSuffix(met, ")"); met != "" {
		text += " (" + countText(met, map[string][2]string{
			"merchant": {"a merchant ship", "merchant ships"}, "tanker": {"a tanker", "tankers"}, "destroyer": {"a destroyer", "destroyers"},
			"light_cruiser": {"a light cruiser", "light cruisers"}, "mtb": {"an MTB", "MTBs"}, "mgb": {"an MGB", "MGBs"},
			"submarine": {"a submarine", "submarines"},
		}) + ")"
	}
	return text
}

// countText words "2 convoy, 1 mtb patrol" with names (singular, plural).
func countText(s string, names map[string][2]string) string {
	var parts []string
	for _, p := range strings.Split(s, ", ") {
		num, kind, _ := strings.Cut(p, " ")
		n, err := strconv.Atoi(num)
		if err != nil {
			parts = append(parts, p)
			continue
		}
		w, ok := names[kind]
		switch {
		case !ok:
			parts = append(parts, p)
		case n == 1:
			parts = append(parts, w[0])
		default:
			parts = append(parts, fmt.Sprintf("%d %s", n, w[1]))
		}
	}
	return joinAnd(parts)
}

// quietText says how the nights the report does not tell passed.
func quietText(quiet int) string {
	if quiet == 1 {
		return "The other night passed without loss or much to tell.\n\n"
	}
	return fmt.Sprintf("The other %d nights passed without loss or much to tell.\n\n", quiet)
}
