// Package dice holds the book's dice: 1D4, 1D6, 1D10 (a 0 reads 10), 1D20,
// 2D10 percentile (black die tens, white die units, "00" = 100) and NdM sums,
// the seeded generator a game owns, and the checking of faces a player types
// from physical dice. It knows nothing of tables or games.
package dice
