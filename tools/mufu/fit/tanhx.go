package main

import (
	"fmt"
	"math"
)

// runs prints, for each 2^23 block of v, the run lengths of equal outputs
// (a histogram) and the first change points.
func runs(v []uint32) {
	for b := 0; b < len(v)>>23; b++ {
		blk := v[b<<23 : (b+1)<<23]
		hist := map[int]int{}
		var firsts []int
		start := 0
		for i := 1; i <= len(blk); i++ {
			if i == len(blk) || blk[i] != blk[i-1] {
				hist[i-start]++
				if len(firsts) < 12 {
					firsts = append(firsts, i)
				}
				start = i
			}
		}
		fmt.Printf("block %d: %d runs; lengths %v; first changes %v\n", b, len(hist), hist, firsts)
	}
}

// tanhFit fits one input binade (block b of the dump) after dropping the
// low `drop` mantissa bits, with the outputs as f32 intervals (units 2^-u).
func tanhFit(v []uint32, b, drop, u int, rz bool, k, t int) {
	blk := v[b<<23 : (b+1)<<23]
	n := len(blk) >> drop
	lo, hi := make([]int64, n), make([]int64, n)
	for i := 0; i < n; i++ {
		lo[i], hi[i] = ivRound(blk[i<<drop], u, rz)
	}
	segs, miss := fitIv(lo, hi, k, t)
	report(fmt.Sprintf("tanh block %d drop %d u %d rz %v k %d t %d", b, drop, u, rz, k, t), segs, miss, n)
}

// tanhErr prints hw - tanh(x) (in units of 2^-24 absolute) at a stride.
func tanhErr(v []uint32, base uint32, from, cnt, step int) {
	for i := from; i < from+cnt*step && i < len(v); i += step {
		x := float64(math.Float32frombits(base + uint32(i)))
		hw := float64(math.Float32frombits(v[i]))
		fmt.Printf("%9d x=%.7f hw=%.9f err=%+.2f (rel 2^%.2f)\n", i, x, hw, (hw-math.Tanh(x))*0x1p24, math.Log2(math.Abs(hw-math.Tanh(x))/math.Tanh(x)))
	}
}

// tanhNoise: residual of one segment (block b, drop bits, k, segment s)
// against its minimax quadratic, in output ulps (2^-24).
func tanhNoise(v []uint32, b, drop, k, s int) {
	blk := v[b<<23 : (b+1)<<23]
	n := len(blk) >> drop >> k
	y := make([]float64, n)
	for i := range y {
		y[i] = float64(math.Float32frombits(blk[(s*n+i)<<drop])) * 0x1p24
	}
	p, e := minimax2(y)
	fmt.Printf("minimax err %.4f ulp; p=%v\n", e, p)
	for i := 0; i < n; i++ {
		t := float64(i) / float64(n)
		r := y[i] - (p[0] + t*(p[1]+t*p[2]))
		if math.Abs(r) > e-0.02 {
			fmt.Printf("%6d %016b %+.4f\n", i, i, r)
		}
	}
}

func tanhSeq(v []uint32, from, cnt, step int) {
	prev := int64(0)
	for i := from; i < from+cnt*step; i += step {
		y := int64(v[i])
		fmt.Printf("%d:%+d ", i, y-prev)
		prev = y
	}
	fmt.Println()
}

// tanhIdent counts, per 2^23 block, outputs equal to the input and the
// distribution of (input - output) in ulps of the input.
func tanhIdent(v []uint32, base uint32) {
	for b := 0; b < len(v)>>23; b++ {
		eq := 0
		h := map[int64]int{}
		for i := b << 23; i < (b+1)<<23; i++ {
			x := base + uint32(i)
			if v[i] == x {
				eq++
			}
			h[int64(x)-int64(v[i])]++
		}
		fmt.Printf("block %d: %d equal; x-hw distribution (ulps): ", b, eq)
		n := 0
		for d := int64(-4); d < 300 && n < 12; d++ {
			if h[d] > 0 {
				fmt.Printf("%d:%d ", d, h[d])
				n++
			}
		}
		fmt.Println()
	}
}
