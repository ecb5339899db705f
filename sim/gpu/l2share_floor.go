package gpu

// floorShares gives each view the least share of the L2 and HBM bandwidth
// its queues advance at in the next window (l2.go commit): its share of the
// SMs that sent requests to L2 in the window; a view none of whose SMs did
// keeps the equal share per partition (its SMs may start in the next
// window, and a one-SM share would hold all their first requests). The
// floor was an equal share per partition for every view, which
// gave each of the four 2-SM GPCs (SMs 124-131) a twelfth of the
// bandwidth with every SM busy, 5.5 times its SMs' part: with every SM
// storing (gls_st64_epi_c132_w8) their CTAs never saw the write queues fill
// and took 8193 cycles a repetition against the other CTAs' 16500-19200,
// where on the GPU the CTAs of those GPCs take as long as the others
// (14961-21241 cycles, H200). Counting only the SMs that sent requests
// keeps a few busy SMs' floor where it was (l2bw_tma_c4: four SMs, one in
// each 2-SM GPC, a quarter each).
func (g *l2) floorShares(views []*l2View) []float64 {
	g.floors = g.floors[:0]
	total := 0
	for _, v := range views {
		v.seal() // counts its SMs (l2seal.go)
		g.floors = append(g.floors, float64(v.smCount))
		total += v.smCount
	}
	for i, n := range g.floors {
		if n == 0 || total == 0 {
			g.floors[i] = 1 / float64(len(views))
			continue
		}
		g.floors[i] = n / float64(total)
	}
	return g.floors
}
