package batch

import "math"

// Wilson is the Wilson score interval (95%) of k successes in n trials,
// as fractions: a proportion's confidence interval that stays inside
// 0-1 and is fair at small counts (sim learn's tables and charts).
func Wilson(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(mid-half, 0), min(mid+half, 1)
}
