package sm

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// recordedLowering compiles a recorded microbenchmark's PTX as the timed
// run does.
func recordedLowering(t *testing.T, dir, entry string) (*ptx.Function, *Lowering) {
	t.Helper()
	// kernel.ptx, kernel.ptx.gz or what kernel.ptx.link names
	src, err := gzfile.ReadFile(filepath.Join("..", "..", "validation", "microbench", dir, "kernel.ptx"))
	require.NoError(t, err)
	p, err := ptx.Load("kernel.ptx", src)
	require.NoError(t, err)
	k, err := exec.Compile(p, entry, exec.DefaultLayout())
	require.NoError(t, err)
	return p.Funcs[k.Infos()[0].Func], NewLowering(k)
}

// The wg11 chains' PTX (read by hand): N 64 recomputes the warpgroup's A
// descriptor base (tid.x / 128 * 8192 + the shared window, cvt to 64
// bits) at the top of every group and ors in each k slice's offset, so
// its four wgmmas share one non-uniform base defined in the loop; N 128
// (nvcc hoisted the four A descriptors) reads registers defined before
// the loop; RS reads only B, uniform; Triton's form (wgov14: the
// warpgroup from tid >> 7 without a shuffle) recomputes a base per wgmma;
// a loop whose descriptors come from shared symbols alone (wgmma_s8_*,
// under a %tid branch in the outer loop) has none.
func TestWgmmaDescBases(t *testing.T) {
	loopOf := func(f *ptx.Function, pc int32) int { // the loop's head: the last label before pc
		head := -1
		for _, l := range f.Labels {
			if l <= int(pc) && l > head {
				head = l
			}
		}
		return head
	}
	f, l := recordedLowering(t, "wg11_n64_ss_w1_d1_ser", "wg11")
	require.Len(t, l.descs, 4)
	var base int32 = -1
	for pc, regs := range l.descs {
		require.Len(t, regs, 1, "A only: B comes from the shared window (uniform)")
		if base >= 0 {
			assert.Equal(t, base, regs[0], "one base for the group")
		}
		base = regs[0]
		def := -1
		for q := int(pc) - 1; q >= 0; q-- {
			if in := &f.Insts[q]; len(in.Ops) > 0 && in.Ops[0].Kind == ptx.OpdReg && in.Ops[0].Reg == base {
				def = q
				break
			}
		}
		assert.Equal(t, ptx.OpCvt, f.Insts[def].Op, "the base is the cvt of the masked address")
		assert.Equal(t, loopOf(f, pc), loopOf(f, int32(def)), "defined in the loop")
	}
	f, l = recordedLowering(t, "wg11_n128_ss_w1_d1_ser", "wg11")
	require.Len(t, l.descs, 4)
	for pc, regs := range l.descs {
		for q := int(pc) - 1; q >= 0; q-- {
			if in := &f.Insts[q]; len(in.Ops) > 0 && in.Ops[0].Kind == ptx.OpdReg && in.Ops[0].Reg == regs[0] {
				assert.Less(t, q, loopOf(f, pc), "N 128: the A descriptor is defined before the loop")
				break
			}
		}
	}
	_, l = recordedLowering(t, "wg11_n64_rs_w1_d1_ser", "wg11")
	assert.Empty(t, l.descs, "RS: B only, uniform")
	_, l = recordedLowering(t, "wgov14_c1_n128_f16_ser", "wgov14")
	assert.Len(t, l.descs, 4)
	_, l = recordedLowering(t, "wgmma_s8_n64_ss", "wgmma_bench")
	assert.Empty(t, l.descs, "shared symbols: uniform whatever the branches around")
}

// shflBroadcast: a full-warp shfl.sync.idx from an immediate lane.
func TestShflBroadcastUniform(t *testing.T) {
	for src, want := range map[string]bool{
		"shfl.sync.idx.b32 %r2, %r1, 0, 31, -1;":   true,
		"shfl.sync.idx.b32 %r2, %r1, %r3, 31, -1;": false,
		"shfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;":  false,
		"shfl.sync.idx.b32 %r2, %r1, 0, 31, 255;":  false,
	} {
		p, err := ptx.Load("t.ptx", []byte(".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k() {\n.reg .b32 %r<4>;\nmov.u32 %r1, %tid.x;\nmov.u32 %r3, 1;\n"+src+"\nret;\n}\n"))
		require.NoError(t, err)
		in := &p.Funcs[0].Insts[2]
		assert.Equal(t, want, shflBroadcast(in), src)
	}
}
