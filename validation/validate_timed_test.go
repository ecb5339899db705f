package validation

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCyclesSimulatedAndError: a timed validate fills simulated and the
// relative error against the GPU's (ncu) cycles, and the event-timed
// launches convert to cycles at the measured SM clock (hand-computed:
// 0.002 ms at 1500 MHz is 3000 cycles).
func TestCyclesSimulatedAndError(t *testing.T) {
	r := sampleReport() // gpu 4242
	sim := int64(4666)
	r.Cycles.setSimulated(&sim)
	require.NotNil(t, r.Cycles.Error)
	assert.InDelta(t, 424.0/4242, *r.Cycles.Error, 1e-12)

	mhz := 1500.0
	g := &GPUInfo{Clocks: Clocks{MeasuredSMMHz: &mhz}, KernelTime: &KernelTime{MinMS: 0.002, MedianMS: 0.0025, MaxMS: 0.004, Launches: 10}}
	r.Cycles.GPUEvents = eventCycles(g)
	assert.Equal(t, &CycleSpread{Min: 3000, Median: 3750, Max: 6000, N: 10, SMMHz: 1500}, r.Cycles.GPUEvents)

	var b bytes.Buffer
	r.WriteTable(&b)
	assert.Contains(t, b.String(), "  cycles  gpu 4242 (ncu sm__cycles_elapsed.max)  events min/median/max 3000/3750/6000 (10 launches at 1500 MHz)  simulated 4666  error +10.0%\n")

	var none CyclesPair
	none.setSimulated(&sim)
	assert.Nil(t, none.Error, "no GPU cycles: no error")
	assert.Nil(t, eventCycles(&GPUInfo{KernelTime: g.KernelTime}), "no clock: no event cycles")
	assert.False(t, strings.Contains(b.String(), "NaN"))
}
