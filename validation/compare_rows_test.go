package validation

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/internal/launch"
)

// Per-row ULP limits: row 0 must be bit-exact, row 1 allows 2 ulp.
func TestCompareMaxULPRows(t *testing.T) {
	f32 := func(vs ...float32) []byte {
		b := make([]byte, 4*len(vs))
		for i, v := range vs {
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
		}
		return b
	}
	one := float32(1)
	up1 := math.Nextafter32(one, 2)
	up2 := math.Nextafter32(up1, 2)
	dt, _ := launch.DTypeByName("f32")
	rule := launch.CompareRule{MaxULPRows: []uint64{0, 2}}
	want := f32(one, one, one, one)
	d := Compare("o", dt, f32(one, one, up2, up1), want, rule)
	assert.True(t, d.Equal, "row 1 within 2 ulp")
	d = Compare("o", dt, f32(up1, one, one, one), want, rule)
	assert.False(t, d.Equal, "row 0 is bit-exact")
	assert.Equal(t, []int{0}, d.FirstDiffs)
}
