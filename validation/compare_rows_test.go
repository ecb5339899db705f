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

// `ignore: all` skips every element; a list skips only its indices; a
// sampled recording (sha256 + sample) under `ignore: all` is not failed by
// its hash.
func TestCompareIgnoreAll(t *testing.T) {
	dt, _ := launch.DTypeByName("u32")
	want := []byte{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0}
	got := []byte{9, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0}
	d := Compare("clk", dt, got, want, launch.CompareRule{IgnoreAll: true})
	assert.True(t, d.Equal)
	assert.Equal(t, 0, d.Compared)
	assert.Equal(t, 3, d.Elements)
	d = Compare("clk", dt, got, want, launch.CompareRule{Ignore: []int{0}})
	assert.False(t, d.Equal)
	assert.Equal(t, []int{2}, d.FirstDiffs)

	ro := &RecordedOutput{Meta: &SampleMeta{Count: 2, Stride: 2, SHA256: "00"}, Sample: []byte{1, 0, 0, 0, 3, 0, 0, 0}}
	assert.True(t, ro.Sampled(launch.CompareRule{IgnoreAll: true}))
	assert.True(t, ro.Check("clk", dt, got, launch.CompareRule{IgnoreAll: true}).Equal)
	assert.False(t, ro.Check("clk", dt, got, launch.CompareRule{}).Equal)
}
