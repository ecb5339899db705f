package main

import "fmt"

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
