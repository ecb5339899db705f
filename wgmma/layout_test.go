package wgmma

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDescriptorDecode(t *testing.T) {
	// hopper_gemm.ptx: or.b64 %rd6, %rd5, 4611686293305294848 (K-major SW128)
	d := Decode(4611686293305294848 | 0x0123)
	assert.Equal(t, Descriptor{Start: 0x1230, SBO: 1024, Swizzle: Swizzle128B}, d)
	assert.Equal(t, uint64(4611686293305294848|0x0123), d.Encode())
	for _, x := range []Descriptor{
		{Start: 0x3fff0, LBO: 256, SBO: 128, Swizzle: SwizzleNone},
		{Start: 0x400, LBO: 512, SBO: 1024, BaseOffset: 5, Swizzle: Swizzle64B},
		{Start: 0x20, LBO: 16, SBO: 256, Swizzle: Swizzle32B},
	} {
		assert.Equal(t, x, Decode(x.Encode()), "%v", x)
	}
	assert.Equal(t, []int{16, 128, 64, 32}, []int{SwizzleNone.Span(), Swizzle128B.Span(), Swizzle64B.Span(), Swizzle32B.Span()})
}

func TestDescriptorAddresses(t *testing.T) {
	// K-major, no swizzle: core matrices of 8 rows x 16 B; LBO steps K,
	// SBO steps 8-row groups.
	d := Descriptor{Start: 0x1000, LBO: 128, SBO: 256}
	assert.Equal(t, uint32(0x1000+16+256+2+128), d.AddrK(9, 18))
	// K-major SW128 (1024-aligned atom): row r of 128 B, chunk c lands at
	// chunk c^(r%8).
	d = Descriptor{Start: 0x2000, LBO: 16, SBO: 1024, Swizzle: Swizzle128B}
	for r := 0; r < 16; r++ {
		for c := 0; c < 2; c++ {
			want := 0x2000 + uint32(r/8*1024+r%8*128+((c^(r%8))*16))
			assert.Equal(t, want, d.AddrK(r, 16*c), "row %d chunk %d", r, c)
		}
	}
	// CUTLASS steps K by adding 32 B to the start; the XOR acts on the
	// final address.
	d2 := d
	d2.Start += 32
	assert.Equal(t, uint32(0x2000+3*128+((2^3)*16)), d2.AddrK(3, 0))
	// K-major SW64 and SW32: lines of 64/32 B, XOR from address bits 7+.
	d = Descriptor{Start: 0, SBO: 512, Swizzle: Swizzle64B}
	assert.Equal(t, uint32(3*64)^(1<<4), d.AddrK(3, 0)) // line 1 (bytes 128..255)
	d = Descriptor{Start: 0, SBO: 256, Swizzle: Swizzle32B}
	assert.Equal(t, uint32(5*32+16)^(1<<4), d.AddrK(5, 16))
	// MN-major, no swizzle (PTX example bf16: LBO 256, SBO 128).
	d = Descriptor{LBO: 256, SBO: 128}
	assert.Equal(t, uint32(0), d.AddrMN(0, 0, 2))
	assert.Equal(t, uint32(128), d.AddrMN(8, 0, 2))
	assert.Equal(t, uint32(256), d.AddrMN(0, 8, 2))
	assert.Equal(t, uint32(3*16+2*2), d.AddrMN(2, 3, 2))
	// MN-major SW64 (PTX example bf16: LBO 512, SBO 1024): 64-B MN lines.
	d = Descriptor{LBO: 512, SBO: 1024, Swizzle: Swizzle64B}
	assert.Equal(t, uint32(2*64+10*2)^(1<<4), d.AddrMN(10, 2, 2))
	assert.Equal(t, uint32(512), d.AddrMN(32, 0, 2))
	assert.Equal(t, uint32(1024), d.AddrMN(0, 8, 2))
	// Base offset: subtracted from address bits 7-9 before the XOR.
	d = Descriptor{Start: 0x80, SBO: 1024, BaseOffset: 1, Swizzle: Swizzle128B}
	assert.Equal(t, uint32(0x80), d.AddrK(0, 0))
	assert.Equal(t, uint32(0x80+128+16), d.AddrK(1, 0))
}

func TestAccumulatorFragmentCoversTile(t *testing.T) {
	for _, n := range []int{8, 16, 24, 128, 256} {
		seen := make([]int, M*n)
		for th := 0; th < 128; th++ {
			for i := 0; i < AccElems(n); i++ {
				r, c := AccPos(th, i)
				require.True(t, r < M && c < n, "n%d t%d i%d -> (%d,%d)", n, th, i, r, c)
				seen[r*n+c]++
			}
		}
		for i, s := range seen {
			require.Equal(t, 1, s, "n%d element %d", n, i)
		}
	}
	// Spot values from ptx-facts §1.4: thread 37 (warp 1, lane 5).
	r, c := AccPos(37, 6)
	assert.Equal(t, [2]int{16 + 1 + 8, 8 + 2}, [2]int{r, c})
}

func TestAFragmentCoversTile(t *testing.T) {
	for _, ty := range []Type{F16, BF16, TF32, E4M3, E5M2, S8, U8, B1} {
		k := KFor(ty)
		seen := make([]int, M*k)
		for th := 0; th < 128; th++ {
			for i := 0; i < AElems(ty); i++ {
				r, kk := APos(ty, th, i)
				require.True(t, r < M && kk < k, "%s t%d i%d -> (%d,%d)", ty, th, i, r, kk)
				seen[r*k+kk]++
			}
		}
		for i, s := range seen {
			require.Equal(t, 1, s, "%s element %d", ty, i)
		}
	}
}

func TestFormsAndShapes(t *testing.T) {
	assert.NoError(t, Form{D: F32, A: F16, B: F16, N: 8}.Check())
	assert.NoError(t, Form{D: F16, A: E4M3, B: E5M2, N: 200}.Check())
	assert.NoError(t, Form{D: S32, A: U8, B: S8, N: 240}.Check())
	assert.Error(t, Form{D: S32, A: S8, B: S8, N: 40}.Check())
	assert.Error(t, Form{D: F16, A: BF16, B: BF16, N: 8}.Check())
	assert.Error(t, Form{D: F32, A: F16, B: F16, N: 264}.Check())
	assert.Equal(t, 128, Form{D: F32, A: BF16, B: BF16, N: 256}.DRegs())
	assert.Equal(t, 64, Form{D: F16, A: F16, B: F16, N: 256}.DRegs())
	assert.Equal(t, Shape{N: 64, K: 8}, Form{D: F32, A: TF32, B: TF32, N: 64}.Shape())
	n := 0
	for v := 8; v <= 256; v += 8 {
		if ValidN(S8, v) {
			n++
		}
	}
	assert.Equal(t, 4+14, n) // 8..32 step 8, 48..256 step 16
}

// UnpackA is APos applied to every fragment element, for every type, and
// inverts packA (the fragment of a random operand).
func TestUnpackA(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, ty := range []Type{F16, BF16, TF32, E4M3, E5M2, S8, U8, B1} {
		var regs [128][ARegs]uint32
		for i := range regs {
			for r := range regs[i] {
				regs[i][r] = rng.Uint32()
			}
		}
		f := Form{A: ty}
		want, got := make([]uint32, f.ALen()), make([]uint32, f.ALen())
		unpackARef(ty, &regs, want)
		UnpackA(ty, &regs, got)
		require.Equal(t, want, got, "%v", ty)
		var back [128][ARegs]uint32
		packA(ty, got, &back)
		require.Equal(t, regs, back, "%v", ty)
	}
}
