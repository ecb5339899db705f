package smem

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The same accesses under every unconfirmed alternative, so that ncu
// recordings can pick the model: where the recorded wavefronts/ideal match a
// column, that column's choice is the right one.
func TestModelAlternatives(t *testing.T) {
	grouped := defaultModel()
	grouped.wide8, grouped.wide16, grouped.matrix = groupedPhases, groupedPhases, groupedPhases
	activeIdeal := defaultModel()
	activeIdeal.ideal = idealActivePhases
	atomSerial := defaultModel()
	atomSerial.atomNoBroadcast = true

	tests := []struct {
		name                        string
		a                           *Access
		def, grp, actIdeal, atomSer Cost
	}{
		{"64-bit contiguous", access(OpLd, 8, allLanes, func(l uint32) uint32 { return 8 * l }),
			Cost{2, 2, 1}, Cost{2, 2, 2}, Cost{2, 2, 1}, Cost{2, 2, 1}},
		// Halves read the same 128 B: per half 1; grouped, one pass serves all.
		{"64-bit halves share addresses", access(OpLd, 8, allLanes, func(l uint32) uint32 { return 8 * (l % 16) }),
			Cost{2, 2, 1}, Cost{1, 2, 1}, Cost{2, 2, 1}, Cost{2, 2, 1}},
		// Each half uses 16 banks twice: per half 2 (total 4); grouped, every
		// bank holds 2 distinct words of the 256 B: 2.
		{"64-bit halves on the same 16 banks", access(OpLd, 8, allLanes, sameSixteenBanks),
			Cost{4, 2, 2}, Cost{2, 2, 2}, Cost{4, 2, 2}, Cost{4, 2, 2}},
		{"64-bit stride 2", access(OpLd, 8, allLanes, func(l uint32) uint32 { return 16 * l }),
			Cost{4, 2, 2}, Cost{4, 2, 4}, Cost{4, 2, 2}, Cost{4, 2, 2}},
		// cc 7.x uniform-address case: lanes n, n^1 share 16 B; 16 chunks =
		// 256 B = 2 words per bank when grouped.
		{"128-bit lane pairs share 16 B", access(OpLd, 16, allLanes, func(l uint32) uint32 { return 16 * (l >> 1) }),
			Cost{4, 4, 1}, Cost{2, 4, 2}, Cost{4, 4, 1}, Cost{4, 4, 1}},
		{"128-bit all same 16 B", access(OpLd, 16, allLanes, func(uint32) uint32 { return 0 }),
			Cost{4, 4, 1}, Cost{1, 4, 1}, Cost{4, 4, 1}, Cost{4, 4, 1}},
		// Lane 0 at 0 and lane 8 at 128: both on banks 0-3, different quarters.
		{"128-bit lanes 0 and 8", access(OpLd, 16, 0x101, func(l uint32) uint32 { return 16 * l }),
			Cost{2, 4, 1}, Cost{2, 4, 2}, Cost{2, 2, 1}, Cost{2, 4, 1}},
		{"64-bit lanes 0-3", access(OpLd, 8, 0xf, func(l uint32) uint32 { return 8 * l }),
			Cost{1, 2, 1}, Cost{1, 2, 1}, Cost{1, 1, 1}, Cost{1, 2, 1}},
		{"32-bit partial mask: ideal 1 either way", access(OpLd, 4, 0x3, func(l uint32) uint32 { return 4 * l }),
			Cost{1, 1, 1}, Cost{1, 1, 1}, Cost{1, 1, 1}, Cost{1, 1, 1}},
		// ldsm x4 unswizzled: matrices 0,1 use chunk 0 (16 rows), 2,3 chunk 1.
		{"ldsm x4 unswizzled", ldsm(4, allLanes, ldsmRowAddr(SwizzleNone, 0, 0)),
			Cost{32, 4, 8}, Cost{16, 4, 16}, Cost{32, 4, 8}, Cost{32, 4, 8}},
		// 128B-swizzled: 32 rows x 16 B = 512 B over all banks, 4 words each.
		{"ldsm x4 128B-swizzled", ldsm(4, allLanes, ldsmRowAddr(Swizzle128B, 0, 0)),
			Cost{4, 4, 1}, Cost{4, 4, 4}, Cost{4, 4, 1}, Cost{4, 4, 1}},
		{"ldsm x2 with only matrix 0's lanes active", ldsm(2, 0xff, ldsmRowAddr(Swizzle128B, 0, 0)),
			Cost{1, 2, 1}, Cost{1, 2, 1}, Cost{1, 1, 1}, Cost{1, 2, 1}},
		// Atomics on one word: broadcast-merged by default, 32 serialized otherwise.
		{"atom all lanes same word", access(OpAtom, 4, allLanes, func(uint32) uint32 { return 0x10 }),
			Cost{1, 1, 1}, Cost{1, 1, 1}, Cost{1, 1, 1}, Cost{32, 1, 32}},
		{"atom linear", access(OpAtom, 4, allLanes, func(l uint32) uint32 { return 4 * l }),
			Cost{1, 1, 1}, Cost{1, 1, 1}, Cost{1, 1, 1}, Cost{1, 1, 1}},
		{"atom 64-bit same 8 B: per half 16 requests per bank", access(OpAtom, 8, allLanes, func(uint32) uint32 { return 0 }),
			Cost{2, 2, 1}, Cost{1, 2, 1}, Cost{2, 2, 1}, Cost{32, 2, 16}},
		{"ld same word is not an atom", access(OpLd, 4, allLanes, func(uint32) uint32 { return 0x10 }),
			Cost{1, 1, 1}, Cost{1, 1, 1}, Cost{1, 1, 1}, Cost{1, 1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.def, defaultModel().cost(tt.a), "default")
			assert.Equal(t, tt.def, Wavefronts(tt.a), "Wavefronts uses the default model")
			assert.Equal(t, tt.grp, grouped.cost(tt.a), "grouped phases")
			assert.Equal(t, tt.actIdeal, activeIdeal.cost(tt.a), "ideal = active phases")
			assert.Equal(t, tt.atomSer, atomSerial.cost(tt.a), "atom without broadcast")
		})
	}
}

func TestActivePhases(t *testing.T) {
	assert.Equal(t, 1, activePhases(0x1, 32))
	assert.Equal(t, 2, activePhases(0x00010001, 16))
	assert.Equal(t, 1, activePhases(0x0000ffff, 16))
	assert.Equal(t, 4, activePhases(0x01010101, 8))
	assert.Equal(t, 3, activePhases(0x01010100, 8))
	assert.Equal(t, 0, activePhases(0, 8))
	assert.Equal(t, uint32(0xff000000), phaseMask(3, 8))
	assert.Equal(t, uint32(0xffff0000), phaseMask(1, 16))
}

// AtomSerialWavefronts: every lane request on one word is its own pass
// (ncu on an H200: 32 wavefronts per atom.shared.add.u32 of a full warp on
// one word, validation/microbench atom7_lane_*), distinct banks stay one
// pass, and two words in one bank by 16 lanes each are 16 + 16 requests
// of bank 0: 32.
func TestAtomSerialWavefronts(t *testing.T) {
	same := access(OpAtom, 4, allLanes, func(uint32) uint32 { return 64 })
	assert.Equal(t, 32, AtomSerialWavefronts(same).Wavefronts)
	assert.Equal(t, 1, Wavefronts(same).Wavefronts, "the default model broadcasts")
	distinct := access(OpAtom, 4, allLanes, func(l uint32) uint32 { return 4 * l })
	assert.Equal(t, 1, AtomSerialWavefronts(distinct).Wavefronts)
	half := access(OpAtom, 4, 0xffff, func(uint32) uint32 { return 0 })
	assert.Equal(t, 16, AtomSerialWavefronts(half).Wavefronts)
	twoWords := access(OpAtom, 4, allLanes, func(l uint32) uint32 { return 128 * (l & 1) })
	assert.Equal(t, 32, AtomSerialWavefronts(twoWords).Wavefronts)
}
