package exec_test

import (
	"encoding/binary"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/smem"
)

// runCounted runs src (one .entry, one u64 out parameter of n words) and
// returns the shared-memory counters and the kernel's per-line sites.
func runCounted(t *testing.T, src string, block [3]int, n int) (*smem.Counters, []exec.SiteStat, error) {
	t.Helper()
	p, err := ptx.Load("test.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	seg := g.Alloc("out", 4*n)
	params := make([]byte, 8)
	binary.LittleEndian.PutUint64(params, seg.Base)
	c := &smem.Counters{}
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: block, Params: params, Global: g, Counters: c}
	_, err = gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	return c, l.SmemSites(), err
}

// matrixKernel runs op (an ldmatrix with 4 destination registers or an
// stmatrix with 4 sources) with lane l's row address = buf + l*stride.
func matrixKernel(op string, load bool, stride int, guard string) string {
	ins := op + " {%r4,%r5,%r6,%r7}, [%r3];"
	if !load {
		ins = op + " [%r3], {%r4,%r5,%r6,%r7};"
	}
	return header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.shared .align 1024 .b8 buf[8192];
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 5;
	mov.u32 %r2, buf;
	mul.lo.u32 %r3, %r1, ` + strconv.Itoa(stride) + `;
	add.u32 %r3, %r3, %r2;
	` + guard + ins + `
	ret;
}
`
}

func TestLdmatrixCounters(t *testing.T) {
	for _, tc := range []struct {
		name      string
		op        string
		load      bool
		stride    int
		wave, way int
	}{
		{"ldsm rows 16B apart", "ldmatrix.sync.aligned.m8n8.x4.shared.b16", true, 16, 4, 1},
		{"ldsm rows 128B apart", "ldmatrix.sync.aligned.m8n8.x4.shared.b16", true, 128, 32, 8},
		{"ldsm rows 64B apart", "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", true, 64, 16, 4},
		{"stsm rows 128B apart", "stmatrix.sync.aligned.m8n8.x4.shared.b16", false, 128, 32, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, sites, err := runCounted(t, matrixKernel(tc.op, tc.load, tc.stride, ""), [3]int{32, 1, 1}, 1)
			require.NoError(t, err)
			kind := smem.OpStsm
			if tc.load {
				kind = smem.OpLdsm
			}
			o := c.ByOp[kind]
			assert.Equal(t, uint64(1), o.Instructions)
			assert.Equal(t, uint64(tc.wave), o.Wavefronts)
			assert.Equal(t, uint64(4), o.Ideal)
			require.Len(t, sites, 1)
			assert.Equal(t, kind, sites[0].Kind)
			assert.Equal(t, uint64(tc.wave), sites[0].Wavefronts)
			assert.Equal(t, uint64(tc.wave-4), sites[0].Conflicts)
			assert.Equal(t, tc.way, sites[0].MaxWay)
		})
	}
}

func TestLdmatrixFaults(t *testing.T) {
	ld := "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
	for _, tc := range []struct {
		name string
		src  string
		msg  string
	}{
		{"misaligned row", matrixKernel(ld, true, 8, ""), "not 16-byte aligned"},
		{"guarded-off address lane", matrixKernel(ld, true, 16, "@%p1 "), "lane 5 gives the address"},
		{"guarded-off stmatrix lane", matrixKernel("stmatrix.sync.aligned.m8n8.x4.shared.b16", false, 16, "@%p1 "), "lane 5"},
		{"out of bounds", matrixKernel(ld, true, 1024, ""), "out-of-bounds shared"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := runCounted(t, tc.src, [3]int{32, 1, 1}, 1)
			var f *exec.Fault
			require.ErrorAs(t, err, &f)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
	// a 16-thread block has no lanes 16-31 to give matrices 2 and 3
	_, _, err := runCounted(t, matrixKernel(ld, true, 16, ""), [3]int{16, 1, 1}, 1)
	assert.ErrorContains(t, err, "lane 16 gives the address of row 0 of matrix 2 but is not running")
}

func TestMatrixUnsupportedForms(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<8>;
	ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%r1,%r2}, [%r3];
	ret;
}
`
	p, err := ptx.Load("test.ptx", []byte(src))
	if err != nil {
		return // the front end already refuses it
	}
	_, err = exec.Compile(p, "k", exec.DefaultLayout())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "m8n8")
}
