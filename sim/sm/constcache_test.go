package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Parameters: p at offset 0 (8 bytes), s at 8 (4 bytes), blk at 16 (256
// bytes, align 8). Loads: p (sector 0), s (sector 0), blk+40 = byte 56
// (sector 1), through a register holding blk + 64: [%rd3+8] = byte 88
// (sector 2), blk+200 as v2.u32 = bytes 216..223 (sector 6); a load
// through %rd4 after it is redefined by a non-constant add is not tracked.
const constPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 s, .param .align 8 .b8 blk[256])
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [s];
	ld.param.u32 %r2, [blk+40];
	mov.b64 %rd2, blk;
	add.s64 %rd3, %rd2, 64;
	ld.param.u32 %r3, [%rd3+8];
	ld.param.v2.u32 {%r4, %r5}, [blk+200];
	cvt.u64.u32 %rd5, %r1;
	add.s64 %rd4, %rd2, %rd5;
	ld.param.u32 %r6, [%rd4];
	add.s32 %r7, %r2, %r3;
	st.global.u32 [%rd1], %r7;
	ret;
}
`

func TestParamSectors(t *testing.T) {
	p, err := ptx.Load("const.ptx", []byte(constPTX))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	ps := newParamSectors(k)
	require.NotNil(t, ps)
	assert.Equal(t, []int32{0, 1, 2, 6}, ps.all)
	var got [][2]int32
	for pc := range ps.first {
		if ps.first[pc] >= 0 {
			got = append(got, [2]int32{ps.first[pc], ps.last[pc]})
		}
	}
	assert.Equal(t, [][2]int32{{0, 0}, {0, 0}, {1, 1}, {2, 2}, {6, 6}}, got)

	// the SM's first parameter load queues sectors 0, 1, 2, 6 in that
	// order: sector i (of the queue) at 100 + i * 10
	cfg := &Config{Const: ConstCacheConfig{MissCycles: 100, SectorIntervalCycles: 10}}
	s := &SM{code: &Code{params: ps}, cfg: cfg}
	infos := k.Infos()
	var loads []*exec.InstInfo
	for pc, in := range k.Entry().Insts {
		if in.Op == ptx.OpLd {
			loads = append(loads, infos[pc])
		}
	}
	require.Len(t, loads, 6)
	assert.Equal(t, engine.Cycle(1000+120), s.paramReady(loads[3], 1000), "blk+72: the third sector queued")
	assert.Equal(t, engine.Cycle(1000+100), s.paramReady(loads[0], 1500), "p: the first, already asked for")
	assert.Equal(t, engine.Cycle(1000+130), s.paramReady(loads[4], 1500), "blk+200: the fourth")
	assert.Equal(t, engine.Cycle(0), s.paramReady(loads[5], 1500), "a register address: not tracked")
}
