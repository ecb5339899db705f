package main

import (
	"fmt"
	"math"
)

// explore prints the residual statistics of Y (hardware, in output ulps)
// against the exact function values F.
func explore(Y, F []float64) {
	mn, mx := math.Inf(1), math.Inf(-1)
	var hist [41]int
	exact := 0
	for i := range Y {
		r := Y[i] - F[i]
		mn = math.Min(mn, r)
		mx = math.Max(mx, r)
		b := int(math.Floor(r*10)) + 20
		if b >= 0 && b < 41 {
			hist[b]++
		}
		if Y[i] == math.Floor(F[i]+0.5) {
			exact++
		}
	}
	fmt.Printf("residual min %.4f max %.4f; RN-exact %.4f\n", mn, mx, float64(exact)/float64(len(Y)))
	for b, c := range hist {
		if c > 0 {
			fmt.Printf("  [%.1f,%.1f): %d\n", float64(b-20)/10, float64(b-19)/10, c)
		}
	}
}
