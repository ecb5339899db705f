package exec

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// ptxas 13.0's fp8 mma.sync emulation on sm_90a, by hand from the SASS
// opcode counts of validation/microbench mma28_e4m3_w16's timed loop (32
// mma.sync.m16n8k32.row.col.f32.e4m3.e4m3.f32 an iteration: 384
// F2FP.F16.E4M3.UNPACK_B, 64 HMMA.16816.F32, 128 FADD): 12, 2 and 4 a
// mma.sync, 18 SASS instructions.
func TestMmaFP8Emulation(t *testing.T) {
	m, ok := MmaFP8Emulation(&InstInfo{Op: ptx.OpMma, Form: ptx.FormMmaFP8K32, Defs: []int32{1, 2, 3, 4}})
	assert.True(t, ok)
	assert.Equal(t, MmaFP8Mix{Unpack: 12, HMMA: 2, Add: 4}, m)
	assert.Equal(t, int32(18), m.Slots())
	_, ok = MmaFP8Emulation(&InstInfo{Op: ptx.OpMma, Form: ptx.FormMmaF16K16, Defs: []int32{1, 2, 3, 4}})
	assert.False(t, ok)
}
