package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Three cluster barriers between %clock64 stamps, as this lane's probe
// (validation/timing/psink21.md): ptxas puts `LDC R0, c[0x0][0x140]` (the
// cluster-launch flag), ISETP and the guarded BRA below the stamp before
// the first barrier.cluster, and the later barriers reuse the predicate.
const clusterFlagPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [p];
	mov.u64 %rd2, %clock64;
	barrier.cluster.arrive.relaxed.aligned;
	barrier.cluster.wait.aligned;
	mov.u64 %rd3, %clock64;
	barrier.cluster.arrive.relaxed.aligned;
	barrier.cluster.wait.aligned;
	mov.u64 %rd4, %clock64;
	st.global.u64 [%rd1], %rd4;
	ret;
}
`

func TestClusterFlagLDC(t *testing.T) {
	p, err := ptx.Load("cflag.ptx", []byte(clusterFlagPTX))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	ps := newParamSectors(k)
	require.NotNil(t, ps)
	// the flag's sector (0x140: 10) besides the descriptor's (0x200: 16)
	assert.Equal(t, []int32{10, 16}, ps.all)
	assert.Equal(t, int32(2), ps.clusterFlag, "the first barrier.cluster")
	assert.Equal(t, int32(2), ps.clusterFlagRegion, "its region starts after the stamp at pc 1")
	assert.Equal(t, 0, ps.clusterFlagRank)

	// hand-derived: miss 100 after the request, hit 24 + 1, then the
	// ISETP (ALU latency 5), the predicate's extra 9 and the not-taken
	// BRA 4 in front of UCGABAR_ARV
	cfg := &Config{Const: ConstCacheConfig{MissCycles: 100, SectorIntervalCycles: 10, LDCCycles: 24},
		BranchPredicateCycles: 9, BranchNotTakenCycles: 4}
	cfg.Pipes[ptx.PipeALU].LatencyCycles = 5
	s := &SM{code: &Code{params: ps, kern: k}, cfg: cfg}
	infos := k.Infos()
	ws := &warpState{}
	assert.Equal(t, engine.Cycle(1000+100+18), s.paramChainHold(ws, infos[2], 1000), "a cold flag: its miss")
	assert.Equal(t, engine.Cycle(0), s.paramChainHold(ws, infos[3], 1200), "the wait reuses the predicate")
	assert.Equal(t, engine.Cycle(0), s.paramChainHold(ws, infos[5], 1300), "so does the next barrier")
	// another warp of the SM finds the sector there: the LDC's hit
	ws2 := &warpState{}
	assert.Equal(t, engine.Cycle(2000+25+18), s.paramChainHold(ws2, infos[2], 2000), "a warm flag: its hit")
	// once per warp: a second pass (a loop) does not ask again
	assert.Equal(t, engine.Cycle(2000+25+18), s.paramChainHold(ws2, infos[2], 3000))
}
