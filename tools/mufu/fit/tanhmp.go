package main

import (
	"fmt"
	"math"
)

var tbShift = envInt("TBSHIFT", 0)

func dtanh(x float64) float64 { t := math.Tanh(x); return 1 - t*t }

// tanhMP evaluates the multipartite hypothesis on one binade of the dump:
// q = the top qb bits of the mantissa; y = tanh(x(q with the low tb bits
// cleared)) + Σ_{j<tb} q_j 2^j h tanh'(x(q >> p(j) << p(j))), p(j) =
// qb-1-j (j >= 1), p(0) = p(1). Prints the residual histogram in ulps of 2^-u.
func tanhMP(v []uint32, base uint32, blk, qb, tb, u int) {
	e := int(base>>23&0xFF) + blk - 127
	x0 := math.Ldexp(1, e)
	h := math.Ldexp(1, e-qb)
	drop := 23 - qb
	xq := func(q int) float64 { return x0 + float64(q)*h }
	p := func(j int) int {
		if j == 0 {
			j = 1
		}
		return max(qb-1-j, j+1+tbShift)
	}
	hist := map[int]int{}
	maxr := 0.0
	for q := 0; q < 1<<qb; q++ {
		y := math.Tanh(xq(q >> tb << tb))
		for j := 0; j < tb; j++ {
			if q>>j&1 == 1 {
				y += math.Ldexp(h, j) * dtanh(xq(q>>p(j)<<p(j)))
			}
		}
		hw := float64(math.Float32frombits(v[blk<<23+q<<drop]))
		r := (hw - y) * math.Ldexp(1, u)
		maxr = math.Max(maxr, math.Abs(r))
		hist[int(math.Floor(r*4))]++
	}
	fmt.Printf("binade 2^%d qb %d tb %d: max |hw - model| %.3f (units 2^-%d); histogram (quarter units):", e, qb, tb, maxr, u)
	for k := -40; k < 40; k++ {
		if hist[k] > 0 {
			fmt.Printf(" %d:%d", k, hist[k])
		}
	}
	fmt.Println()
}

// tanhT0: hardware values at q multiple of 2^tb (low bits zero), minimax
// quadratic per segment (2^k segments per binade), in units 2^-u.
func tanhT0(v []uint32, blk, qb, tb, k, u int) {
	drop := 23 - qb
	n := 1 << (qb - tb)
	y := make([]float64, n)
	for i := range y {
		y[i] = float64(math.Float32frombits(v[blk<<23+(i<<tb)<<drop])) * math.Ldexp(1, u)
	}
	per := n >> k
	worst := 0.0
	for s := 0; s < 1<<k; s++ {
		_, e := minimax2(y[s*per : (s+1)*per])
		worst = math.Max(worst, e)
	}
	fmt.Printf("tb %d k %d: %d points per segment, worst minimax quadratic error %.3f\n", tb, k, per, worst)
}
