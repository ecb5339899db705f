package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Hand-derived: a view's floor is its share of the SMs that requested
// anything in the window; a view without requests keeps an equal share.
func TestFloorSharesBySMsThatRequested(t *testing.T) {
	g := &l2{seq: make([]uint32, 8)}
	big := &l2View{reqs: []l2Req{{sm: 0}, {sm: 1}, {sm: 0}, {sm: 2}, {sm: 3}, {sm: 4}}} // 5 SMs
	small := &l2View{reqs: []l2Req{{sm: 6}, {sm: 6}}}                                   // 1 SM
	idle := &l2View{}
	f := g.floorShares([]*l2View{big, small, idle})
	assert.InDeltaSlice(t, []float64{5.0 / 6, 1.0 / 6, 1.0 / 3}, f, 1e-12)
	// the scratch marks are cleared: the same views give the same floors
	assert.InDeltaSlice(t, []float64{5.0 / 6, 1.0 / 6, 1.0 / 3}, g.floorShares([]*l2View{big, small, idle}), 1e-12)
}
