package smem

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Expected values are derived by hand in the comments (bank = addr/4 % 32).
func TestWavefronts(t *testing.T) {
	tests := []struct {
		name string
		a    *Access
		want Cost
	}{
		// 32-bit: one phase of 32 lanes, ideal 1.
		{"linear 32-bit: banks 0..31 once", access(OpLd, 4, allLanes, func(l uint32) uint32 { return 4 * l }), Cost{1, 1, 1}},
		{"stride 2 words: lanes l and l+16 share bank 2l%32", access(OpLd, 4, allLanes, func(l uint32) uint32 { return 8 * l }), Cost{2, 1, 2}},
		{"stride 32 words: all in bank 0", access(OpLd, 4, allLanes, func(l uint32) uint32 { return 128 * l }), Cost{32, 1, 32}},
		{"all lanes same word: broadcast", access(OpLd, 4, allLanes, func(uint32) uint32 { return 0x40 }), Cost{1, 1, 1}},
		{"same word different bytes (u8)", access(OpSt, 1, allLanes, func(l uint32) uint32 { return 0x40 + l%4 }), Cost{1, 1, 1}},
		{"bytes consecutive: 8 words, 8 banks", access(OpSt, 1, allLanes, func(l uint32) uint32 { return l }), Cost{1, 1, 1}},
		{"u16 consecutive", access(OpLd, 2, allLanes, func(l uint32) uint32 { return 2 * l }), Cost{1, 1, 1}},
		{"u8 stride 128: bank 0, 32 words", access(OpLd, 1, allLanes, func(l uint32) uint32 { return 128 * l }), Cost{32, 1, 32}},
		{"two words per bank, rest broadcast", access(OpLd, 4, allLanes, func(l uint32) uint32 { return 128 * (l % 2) }), Cost{2, 1, 2}},
		// 32x32 float tile, lane l reads row l, column 5.
		{"column of unpadded 32x32 f32 tile: bank 5 x32", access(OpLd, 4, allLanes, func(l uint32) uint32 { return 128*l + 4*5 }), Cost{32, 1, 32}},
		{"column of padded 32x33 tile: bank (l+5)%32", access(OpLd, 4, allLanes, func(l uint32) uint32 { return 132*l + 4*5 }), Cost{1, 1, 1}},

		// 64-bit: half-warps of 16 lanes x 2 words, ideal 2.
		{"64-bit contiguous: each half 128 B", access(OpLd, 8, allLanes, func(l uint32) uint32 { return 8 * l }), Cost{2, 2, 1}},
		{"64-bit stride 2: lanes l, l+8 of a half share banks", access(OpLd, 8, allLanes, func(l uint32) uint32 { return 16 * l }), Cost{4, 2, 2}},
		{"64-bit halves read the same 128 B", access(OpLd, 8, allLanes, func(l uint32) uint32 { return 8 * (l % 16) }), Cost{2, 2, 1}},
		{"64-bit each half twice over 16 banks", access(OpLd, 8, allLanes, sameSixteenBanks), Cost{4, 2, 2}},
		{"64-bit all lanes same 8 B", access(OpLd, 8, allLanes, func(uint32) uint32 { return 8 }), Cost{2, 2, 1}},

		// 128-bit: quarter-warps of 8 lanes x 4 words, ideal 4.
		{"128-bit contiguous: each quarter 128 B", access(OpLd, 16, allLanes, func(l uint32) uint32 { return 16 * l }), Cost{4, 4, 1}},
		{"128-bit all lanes same 16 B: one per quarter", access(OpLd, 16, allLanes, func(uint32) uint32 { return 0x100 }), Cost{4, 4, 1}},
		{"128-bit stride 128 B: 8-way per quarter", access(OpSt, 16, allLanes, func(l uint32) uint32 { return 128 * l }), Cost{32, 4, 8}},
		{"128-bit stride 32 B: 2-way per quarter", access(OpLd, 16, allLanes, func(l uint32) uint32 { return 32 * l }), Cost{8, 4, 2}},
		{"128-bit lane pairs share 16 B", access(OpLd, 16, allLanes, func(l uint32) uint32 { return 16 * (l >> 1) }), Cost{4, 4, 1}},

		// ldmatrix/stmatrix: one phase per matrix, ideal = matrices.
		// 64x64 f16 tile, 128-B rows: unswizzled, the 8 rows of a matrix sit in
		// the same 16-B bank group (8 words per bank): 8 per matrix.
		{"ldsm x4 unswizzled 128-B rows", ldsm(4, allLanes, ldsmRowAddr(SwizzleNone, 0, 0)), Cost{32, 4, 8}},
		{"ldsm x4 unswizzled, k chunk 3, rows 16..31", ldsm(4, allLanes, ldsmRowAddr(SwizzleNone, 16, 3)), Cost{32, 4, 8}},
		// 128B swizzle: chunk c of row r at c^(r%8): 8 distinct groups.
		{"ldsm x4 128B-swizzled", ldsm(4, allLanes, ldsmRowAddr(Swizzle128B, 0, 0)), Cost{4, 4, 1}},
		{"ldsm x4 128B-swizzled, k chunk 3, rows 16..31", ldsm(4, allLanes, ldsmRowAddr(Swizzle128B, 16, 3)), Cost{4, 4, 1}},
		// 64B swizzle on 128-B rows: chunk ^= line&3, rows r and r+4 collide: 2-way.
		{"ldsm x4 64B-swizzled 128-B rows", ldsm(4, allLanes, ldsmRowAddr(Swizzle64B, 0, 0)), Cost{8, 4, 2}},
		{"stsm x2 unswizzled", &Access{Kind: OpStsm, Active: allLanes, Matrices: 2, Addr: addrs(ldsmRowAddr(SwizzleNone, 0, 0))}, Cost{16, 2, 8}},
		{"ldsm x1 ignores lanes 8..31", ldsm(1, allLanes, func(l uint32) uint32 {
			if l < 8 {
				return 16 * l // rows in 8 distinct groups
			}
			return 128 * l // garbage that would conflict
		}), Cost{1, 1, 1}},
		{"ldsm x4 all rows same address", ldsm(4, allLanes, func(uint32) uint32 { return 0x200 }), Cost{4, 4, 1}},

		// Other kinds follow the width rule.
		{"atom 32-bit same word", access(OpAtom, 4, allLanes, func(uint32) uint32 { return 0 }), Cost{1, 1, 1}},
		{"atom 32-bit stride 32 words", access(OpAtom, 4, allLanes, func(l uint32) uint32 { return 128 * l }), Cost{32, 1, 32}},
		{"cp.async 16 B contiguous", access(OpLdgsts, 16, allLanes, func(l uint32) uint32 { return 16 * l }), Cost{4, 4, 1}},
		{"cp.async 4 B stride 32 words", access(OpLdgsts, 4, allLanes, func(l uint32) uint32 { return 128 * l }), Cost{32, 1, 32}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Wavefronts(tt.a))
			assert.NoError(t, tt.a.Validate())
		})
	}
}

// sameSixteenBanks: in each half-warp, lanes 0-7 and 8-15 cover the same 16
// banks with different words (half 0: banks 0-15, half 1: banks 16-31).
func sameSixteenBanks(l uint32) uint32 {
	half, i := l/16, l%16
	return 64*half + 128*(i/8) + 8*(i%8)
}

func TestWavefrontsPartialMasks(t *testing.T) {
	tests := []struct {
		name      string
		a         *Access
		want      Cost
		conflicts int
	}{
		{"no active lane", access(OpLd, 4, 0, func(l uint32) uint32 { return 128 * l }), Cost{0, 0, 0}, 0},
		{"no active lane 128-bit", access(OpLd, 16, 0, func(l uint32) uint32 { return 16 * l }), Cost{0, 0, 0}, 0},
		{"stride 32 words, lanes 0 and 1", access(OpLd, 4, 0x3, func(l uint32) uint32 { return 128 * l }), Cost{2, 1, 2}, 1},
		{"stride 32 words, lanes 0 and 31", access(OpLd, 4, 0x80000001, func(l uint32) uint32 { return 128 * l }), Cost{2, 1, 2}, 1},
		{"stride 32 words, even lanes", access(OpLd, 4, 0x55555555, func(l uint32) uint32 { return 128 * l }), Cost{16, 1, 16}, 15},
		{"inactive lanes' garbage ignored", access(OpLd, 4, 0x0000ffff, func(l uint32) uint32 {
			if l < 16 {
				return 4 * l
			}
			return 128 * l
		}), Cost{1, 1, 1}, 0},
		// One half-warp active: 1 wavefront issued, ideal stays 2.
		{"64-bit lanes 0-3", access(OpLd, 8, 0xf, func(l uint32) uint32 { return 8 * l }), Cost{1, 2, 1}, 0},
		{"64-bit upper half only", access(OpLd, 8, 0xffff0000, func(l uint32) uint32 { return 8 * l }), Cost{1, 2, 1}, 0},
		{"64-bit lanes 0 and 8 stride 128 B: same half, 2-way", access(OpLd, 8, 0x101, func(l uint32) uint32 { return 128 * l }), Cost{2, 2, 2}, 0},
		{"64-bit lanes 0 and 16 stride 128 B: two halves", access(OpLd, 8, 0x10001, func(l uint32) uint32 { return 128 * l }), Cost{2, 2, 1}, 0},
		{"128-bit lanes 0 and 8", access(OpLd, 16, 0x101, func(l uint32) uint32 { return 16 * l }), Cost{2, 4, 1}, 0},
		{"128-bit lanes 0-7 stride 128 B", access(OpLd, 16, 0xff, func(l uint32) uint32 { return 128 * l }), Cost{8, 4, 8}, 4},
		{"ldsm x4 rows of matrix 2 only", ldsm(4, 0x00ff0000, ldsmRowAddr(SwizzleNone, 0, 0)), Cost{8, 4, 8}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Wavefronts(tt.a)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.conflicts, got.Conflicts())
		})
	}
}

func TestWavefrontsInvalidAccessDoesNotPanic(t *testing.T) {
	weird := []*Access{
		{Kind: OpLd, Width: 0, Active: allLanes},
		{Kind: OpLd, Width: 3, Active: allLanes},
		{Kind: OpLd, Width: 32, Active: allLanes},
		{Kind: OpKind(200), Width: 4, Active: allLanes},
		{Kind: OpLdsm, Matrices: 0, Active: allLanes},
		{Kind: OpLdsm, Matrices: 3, Active: allLanes},
		access(OpLd, 16, allLanes, func(l uint32) uint32 { return 0xfffffffc - 4*l }), // wraps banks
	}
	for _, a := range weird {
		assert.NotPanics(t, func() { Wavefronts(a); Phases(a) })
	}
	// Invalid matrix counts map to the nearest legal count.
	assert.Equal(t, 1, Wavefronts(&Access{Kind: OpLdsm, Matrices: 0, Active: allLanes}).Ideal)
	assert.Equal(t, 4, Wavefronts(&Access{Kind: OpLdsm, Matrices: 3, Active: allLanes}).Ideal)
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		a    *Access
		err  string
	}{
		{"ok", access(OpLd, 8, allLanes, func(l uint32) uint32 { return 8 * l }), ""},
		{"bad kind", &Access{Kind: NumOps, Width: 4}, "unknown op kind"},
		{"bad width", &Access{Kind: OpSt, Width: 12}, "width 12"},
		{"bad matrices", &Access{Kind: OpLdsm, Matrices: 3}, "3 matrices"},
		{"misaligned 64-bit", access(OpLd, 8, allLanes, func(l uint32) uint32 { return 4 * l }), "lane 1 address 0x4 not aligned to 8"},
		{"misaligned inactive lane ignored", access(OpLd, 8, 0x55555555, func(l uint32) uint32 { return 4 * l }), ""},
		{"ldsm row misaligned", ldsm(2, allLanes, func(l uint32) uint32 { return 8 * l }), "lane 1 address 0x8 not aligned to 16"},
		{"ldsm x1 ignores lanes 8+", ldsm(1, allLanes, func(l uint32) uint32 {
			if l < 8 {
				return 16 * l
			}
			return 1
		}), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.a.Validate()
			if tt.err == "" {
				assert.NoError(t, err)
			} else {
				assert.ErrorContains(t, err, tt.err)
			}
		})
	}
}

func TestBankOf(t *testing.T) {
	assert.Equal(t, 0, BankOf(0))
	assert.Equal(t, 0, BankOf(3))
	assert.Equal(t, 1, BankOf(4))
	assert.Equal(t, 31, BankOf(124))
	assert.Equal(t, 0, BankOf(128))
	assert.Equal(t, 5, BankOf(0x400+20))
}

// cp.async.cg: wavefronts by the bank model, conflicts never counted
// (H200 ncu, doc.go).
func TestLdgstsBypassHasNoConflicts(t *testing.T) {
	a := access(OpLdgsts, 16, allLanes, func(l uint32) uint32 { return 128 * l })
	c := Wavefronts(a)
	assert.Equal(t, Cost{Wavefronts: 32, Ideal: 4, MaxWay: 8}, c)
	a.Bypass = true
	c = Wavefronts(a)
	assert.Equal(t, Cost{Wavefronts: 32, Ideal: 32, MaxWay: 8}, c)
	assert.Equal(t, 0, c.Conflicts())
	a.Kind = OpSt // Bypass means nothing elsewhere
	assert.Equal(t, 4, Wavefronts(a).Ideal)
}
