package gpu_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// Config.Progress hears of every committed CTA, in order, serial and
// parallel, ending at the grid's CTAs and the run's instructions; a timed
// run reports each finished CTA too.
func TestProgressHook(t *testing.T) {
	for _, jobs := range []int{1, 3} {
		p, err := ptx.Load("deps.ptx", []byte(wordsPTX))
		require.NoError(t, err)
		k, err := exec.Compile(p, p.EntryNames()[0], exec.DefaultLayout())
		require.NoError(t, err)
		g := exec.NewGlobalMem()
		require.NoError(t, k.LoadGlobals(g))
		seg := g.Alloc("buf", 4*4096)
		params := binary.LittleEndian.AppendUint64(nil, seg.Base)
		params = binary.LittleEndian.AppendUint32(params, 8) // n: each thread reads word n+tid
		l := &exec.Launch{Grid: [3]int{6, 1, 1}, Block: [3]int{64, 1, 1}, Params: params, Global: g}
		cfg := gpu.DefaultConfig()
		cfg.Jobs = jobs
		var dones []int
		var last int64
		cfg.Progress = func(done, total int, insts int64) {
			assert.Equal(t, 6, total)
			assert.GreaterOrEqual(t, insts, last)
			dones = append(dones, done)
			last = insts
		}
		res, err := gpu.RunFunctional(cfg, k, l)
		require.NoError(t, err)
		assert.Equal(t, []int{1, 2, 3, 4, 5, 6}, dones, "jobs %d", jobs)
		assert.Equal(t, res.Instructions, last)
	}
}

func TestProgressHookTimed(t *testing.T) {
	p, err := ptx.Load("deps.ptx", []byte(wordsPTX))
	require.NoError(t, err)
	k, err := exec.Compile(p, p.EntryNames()[0], exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	seg := g.Alloc("buf", 4*4096)
	params := binary.LittleEndian.AppendUint64(nil, seg.Base)
	params = binary.LittleEndian.AppendUint32(params, 8)
	l := &exec.Launch{Grid: [3]int{6, 1, 1}, Block: [3]int{64, 1, 1}, Params: params, Global: g}
	cfg := gpu.DefaultConfig()
	// The first call comes before any CTA ends (the total known, nothing
	// done); later ones never go back, in CTAs or instructions.
	last, calls := -1, 0
	var lastInsts int64
	cfg.Progress = func(done, total int, insts int64) {
		assert.Equal(t, 6, total)
		if calls == 0 {
			assert.Equal(t, 0, done)
			assert.Equal(t, int64(0), insts)
		}
		assert.GreaterOrEqual(t, done, last)
		assert.LessOrEqual(t, done, last+1)
		assert.GreaterOrEqual(t, insts, lastInsts)
		last, lastInsts = done, insts
		calls++
	}
	res, _, err := gpu.RunTimed(cfg, gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	assert.Equal(t, 6, last)
	assert.Equal(t, res.Instructions, lastInsts)
}
