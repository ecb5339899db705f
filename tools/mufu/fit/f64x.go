package main

import (
	"fmt"
	"math"

	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/internal/mufuref"
)

// f64Inputs regenerates the high words of dump.cu's f64 inputs for op.
func f64Inputs(op int) []uint32 {
	var v []uint32
	nb := 1 << 20
	if op == 1 {
		nb = 2 << 20
	}
	for i := 0; i < nb; i++ {
		v = append(v, uint32(0x3FF00000+i))
	}
	for j := uint32(0); j < 64*4096; j++ {
		e := (j>>12)*32 + mufuref.Mix32(j>>12)&31
		sg := j >> 11 & 1
		v = append(v, sg<<31|(e&0x7FF)<<20|mufuref.Mix32(j*7+uint32(op))&0xFFFFF)
	}
	return v
}

// f64Try compares candidate RCP64H/RSQ64H models with the dump (high words).
func f64Try(file string, op int) {
	hw := readD32(file)
	in := f64Inputs(op)
	if len(in) != len(hw) {
		panic(fmt.Sprint("length ", len(in), len(hw)))
	}
	cands := map[string]func(uint32) uint32{
		"fp": func(h uint32) uint32 {
			if op == 0 {
				return uint32(fp.RcpApproxF64(uint64(h)<<32) >> 32)
			}
			return uint32(fp.RsqrtApproxF64(uint64(h)<<32, true) >> 32)
		},
		"f32trunc": func(h uint32) uint32 { return f64via32(h, op, false) },
		"f32rn":    func(h uint32) uint32 { return f64via32(h, op, true) },
	}
	for name, f := range cands {
		bad, badMain := 0, 0
		first := ""
		for i, h := range in {
			if got := f(h); got != hw[i] {
				bad++
				if i < 1<<20 {
					badMain++
				}
				if first == "" {
					first = fmt.Sprintf("%08x: got %08x hw %08x", h, got, hw[i])
				}
			}
		}
		fmt.Printf("op %d %s: %d of %d differ (%d in the first binade); first %s\n", op, name, bad, len(in), badMain, first)
	}
}

// f64via32 runs the f32 MUFU on the 1.8.23 image of the 1.11.20 word
// (when representable) and narrows the result's fraction to 20 bits.
func f64via32(h uint32, op int, rn bool) uint32 {
	x := math.Float64frombits(uint64(h) << 32)
	if x == 0 || math.IsInf(x, 0) || x != x || math.Abs(x) < 0x1p-126 || math.Abs(x) >= 0x1p127 {
		return 0xDEADBEEF
	}
	a := math.Float32bits(float32(x))
	var r uint32
	if op == 0 {
		r = fp.MufuRcp(a)
	} else {
		r = fp.MufuRsq(a)
	}
	rv := float64(math.Float32frombits(r))
	b := math.Float64bits(rv)
	if rn {
		b += 1 << 31
	}
	return uint32(b >> 32)
}

// f64Inputs64 regenerates dump.cu's full f64 inputs for op.
func f64Inputs64(op int) []uint64 {
	hi := f64Inputs(op)
	v := make([]uint64, len(hi))
	nb := len(hi) - 64*4096
	for i := range hi {
		lo := mufuref.Mix32(uint32(i + op))
		if i >= nb {
			lo = mufuref.Mix32(uint32(i - nb))
		}
		v[i] = uint64(hi[i])<<32 | uint64(lo)
	}
	return v
}

// f64Full checks rsqrt.approx.f64 (full 64-bit results).
func f64Full(dir string) {
	hi := readD32(dir + "/f64_rsqrt.f64.hi.d32")
	lo := readU32(dir + "/f64_rsqrt.f64.lo.u32")
	in := f64Inputs64(2)
	bad := 0
	for i, x := range in {
		want := uint64(hi[i])<<32 | uint64(lo[i])
		if got := fp.RsqrtApproxF64(x, false); got != want {
			if bad < 5 {
				fmt.Printf("  %016x: got %016x hw %016x\n", x, got, want)
			}
			bad++
		}
	}
	fmt.Printf("rsqrt.approx.f64: %d of %d differ\n", bad, len(in))
}
