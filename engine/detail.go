package engine

import (
	"fmt"
	"strings"
)

// Detail is how much of play the prompt prints (`detail brief|normal|
// verbose`, as interactive fiction's BRIEF and VERBOSE): the log always
// holds everything, and `why` shows the last roll in full at any level.
type Detail int8

const (
	// Brief prints what happened: a roll's total and result, a game's
	// shortest report.
	Brief Detail = -1
	// Normal, the default at a terminal: a roll's faces and its net
	// modifier, a game's short report (one line a shot).
	Normal Detail = 0
	// Verbose prints every roll with each modifier and its reason, and
	// every event in the game's full words (Definition.Describe): what a
	// command file prints unless told otherwise, and what scenarios read.
	Verbose Detail = 1
)

// Details are the levels, least first.
var Details = []Detail{Brief, Normal, Verbose}

func (d Detail) String() string {
	switch d {
	case Brief:
		return "brief"
	case Verbose:
		return "verbose"
	}
	return "normal"
}

// ParseDetail reads a level's name ("brief", "normal", "verbose"; any case).
func ParseDetail(s string) (Detail, error) {
	for _, d := range Details {
		if strings.EqualFold(s, d.String()) {
			return d, nil
		}
	}
	return Normal, fmt.Errorf("%q is not a level of detail: say brief, normal or verbose", s)
}
