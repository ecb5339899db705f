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
}
