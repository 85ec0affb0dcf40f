package dice

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Spec is a kind of roll: N dice of Sides faces summed, or the 2D10
// percentile roll of the book.
type Spec struct {
	N          int  // number of dice (2 for percentile)
	Sides      int  // faces per die (10 for percentile)
	Percentile bool // 2D10 read as tens and units, 1..100
}

// The book's dice.
var (
	D4         = Spec{N: 1, Sides: 4}
	D6         = Spec{N: 1, Sides: 6}
	D10        = Spec{N: 1, Sides: 10}
	D20        = Spec{N: 1, Sides: 20}
	Percentile = Spec{N: 2, Sides: 10, Percentile: true}
)

// ErrSpec is returned (wrapped) for a dice expression that cannot be read.
var ErrSpec = errors.New("bad dice")

// Parse reads a dice expression: "1d10", "D6", "3d6", "2d10" or "d100" or "d%"
// (the book's percentile roll). Case does not matter.
func Parse(s string) (Spec, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if strings.ContainsAny(t, "+ ") {
		return Spec{}, fmt.Errorf("%w %q: want NdM such as 1d10, 2d10 (percentile) or 1d20", ErrSpec, s)
	}
	switch t {
	case "d100", "d%", "2d10", "1d100":
		return Percentile, nil
	}
	i := strings.IndexByte(t, 'd')
	if i < 0 {
		return Spec{}, fmt.Errorf("%w %q: want NdM such as 1d10, 2d10 (percentile) or 1d20", ErrSpec, s)
	}
	n := 1
	if lead0(t[:i]) || lead0(t[i+1:]) {
		return Spec{}, fmt.Errorf("%w %q: no leading zeros, please: 1d10, 2d10, 1d20", ErrSpec, s)
	}
	if i > 0 {
		v, err := strconv.Atoi(t[:i])
		if err != nil || v < 1 || v > maxDice {
			return Spec{}, fmt.Errorf("%w %q: the number of dice must be 1 to 20", ErrSpec, s)
		}
		n = v
	}
	sides, err := strconv.Atoi(t[i+1:])
	if err != nil {
		return Spec{}, fmt.Errorf("%w %q: want NdM such as 1d10, 2d10 (percentile) or 1d20", ErrSpec, s)
	}
	switch sides {
	case 4, 6, 10, 20:
	default:
		return Spec{}, fmt.Errorf("%w %q: the game has d4, d6, d10 and d20 dice only", ErrSpec, s)
	}
	if n == 2 && sides == 10 {
		return Percentile, nil // 2d10 is the book's percentile roll, however it is spelled
	}
	return Spec{N: n, Sides: sides}, nil
}

// String is the book's notation: 1D10, 2D10 (percentile), 3D6.
func (s Spec) String() string {
	if s.N >= 1 && s.N <= maxDice {
		if i := sideIndex(s.Sides); i >= 0 {
			return specNames[s.N-1][i] // every roll event names its dice: no allocation
		}
	}
	return strconv.Itoa(s.N) + "D" + strconv.Itoa(s.Sides)
}

// maxDice is the most dice Parse accepts in one spec.
const maxDice = 20

var sideList = [...]int{4, 6, 10, 20}

func sideIndex(sides int) int {
	for i, s := range sideList {
		if s == sides {
			return i
		}
	}
	return -1
}

// specNames holds String of every spec Parse accepts.
var specNames = func() (t [maxDice][len(sideList)]string) {
	for n := range maxDice {
		for i, s := range sideList {
			t[n][i] = strconv.Itoa(n+1) + "D" + strconv.Itoa(s)
		}
	}
	return t
}()

// Min and Max bound the total of an unmodified roll.
func (s Spec) Min() int {
	if s.Percentile {
		return 1
	}
	return s.N
}

// Max is the highest unmodified total.
func (s Spec) Max() int {
	if s.Percentile {
		return 100
	}
	return s.N * s.Sides
}

// FaceRange is the range of a face as recorded and as a player may type it.
// A d10 face reads 1..10 (a typed 0 reads 10); a percentile die reads 0..9.
func (s Spec) FaceRange() (lo, hi int) {
	if s.Percentile {
		return 0, 9
	}
	return 1, s.Sides
}

// Total reads the faces: the sum, or tens and units for percentile, where
// "00" reads 100.
func (s Spec) Total(faces []int) int {
	if s.Percentile {
		t := faces[0]*10 + faces[1]
		if t == 0 {
			return 100
		}
		return t
	}
	t := 0
	for _, f := range faces {
		t += f
	}
	return t
}

// Roll appends the faces of one roll drawn from r to dst.
func (s Spec) Roll(r *rand.Rand, dst []int) []int {
	for range s.N {
		if s.Percentile {
			dst = append(dst, r.IntN(10))
		} else {
			dst = append(dst, 1+r.IntN(s.Sides))
		}
	}
	return dst
}

// ParseFaces reads the faces a player typed from their own dice. A d10 may be
// typed 0 or 10 (both read 10). A percentile roll is two faces, black then
// white, each 0..9, or its reading as one number 1..100 ("00" is 100).
func (s Spec) ParseFaces(words []string) ([]int, error) {
	if s.Percentile && len(words) == 1 {
		w := words[0]
		if w == "00" {
			return []int{0, 0}, nil
		}
		v, err := strconv.Atoi(w)
		if err != nil || v < 1 || v > 100 {
			return nil, fmt.Errorf("%s: %q is not a percentile reading: type 1..100 (00 = 100), or the black and white faces, each 0..9", s, w)
		}
		if v == 100 {
			return []int{0, 0}, nil
		}
		return []int{v / 10, v % 10}, nil
	}
	if len(words) != s.N {
		if s.Percentile {
			return nil, fmt.Errorf("%s needs the black (tens) and the white (units) face, each 0..9, or the reading 1..100: got %s", s, faceCount(len(words)))
		}
		return nil, fmt.Errorf("%s needs %s, got %d", s, faceCount(s.N), len(words))
	}
	faces := make([]int, 0, s.N)
	lo, hi := s.FaceRange()
	for _, w := range words {
		v, err := strconv.Atoi(w)
		if err != nil {
			return nil, fmt.Errorf("%s: face %q is not a number (valid faces %s)", s, w, s.validFaces())
		}
		if s.Sides == 10 && !s.Percentile && v == 0 {
			v = 10 // rule 2.0 m: a d10 showing 0 reads 10
		}
		if v < lo || v > hi {
			return nil, fmt.Errorf("%s: face %d is out of range (valid faces %s)", s, v, s.validFaces())
		}
		faces = append(faces, v)
	}
	return faces, nil
}

// CheckFaces reports whether faces (as recorded in a log) fit the spec.
func (s Spec) CheckFaces(faces []int) error {
	if len(faces) != s.N {
		return fmt.Errorf("%s has %s, not %d", s, faceCount(s.N), len(faces))
	}
	lo, hi := s.FaceRange()
	for _, f := range faces {
		if f < lo || f > hi {
			return fmt.Errorf("%s: face %d is out of range (valid faces %s)", s, f, s.validFaces())
		}
	}
	return nil
}

func (s Spec) validFaces() string {
	switch {
	case s.Percentile:
		return "0..9 for each die, black then white"
	case s.Sides == 10:
		return "1..10, a 0 reads 10"
	}
	return "1.." + strconv.Itoa(s.Sides)
}

// Generator is the seeded PCG a game owns. Its state follows from the seed
// and the number of draws, so replaying a log restores it exactly; it can
// also be saved and restored with MarshalBinary.
type Generator struct {
	pcg *rand.PCG
	*rand.Rand
}

// NewGenerator seeds a generator. The stream constant is fixed so that a
// seed means the same dice in every version that keeps it.
func NewGenerator(seed uint64) *Generator {
	p := rand.NewPCG(seed, 0x5c4e11b0a75)
	return &Generator{pcg: p, Rand: rand.New(p)}
}

// MarshalBinary saves the generator state.
func (g *Generator) MarshalBinary() ([]byte, error) { return g.pcg.MarshalBinary() }

// UnmarshalBinary restores a saved state.
func (g *Generator) UnmarshalBinary(b []byte) error { return g.pcg.UnmarshalBinary(b) }

// lead0 reports a number written with a leading zero ("02"): refused so
// that every spec has one spelling.
func lead0(x string) bool { return len(x) > 1 && x[0] == '0' }

// faceCount counts faces in words: "1 face", "2 faces".
func faceCount(n int) string {
	if n == 1 {
		return "1 face"
	}
	return strconv.Itoa(n) + " faces"
}
