package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The closed form by hand: x = rho/(1-rho) = 0.6108, 2.7495; y = 109.19,
// 242.61; q = (0.6108 x 109.19 + 2.7495 x 242.61) / (0.6108^2 + 2.7495^2)
// = 733.7 / 7.9328 = 92.49.
func TestDRAMQueueFromProbe(t *testing.T) {
	q, src, err := dramQueueFromProbe(map[string]*Bench{})
	assert.NoError(t, err)
	assert.InDelta(t, 92.49, q, 0.01)
	assert.Contains(t, src, "hbmq28")
	_, src, _ = dramQueueFromProbe(map[string]*Bench{"gmem_copy_c33": {Suffix: "h100"}})
	assert.Contains(t, src, "shared with the H200")
}
