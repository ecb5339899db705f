package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// TestStoreQueueShares: a queue of 4 requests; one sub-partition alone may
// fill it, two share it 2 + 2 (hand-derived from storequeue.go's rule: the
// GPU's warps of gls_st64_epi_w4 finish together, gst_line_w1's one warp
// runs 18.5 requests ahead).
func TestStoreQueueShares(t *testing.T) {
	s := &SM{cfg: &Config{StoreQueueRequests: 4}}
	st := &exec.InstInfo{Op: ptx.OpSt}
	sp := &subPart{}
	a, b := &warpState{sp: 0}, &warpState{sp: 1}
	for i := range 4 {
		assert.Equal(t, engine.Cycle(0), s.storeQueueReady(sp, a, 0), "slot %d free", i)
		s.storeQueued(a, st, engine.Cycle(100*(i+1)))
	}
	assert.Equal(t, engine.Cycle(100), s.storeQueueReady(sp, a, 0), "full: the oldest leaves at 100")
	// at 250 two have left; sub-partition 1 arrives: two stores each
	assert.LessOrEqual(t, s.storeQueueReady(sp, b, 250), engine.Cycle(250), "a slot for b now")
	s.storeQueued(b, st, 500)
	assert.Equal(t, engine.Cycle(300), s.storeQueueReady(sp, a, 250), "a holds 2 of its share 2: its own oldest (300) must leave")
	assert.LessOrEqual(t, s.storeQueueReady(sp, b, 250), engine.Cycle(250), "b holds 1 of 2: a slot now")
}
