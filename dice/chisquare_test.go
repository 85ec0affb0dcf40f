package dice

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// chi2Crit999 holds the 0.999 quantiles of the chi-square distribution (the
// critical values for a goodness-of-fit test at p = 0.001) for the degrees of
// freedom the tests below need: bins - 1 for each die.
//
//	df  3: 1D4            df 10: 2D6 sums 2..12
//	df  5: 1D6            df 19: 1D20
//	df  9: 1D10 and each percentile face (0..9)
//	df 99: percentile totals 1..100
//
// They agree with the published tables (e.g. NIST/SEMATECH e-Handbook
// 1.3.6.7.4) to the three decimals given; TestChi2CriticalTable checks each
// one against the regularized incomplete gamma function, so a mistyped
// value fails.
var chi2Crit999 = map[int]float64{
	3:  16.266,
	5:  20.515,
	9:  27.877,
	10: 29.588,
	19: 43.820,
	99: 148.230,
}

const (
	chiRolls = 100_000
	chiSeed  = 20240601
)

// gammaQ is the regularized upper incomplete gamma function Q(a, x)
// (Numerical Recipes 6.2: series below a+1, Lentz continued fraction above).
// The chi-square survival function is Q(df/2, x/2).
func gammaQ(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	pre := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, del, ap := 1/a, 1/a, a
		for range 100000 {
			ap++
			del *= x / ap
			sum += del
			if math.Abs(del) < math.Abs(sum)*1e-15 {
				break
			}
		}
		return 1 - sum*pre
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1; i < 100000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return pre * h
}

func TestChi2CriticalTable(t *testing.T) {
	// Known values of the survival function as a check of gammaQ itself:
	// df 2 is exp(-x/2); df 1 at 3.841459 is 0.05.
	if got := gammaQ(1, 5); math.Abs(got-math.Exp(-5)) > 1e-12 {
		t.Fatalf("gammaQ(1, 5) = %v, want %v", got, math.Exp(-5))
	}
	if got := gammaQ(0.5, 3.841459/2); math.Abs(got-0.05) > 1e-6 {
		t.Fatalf("chi-square df 1 survival at 3.841459 = %v, want 0.05", got)
	}
	for df, crit := range chi2Crit999 {
		p := gammaQ(float64(df)/2, crit/2)
		// Three decimals of the quantile move p by far less than 1e-5.
		if math.Abs(p-0.001) > 1e-5 {
			t.Errorf("df %d: P(chi2 > %.3f) = %.6f, want 0.001", df, crit, p)
		}
	}
}

// chiSquare is Pearson's statistic of observed counts against expected
// probabilities (which sum to 1) over n trials.
func chiSquare(obs []int, probs []float64, n int) float64 {
	x := 0.0
	for i, o := range obs {
		e := probs[i] * float64(n)
		d := float64(o) - e
		x += d * d / e
	}
	return x
}

func uniform(k int) []float64 {
	p := make([]float64, k)
	for i := range p {
		p[i] = 1 / float64(k)
	}
	return p
}

// fit runs a chi-square goodness-of-fit test at p = 0.001.
func fit(t *testing.T, name string, obs []int, probs []float64, n int) {
	t.Helper()
	df := len(obs) - 1
	crit, ok := chi2Crit999[df]
	if !ok {
		t.Fatalf("%s: no critical value for %d degrees of freedom", name, df)
	}
	sum := 0
	for _, o := range obs {
		sum += o
	}
	if sum != n {
		t.Fatalf("%s: %d observations, want %d", name, sum, n)
	}
	x := chiSquare(obs, probs, n)
	t.Logf("%s: chi2 = %.2f (df %d, critical %.3f)", name, x, df, crit)
	if x > crit {
		t.Errorf("%s: chi2 = %.2f > %.3f (df %d, p < 0.001): the dice are not fair; counts %v", name, x, crit, df, obs)
	}
}

func TestChiSquareSingleDice(t *testing.T) {
	for _, s := range []Spec{D4, D6, D10, D20} {
		t.Run(s.String(), func(t *testing.T) {
			g := NewGenerator(chiSeed)
			obs := make([]int, s.Sides)
			faces := make([]int, 0, 1)
			for range chiRolls {
				faces = s.Roll(g.Rand, faces[:0])
				obs[s.Total(faces)-1]++
			}
			fit(t, s.String(), obs, uniform(s.Sides), chiRolls)
		})
	}
}

func TestChiSquarePercentile(t *testing.T) {
	g := NewGenerator(chiSeed)
	totals := make([]int, 100) // totals 1..100 at index total-1
	tens := make([]int, 10)
	units := make([]int, 10)
	faces := make([]int, 0, 2)
	for range chiRolls {
		faces = Percentile.Roll(g.Rand, faces[:0])
		tens[faces[0]]++
		units[faces[1]]++
		totals[Percentile.Total(faces)-1]++
	}
	fit(t, "2D10 percentile totals", totals, uniform(100), chiRolls)
	fit(t, "2D10 black (tens) face", tens, uniform(10), chiRolls)
	fit(t, "2D10 white (units) face", units, uniform(10), chiRolls)
	if totals[99] == 0 {
		t.Error("percentile never read 100 (faces 0,0)")
	}
}

// 2D6 sums follow the triangular distribution: P(s) = (6 - |s-7|) / 36.
func TestChiSquare2D6(t *testing.T) {
	s := Spec{N: 2, Sides: 6}
	probs := make([]float64, 11)
	total := 0.0
	for sum := 2; sum <= 12; sum++ {
		probs[sum-2] = float64(6-abs(sum-7)) / 36
		total += probs[sum-2]
	}
	if math.Abs(total-1) > 1e-12 {
		t.Fatalf("2D6 probabilities sum to %v", total)
	}
	g := NewGenerator(chiSeed)
	obs := make([]int, 11)
	faces := make([]int, 0, 2)
	for range chiRolls {
		faces = s.Roll(g.Rand, faces[:0])
		obs[s.Total(faces)-2]++
	}
	fit(t, "2D6 sums", obs, probs, chiRolls)
	// The same counts are far from uniform: the test has the power to see
	// a wrong distribution.
	if x := chiSquare(obs, uniform(11), chiRolls); x <= chi2Crit999[10] {
		t.Errorf("2D6 sums fit a uniform distribution (chi2 %.2f): the test cannot tell distributions apart", x)
	}
}

// The goodness-of-fit check must fail for dice that are off by a little:
// a d10 that shows 10 one time in eight instead of one in ten, and a d6
// read off by one (IntN(Sides) without the +1, a 0 read as 1: it never
// shows 6 and shows 1 twice as often).
func TestChiSquareDetectsBias(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	obs := make([]int, 10)
	for range chiRolls {
		if r.IntN(8) == 0 {
			obs[9]++
		} else {
			obs[r.IntN(9)]++
		}
	}
	if x := chiSquare(obs, uniform(10), chiRolls); x <= chi2Crit999[9] {
		t.Errorf("a loaded d10 passes: chi2 %.2f <= %.3f", x, chi2Crit999[9])
	}
	obs = make([]int, 6)
	for range chiRolls {
		f := r.IntN(6)
		if f == 0 {
			f = 1
		}
		obs[f-1]++
	}
	if x := chiSquare(obs, uniform(6), chiRolls); x <= chi2Crit999[5] {
		t.Errorf("a d6 that never shows 6 passes: chi2 %.2f <= %.3f", x, chi2Crit999[5])
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Each seed gives fair dice, not just the one above (a few seeds, fewer
// rolls, to keep the suite quick).
func TestChiSquareSeeds(t *testing.T) {
	for _, seed := range []uint64{0, 1, 2, 1 << 63} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			const n = 20_000
			g := NewGenerator(seed)
			obs := make([]int, 20)
			faces := make([]int, 0, 1)
			for range n {
				faces = D20.Roll(g.Rand, faces[:0])
				obs[faces[0]-1]++
			}
			fit(t, "1D20", obs, uniform(20), n)
		})
	}
}
