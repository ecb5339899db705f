package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// TMA/bulk stores and reductions take their places in the slice's write
// queue at their own rates (l2kind.go). Hand-derived, as TestL2StoreRates:
// the L2 and SM at 1000 MHz; TMA stores at 1024 B per L2 cycle GPU-wide (a
// slice: 1/16 cycle a sector, 1/4 a 4-sector line), reductions at 512 (1/8
// a sector, 1/2 a line). 100 full lines at cycle 0 to one slice: the 101st
// is taken in at 25 (TMA store) and 50 (reduction). Without the TMA rates a
// TMA store costs what an LSU store does (14, TestL2StoreRates) and a
// reduction takes no place in the write queue: it is taken in when the
// slice's port takes it, at the load rate (3).
func TestL2TMAWriteRates(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.SMClockMHz, tc.L2ClockMHz = 1000, 1000
	tc.L2BytesPerL2Cycle = 8192
	tc.L2StoreBytesPerL2Cycle, tc.L2StoreLinesPerL2Cycle = 2048, 128
	for _, c := range []struct {
		tmaStore, reduce float64
		kind             l2Kind
		want             engine.Cycle
	}{
		{1024, 512, l2TMAStore, 25}, {1024, 512, l2Reduce, 50},
		{0, 0, l2TMAStore, 14}, {0, 0, l2Reduce, 3}, {1024, 512, l2Store, 14},
	} {
		tc.L2TMAStoreBytesPerL2Cycle, tc.L2TMAReduceBytesPerL2Cycle = c.tmaStore, c.reduce
		require.NoError(t, tc.Validate())
		v := newL2View(newL2(&tc, 1, [][]int{{0}}))
		for range 100 {
			v.access(0, 0, 0, 0xf, 0, c.kind)
		}
		_, acc := v.access(0, 0, 0, 0xf, 0, c.kind)
		assert.Equal(t, c.want, acc, "kind %d, rates %g / %g", c.kind, c.tmaStore, c.reduce)
	}
	// a reduction reads its line (from HBM when the slice lacks it); a
	// store overwrites it
	v := newL2View(newL2(&tc, 1, [][]int{{0}}))
	v.access(0, 0, 0, 0xf, 0, l2Reduce)
	v.access(0, 0, 1, 0xf, 0, l2TMAStore)
	assert.Equal(t, int64(4), v.missSectors, "the reduction's line only")
}

// kindOf: what exec's effects say (bulk.go, tma.go): a TMA/bulk store
// writes its lines (GlobalStore), a reduction is a bulk-store effect that
// reads them.
func TestL2KindOf(t *testing.T) {
	bulk := &exec.InstInfo{Async: exec.AsyncBulkStore}
	load := &exec.InstInfo{Async: exec.AsyncBulkLoad}
	for _, c := range []struct {
		e    exec.Effect
		want l2Kind
	}{
		{exec.Effect{Info: bulk, GlobalTMA: true, GlobalStore: true}, l2TMAStore},
		{exec.Effect{Info: bulk, GlobalTMA: true}, l2Reduce},
		{exec.Effect{Info: load, GlobalTMA: true}, l2Load},
		{exec.Effect{Info: &exec.InstInfo{}, GlobalStore: true}, l2Store},
		{exec.Effect{Info: &exec.InstInfo{}}, l2Load},
	} {
		assert.Equal(t, c.want, kindOf(&c.e))
	}
}

// An LSU store that writes a sector only in part costs its slice a second
// sector (l2kind.go partialSectors). Hand-derived, as TestL2StoreRates:
// the L2 and SM at 1000 MHz, stores at 2048 B and 128 lines per L2 cycle
// GPU-wide (a slice: 1/32 cycle a sector, 1/64 a line). 100 one-sector
// stores at cycle 0 to one slice: the 101st is taken in at 100 x (1/32 +
// 1/64) = 4.7 when they write whole sectors, at 100 x (2/32 + 1/64) = 7.8
// when each writes 16 of its sector's 32 bytes.
func TestL2PartialSectorStores(t *testing.T) {
	tc := DefaultTimedConfig()
	tc.L2PartitionBytes, tc.DRAMFarExtraCycles = 128, 0
	tc.SMClockMHz, tc.L2ClockMHz = 1000, 1000
	tc.L2BytesPerL2Cycle = 8192
	tc.L2StoreBytesPerL2Cycle, tc.L2StoreLinesPerL2Cycle = 2048, 128
	tc.L2TMAStoreBytesPerL2Cycle, tc.L2TMAReduceBytesPerL2Cycle = 0, 0
	require.NoError(t, tc.Validate())
	for _, c := range []struct {
		bytes uint16
		want  engine.Cycle
	}{{32, 4}, {16, 7}, {31, 7}} {
		e := &exec.Effect{GlobalStore: true, NumLines: 1}
		e.LineSectors[0], e.LineBytes[0] = 0b0001, c.bytes
		p := partialSectors(e, 0, kindOf(e))
		v := newL2View(newL2(&tc, 1, [][]int{{0}}))
		for range 100 {
			v.access(0, 0, 0, 0b0001, p, l2Store)
		}
		_, acc := v.access(0, 0, 0, 0b0001, p, l2Store)
		assert.Equal(t, c.want, acc, "%d bytes of the sector", c.bytes)
	}
	// two whole sectors and one half-written one in a line: 96 - 80 = 16
	// bytes left out, one partial sector; a load never has any
	e := &exec.Effect{GlobalStore: true, NumLines: 1}
	e.LineSectors[0], e.LineBytes[0] = 0b0111, 80
	assert.Equal(t, uint8(1), partialSectors(e, 0, l2Store))
	assert.Equal(t, uint8(0), partialSectors(e, 0, l2Load))
}
