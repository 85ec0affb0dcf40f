package schnellboats

import "testing"

// Every enumeration's constants name the values of its table, in order
// (Aircraft has no constants: its values come only from the tables):
// the last constant is the table's last name, and String is that name.
func TestEnumerationsMatchTheirTables(t *testing.T) {
	cases := []struct {
		name  string
		last  string // String of the last constant
		n     int    // the last constant + 1
		table []string
	}{
		{"Length", Long.String(), int(Long) + 1, lengths},
		{"BoatType", P5b.Name(), int(P5b) + 1, boatTypes},
		{"MissionKind", kindEscortHunt.String(), int(kindEscortHunt) + 1, missionKind},
		{"Encounter", encEvent.String(), int(encEvent) + 1, encounters},
		{"Colour", colourRed.String(), int(colourRed) + 1, zoneColours},
		{"Weather", weatherBad.String(), int(weatherBad) + 1, weathers},
		{"Enemy", enemySubmarine.String(), int(enemySubmarine) + 1, enemies},
		{"Size", sizeLarge.String(), int(sizeLarge) + 1, sizes},
		{"RangeZone", zoneClose.String(), int(zoneClose) + 1, rangeZones},
		{"Speed", speedVeryFast.String(), int(speedVeryFast) + 1, speeds},
		{"Skill", skillElite.String(), int(skillElite) + 1, skills},
		{"Wound", woundKIA.String(), int(woundKIA) + 1, wounds},
		{"AirAttack", attackFlare.String(), int(attackFlare) + 1, attacks},
		{"Inquiry", inquiryCourtMartial.String(), int(inquiryCourtMartial) + 1, inquiries},
		{"Weapon", weaponRocket.String(), int(weaponRocket) + 1, weapons},
		{"Position", posRocket.String(), int(posRocket) + 1, positionsS},
		{"Event", eventRadioFault.String(), int(eventRadioFault) + 1, events},
		{"Component", compRocket.String(), int(compRocket) + 1, components},
		{"Homecoming", homeCaptured.String(), int(homeCaptured) + 1, homecoming},
		{"Special", specialLeader.String(), int(specialLeader) + 1, specials},
		{"VPItem", vpReprimand.String(), int(vpReprimand) + 1, vpItems},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got, want := tc.n, len(tc.table); got != want {
				t.Errorf("%d constants, want %d (the table's names)", got, want)
			}
			if got, want := tc.last, tc.table[len(tc.table)-1]; got != want {
				t.Errorf("the last constant is %q, want %q", got, want)
			}
		})
	}
	if got, want := enemyKinds, len(enemies); got != want {
		t.Errorf("enemyKinds %d, want %d", got, want)
	}
	if got := Speed(-1).String(); got != "-1" {
		t.Errorf("Speed(-1) is %q, want its number", got)
	}
}

// The first Victory Point items are the enemy types, in their order
// (completeMission counts a sunk ship as vpMerchant + its type).
func TestVPItemsBeginWithTheEnemyTypes(t *testing.T) {
	for e := range Enemy(len(enemies)) {
		if got, want := (vpMerchant + VPItem(e)).String(), e.String(); got != want {
			t.Errorf("VP item %d is %q, want %q", e, got, want)
		}
	}
}
