package schnellboats

// crewPosts is who mans Boat #1's posts (4.12): the helm, the guns, the
// tubes and the depth charges, with the stand-ins who take a fallen or
// absent crewman's place (and the modifiers they bring). A view of the
// campaign's state, made by c.posts().
type crewPosts struct{ *Campaign }

// posts is the rules of who mans the posts over this campaign.
func (c *Campaign) posts() crewPosts { return crewPosts{c} }

// helmStandIn is 1 when another man steers Boat #1 (4.12): the Kommandant
// is down and whoever steers from the KMDT position, the 1WO included,
// suffers the negative modifiers; or the helmsman is down.
func (c crewPosts) helmStandIn() int { return c.helmStandInOf(c.sortie1()) }

// helmStandInOf is helmStandIn for the boat s (Boat #2 in the two-player
// game steers with her own crew, 7.0 step 3).
func (c crewPosts) helmStandInOf(s *Sortie) int {
	k, h := c.crewmanOf(s, posKMDT), c.crewmanOf(s, posHelm)
	return b2i(k == nil || !k.Serving() || h == nil || !h.Serving())
}

// standIn is a serving depth charge or watch crew not yet at a gun (4.12).
func (c crewPosts) standIn(used *crewSet) *Crewman { return c.standInOf(c.sortie1(), used) }

// standInOf is standIn aboard s.
func (c crewPosts) standInOf(s *Sortie, used *crewSet) *Crewman {
	for _, pos := range [...]Position{posDC, posWatch} {
		if m := c.crewmanOf(s, pos); m != nil && m.Serving() && !used.has(m) {
			return m
		}
	}
	return nil
}

// crewSet is the men already at a gun this round (at most one per cannon).
type crewSet struct {
	n   int
	men [len(cannonCrews)]*Crewman
}

func (s *crewSet) add(m *Crewman) {
	if s.n < len(s.men) {
		s.men[s.n] = m
		s.n++
	}
}

func (s *crewSet) has(m *Crewman) bool {
	for _, x := range s.men[:s.n] {
		if x == m {
			return true
		}
	}
	return false
}

// tubeCrew is who launches Boat #1's torpedoes or rockets (4.12, our
// reading): the torpedo (5b: rocket) crew, else a stand-in — the mine crew,
// then the depth charge crew (S-100), the watch crew (5b). Nil: nobody.
func (c crewPosts) tubeCrew() *Crewman { return c.tubeCrewOf(c.sortie1()) }

// tubeCrewOf is tubeCrew aboard s (Boat #2's own men in the two-player
// game, 7.0 step 3).
func (c crewPosts) tubeCrewOf(s *Sortie) *Crewman {
	for _, pos := range tubeCrews[c.Type] {
		if m := c.crewmanOf(s, pos); m != nil && m.Serving() {
			return m
		}
	}
	return nil
}

// tubeCrews are Boat #1's men who may launch, in order: the crew of the
// tubes (rails), then its stand-ins.
var tubeCrews = [...][]Position{
	S100: {posTorpedo, posMine, posDC},
	P5b:  {posRocket, posWatch},
}

// dcCrew is who drops Boat #1's depth charges: the depth charge crew, else
// the watch crew as a stand-in (4.12). Nil: nobody.
func (c crewPosts) dcCrew() *Crewman { return c.dcCrewOf(c.sortie1()) }

// dcCrewOf is dcCrew aboard s (7.0 step 3).
func (c crewPosts) dcCrewOf(s *Sortie) *Crewman {
	for _, pos := range [...]Position{posDC, posWatch} {
		if m := c.crewmanOf(s, pos); m != nil && m.Serving() {
			return m
		}
	}
	return nil
}
