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
// bytes, align 8), at c[0x0][0x210 + offset]: 32-byte sectors of the bank
// are 16 bytes into a parameter slot. Loads: p (bank 0x210: sector 16), s
// (0x218: 16), blk+40 = byte 56 (0x248: sector 18), through a register
// holding blk + 64: [%rd3+8] = byte 88 (0x268: sector 19), blk+200 as
// v2.u32 = bytes 216..223 (0x2e8..0x2ef: sector 23, its registers never
// read: no LDC); a load through %rd4 after it is redefined by a
// non-constant add is not tracked.
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
	assert.Equal(t, []int32{16, 18, 19, 23}, ps.all)
	var got [][2]int32
	for pc := range ps.first {
		if ps.first[pc] >= 0 {
			got = append(got, [2]int32{ps.first[pc], ps.last[pc]})
		}
	}
	assert.Equal(t, [][2]int32{{16, 16}, {16, 16}, {18, 18}, {19, 19}, {23, 23}}, got)
	// no barrier or %clock read: every used load's region starts at the
	// entry (sector 16 also for the descriptor's ULDC); sector 23's
	// registers are never read
	assert.Equal(t, []int32{0, 1, 2}, ps.reqAt[0])
	for pc := 1; pc < len(ps.reqAt); pc++ {
		assert.Empty(t, ps.reqAt[pc], pc)
		assert.False(t, ps.sunk[pc], pc)
	}

	// a warp starting the entry's region at 1000 asks for sectors 16, 18,
	// 19 in that order: 1100, 1110, 1120
	cfg := &Config{Const: ConstCacheConfig{MissCycles: 100, SectorIntervalCycles: 10}}
	s := &SM{code: &Code{params: ps, kern: k}, cfg: cfg}
	infos := k.Infos()
	var loads []*exec.InstInfo
	for pc, in := range k.Entry().Insts {
		if in.Op == ptx.OpLd {
			loads = append(loads, infos[pc])
		}
	}
	require.Len(t, loads, 6)
	s.paramRegion(&warpState{}, infos[0], 1000, 1000)
	assert.Equal(t, engine.Cycle(1000+120), s.paramReady(&warpState{}, loads[3], 1000), "blk+72: the third sector asked for")
	assert.Equal(t, engine.Cycle(1000+100), s.paramReady(&warpState{}, loads[0], 1500), "p: the first")
	assert.Equal(t, engine.Cycle(0), s.paramReady(&warpState{}, loads[4], 1500), "blk+200: its registers are never read: no LDC")
	assert.Equal(t, engine.Cycle(0), s.paramReady(&warpState{}, loads[5], 1500), "a register address: not tracked")
}

// A load before a barrier whose value is first read after it (and after a
// %clock64 read): ptxas's LDC is after both (family psink), so the sector
// of blk+40 (0x248: 18) is asked for when the warp starts the region after
// the clock read (pc 4); p's sector 16 at the entry (the descriptor's
// ULDC).
const sinkPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 s, .param .align 8 .b8 blk[256])
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [blk+40];
	bar.sync 0;
	mov.u64 %rd2, %clock64;
	add.s32 %r2, %r1, 1;
	st.global.u32 [%rd1], %r2;
	ret;
}
`

func TestParamSectorsSunk(t *testing.T) {
	p, err := ptx.Load("sink.ptx", []byte(sinkPTX))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	ps := newParamSectors(k)
	require.NotNil(t, ps)
	assert.Equal(t, []int32{16, 18}, ps.all)
	assert.Equal(t, []int32{0}, ps.reqAt[0])
	assert.Equal(t, []int32{0, 1}, ps.reqAt[4])
	assert.Equal(t, []int32{0, 1}, ps.sinkAt[4])
	assert.True(t, ps.sunk[0])
	assert.True(t, ps.sunk[1])

	cfg := &Config{Const: ConstCacheConfig{MissCycles: 100, SectorIntervalCycles: 10}}
	s := &SM{code: &Code{params: ps, kern: k}, cfg: cfg}
	infos := k.Infos()
	ws := &warpState{}
	s.paramRegion(ws, infos[0], 0, 0) // sector 16 at 100
	assert.Equal(t, engine.Cycle(0), s.paramReady(ws, infos[1], 1), "sunk: no wait at the ld.param")
	ws.setReg(infos[1].Defs[0], 1, StallWait)
	s.paramRegion(ws, infos[4], 500, 500) // sector 18 at 600
	assert.Equal(t, engine.Cycle(600), ws.reg(infos[1].Defs[0]), "blk+40: its sector asked for after the barrier")
	assert.Equal(t, engine.Cycle(100), ws.reg(infos[0].Defs[0]), "p: the entry's sector")
}

// An LDC that hits is there 25 cycles after its issue (family ldclat, H200
// and H100: `LDC` then its dependent `ISETP` 25 cycles later, whatever the
// word's distance from the last read in its 64-byte line, after bar.sync
// or a 600-cycle gap alike; const_ldc_cycles 24 = 25 - 1, the value being
// there const_ldc_cycles + 1 after the LDC's slot). A second ld.param of
// the same bytes has no LDC (ptxas keeps the first's register: every such
// re-read in ldclat's SASS).
const hitPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 s)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	ld.param.u32 %r1, [s];
	setp.ne.u32 %p1, %r1, 1;
	selp.u32 %r2, 1, 2, %p1;
	mov.u64 %rd1, %clock64;
	ld.param.u32 %r3, [s];
	ld.param.u64 %rd2, [p];
	add.s32 %r4, %r3, %r2;
	bar.sync 0;
	st.global.u32 [%rd2], %r4;
	ret;
}
`

func TestParamLDCHit(t *testing.T) {
	p, err := ptx.Load("hit.ptx", []byte(hitPTX))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	ps := newParamSectors(k)
	require.NotNil(t, ps)
	// p at c[0x0][0x210], s at 0x218: both in sector 16
	assert.Equal(t, []int32{16}, ps.all)
	assert.True(t, ps.ldc[0], "s: read by the setp")
	assert.False(t, ps.ldc[4], "s again: ptxas keeps the first load's register")
	assert.True(t, ps.ldc[5], "p")
	assert.True(t, ps.sunk[5], "p: first read after the bar.sync")
	assert.Equal(t, []int32{5}, ps.sinkAt[8])

	cfg := &Config{Const: ConstCacheConfig{MissCycles: 100, SectorIntervalCycles: 10, LDCCycles: 24}}
	s := &SM{code: &Code{params: ps, kern: k}, cfg: cfg}
	infos := k.Infos()
	ws := &warpState{}
	s.paramRegion(ws, infos[0], 0, 0) // sector 16 asked for at 0: there at 100
	assert.Equal(t, engine.Cycle(100), s.paramReady(ws, infos[0], 0), "a miss: the sector's arrival")
	ws.paramAt = 300 // the region started again at 300 (a loop)
	assert.Equal(t, engine.Cycle(300+25), s.paramReady(ws, infos[0], 310), "a hit: 25 after the region's top, not the ld.param")
	assert.Equal(t, engine.Cycle(0), s.paramReady(ws, infos[4], 300), "a re-read: no LDC")
	// the warp reaches the region after the barrier: eligible finds its
	// first instruction issuable at 500; p's LDC issues there
	s.paramRegion(ws, infos[8], 600, 500)
	assert.Equal(t, engine.Cycle(500+25), ws.reg(infos[5].Defs[0]))
	// evaluated again later while the warp waits: the wait does not move
	s.paramRegion(ws, infos[8], 700, 500)
	assert.Equal(t, engine.Cycle(500+25), ws.reg(infos[5].Defs[0]))
	// the warp comes back to the region (a loop): ptxas kept the register
	s.paramRegion(ws, infos[8], 900, 800)
	assert.Equal(t, engine.Cycle(500+25), ws.reg(infos[5].Defs[0]))
}
