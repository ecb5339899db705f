package main

import (
	"fmt"
	"math"
)

// lsqFit fits y (n points) with the given basis functions by least squares
// (normal equations, Gauss-Jordan) and returns the max |residual| and RMS.
var lsqPrint bool

func lsqFit(y []float64, basis []func(i int) float64) (maxr, rms float64) {
	m := len(basis)
	A := make([][]float64, m)
	for i := range A {
		A[i] = make([]float64, m+1)
	}
	row := make([]float64, m)
	for i := range y {
		for j, b := range basis {
			row[j] = b(i)
		}
		for a := 0; a < m; a++ {
			for c := 0; c < m; c++ {
				A[a][c] += row[a] * row[c]
			}
			A[a][m] += row[a] * y[i]
		}
	}
	for c := 0; c < m; c++ {
		p := c
		for r := c + 1; r < m; r++ {
			if math.Abs(A[r][c]) > math.Abs(A[p][c]) {
				p = r
			}
		}
		A[c], A[p] = A[p], A[c]
		for r := 0; r < m; r++ {
			if r != c && A[c][c] != 0 {
				f := A[r][c] / A[c][c]
				for k := c; k <= m; k++ {
					A[r][k] -= f * A[c][k]
				}
			}
		}
	}
	coef := make([]float64, m)
	for c := range coef {
		if A[c][c] != 0 {
			coef[c] = A[c][m] / A[c][c]
		}
	}
	if lsqPrint {
		fmt.Printf("coef %.4f\n", coef)
	}
	for i := range y {
		v := 0.0
		for j, b := range basis {
			v += coef[j] * b(i)
		}
		r := y[i] - v
		maxr = math.Max(maxr, math.Abs(r))
		rms += r * r
	}
	return maxr, math.Sqrt(rms / float64(len(y)))
}

// tanhLsq: one segment of a tanh block (dedup by drop), basis 1, t, t², t³
// plus one indicator per low bit of the quantized input (nbits of them).
func tanhLsq(v []uint32, b, drop, k, s, nbits, deg int) {
	blk := v[b<<23 : (b+1)<<23]
	n := len(blk) >> drop >> k
	y := make([]float64, n)
	for i := range y {
		y[i] = float64(math.Float32frombits(blk[(s*n+i)<<drop])) * 0x1p24
	}
	var basis []func(int) float64
	for d := 0; d <= deg; d++ {
		d := d
		basis = append(basis, func(i int) float64 { return math.Pow(float64(i)/float64(n), float64(d)) })
	}
	for j := 0; j < nbits; j++ {
		j := j
		basis = append(basis, func(i int) float64 { return float64(i >> j & 1) })
	}
	mr, rms := lsqFit(y, basis)
	fmt.Printf("block %d seg %d/%d deg %d bits %d: max residual %.3f ulp, rms %.3f\n", b, s, 1<<k, deg, nbits, mr, rms)
}
