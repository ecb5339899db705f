package gpu

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Hand-derived: a view's demand is its bytes decayed over shareTau (281
// cycles) at each window's end. Two views that send 1024 bytes in turn,
// windows of 100 cycles: after the second window the one that sent in the
// first keeps 1024 e^(-100/281) = 717.4 against the other's 1024, shares
// 0.412 / 0.588, where the last window's bytes alone gave 0 / 1.
func TestL2ShareFromDecayedDemand(t *testing.T) {
	g := &l2{shareTau: 281}
	a, b := &l2View{}, &l2View{}
	a.bytes = 1024
	assert.InDelta(t, 1024, g.demands([]*l2View{a, b}, 100), 1e-9)
	a.bytes, b.bytes = 0, 1024
	f := math.Exp(-100.0 / 281)
	total := g.demands([]*l2View{a, b}, 200)
	assert.InDelta(t, 1024*(1+f), total, 1e-9)
	assert.InDelta(t, 1024*f, a.demandAt, 1e-9)
	assert.InDelta(t, 0.412, a.demandAt/total, 5e-4)
	assert.InDelta(t, 0.588, b.demandAt/total, 5e-4)
	// shareTau 0: the last window's bytes alone
	g.shareTau = 0
	a.bytes, b.bytes = 0, 1024
	assert.InDelta(t, 1024, g.demands([]*l2View{a, b}, 300), 1e-9)
	assert.Zero(t, a.demandAt)
}
