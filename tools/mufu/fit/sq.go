package main

import "os"

// sqTrunc is x² without the partial products below column t: fold=false
// drops x_i·x_j·2^(i+j) for i+j < t (plain array); fold=true uses the
// folded squarer array (x_i·x_j, i<j, at column i+j+1; x_i at column 2i).
func sqTrunc(x uint64, t int, fold bool) uint64 {
	var drop uint64
	for i := 0; i < 32; i++ {
		if x>>i&1 == 0 {
			continue
		}
		for j := 0; j < 32; j++ {
			if x>>j&1 == 0 {
				continue
			}
			if !fold {
				if i+j < t {
					drop += 1 << (i + j)
				}
			} else if i == j {
				if 2*i < t {
					drop += 1 << (2 * i)
				}
			} else if i < j && i+j+1 < t {
				drop += 2 << (i + j)
			}
		}
	}
	return x*x - drop
}

var sqFold = os.Getenv("FOLD") == "1"
