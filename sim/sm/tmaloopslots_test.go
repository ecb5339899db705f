package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// An ELECT-loop load's hold (hand-derived): issued at 1000 and held to
// 1058; other warps of its sub-partition take 40 slots meanwhile; at 135%
// the hold ends 54 cycles later, counted once. With the parameter 0 nothing
// is noted and the hold ends where it was.
func TestTMALoopSlots(t *testing.T) {
	s := &SM{cfg: &Config{}, sps: make([]subPart, 1)}
	sp := &s.sps[0]
	sp.slotsIssued = 7 // the load's own slot included
	ws := &warpState{}
	ws.setReady(1058, StallMIOThrottle)
	s.tmaLoopStart(ws, 135)
	sp.slotsIssued += 40
	at, _ := s.tmaLoopReady(sp, ws, 1030)
	assert.Equal(t, engine.Cycle(1058), at, "before the hold's end: nothing counted yet")
	at, why := s.tmaLoopReady(sp, ws, 1058)
	assert.Equal(t, engine.Cycle(1058+54), at)
	assert.Equal(t, StallMIOThrottle, why)
	sp.slotsIssued += 40
	at, _ = s.tmaLoopReady(sp, ws, 1112)
	assert.Equal(t, engine.Cycle(1112), at, "counted once")

	ws = &warpState{}
	ws.setReady(1058, StallMIOThrottle)
	s.tmaLoopStart(ws, 0)
	sp.slotsIssued += 40
	at, _ = s.tmaLoopReady(sp, ws, 1058)
	assert.Equal(t, engine.Cycle(1058), at, "off")
}
