package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// TestBulkReduceInterval: by hand, with an interval of 52 cycles (H200): a
// reduction after the warp's previous non-tensor one at 1000 issues no
// earlier than 1052; the first reduction of a warp, or one after a tensor
// reduction (lastRed 0, tma_hold.go), and any other instruction are not
// held; no interval configured, none.
func TestBulkReduceInterval(t *testing.T) {
	s := &SM{cfg: &Config{}}
	s.cfg.Hold.BulkReduceIntervalCycles = 52
	red := &exec.InstInfo{Form: ptx.FormBulkReduce, Async: exec.AsyncBulkStore}
	st := &exec.InstInfo{Async: exec.AsyncBulkStore}
	assert.Equal(t, engine.Cycle(1052), s.bulkReduceIntervalReady(&warpState{lastRed: 1000}, red))
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{}, red))
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{lastRed: 1000}, st))
	s.cfg.Hold.BulkReduceIntervalCycles = 0
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{lastRed: 1000}, red))
}

// TestBulkReduceSetup: by hand, with a setup of 13 cycles: a uniform
// non-tensor reduction issues no earlier than 13 after the warp's last
// issued instruction (1000 -> 1013), and no earlier than the interval
// after the warp's previous reduction when that is later (lastRed 970 +
// 52 = 1022); a tensor reduction, a warp with nothing issued yet and a
// store are not held by it; no setup configured, none.
func TestBulkReduceSetup(t *testing.T) {
	s := &SM{cfg: &Config{}, code: &Code{}}
	s.cfg.Hold.BulkReduceSetupCycles = 13
	red := &exec.InstInfo{Form: ptx.FormBulkReduce, Async: exec.AsyncBulkStore,
		Text: "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd1], [%r1], 1024;"}
	tensor := &exec.InstInfo{Form: ptx.FormBulkReduce, Async: exec.AsyncBulkStore,
		Text: "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd1, {%r1, %r2}], [%r3];"}
	st := &exec.InstInfo{Async: exec.AsyncBulkStore}
	assert.Equal(t, engine.Cycle(1013), s.bulkReduceIntervalReady(&warpState{lastIssue: 1000}, red))
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{lastIssue: 1000}, tensor))
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{}, red))
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{lastIssue: 1000}, st))
	s.cfg.Hold.BulkReduceIntervalCycles = 52
	assert.Equal(t, engine.Cycle(1022), s.bulkReduceIntervalReady(&warpState{lastIssue: 1000, lastRed: 970}, red))
	assert.Equal(t, engine.Cycle(1013), s.bulkReduceIntervalReady(&warpState{lastIssue: 1000, lastRed: 900}, red))
	s.cfg.Hold.BulkReduceSetupCycles, s.cfg.Hold.BulkReduceIntervalCycles = 0, 0
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{lastIssue: 1000}, red))
}
