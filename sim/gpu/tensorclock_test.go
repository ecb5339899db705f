package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/sm"
)

// tensorStretch by hand: a 10000-cycle tensor-active window at a 1955 MHz
// launch clock under a 1788 MHz cap takes 10000 x 1955 / 1788 = 10934.0
// cycles of the launch clock, 934 more; at or under the cap, without a
// cap or without wgmma nothing.
func TestTensorStretchHandMade(t *testing.T) {
	st := &sm.Stats{TensorFirst: 2000, TensorLast: 12000}
	assert.EqualValues(t, 934, tensorStretch(st, 1955, 1788, 0))
	assert.EqualValues(t, 0, tensorStretch(st, 1788, 1788, 0))
	assert.EqualValues(t, 0, tensorStretch(st, 1627, 1788, 0))
	assert.EqualValues(t, 0, tensorStretch(st, 1955, 0, 0))
	assert.EqualValues(t, 0, tensorStretch(&sm.Stats{}, 1955, 1788, 0))
	// the sgp_k512_c1_one_nost loop measured on the H200: 4381 cycles of
	// %clock64 in ~2.54 us of %globaltimer (1724 MHz) against ncu's 1950:
	// 4381 x (1950 / 1724 - 1) = 574.3 cycles lost
	assert.EqualValues(t, 574, tensorStretch(&sm.Stats{TensorFirst: 1, TensorLast: 4382}, 1950, 1724, 0))
}

// The capped clock covers the SM's resident cycles, not only its tensor
// window (coop27.md): coop27_k512 on the H200 ran a %clock span of 14889
// cycles in 8224 ns of %globaltimer (1810 MHz) at ncu's 1960, and its
// tensor pipe was busy only between the first full barrier and the
// epilogue. 14889 resident cycles x (1960 / 1810 - 1) = 1233.9 lost; the
// tensor window alone (~7500 cycles) would give 622. An SM without wgmma
// loses nothing however long it was resident.
func TestTensorStretchCoversResidency(t *testing.T) {
	st := &sm.Stats{TensorFirst: 5000, TensorLast: 12500, ActiveCycles: 14889}
	assert.EqualValues(t, 1234, tensorStretch(st, 1960, 1810, 0))
	assert.EqualValues(t, 0, tensorStretch(&sm.Stats{ActiveCycles: 14889}, 1960, 1810, 0))
	// a window longer than the residency counted (a CTA still resident at
	// the end of the count) keeps the window
	assert.EqualValues(t, 622, tensorStretch(&sm.Stats{TensorFirst: 1, TensorLast: 7501, ActiveCycles: 100}, 1960, 1810, 0))
}
