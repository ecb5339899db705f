package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deriveTMAQX on hand-made stamps of one CTA (3 stages): the H100's first
// tmaqx_s3 launch under ncu (device17_tmaqx.sh's print, relative to e0):
// t0 593, a0 942, i0..i2 1030 1251 1469, d0..d2 2175 2622 2624, x0..x3
// 469 471 785 839. By hand: pro 593, issue 1030 - 593 = 437, done0..2 1582
// 2029 2031, init x1 - e0 = 471, sync 593 - 471 = 122, pre 785 - 593 = 192,
// arrive 839 - 785 = 54, first 942 - 839 = 103.
func TestDeriveTMAQXHandMade(t *testing.T) {
	b := &Bench{Name: "tmaqx_s3", Family: "tmaqx", Meta: map[string]any{"ctas": 1.0, "stages": 3.0}}
	clk := []float64{124, 1000, 1593, 1942, 2030, 2251, 2469, 0, 0, 0, 3175, 3622, 3624, 0, 0, 0,
		1469, 1471, 1785, 1839, 0, 0, 0, 0}
	f, err := deriveTMAQX(b, Outputs{"clk": clk}, 7031)
	require.NoError(t, err)
	want := map[string]float64{NCUFigure: 7031, "pro_cycles": 593, "issue_cycles": 437, "done0_cycles": 1582,
		"done1_cycles": 2029, "done2_cycles": 2031, "init_cycles": 471, "sync_cycles": 122, "pre_cycles": 192,
		"arrive_cycles": 54, "first_cycles": 103}
	assert.Equal(t, want, f)
	assert.ElementsMatch(t, tmaqxFigures(b), keysOf(want))
	_, err = deriveTMAQX(b, Outputs{"clk": clk[:16]}, 0)
	assert.Error(t, err)
}

func keysOf(m map[string]float64) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	return k
}
