package validation

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/stretchr/testify/assert"
)

// A large recording (hash + sample) whose difference lies outside the
// sample is located by its block hashes.
func TestCheckLocatesDifferingBlock(t *testing.T) {
	want := make([]byte, 5*1024)
	for i := range want {
		want[i] = byte(i * 7)
	}
	sum := sha256.Sum256(want)
	m := &SampleMeta{SHA256: hex.EncodeToString(sum[:]), DType: "u32", Shape: []int{len(want) / 4}, Stride: 64, Count: 20,
		BlockBytes: 1024, BlockSHA256: blockHashes(want, 1024)}
	assert.Len(t, m.BlockSHA256, 5)
	var sample []byte
	for i := 0; i < m.Count; i++ {
		sample = append(sample, want[i*m.Stride*4:i*m.Stride*4+4]...)
	}
	ro := &RecordedOutput{Meta: m, Sample: sample}
	u32, _ := launch.DTypeByName("u32")
	got := append([]byte(nil), want...)
	d := ro.Check("x", u32, got, launch.CompareRule{})
	assert.True(t, d.Equal)
	assert.Empty(t, d.DifferingBlocks)
	got[3*1024+8] ^= 1 // element 770: not a sample point (stride 64)
	d = ro.Check("x", u32, got, launch.CompareRule{})
	assert.False(t, d.Equal)
	assert.Equal(t, []int{3}, d.DifferingBlocks)
	assert.Equal(t, 1024, d.BlockBytes)
}
