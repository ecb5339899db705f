package exec_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// spCase is one mma.sp form: the logical shape and the register counts.
type spCase struct {
	op         string
	k          int
	a, d       string
	na, nb, nc int
	sel        int
	chunk      int // logical K per metadata nibble
	lanes      int // metadata lanes per quad
}

// spSrc is mma.sp op with lanes' A, B, C and metadata registers loaded
// from in (one u32 each) and D stored to out.
func spSrc(sc spCase, nd int) string {
	n := sc.na + sc.nb + sc.nc + 1
	var b strings.Builder
	reg := func(base, k int) string {
		r := make([]string, k)
		for i := range r {
			r[i] = fmt.Sprintf("%%v%d", base+i)
		}
		return "{" + strings.Join(r, ", ") + "}"
	}
	fmt.Fprintf(&b, ".version 8.5\n.target sm_90a\n.address_size 64\n.visible .entry k(.param .u64 in, .param .u64 out)\n{\n")
	fmt.Fprintf(&b, "\t.reg .b32 %%r<4>;\n\t.reg .b64 %%rd<8>;\n\t.reg .b32 %%v<%d>;\n", n+nd)
	b.WriteString("\tld.param.u64 %rd1, [in];\n\tld.param.u64 %rd2, [out];\n\tmov.u32 %r1, %tid.x;\n")
	fmt.Fprintf(&b, "\tmul.wide.u32 %%rd3, %%r1, %d;\n\tadd.s64 %%rd4, %%rd1, %%rd3;\n", 4*n)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "\tld.global.b32 %%v%d, [%%rd4+%d];\n", i, 4*i)
	}
	fmt.Fprintf(&b, "\t%s %s, %s, %s, %s, %%v%d, %d;\n", sc.op, reg(n, nd), reg(0, sc.na), reg(sc.na, sc.nb), reg(sc.na+sc.nb, sc.nc), n-1, sc.sel)
	fmt.Fprintf(&b, "\tmul.wide.u32 %%rd5, %%r1, %d;\n\tadd.s64 %%rd6, %%rd2, %%rd5;\n", 4*nd)
	for i := 0; i < nd; i++ {
		fmt.Fprintf(&b, "\tst.global.b32 [%%rd6+%d], %%v%d;\n", 4*i, n+i)
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}

// TestMmaSparseIntegerExact runs s8 mma.sp forms on small values and
// compares with the exact product of the expanded A (PTX fragment tables
// for the compressed A; metadata as in mma_sparse.go).
func TestMmaSparseIntegerExact(t *testing.T) {
	for _, sc := range []spCase{
		{op: "mma.sp.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", k: 32, a: "s8", na: 2, nb: 2, nc: 4, sel: 1, chunk: 4, lanes: 2},
		{op: "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32", k: 64, a: "s8", na: 4, nb: 4, nc: 4, sel: 0, chunk: 4, lanes: 4},
	} {
		t.Run(sc.op, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(sc.k), 9))
			kc := sc.k / 2
			A := make([][]int64, 16) // dense, 2:4
			comp := make([][]int64, 16)
			meta := make([][]uint32, 16) // nibble per chunk
			for i := range A {
				A[i], comp[i] = make([]int64, sc.k), make([]int64, kc)
				for c := 0; c < sc.k/4; c++ {
					i0 := r.IntN(3)
					i1 := i0 + 1 + r.IntN(3-i0)
					meta[i] = append(meta[i], uint32(i0|i1<<2))
					v0, v1 := int64(r.IntN(256)-128), int64(r.IntN(256)-128)
					A[i][4*c+i0], A[i][4*c+i1] = v0, v1
					comp[i][2*c], comp[i][2*c+1] = v0, v1
				}
			}
			B := make([][]int64, sc.k)
			for i := range B {
				B[i] = make([]int64, 8)
				for j := range B[i] {
					B[i][j] = int64(r.IntN(256) - 128)
				}
			}
			n := sc.na + sc.nb + sc.nc + 1
			in := make([]uint64, 32*n)
			for l := 0; l < 32; l++ {
				g, tq := l/4, l%4
				for reg := 0; reg < sc.na; reg++ { // A: row g+8*(reg&1), col 4t+j+16*(reg>>1) of the compressed A
					for j := 0; j < 4; j++ {
						in[l*n+reg] |= uint64(uint8(comp[g+8*(reg&1)][4*tq+j+16*(reg>>1)])) << (8 * j)
					}
				}
				for reg := 0; reg < sc.nb; reg++ { // B: k = 4t+j+16*reg, col g
					for j := 0; j < 4; j++ {
						in[l*n+sc.na+reg] |= uint64(uint8(B[4*tq+j+16*reg][g])) << (8 * j)
					}
				}
				for i := 0; i < 4; i++ {
					in[l*n+sc.na+sc.nb+i] = uint64(uint32(int32(l*7 - 100 + i)))
				}
				in[l*n+n-1] = uint64(r.Uint32()) // noise where no metadata is read
			}
			// The integer metadata layouts measured on the H200 (sp_mma_s8).
			metaAt := func(row, c int) (lane, sh int) {
				g, h := row%8, row/8
				if sc.lanes == 2 {
					return 4*g + 2*sc.sel + h, 4 * c
				}
				return 4*g + h + 2*(c/8), 4 * (c % 8)
			}
			for row := 0; row < 16; row++ {
				for c := range meta[row] {
					lane, sh := metaAt(row, c)
					v := &in[lane*n+n-1]
					*v = *v&^(0xf<<sh) | uint64(meta[row][c])<<sh
				}
			}
			out, err := runIO(t, spSrc(sc, 4), in, 4, 32*4, 1)
			require.NoError(t, err)
			for l := 0; l < 32; l++ {
				for i := 0; i < 4; i++ {
					row, col := l/4+8*(i>>1), 2*(l%4)+i&1
					want := int64(int32(uint32(in[l*n+sc.na+sc.nb+i])))
					for kk := 0; kk < sc.k; kk++ {
						want += A[row][kk] * B[kk][col]
					}
					assert.Equal(t, uint64(uint32(int32(want))), out[l*4+i], "lane %d d%d", l, i)
				}
			}
			// A selected nibble naming one element twice is undefined: an error.
			bad := append([]uint64(nil), in...)
			lane, sh := metaAt(3, 0)
			bad[lane*n+n-1] &^= 0xf << sh
			_, err = runIO(t, spSrc(sc, 4), bad, 4, 32*4, 1)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "undefined")
		})
	}
}

func TestMmaSparseSelectorChecked(t *testing.T) {
	sc := spCase{op: "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32", na: 4, nb: 4, nc: 4, sel: 2}
	_, err := runIO(t, spSrc(sc, 4), make([]uint64, 32*13), 4, 128, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "sparsity selector 2 is undefined")
}
