package gpu

import (
	"slices"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// The GPC's port to the L2 (issue 14; microbench l2bw_ld_c*, l2bw_tma_c*,
// tools/microbench/l2bw.cu). The loads of the SMs of one GPC that go to an
// L2 slice pass one port of l2_port_bytes_per_l2_cycle, in the L2's clock
// like the slices (converted at the launch's SM clock). The per-CTA
// %clock64 of the l2bw recordings (128 KiB private to each SM, 64 KiB in
// flight per SM, five launches each) show it on both GPUs:
//
//   - l2bw_*_c8 runs on SMs 124..131 (firstWaveOrder): 8 SMs that alone
//     move 83 (TMA) and 110 (ld.cg) bytes per cycle each (_c1.._c4) move
//     629 and 631 together on the H200 (532 and 535 on the H100), whatever
//     the load instruction: a bandwidth limit, not a latency;
//   - the same 8 SMs with the GPC of 8 SMs (SMs 0, 1, 16, ...) move the
//     same total with 1 (_c16: 9 SMs), 4 (_c33: 12) or 4 (_c66) SMs of
//     that GPC running: 630, 624, 626 bytes per cycle (H200 TMA; ld.cg
//     645, 660, 662; H100 TMA 521, 525, 529), while a single SM in each of
//     the other GPCs moves its 83 at _c16. So SMs 124..131, which the
//     cluster map (gpcs.go) keeps apart because no cluster of more than
//     two CTAs spans them, sit behind the port of the GPC of 8: 16 SMs
//     like the other GPCs' 16 and 18, eight GPCs as the GH100 die has.
//     portGroups joins every GPC of at most two SMs to the GPC with the
//     fewest SMs above two.
//
// The port takes the requests (the lines of one instruction that go to a
// slice: a warp's load, a TMA box) in the order they are asked for, each for
// its bytes at the port's bandwidth; a request that finds the port busy
// with earlier ones has its data that much later (its own bytes stream
// through behind its first: the SM's fill rate times a box, tma.go; its
// slice and HBM queues are booked as if the port were not there: below
// the GPU's L2 bandwidth, which the l2bw_*_c132 recordings fit, the two
// rarely fill together). A load that joins another (l2merge.go) comes
// with its head's data and takes no port time; stores do not pass it (no
// recording measures a GPC's store bandwidth).
// A partition of a timed run holds whole port groups (windows.go), so the
// port's queue lives in the partition's view and --jobs cannot change it.

// portGroups are the SM sets that share an L2 port: the map's GPCs, with
// every GPC of at most two SMs joined to the smallest GPC of more (the
// first of those in map order on a tie); a map without such a GPC, or with
// only small ones, is unchanged. The groups keep map order (the small ones
// removed), each group's SMs its GPC's order then the joined ones'.
func portGroups(gpcs [][]int) [][]int {
	host := -1
	for i, g := range gpcs {
		if len(g) > 2 && (host < 0 || len(g) < len(gpcs[host])) {
			host = i
		}
	}
	out := make([][]int, 0, len(gpcs))
	for i, g := range gpcs {
		if host >= 0 && len(g) <= 2 {
			continue
		}
		grp := slices.Clone(g)
		if i == host {
			for _, h := range gpcs {
				if len(h) <= 2 {
					grp = append(grp, h...)
				}
			}
		}
		out = append(out, grp)
	}
	return out
}

// portOf is each SM's port (its index in portGroups); SMs of no GPC get one
// port each after those.
func portOf(gpcs [][]int, numSMs int) (ports []int32, n int) {
	ports = make([]int32, numSMs)
	for i := range ports {
		ports[i] = -1
	}
	groups := portGroups(gpcs)
	for pi, g := range groups {
		for _, s := range g {
			if s >= 0 && s < numSMs {
				ports[s] = int32(pi)
			}
		}
	}
	n = len(groups)
	for i := range ports {
		if ports[i] < 0 {
			ports[i] = int32(n)
			n++
		}
	}
	return ports, n
}

// portBinCycles is the width of a port calendar's bins; portBins how many
// bins a port keeps (a horizon of portBins x portBinCycles cycles).
const (
	portBinCycles = 8
	portBins      = 1 << 12
)

// portCal is one port's calendar: the bytes each bin of portBinCycles
// cycles has passed. Requests may be asked for out of time order (an SM's
// load leaves its LSU later than another SM's TMA box is asked for), so a
// request fills the bins from its own cycle on and never waits for a later
// one.
type portCal struct {
	used []float64
	tag  []int64 // the bin number each slot holds
}

// portPass takes a request of bytes that SM sm asks for at cycle at
// through its GPC's port: the cycle its turn comes (the start of the first
// bin from at's on with room; the request then fills bins from there).
func (v *l2View) portPass(at engine.Cycle, sm int, bytes float64) float64 {
	g := v.g
	if g.portPerCycle <= 0 {
		return float64(at)
	}
	c := &v.ports[g.smPort[sm]]
	if c.used == nil {
		c.used, c.tag = make([]float64, portBins), make([]int64, portBins)
		for i := range c.tag {
			c.tag[i] = -1
		}
	}
	capacity := g.portPerCycle * portBinCycles
	b := int64(at) / portBinCycles
	turn := -1.0
	for n := 0; bytes > 0 && n < portBins; n++ {
		i := int(b % portBins)
		if c.tag[i] != b {
			c.tag[i], c.used[i] = b, 0
		}
		if room := capacity - c.used[i]; room > 0 {
			if turn < 0 {
				turn = max(float64(at), float64(b*portBinCycles)+c.used[i]/g.portPerCycle)
			}
			take := min(room, bytes)
			c.used[i] += take
			bytes -= take
		}
		b++
	}
	if turn < 0 {
		turn = float64(b * portBinCycles)
	}
	return turn
}
