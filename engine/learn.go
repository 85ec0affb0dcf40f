package engine

import "context"

// Learn is what a game learns from many games played unattended
// (`schnell sim learn`, Definition.Learn): quick-resolve tables of the
// game's .tbl format boiled down from games of another (Schnell Boats'
// waves from Schnell Rules battles), and how they compare with the
// game's own tables. The front end runs it and writes what it returns;
// the game decides the grid, the games and the counting.
type Learn struct {
	// Help says in a sentence what is learnt and how the tables are used.
	Help string
	// Grid says the words Run's LearnRun.Grid takes (sim learn --help).
	Grid string
	// Run plays the games and counts them. Same LearnRun (but Jobs and
	// Progress), same Learnt, byte for byte.
	Run func(ctx context.Context, r LearnRun) (*Learnt, error)
}

// LearnRun is one learning run.
type LearnRun struct {
	Grid     []string // words choosing the grid's cells (the game's; none: its small grid)
	Full     bool     // the whole grid
	Games    int      // games a cell (0: the grid's own)
	Compare  int      // games of the game itself to compare with (0: none)
	Seed     uint64
	Jobs     int                   // worker goroutines (0: one per core)
	Progress func(done, total int) // called as games end (nil: nobody)
}

// Learnt is what a run learnt.
type Learnt struct {
	Tables  []byte   // the tables, a .tbl file
	Summary []string // lines for the terminal: what was played, what was written
	Charts  []Chart  // the comparison of the game's own odds with the learnt ones
	Notes   []string // paragraphs for the report: how it was learnt, what compares with what
	Played  int      // games played
}

// Chart compares outcomes' counts of several series (the book's tables,
// the learnt games) class by class.
type Chart struct {
	Title   string
	Classes []string // the outcomes, in order
	Series  []Series
}

// Series is one source's counts: Counts[i] of N fell in class i.
type Series struct {
	Name   string
	Counts []int
	N      int
}
