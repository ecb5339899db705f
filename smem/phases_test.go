package smem

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPhasesDetail(t *testing.T) {
	// Stride-2 words, 32-bit: one phase; even banks get 2 words and 2
	// requests each (lanes l and l+16), odd banks nothing.
	ps := Phases(access(OpLd, 4, allLanes, func(l uint32) uint32 { return 8 * l }))
	require.Len(t, ps, 1)
	assert.Equal(t, uint32(allLanes), ps[0].Lanes)
	assert.Equal(t, 2, ps[0].Wavefronts)
	for b := 0; b < NumBanks; b++ {
		want := 0
		if b%2 == 0 {
			want = 2
		}
		assert.Equal(t, want, ps[0].Words[b], "bank %d words", b)
		assert.Equal(t, want, ps[0].Requests[b], "bank %d requests", b)
	}

	// Broadcast: 32 requests, one word, in bank 16.
	ps = Phases(access(OpLd, 4, allLanes, func(uint32) uint32 { return 64 }))
	require.Len(t, ps, 1)
	assert.Equal(t, 1, ps[0].Words[16])
	assert.Equal(t, 32, ps[0].Requests[16])
	assert.Equal(t, 1, ps[0].Wavefronts)

	// 128-bit, lanes 0 and 8 active: two phases (quarters 0 and 1), the
	// empty quarters left out; each covers banks 0-3 once.
	ps = Phases(access(OpLd, 16, 0x101, func(l uint32) uint32 { return 16 * l }))
	require.Len(t, ps, 2)
	assert.Equal(t, uint32(0x1), ps[0].Lanes)
	assert.Equal(t, uint32(0x100), ps[1].Lanes)
	assert.Equal(t, [NumBanks]int{1, 1, 1, 1}, ps[1].Words)

	// ldsm x4 unswizzled: 4 phases of 8 rows; matrix 2 (chunk 1) loads
	// banks 4-7 with 8 words each.
	ps = Phases(ldsm(4, allLanes, ldsmRowAddr(SwizzleNone, 0, 0)))
	require.Len(t, ps, 4)
	assert.Equal(t, uint32(0x00ff0000), ps[2].Lanes)
	assert.Equal(t, [NumBanks]int{4: 8, 5: 8, 6: 8, 7: 8}, ps[2].Words)
	assert.Equal(t, 8, ps[2].Wavefronts)

	assert.Empty(t, Phases(&Access{Kind: OpLd, Width: 4}))

	buf := make([]Phase, 0, 8)
	buf = AppendPhases(buf, access(OpLd, 8, allLanes, func(l uint32) uint32 { return 8 * l }))
	assert.Len(t, buf, 2)
}

func TestBankHeat(t *testing.T) {
	var h BankHeat
	h.Add(Phases(access(OpLd, 4, allLanes, func(l uint32) uint32 { return 128 * l })))
	h.Add(Phases(access(OpLd, 4, allLanes, func(l uint32) uint32 { return 4 * l })))
	assert.Equal(t, uint64(33), h.Words[0])
	assert.Equal(t, uint64(33), h.Requests[0])
	assert.Equal(t, uint64(1), h.Words[1])
}

// randomAccess makes accesses with few distinct addresses so that
// broadcasts, conflicts and mixtures all occur.
func randomAccess(r *rand.Rand) *Access {
	kinds := []OpKind{OpLd, OpSt, OpLdsm, OpStsm, OpAtom, OpLdgsts}
	widths := []int{1, 2, 4, 8, 16}
	a := &Access{Kind: kinds[r.IntN(len(kinds))], Width: widths[r.IntN(len(widths))], Matrices: []int{1, 2, 4}[r.IntN(3)]}
	if r.IntN(4) == 0 {
		a.Active = r.Uint32()
	} else {
		a.Active = allLanes
	}
	size := uint32(a.Width)
	if a.Kind.IsMatrix() {
		size = 16
	}
	span := uint32(1) << (4 + r.IntN(10)) // 16 B .. 8 KiB of distinct places
	for l := range a.Addr {
		a.Addr[l] = (r.Uint32N(span) / size) * size
	}
	return a
}

// Properties that tie the fast path, the tally and Phases together.
func TestWavefrontsProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	models := []model{defaultModel(), {wide8: groupedPhases, wide16: groupedPhases, matrix: groupedPhases}, {ideal: idealActivePhases, atomNoBroadcast: true}}
	for i := 0; i < 20000; i++ {
		a := randomAccess(r)
		for _, m := range models {
			c := m.cost(a)
			ps := m.appendPhases(nil, a)
			sum, way := 0, 0
			for _, p := range ps {
				sum += p.Wavefronts
				way = max(way, p.Wavefronts)
				assert.NotZero(t, p.Lanes)
			}
			require.Equal(t, c.Wavefronts, sum, "phases sum, access %+v", a)
			require.Equal(t, c.MaxWay, way, "max way, access %+v", a)
			require.LessOrEqual(t, c.Wavefronts, 32*4)
			if c.Wavefronts > 0 {
				require.GreaterOrEqual(t, c.MaxWay, 1)
			}
		}
	}
}

// The fast path must agree with the tally on every pass.
func TestConflictFreeMatchesTally(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		a := randomAccess(r)
		mask := r.Uint32() | 1
		n := []uint32{1, 2, 4}[r.IntN(3)]
		var tl tally
		tl.fill(&a.Addr, mask, n, false, false)
		require.Equal(t, tl.max == 1, conflictFree(&a.Addr, mask, n), "mask %#x n %d addr %v", mask, n, a.Addr)
		require.Equal(t, tl.max, passCost(&a.Addr, mask, n, false))
	}
}

// refBanks is a slow, obviously correct reference: a set of words per bank,
// and the lane requests per bank.
func refBanks(addr *[32]uint32, mask uint32, n uint32) (words, reqs [NumBanks]int) {
	perBank := map[uint32]map[uint32]bool{}
	for l := 0; l < 32; l++ {
		if mask&(1<<l) == 0 {
			continue
		}
		for k := uint32(0); k < n; k++ {
			w := addr[l]>>2 + k
			if perBank[w%32] == nil {
				perBank[w%32] = map[uint32]bool{}
			}
			perBank[w%32][w] = true
			reqs[w%32]++
		}
	}
	for b, s := range perBank {
		words[b] = len(s)
	}
	return words, reqs
}

func maxOf(a [NumBanks]int) int {
	m := 0
	for _, v := range a {
		m = max(m, v)
	}
	return m
}

func TestPassCostMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20000; i++ {
		a := randomAccess(r)
		if i%2 == 0 { // misaligned addresses too
			for l := range a.Addr {
				a.Addr[l] += uint32(r.IntN(16))
			}
		}
		mask := r.Uint32() | 1<<r.IntN(32)
		n := []uint32{1, 2, 4}[r.IntN(3)]
		words, reqs := refBanks(&a.Addr, mask, n)
		require.Equal(t, maxOf(words), passCost(&a.Addr, mask, n, false), "mask %#x n %d addr %v", mask, n, a.Addr)
		require.Equal(t, maxOf(reqs), passCost(&a.Addr, mask, n, true), "noBroadcast mask %#x n %d addr %v", mask, n, a.Addr)
		ph := makePhase(&a.Addr, mask, n, false)
		require.Equal(t, words, ph.Words, "mask %#x n %d addr %v", mask, n, a.Addr)
		require.Equal(t, reqs, ph.Requests)
		require.Equal(t, maxOf(words), ph.Wavefronts)
	}
}
