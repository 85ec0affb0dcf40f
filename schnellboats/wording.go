package schnellboats

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/schnell-wargames/schnell/gamelog"
)

// words writes an identifier as the player reads it: "steady_hands" is
// "steady hands".
func words(id string) string { return strings.ReplaceAll(id, "_", " ") }

// rollFor words a roll's label at the prompt (Definition.RollFor): the
// encounter a C-2 roll is for ("mgb_patrol": "MGB patrol") and a unit
// id ("light_cruiser-1": "light cruiser-1") as the player reads them.
func rollFor(label string) string { return forWords.Replace(label) }

// prose writes the unit ids in a line the prompt prints as the player
// reads them ("light_cruiser-1": "light cruiser-1"); a command in
// backquotes keeps the id as it is typed (`fire light_cruiser-1`).
func prose(line string) string {
	if !strings.Contains(line, "_") {
		return line
	}
	parts := strings.Split(line, "`")
	for i := 0; i < len(parts); i += 2 {
		parts[i] = proseIDs.Replace(parts[i])
	}
	return strings.Join(parts, "`")
}

var proseIDs = strings.NewReplacer("light_cruiser-", "light cruiser-")

// proseLines is prose over lines (nil stays nil).
func proseLines(lines []string) []string {
	for i, l := range lines {
		lines[i] = prose(l)
	}
	return lines
}

var forWords = strings.NewReplacer("mtb_patrol", "MTB patrol", "mgb_patrol", "MGB patrol", "_", " ")

// pickPrefix starts the label of the die that picks a boat (pick).
const pickPrefix = "which boat: "

// pickRanges are the faces of 1D6 that pick each of n boats (pick reads
// face r as boat (r-1)*n/6), for n = 2..maxSorties.
var pickRanges = func() (out [maxSorties + 1][]string) {
	for n := 2; n <= maxSorties; n++ {
		for k := range n {
			lo, hi := 0, 0
			for r := 1; r <= 6; r++ {
				if (r-1)*n/6 == k {
					if lo == 0 {
						lo = r
					}
					hi = r
				}
			}
			if lo == hi {
				out[n] = append(out[n], strconv.Itoa(lo))
			} else {
				out[n] = append(out[n], fmt.Sprintf("%d-%d", lo, hi))
			}
		}
	}
	return out
}()

// pickFaces is " (1-2 SB1, 3-4 SB2, 5-6 SB3)": which faces pick which
// boat of cands, for the player who rolls the die and for the line that
// says which boat it picked. The words for each set of the mission's boats
// are made once and remembered (every enemy gun picks its target so).
func (m *Mission) pickFaces(cands []*Sortie) string {
	set, at := 0, 0 // the places of cands among the mission's boats, in order
	for _, s := range cands {
		for at < len(m.Sorties) && m.Sorties[at] != s {
			at++
		}
		if at == len(m.Sorties) || at >= maxSorties {
			return faceWords(cands) // not the mission's boats in order
		}
		set |= 1 << at
		at++
	}
	if w := m.picking[set]; w != "" {
		return w
	}
	m.picking[set] = faceWords(cands)
	return m.picking[set]
}

// faceWords makes pickFaces' words.
func faceWords(cands []*Sortie) string {
	var b strings.Builder
	b.Grow(16 * len(cands))
	for k, s := range cands {
		sep := ", "
		if k == 0 {
			sep = " ("
		}
		b.WriteString(sep)
		b.WriteString(pickRanges[len(cands)][k])
		b.WriteString(" ")
		b.WriteString(s.Boat.ID)
	}
	b.WriteString(")")
	return b.String()
}

// rollResult words what a roll's total means where the row does not say
// it (engine.Definition.RollResult): the date of the next mission (A-0,
// rule 3.3), the boat a die picks.
func rollResult(e *gamelog.Event) string {
	label := e.Str("for")
	switch {
	case e.Str("table") == "A-0":
		from, ok := strings.CutPrefix(label, "from ")
		d, err := time.Parse("2006-01-02", from)
		if !ok || err != nil {
			return ""
		}
		days := max(e.Int("total"), 1) // at least a day passes (night)
		next := d.AddDate(0, 0, days)
		// 3.3 step 1: the roll is made at the start of tonight's pass:
		// tonight's mission keeps its date, the roll sets the one after.
		tonight := d.Format("2006-01-02")
		switch {
		case next.Equal(campaignEnd.t):
			// 4.3: the campaign ends on its last day; no mission on or after it.
			return fmt.Sprintf("%d day%s: tonight's mission on %s is the last (%s is the campaign's end)", days, plural(days), tonight, campaignEnd)
		case next.After(campaignEnd.t):
			return fmt.Sprintf("%d day%s: tonight's mission on %s is the last (%s is past the campaign's end, %s)", days, plural(days), tonight, next.Format("2006-01-02"), campaignEnd)
		}
		return fmt.Sprintf("%d day%s: tonight's mission on %s, the one after it on %s", days, plural(days), tonight, next.Format("2006-01-02"))
	case strings.HasPrefix(label, pickPrefix) && strings.HasSuffix(label, ")"):
		i := strings.LastIndex(label, " (")
		if i < 0 {
			return ""
		}
		total := e.Int("total")
		for _, entry := range strings.Split(label[i+2:len(label)-1], ", ") {
			faces, boat, ok := strings.Cut(entry, " ")
			if !ok {
				return ""
			}
			lo, hi, isRange := strings.Cut(faces, "-")
			if !isRange {
				hi = lo
			}
			l, err1 := strconv.Atoi(lo)
			h, err2 := strconv.Atoi(hi)
			if err1 == nil && err2 == nil && l <= total && total <= h {
				return boat
			}
		}
	}
	return ""
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// statusWords is a boat's status at base as a sentence says it ("SB1 is
// under repair").
func statusWords(st Status) string {
	if st == Repair {
		return "under repair"
	}
	return string(st)
}

// positionWords is a crew position as the player reads it: "kmdt" (the
// log's name) is "Kommandant", "fwd_gun" "Forward gun crew".
func positionWords(name string) string {
	for i, n := range positionsS {
		if n == name && i < len(positionTitles) {
			return positionTitles[i]
		}
	}
	return words(name)
}

// counted is a number of things in words: "1 zone", "2 zones", "0 zones".
func counted(n int, thing string) string {
	return strconv.Itoa(n) + " " + thing + plural(n)
}
