package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// An ELECT-loop load's hold (hand-derived): issued at 1000 and held to
// 1058; other warps of its sub-partition take 40 slots meanwhile; at 205%
// the hold ends 2.05 x 40 x 40 / 58 = 56.6 cycles later (56 charged, the
// fraction kept), counted once. With the parameter 0 nothing is noted and
// the hold ends where it was.
func TestTMALoopSlots(t *testing.T) {
	s := &SM{cfg: &Config{}, sps: make([]subPart, 1)}
	sp := &s.sps[0]
	sp.slotsIssued = 7 // the load's own slot included
	ws := &warpState{}
	ws.setReady(1058, StallMIOThrottle)
	s.tmaLoopStart(ws, 205, 1000)
	sp.slotsIssued += 40
	at, _ := s.tmaLoopReady(sp, ws, 1030)
	assert.Equal(t, engine.Cycle(1058), at, "before the hold's end: nothing counted yet")
	at, why := s.tmaLoopReady(sp, ws, 1058)
	assert.Equal(t, engine.Cycle(1058+56), at)
	assert.InDelta(t, 0.55, ws.tmaLoopDebt, 0.01)
	assert.Equal(t, StallMIOThrottle, why)
	sp.slotsIssued += 40
	at, _ = s.tmaLoopReady(sp, ws, 1114)
	assert.Equal(t, engine.Cycle(1114), at, "counted once")

	ws = &warpState{}
	ws.setReady(1058, StallMIOThrottle)
	s.tmaLoopStart(ws, 0, 1000)
	sp.slotsIssued += 40
	at, _ = s.tmaLoopReady(sp, ws, 1058)
	assert.Equal(t, engine.Cycle(1058), at, "off")
}
