package main

import (
	"fmt"
	"math"
	"os"
	"strconv"
)

// Seg is one interpolator segment in integer form: over local index x
// (0 <= x < 2^xb), the hardware value in output ulps is
// Y0 + floor((A + B·x + C·(sqTrunc(x, t) >> t)) / 2^F).
type Seg struct{ Y0, A, B, C int64 }

var fracBits = envInt("FRAC", 40)

var sqDrop = envInt("SQDROP", 0)

var debugSeg = os.Getenv("DEBUGSEG") == "1"

// fitInt fits every segment of Y (2^k segments) and returns the integer
// segments and the number of points where the integer model misses.
func fitInt(Y []int64, k, t int) ([]Seg, int) { return fitIv(Y, Y, k, t) }

// fitIv is fitInt for interval data: the model must land in [lo[i], hi[i]].
func fitIv(lo, hi []int64, k, t int) ([]Seg, int) {
	Y := lo
	n := len(Y) >> k
	xb := bitsLen(n - 1)
	tp := make([]int64, n)
	for x := range tp {
		tp[x] = int64(sqTrunc(uint64(x), t, true) >> t)
		if sqDrop > 0 { // squarer input truncated instead
			q := int64(x >> sqDrop)
			tp[x] = q * q
		}
	}
	gscale := math.Ldexp(1, 2*xb-t)
	if sqDrop > 0 {
		gscale = math.Ldexp(1, 2*(xb-sqDrop))
	}
	segs := make([]Seg, 1<<k)
	miss := 0
	y := make([]float64, n)
	w := make([]float64, n)
	for s := range segs {
		base := Y[s*n]
		for i := range y {
			y[i] = float64(lo[s*n+i]-base) + float64(hi[s*n+i]-lo[s*n+i]+1)/2
			w[i] = float64(hi[s*n+i] - lo[s*n+i] + 1)
		}
		p, _ := minimaxW(y, w, func(i int) float64 { return float64(tp[i]) / gscale })
		y0 := math.Floor(p[0])
		sg := Seg{
			Y0: base + int64(y0),
			A:  int64(math.Round((p[0] - y0) * math.Ldexp(1, fracBits))),
			B:  int64(math.Round(p[1] / float64(n) * math.Ldexp(1, fracBits))),
			C:  int64(math.Round(p[2] / gscale * math.Ldexp(1, fracBits))),
		}
		// the minimax fit may sit on the edge; nudge A to the middle of the
		// feasible interval of A given B and C.
		alo, ahi := int64(math.MinInt64), int64(math.MaxInt64)
		for x := 0; x < n; x++ {
			r := sg.B*int64(x) + sg.C*tp[x]
			// need lo <= Y0 + floor((A + r)/2^F) <= hi
			alo = max(alo, (lo[s*n+x]-sg.Y0)<<fracBits-r)
			ahi = min(ahi, (hi[s*n+x]-sg.Y0+1)<<fracBits-1-r)
		}
		if alo <= ahi {
			sg.A = alo + (ahi-alo)/2
		} else {
			m0 := miss
			for x := 0; x < n; x++ {
				if v := sg.eval(int64(x), tp[x]); v < lo[s*n+x] || v > hi[s*n+x] {
					miss++
				}
			}
			if debugSeg {
				fmt.Printf("  seg %d: %d missed (A interval %d)\n", s, miss-m0, ahi-alo)
			}
		}
		segs[s] = sg
	}
	return segs, miss
}

func (s Seg) eval(x, tp int64) int64 { return s.Y0 + (s.A+s.B*x+s.C*tp)>>fracBits }

func bitsLen(v int) int {
	b := 0
	for v > 0 {
		b++
		v >>= 1
	}
	return b
}

func report(name string, segs []Seg, miss, total int) {
	fmt.Printf("%s: %d segments, %d of %d points missed\n", name, len(segs), miss, total)
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}
