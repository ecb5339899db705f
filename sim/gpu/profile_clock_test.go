package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A profile at half its SM clock: the HBM latency given in ns is half as
// many SM cycles and the HBM bytes per SM cycle double (hand-derived from
// cycles = ns x MHz / 1000); figures given in cycles stay; the original
// profile is unchanged.
func TestProfileAtSMClock(t *testing.T) {
	p := BuiltinProfile()
	full, err := p.Config()
	require.NoError(t, err)
	q := p.AtSMClock(p.SMMHz / 2)
	half, err := q.Config()
	require.NoError(t, err)
	assert.Equal(t, p.SMMHz/2, half.SMClockMHz)
	assert.Equal(t, float64(DefaultSMClockMHz), p.SMMHz, "AtSMClock copies")
	assert.InDelta(t, float64(full.nsToCycles(full.DRAMLatencyNs))/2, float64(half.nsToCycles(half.DRAMLatencyNs)), 1)
	assert.InDelta(t, 2*full.DRAMBytesPerNs*1000/full.SMClockMHz, half.DRAMBytesPerNs*1000/half.SMClockMHz, 1e-9)
	assert.Equal(t, full.L2HitCycles, half.L2HitCycles)
	assert.InDelta(t, 2*full.L2BytesPerSMCycle(), half.L2BytesPerSMCycle(), 1e-9)
}

// The L2 bandwidth in bytes per SM cycle, hand-derived: 4800 bytes per L2
// cycle at a 1600 MHz L2 is 4800 x 1600 / 1920 = 4000 bytes per cycle of a
// 1920 MHz SM clock and 4800 x 1600 / 1200 = 6400 at 1200 MHz; the L2
// slices of a timed run each take half of it.
func TestL2BytesPerSMCycle(t *testing.T) {
	p := BuiltinProfile()
	p.Params["l2_bytes_per_l2_cycle"] = ProfileParam{Value: 4800}
	p.Params["l2_clock_mhz"] = ProfileParam{Value: 1600}
	c, err := p.AtSMClock(1920).Config()
	require.NoError(t, err)
	assert.InDelta(t, 4000, c.L2BytesPerSMCycle(), 1e-9)
	g := newL2(&c, 132, DefaultGPCs())
	assert.InDelta(t, 2000, g.slicePerCycle, 1e-9)
	c, err = p.AtSMClock(1200).Config()
	require.NoError(t, err)
	assert.InDelta(t, 6400, c.L2BytesPerSMCycle(), 1e-9)
}
