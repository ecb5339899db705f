package main

import (
	"fmt"
	"math"

	"github.com/sm90sim/sm90sim/fp"
)

// tanhComposites scores candidate compositions of the exact EX2/RCP models
// against a tanh dump (match counts and mean |distance|).
func tanhComposites(v []uint32, base uint32, from, n int) {
	f := func(x float32) uint32 { return math.Float32bits(x) }
	g := func(b uint32) float32 { return math.Float32frombits(b) }
	const l2e = float32(1.4426950408889634)
	cands := map[string]func(x float32) float32{
		"1-2/(1+2^(2x·l2e))": func(x float32) float32 {
			e := g(fp.MufuEx2(f(2 * l2e * x)))
			return 1 - 2*g(fp.MufuRcp(f(1+e)))
		},
		"(1-e)/(1+e), e=2^(-2x·l2e)": func(x float32) float32 {
			e := g(fp.MufuEx2(f(-2 * l2e * x)))
			return (1 - e) * g(fp.MufuRcp(f(1+e)))
		},
		"(e-1)/(e+1), e=2^(2x·l2e)": func(x float32) float32 {
			e := g(fp.MufuEx2(f(2 * l2e * x)))
			return (e - 1) * g(fp.MufuRcp(f(e+1)))
		},
		"RN tanh": func(x float32) float32 { return float32(math.Tanh(float64(x))) },
	}
	for name, c := range cands {
		match, sum := 0, 0.0
		for i := from; i < from+n; i++ {
			x := g(base + uint32(i))
			got := f(c(x))
			if got == v[i] {
				match++
			}
			sum += math.Abs(float64(int64(got) - int64(v[i])))
		}
		fmt.Printf("%-30s match %d/%d mean dist %.2f\n", name, match, n, sum/float64(n))
	}
}
