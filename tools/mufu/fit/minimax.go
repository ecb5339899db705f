package main

import "math"

// minimax2 returns the degree-2 polynomial p (p0 + p1 t + p2 t², t = i/n)
// that minimises max_i |y[i] - p(t_i)| over i in [0, n), by Stiefel's
// exchange on the discrete set, and that maximum error.
func minimax2(y []float64) (p [3]float64, e float64) {
	n := len(y)
	return minimaxG(y, func(i int) float64 { t := float64(i) / float64(n); return t * t })
}

// minimaxG is minimax2 with basis {1, t, g(i)}.
func minimaxG(y []float64, g func(int) float64) (p [3]float64, e float64) {
	return minimaxW(y, nil, g)
}

// minimaxW minimises max_i |y[i] - p(i)| / w[i] (w nil: all 1).
func minimaxW(y, w []float64, g func(int) float64) (p [3]float64, e float64) {
	n := len(y)
	wt := func(i int) float64 {
		if w == nil {
			return 1
		}
		return w[i]
	}
	gs := make([]float64, n)
	for i := range gs {
		gs[i] = g(i)
	}
	tt := func(i int) float64 { return float64(i) / float64(n) }
	ref := [4]int{0, n / 3, 2 * n / 3, n - 1}
	var h float64
	for iter := 0; iter < 200; iter++ {
		// solve p0 + p1 t + p2 t² + s_i h = y_i
		var m [4][5]float64
		for r := 0; r < 4; r++ {
			t := tt(ref[r])
			s := 1.0
			if r&1 == 1 {
				s = -1
			}
			m[r] = [5]float64{1, t, gs[ref[r]], s * wt(ref[r]), y[ref[r]]}
		}
		sol := gauss4(m)
		p = [3]float64{sol[0], sol[1], sol[2]}
		h = sol[3]
		// worst point
		j, ej := 0, 0.0
		for i := 0; i < n; i++ {
			t := tt(i)
			d := (y[i] - (p[0] + t*p[1] + gs[i]*p[2])) / wt(i)
			if math.Abs(d) > math.Abs(ej) {
				j, ej = i, d
			}
		}
		if math.Abs(ej) <= math.Abs(h)*(1+1e-12)+1e-12 {
			return p, math.Abs(h)
		}
		errAt := func(i int) float64 { t := tt(i); return (y[i] - (p[0] + t*p[1] + gs[i]*p[2])) / wt(i) }
		sg := func(v float64) bool { return v >= 0 }
		switch {
		case j < ref[0]:
			if sg(errAt(ref[0])) == sg(ej) {
				ref[0] = j
			} else {
				ref = [4]int{j, ref[0], ref[1], ref[2]}
			}
		case j > ref[3]:
			if sg(errAt(ref[3])) == sg(ej) {
				ref[3] = j
			} else {
				ref = [4]int{ref[1], ref[2], ref[3], j}
			}
		default:
			for r := 0; r < 3; r++ {
				if ref[r] <= j && j <= ref[r+1] {
					if sg(errAt(ref[r])) == sg(ej) {
						ref[r] = j
					} else {
						ref[r+1] = j
					}
					break
				}
			}
		}
	}
	return p, math.Abs(h)
}

func gauss4(m [4][5]float64) [4]float64 {
	for c := 0; c < 4; c++ {
		piv := c
		for r := c + 1; r < 4; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[piv][c]) {
				piv = r
			}
		}
		m[c], m[piv] = m[piv], m[c]
		for r := 0; r < 4; r++ {
			if r != c {
				f := m[r][c] / m[c][c]
				for k := c; k < 5; k++ {
					m[r][k] -= f * m[c][k]
				}
			}
		}
	}
	var x [4]float64
	for r := 0; r < 4; r++ {
		x[r] = m[r][4] / m[r][r]
	}
	return x
}
