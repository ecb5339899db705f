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
