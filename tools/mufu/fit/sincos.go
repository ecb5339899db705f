package main

import (
	"fmt"
	"math"
	"path/filepath"

	"github.com/sm90sim/sm90sim/fp"
)

// sinIndex splits the MUFU.SIN/COS operand t (turns, f32 bits) into the
// quadrant q and the 23-bit fraction φ of |t| in fixed point with 2^-25
// turn resolution (truncated).
func sinIndex(t uint32) (q int, phi uint32) {
	e, m := int(t>>23&0xFF), uint64(t&0x7FFFFF|0x800000)
	var T uint64
	if sh := e - 127 + 2; sh >= 0 {
		if sh < 40 {
			T = m << sh
		}
	} else if sh > -64 {
		T = m >> -sh
	}
	if e == 0 {
		T = 0
	}
	return int(T >> 23 & 3), uint32(T & 0x7FFFFF)
}

// sinIntervals gathers, per table index, the interval of sin(π/2·φ) in
// units of 2^-37 that the sin and cos dumps over x in [1, 8) allow, with
// the quadrant-odd index mirrored as ones(φ) = 2^23-1-φ (mirror 1) or
// 2^23-φ (mirror 2). Returns lo, hi and the number of conflicts.
func sinIntervals(dir string, u int, rz bool, mirror int) ([]int64, []int64, int) {
	const n = 1 << 23
	lo, hi := make([]int64, n), make([]int64, n)
	for i := range lo {
		lo[i], hi[i] = math.MinInt64/4, math.MaxInt64/4
	}
	conflicts := 0
	for _, fn := range []struct {
		file string
		dq   int
	}{{"bin_sin.ftz_3f800000_1800000.d32", 0}, {"bin_cos.ftz_3f800000_1800000.d32", 1}} {
		v := readD32(filepath.Join(dir, fn.file))
		for i, y := range v {
			x := 0x3F800000 + uint32(i)
			t := fp.MulF32(x, 0x3E22F983, fp.RZ, true, false)
			q, phi := sinIndex(t)
			q = (q + fn.dq) & 3
			idx := int64(phi)
			if q&1 == 1 {
				if mirror == 1 {
					idx = n - 1 - idx
				} else {
					if idx == 0 {
						continue // exact 1
					}
					idx = n - idx
				}
			}
			l, h := ivRound(y&^0x80000000, u, rz)
			if lo[idx] < l {
				lo[idx] = l
			}
			if hi[idx] > h {
				hi[idx] = h
			}
			if lo[idx] > hi[idx] {
				conflicts++
				hi[idx] = lo[idx]
			}
		}
	}
	return lo, hi, conflicts
}

func sinFit(dir string, u int, rz bool, mirror, k, t int) {
	lo, hi := sinTableIv(dir, u, rz, mirror)
	segs, miss := fitIv(lo, hi, k, t)
	report("sin", segs, miss, len(lo))
}

// sinTableIv is sinIntervals with unconstrained indices given a wide
// interval around their neighbour's (none are left with x in [1, 8)).
func sinTableIv(dir string, u int, rz bool, mirror int) ([]int64, []int64) {
	lo, hi, c := sinIntervals(dir, u, rz, mirror)
	free := 0
	for i := range lo {
		if lo[i] == math.MinInt64/4 {
			free++
		}
	}
	fmt.Printf("u=%d rz=%v mirror=%d: %d conflicts, %d free indices\n", u, rz, mirror, c, free)
	// fill free indices from neighbours (wide interval around them)
	for i := range lo {
		if lo[i] == math.MinInt64/4 {
			j := i
			for j < len(lo) && lo[j] == math.MinInt64/4 {
				j++
			}
			ref := int64(0)
			if i > 0 {
				ref = lo[i-1]
			} else if j < len(lo) {
				ref = lo[j]
			}
			lo[i], hi[i] = ref-1<<20, ref+1<<20
		}
	}
	return lo, hi
}
