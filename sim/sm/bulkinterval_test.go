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

// TestBulkReduceClockSetup: by hand, setup 12 and interval 52: a
// non-tensor reduction after a clock read at 990 (the warp's last issue
// 995, its last reduction 900) issues no earlier than 995 + 12 = 1007; the
// interval still binds where it is later (last non-tensor reduction at
// 980: 1032); no clock read since the last reduction (clock 890), a
// tensor reduction, or a setup of 0: no setup.
func TestBulkReduceClockSetup(t *testing.T) {
	s := &SM{cfg: &Config{}}
	s.cfg.Hold.BulkReduceIntervalCycles = 52
	s.cfg.Hold.BulkReduceClockSetupCycles = 12
	red := &exec.InstInfo{Form: ptx.FormBulkReduce, Async: exec.AsyncBulkStore,
		Text: "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd6], [%r70], 1024;"}
	tens := &exec.InstInfo{Form: ptx.FormBulkReduce, Async: exec.AsyncBulkStore,
		Text: "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd1, {%r1, %r2}], [%r3];"}
	assert.Equal(t, engine.Cycle(1007), s.bulkReduceIntervalReady(&warpState{lastClock: 990, lastIssue: 995, redAny: 900}, red))
	assert.Equal(t, engine.Cycle(1032), s.bulkReduceIntervalReady(&warpState{lastClock: 990, lastIssue: 995, redAny: 980, lastRed: 980}, red))
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{lastClock: 890, lastIssue: 995, redAny: 900}, red))
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{lastClock: 990, lastIssue: 995, redAny: 900}, tens))
	s.cfg.Hold.BulkReduceClockSetupCycles = 0
	assert.Equal(t, engine.Cycle(0), s.bulkReduceIntervalReady(&warpState{lastClock: 990, lastIssue: 995, redAny: 900}, red))
}
