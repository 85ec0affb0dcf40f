package schnellboats

// The strategic map as data (4.4, "Zones"): Cherbourg, two Green Zones off
// the French coast, three Yellow Zones in mid-Channel and eight numbered Red
// Zones along the English coast, with the links between them. A squadron
// enters one zone per turn at cruise speed (two turns per zone when Slow).

// Zone is one box of the strategic map.
type Zone struct {
	ID     string
	Name   string
	Colour Colour
	Red    int // Red Zone number, 0 for others
	Links  []string
}

var strategicMap = []Zone{
	{ID: "CHERBOURG", Name: "Cherbourg S-Boat Base", Colour: colourBase, Links: []string{"G1", "G2"}},
	{ID: "G1", Name: "Green 1: Cap de la Hague", Colour: colourGreen, Links: []string{"CHERBOURG", "Y1", "Y2"}},
	{ID: "G2", Name: "Green 2: Pointe de Barfleur", Colour: colourGreen, Links: []string{"CHERBOURG", "Y2", "Y3"}},
	{ID: "Y1", Name: "Yellow 1: Hurd Deep", Colour: colourYellow, Links: []string{"G1", "R1", "R2", "R3"}},
	{ID: "Y2", Name: "Yellow 2: Mid-Channel", Colour: colourYellow, Links: []string{"G1", "G2", "R3", "R4", "R5"}},
	{ID: "Y3", Name: "Yellow 3: Baie de Seine approaches", Colour: colourYellow, Links: []string{"G2", "R5", "R6", "R7", "R8"}},
	{ID: "R1", Name: "Red 1: Lyme Bay", Colour: colourRed, Red: 1, Links: []string{"Y1", "R2"}},
	{ID: "R2", Name: "Red 2: Portland Bill", Colour: colourRed, Red: 2, Links: []string{"Y1", "R1", "R3"}},
	{ID: "R3", Name: "Red 3: Poole Bay", Colour: colourRed, Red: 3, Links: []string{"Y1", "Y2", "R2", "R4"}},
	{ID: "R4", Name: "Red 4: The Needles", Colour: colourRed, Red: 4, Links: []string{"Y2", "R3", "R5"}},
	{ID: "R5", Name: "Red 5: St Catherine's Point", Colour: colourRed, Red: 5, Links: []string{"Y2", "Y3", "R4", "R6"}},
	{ID: "R6", Name: "Red 6: Selsey Bill", Colour: colourRed, Red: 6, Links: []string{"Y3", "R5", "R7"}},
	{ID: "R7", Name: "Red 7: Beachy Head", Colour: colourRed, Red: 7, Links: []string{"Y3", "R6", "R8"}},
	{ID: "R8", Name: "Red 8: Dungeness", Colour: colourRed, Red: 8, Links: []string{"Y3", "R7"}},
}

const redZones = 8

var zoneIndex = func() map[string]int {
	m := map[string]int{}
	for i, z := range strategicMap {
		m[z.ID] = i
	}
	return m
}()

func zoneByID(id string) *Zone { return &strategicMap[zoneIndex[id]] }

func redZoneID(n int) string { return "R" + string(rune('0'+n)) }

// path is the shortest way from a to b that does not pass through a Red Zone
// other than b (the squadron keeps to the open Channel in transit); ties go
// to the link listed first, so the route is deterministic. The map is
// fixed: every path is found once, at start-up. Callers must not write
// into the slice (append copies it: its capacity is its length).
func path(a, b string) []string { return paths[zoneIndex[a]][zoneIndex[b]] }

var paths = func() [][][]string {
	p := make([][][]string, len(strategicMap))
	for i, a := range strategicMap {
		p[i] = make([][]string, len(strategicMap))
		for j, b := range strategicMap {
			w := findPath(a.ID, b.ID)
			p[i][j] = w[:len(w):len(w)]
		}
	}
	return p
}()

func findPath(a, b string) []string {
	prev := map[string]string{a: ""}
	queue := []string{a}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur == b {
			break
		}
		if z := zoneByID(cur); z.Red > 0 && cur != a {
			continue
		}
		for _, n := range zoneByID(cur).Links {
			if _, seen := prev[n]; !seen {
				prev[n] = cur
				queue = append(queue, n)
			}
		}
	}
	var out []string
	for cur := b; cur != a; cur = prev[cur] {
		out = append([]string{cur}, out...)
	}
	return out
}

// route is the whole night's way: out to the first assigned Red Zone, along
// the 4 assigned zones in order, and home (the "Zones" rule). Callers must
// not write into it.
func route(first int) []string {
	if first >= 1 && first < len(routes) {
		return routes[first]
	}
	return findRoute(first)
}

// routes holds the route of every first zone, made once.
var routes = func() [][]string {
	r := make([][]string, redZones-2)
	for first := 1; first < len(r); first++ {
		w := findRoute(first)
		r[first] = w[:len(w):len(w)]
	}
	return r
}()

func findRoute(first int) []string {
	r := path("CHERBOURG", redZoneID(first))
	for n := first + 1; n < first+4; n++ {
		r = append(r, redZoneID(n))
	}
	return append(r, path(redZoneID(first+3), "CHERBOURG")...)
}
