package smem

import "math/bits"

// Cost is what one warp-level shared-memory instruction costs, in the units
// Nsight Compute counts.
type Cost struct {
	// Wavefronts is the number of shared-memory passes really issued
	// (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_*).
	Wavefronts int
	// Ideal is the minimum for the access (see idealRule in model.go).
	Ideal int
	// MaxWay is the worst n-way bank conflict over the phases: the largest
	// number of distinct words one bank had to serve in one phase
	// (1 = conflict-free, 0 = no active lane).
	MaxWay int
}

// Conflicts is Wavefronts - Ideal clamped at 0. It can only be negative
// before clamping when few lanes are active (e.g. a 64-bit access by lanes
// 0-3 issues 1 wavefront against an ideal of 2).
func (c Cost) Conflicts() int {
	if c.Wavefronts > c.Ideal {
		return c.Wavefronts - c.Ideal
	}
	return 0
}

// Wavefronts returns the cost of a under the default model. It never
// panics; for an Access that fails Validate the result is a best guess.
// It is on the simulator's hot path and does not allocate.
func Wavefronts(a *Access) Cost {
	return defaultModel().cost(a)
}

// AtomSerialWavefronts is the cost of atomic a when lanes on one word do
// not share a pass (every lane request counts): what an H200 counts for a
// warp's atom.shared on one word when ptxas did not reduce the warp's
// operands first (validation/microbench atom7_lane_*: 32 wavefronts per
// warp-instruction; model.go's atomNoBroadcast note). It does not allocate.
func AtomSerialWavefronts(a *Access) Cost {
	m := defaultModel()
	m.atomNoBroadcast = true
	return m.cost(a)
}

// cost evaluates a under model m.
func (m model) cost(a *Access) Cost {
	if a.Bypass && a.Kind == OpLdgsts {
		return m.costBypass(a)
	}
	return m.costBanks(a)
}

// costBanks is the bank model proper.
func (m model) costBanks(a *Access) Cost {
	if a.Width <= 4 && !a.Kind.IsMatrix() && !(a.Kind == OpAtom && m.atomNoBroadcast) {
		// Hot path: one phase of the whole warp; ideal 1 under every rule.
		if a.Active == 0 {
			return Cost{}
		}
		w := passCost(&a.Addr, a.Active, 1, false)
		return Cost{Wavefronts: w, Ideal: 1, MaxWay: w}
	}
	p := m.plan(a)
	c := Cost{Ideal: p.ideal}
	if p.lanes == 0 {
		return c
	}
	if p.grouped {
		w := passCost(&a.Addr, p.lanes, p.wordsPerLane, p.noBroadcast)
		c.Wavefronts, c.MaxWay = w, w
		return c
	}
	for i := uint(0); i < 32/p.phaseLanes; i++ {
		mask := p.lanes & phaseMask(i, p.phaseLanes)
		if mask == 0 {
			continue
		}
		w := passCost(&a.Addr, mask, p.wordsPerLane, p.noBroadcast)
		c.Wavefronts += w
		c.MaxWay = max(c.MaxWay, w)
	}
	return c
}

// passCost is max over banks of the distinct 32-bit words that the lanes of
// mask request, each lane touching n consecutive words from Addr[l]/4
// (or, with noBroadcast, of the lane requests). mask must be non-zero.
func passCost(addr *[32]uint32, mask uint32, n uint32, noBroadcast bool) int {
	if !noBroadcast && conflictFree(addr, mask, n) {
		return 1
	}
	var t tally
	t.fill(addr, mask, n, noBroadcast, false)
	return t.max
}

// conflictFree is the fast path: true when no bank is asked for two
// different words (broadcasts allowed). Most accesses of tuned kernels end
// here without touching the slower tally.
func conflictFree(addr *[32]uint32, mask uint32, n uint32) bool {
	// First, branch-free: does any bank get two requests at all? A lane's
	// n words sit in banks b..b+n-1 (mod 32): a rotated run of n bits.
	// Also note whether all active lanes ask for the same words (a uniform
	// broadcast, common for shared scalars).
	var seen, dup, diff uint32
	if mask == 0xffffffff && n == 1 {
		w0 := addr[0] >> 2
		for _, a := range addr {
			bit := uint32(1) << (a >> 2 & (NumBanks - 1))
			dup |= seen & bit
			seen |= bit
			diff |= a>>2 ^ w0
		}
		return dup == 0 || diff == 0 || sameWordPerBank(addr, mask, n)
	}
	run := uint32(1)<<n - 1
	lo, hi := bits.TrailingZeros32(mask), 32-bits.LeadingZeros32(mask)
	w0 := addr[lo&31]
	for l := lo; l < hi && l < 32; l++ {
		on := -(mask >> l & 1) // all ones for an active lane, else 0
		bank := bits.RotateLeft32(run, int(addr[l]>>2&(NumBanks-1))) & on
		dup |= seen & bank
		seen |= bank
		diff |= (addr[l]>>2 ^ w0>>2) & on
	}
	if dup == 0 || diff == 0 {
		return true
	}
	return sameWordPerBank(addr, mask, n)
}

// sameWordPerBank reports whether every bank is asked for one word only.
func sameWordPerBank(addr *[32]uint32, mask uint32, n uint32) bool {
	var seen uint32
	var first [NumBanks]uint32
	for m := mask; m != 0; m &= m - 1 {
		w := addr[bits.TrailingZeros32(m)&31] >> 2
		for k := uint32(0); k < n; k++ {
			b := (w + k) & (NumBanks - 1)
			bit := uint32(1) << b
			if seen&bit == 0 {
				seen |= bit
				first[b] = w + k
			} else if first[b] != w+k {
				return false
			}
		}
	}
	return true
}

// tally counts, per bank, the distinct words (and, for reports, the lane
// requests) of one pass: it sorts the lanes' words by (bank, word) on a
// fixed array (no maps, no allocation) and measures the runs of distinct
// words per bank.
type tally struct {
	max   int             // the pass cost: most distinct words in one bank
	words [NumBanks]uint8 // distinct words per bank (with detail or noBroadcast)
	reqs  [NumBanks]uint8 // lane requests per bank (with detail or noBroadcast)
}

// fill adds the requests of the lanes of mask, each lane asking for n words
// from Addr/4. detail fills words and reqs for reports. With noBroadcast
// every lane request counts as its own word.
func (t *tally) fill(addr *[32]uint32, mask uint32, n uint32, noBroadcast, detail bool) {
	// Keys are the lanes' first words rotated right by 5: the bank lands in
	// the top 5 bits, so sorting groups by bank. When all first words are
	// n-aligned, two lanes' n-word groups are equal or disjoint and share
	// their n banks, so the first words stand for all.
	var ks [32]uint32
	k, misaligned := 0, uint32(0)
	for m := mask; m != 0; m &= m - 1 {
		w := addr[bits.TrailingZeros32(m)&31] >> 2
		ks[k] = bits.RotateLeft32(w, -5)
		k++
		misaligned |= w & (n - 1)
	}
	if detail || noBroadcast {
		for _, key := range ks[:k] {
			for j := uint32(0); j < n; j++ {
				t.reqs[(key>>27+j)&(NumBanks-1)]++
			}
		}
	}
	switch {
	case noBroadcast:
		t.words = t.reqs
		for _, c := range t.words {
			t.max = max(t.max, int(c))
		}
	case misaligned != 0:
		t.fillMisaligned(ks[:k], n)
	default:
		t.countRuns(ks[:k], n, detail)
	}
}

// countRuns sorts the keys and counts the distinct keys per bank.
func (t *tally) countRuns(ks []uint32, n uint32, detail bool) {
	sortWords(ks)
	run := 0
	for i, key := range ks {
		if i > 0 && key == ks[i-1] {
			continue // broadcast
		}
		if i > 0 && key>>27 == ks[i-1]>>27 {
			run++
		} else {
			run = 1
		}
		t.max = max(t.max, run)
		if detail {
			for j := uint32(0); j < n; j++ {
				t.words[(key>>27+j)&(NumBanks-1)] = uint8(run)
			}
		}
	}
}

// fillMisaligned is fill's general case (accesses that fail Validate):
// every word of every lane, sorted and deduplicated.
func (t *tally) fillMisaligned(keys []uint32, n uint32) {
	var ws [maxWords]uint32
	k := 0
	for _, key := range keys {
		w := bits.RotateLeft32(key, 5)
		for j := uint32(0); j < n; j++ {
			ws[k] = w + j
			k++
		}
	}
	sortWords(ws[:k])
	for i, w := range ws[:k] {
		if i == 0 || w != ws[i-1] {
			b := w & (NumBanks - 1)
			t.words[b]++
			t.max = max(t.max, int(t.words[b]))
		}
	}
}

// maxWords is the most (lane, word) requests one pass can hold: 32 lanes
// x 4 words.
const maxWords = 32 * 4

// sortWords is an insertion sort: at most 128 elements, often nearly sorted
// (ascending lane addresses), so it beats a general sort here.
func sortWords(ws []uint32) {
	for i := 1; i < len(ws); i++ {
		v := ws[i]
		j := i
		for ; j > 0 && ws[j-1] > v; j-- {
			ws[j] = ws[j-1]
		}
		ws[j] = v
	}
}
