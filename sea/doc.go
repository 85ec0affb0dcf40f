// Package sea is the geometry of a miniatures table held by the program: a
// flat sea measured in millimetres, pieces (ships, markers, torpedoes) with
// a position, a heading and a rectangular footprint, and the measures the
// rules of a miniatures game ask of a table — ranges, bearings, firing
// arcs, lines of sight, contacts, moves and turns, the table's edges.
//
// It knows no game: a game says which measure its document uses (centre to
// centre or edge to edge, which arcs, how a ship turns) through its own
// small types, and keeps its own speeds, ladders and scenarios.
//
// Everything is integer arithmetic, so that a game played on the table is
// the same on every machine and its log replays exactly: positions are
// whole millimetres, headings whole degrees (0 is north, the top of the
// table; 90 east, to the right), and the trigonometry is a table of sines
// by half degrees (sintable.go). A bearing is rounded to the nearest whole
// degree, as a player reads a protractor.
package sea
