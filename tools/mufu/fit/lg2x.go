package main

import (
	"fmt"
	"math"
)

// quantum reports, per output binade, the coarsest power of two that all
// outputs of v in that binade are multiples of.
func quantum(v []uint32, base uint32) {
	type st struct {
		minTz int
		n     int
	}
	m := map[int]*st{}
	var keys []int
	for _, b := range v {
		f := math.Float32frombits(b)
		if f == 0 || math.IsInf(float64(f), 0) || f != f {
			continue
		}
		e := int(b>>23&0xFF) - 127
		tz := 23
		if mm := b & 0x7FFFFF; mm != 0 {
			tz = 0
			for mm&1 == 0 {
				mm >>= 1
				tz++
			}
		}
		// absolute quantum exponent = e - 23 + tz
		q := e - 23 + tz
		if m[e] == nil {
			m[e] = &st{minTz: 999}
			keys = append(keys, e)
		}
		if q < m[e].minTz {
			m[e].minTz = q
		}
		m[e].n++
	}
	for _, e := range keys {
		fmt.Printf("out exp %d: %d values, finest absolute quantum 2^%d\n", e, m[e].n, m[e].minTz)
	}
}

// ivRound returns the integer interval [lo, hi] of fixed-point values
// v·2^-u (v integer) that convert to the f32 y (y >= 0) under RN or RZ.
func ivRound(y uint32, u int, rz bool) (int64, int64) {
	f := float64(math.Float32frombits(y))
	if f == 0 {
		return 0, 0
	}
	next := float64(math.Float32frombits(y + 1))
	prev := float64(math.Float32frombits(y - 1))
	sc := math.Ldexp(1, u)
	if rz {
		return int64(math.Ceil(f * sc)), int64(math.Ceil(next*sc)) - 1
	}
	L, H := (prev+f)/2*sc, (f+next)/2*sc
	even := y&1 == 0
	var lo, hi int64
	if even {
		lo, hi = int64(math.Ceil(L)), int64(math.Floor(H))
	} else {
		lo, hi = int64(math.Floor(L))+1, int64(math.Ceil(H))-1
	}
	return lo, hi
}
