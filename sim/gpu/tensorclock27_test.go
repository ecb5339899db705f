package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/sm"
)

// The tensor restart by hand (fa27.md): an SM with wgmma loses
// restart_ns at the launch clock once, at any clock: 65 ns at 1802 MHz is
// 117.1 cycles; above the cap the window's stretch adds to it (10000 x
// (1955 / 1788 - 1) = 934.0, + 65 x 1.955 = 127.1: 1061); without wgmma
// nothing.
func TestTensorRestartHandMade(t *testing.T) {
	st := &sm.Stats{TensorFirst: 2000, TensorLast: 12000}
	assert.EqualValues(t, 117, tensorStretch(st, 1802, 1817.6, 65))
	assert.EqualValues(t, 1061, tensorStretch(st, 1955, 1788, 65))
	assert.EqualValues(t, 127, tensorStretch(st, 1955, 0, 65))
	assert.EqualValues(t, 0, tensorStretch(&sm.Stats{}, 1955, 1788, 65))
}
