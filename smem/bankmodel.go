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

// cost evaluates a under model m.
func (m model) cost(a *Access) Cost {
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
	if !noBroadcast {
		if ok := conflictFree(addr, mask, n); ok {
			return 1
		}
	}
	var t tally
	t.fill(addr, mask, n, noBroadcast)
	return t.max()
}

// conflictFree is the fast path: true when no bank is asked for two
// different words (broadcasts allowed). Most accesses of tuned kernels end
// here without touching the slower tally.
func conflictFree(addr *[32]uint32, mask uint32, n uint32) bool {
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

// maxWords is the most (lane, word) requests one pass can hold: 32 lanes
// x 4 words.
const maxWords = 32 * 4

// tally counts, per bank, the distinct words (and lane requests) of one pass,
// with per-bank chains of distinct words in fixed arrays (no maps, no
// allocation).
type tally struct {
	head  [NumBanks]uint8 // 1 + index of the first word of the bank's chain; 0 = empty
	next  [maxWords]uint8 // 1 + index of the next word in the same bank; 0 = end
	word  [maxWords]uint32
	n     int
	words [NumBanks]uint8 // distinct words per bank
	reqs  [NumBanks]uint8 // lane requests per bank (broadcasts counted)
}

// fill adds the requests of the lanes of mask. With noBroadcast every lane
// request counts as its own word.
func (t *tally) fill(addr *[32]uint32, mask uint32, n uint32, noBroadcast bool) {
	for m := mask; m != 0; m &= m - 1 {
		w := addr[bits.TrailingZeros32(m)&31] >> 2
		for k := uint32(0); k < n; k++ {
			t.add(w+k, noBroadcast)
		}
	}
}

// add records one request for word w.
func (t *tally) add(w uint32, noBroadcast bool) {
	b := w & (NumBanks - 1)
	t.reqs[b]++
	if noBroadcast {
		t.words[b]++
		return
	}
	for i := t.head[b]; i != 0; i = t.next[i-1] {
		if t.word[i-1] == w {
			return
		}
	}
	if t.n >= maxWords {
		panic("smem: tally overflow (more than 128 words in one pass)")
	}
	t.word[t.n] = w
	t.next[t.n] = t.head[b]
	t.n++
	t.head[b] = uint8(t.n)
	t.words[b]++
}

// max is the pass cost: the largest per-bank word count.
func (t *tally) max() int {
	m := uint8(0)
	for _, c := range t.words {
		m = max(m, c)
	}
	return int(m)
}
