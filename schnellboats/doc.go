// Package schnellboats is the rules of Schnell Boats: Scourge of the English
// Channel as a game of the engine: the campaign (set-up, pre-mission,
// missions on the strategic map, after-action, campaign end), the squadron
// and its crews, our own authored table booklets (S-100 and Projekt 5b,
// embedded from tables/), the reference Kommandant, and the game's own
// front-end commands (map, crew, squadron, move …). Section numbers in
// comments are the rules book's; docs/rules-notes.md records our readings.
package schnellboats
