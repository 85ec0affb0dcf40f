package dice

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Die is one labelled die of a throw: the Schnell Rules' white d6, the row
// die of a grid square.
type Die struct {
	Label     string
	Sides     int  // 4, 6, 10 (a 0 reads 10) or 20; 12 for a direction die
	Direction bool // a deviation die: the way its arrow points, as a clock hour 1..12
}

// Name is how messages name the die's kind: "d6", "direction".
func (d Die) Name() string {
	if d.Direction {
		return "direction 1..12 o'clock"
	}
	return "d" + strconv.Itoa(d.Sides)
}

// Throw is one throw of several labelled dice, each read on its own: a d20
// to hit with a white d6 for damage and a red d6 for fire, or two d10 read
// as a pair (row, column), not as a percentile.
type Throw struct {
	Dice []Die
	text string
}

// maxThrow bounds the dice of one throw.
const maxThrow = 8

// ParseThrow reads a throw: labelled dice separated by commas, each
// "1d20 hit" or "d6 white" (one die each, a label of lower-case letters,
// digits and _): "1d20 hit, 1d6 white, 1d6 red", "1d10 row, 1d10 column".
// "dir LABEL" is a deviation die (an arrow on each face): the way it points,
// read as a clock hour 1..12 (12 = towards the aim point's far side, as the
// table agrees): "dir deviation, 1d6 distance".
func ParseThrow(s string) (*Throw, error) {
	parts := strings.Split(s, ",")
	if len(parts) < 2 || len(parts) > maxThrow {
		return nil, fmt.Errorf("%w %q: a throw is 2 to %d labelled dice, such as \"1d20 hit, 1d6 white, 1d6 red\"", ErrSpec, s, maxThrow)
	}
	t := &Throw{}
	for _, p := range parts {
		words := strings.Fields(p)
		if len(words) != 2 {
			return nil, fmt.Errorf("%w %q: each die of a throw is a die and its label, such as \"1d6 white\"", ErrSpec, strings.TrimSpace(p))
		}
		die := Die{Label: words[1], Sides: 12, Direction: true}
		if !strings.EqualFold(words[0], "dir") {
			spec, err := Parse(words[0])
			if err != nil {
				return nil, err
			}
			if spec.N != 1 || spec.Percentile {
				return nil, fmt.Errorf("%w %q: each die of a throw is one die (1d4, 1d6, 1d10 or 1d20) or a direction die (dir)", ErrSpec, words[0])
			}
			die = Die{Label: words[1], Sides: spec.Sides}
		}
		if !validLabel(words[1]) {
			return nil, fmt.Errorf("%w: die label %q: want lower-case letters, digits and _, starting with a letter", ErrSpec, words[1])
		}
		for _, d := range t.Dice {
			if d.Label == words[1] {
				return nil, fmt.Errorf("%w %q: two dice are labelled %s", ErrSpec, s, d.Label)
			}
		}
		t.Dice = append(t.Dice, die)
	}
	t.text = t.format()
	return t, nil
}

// MustThrow is ParseThrow for a game's own throws; it panics on an error.
func MustThrow(s string) *Throw {
	t, err := ParseThrow(s)
	if err != nil {
		panic(err)
	}
	return t
}

func validLabel(s string) bool {
	if s == "" || len(s) > 16 || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

func (t *Throw) format() string {
	var b strings.Builder
	for i, d := range t.Dice {
		if i > 0 {
			b.WriteString(", ")
		}
		if d.Direction {
			b.WriteString("DIR " + d.Label)
			continue
		}
		b.WriteString(d.Spec().String() + " " + d.Label)
	}
	return b.String()
}

// String is the throw as a roll event names it: "1D20 hit, 1D6 white, 1D6 red".
func (t *Throw) String() string { return t.text }

// Spec is the die as a one-die spec.
func (d Die) Spec() Spec { return Spec{N: 1, Sides: d.Sides} }

// Index returns the position of the die labelled label, or -1.
func (t *Throw) Index(label string) int {
	for i, d := range t.Dice {
		if d.Label == label {
			return i
		}
	}
	return -1
}

// Roll appends the faces of one throw, in the order of its dice.
func (t *Throw) Roll(r *rand.Rand, dst []int) []int {
	for _, d := range t.Dice {
		dst = append(dst, 1+r.IntN(d.Sides))
	}
	return dst
}

// CheckFaces reports whether faces (as a log records them) fit the throw.
func (t *Throw) CheckFaces(faces []int) error {
	if len(faces) != len(t.Dice) {
		return fmt.Errorf("the throw %s has %d faces, not %d", t, len(t.Dice), len(faces))
	}
	for i, f := range faces {
		if d := t.Dice[i]; f < 1 || f > d.Sides {
			return fmt.Errorf("the %s die (%s): face %d is out of range 1..%d", d.Label, d.Name(), f, d.Sides)
		}
	}
	return nil
}

// ParseFaces reads the faces a player typed from their own dice: either
// every die by its label in any order ("hit=14 white=3 red=6") or the faces
// in the throw's order ("14 3 6"). A d10 may be typed 0 (it reads 10).
func (t *Throw) ParseFaces(words []string) ([]int, error) {
	faces := make([]int, len(t.Dice))
	set := make([]bool, len(t.Dice))
	labelled := len(words) > 0 && strings.Contains(words[0], "=")
	if !labelled && len(words) != len(t.Dice) {
		return nil, fmt.Errorf("the throw %s needs %d faces (%s), got %d", t, len(t.Dice), t.example(), len(words))
	}
	for i, w := range words {
		k, v, hasLabel := strings.Cut(w, "=")
		if hasLabel != labelled {
			return nil, fmt.Errorf("%q: label every face (%s) or none", w, t.example())
		}
		j := i
		if labelled {
			if j = t.Index(strings.ToLower(k)); j < 0 {
				return nil, fmt.Errorf("%q: the throw %s has no die labelled %q (%s)", w, t, k, t.example())
			}
			if set[j] {
				return nil, fmt.Errorf("%q: the %s die is given twice", w, t.Dice[j].Label)
			}
		} else {
			v = w
		}
		d := t.Dice[j]
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("the %s die (%s): %q is not a number", d.Label, d.Name(), v)
		}
		if d.Sides == 10 && !d.Direction && n == 0 {
			n = 10
		}
		if n < 1 || n > d.Sides {
			return nil, fmt.Errorf("the %s die (%s): face %d is out of range 1..%d", d.Label, d.Name(), n, d.Sides)
		}
		faces[j], set[j] = n, true
	}
	for j, ok := range set {
		if !ok {
			return nil, fmt.Errorf("the %s die (%s) is missing: type %s", t.Dice[j].Label, t.Dice[j].Name(), t.example())
		}
	}
	return faces, nil
}

// example is how to type the throw: "hit=N white=N red=N".
func (t *Throw) example() string {
	var b strings.Builder
	for i, d := range t.Dice {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d.Label + "=N")
	}
	return b.String()
}

// Example is how a player types the faces of the throw.
func (t *Throw) Example() string { return t.example() }
