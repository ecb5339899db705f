package exec

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// A float division is not an integer division's sequence (session 23: the
// 32-bit integer mix, 2 I2F/F2I and 9 IMADs, was charged to every
// div.full.f32); its mix is ptxas's SASS (cuobjdump of microbench
// fpalu_div*). Integer divisions keep theirs.
func TestFloatDivisionMix(t *testing.T) {
	full := &InstInfo{Op: ptx.OpDiv, Pipe: ptx.PipeFP32, Bits: 32, Slots: 8, Text: "div.full.f32"}
	_, ok := DivisionMix(full)
	assert.False(t, ok)
	_, ok = SequenceMix(full)
	assert.False(t, ok)
	m, ok := FloatDivisionMix(full)
	assert.True(t, ok)
	assert.Equal(t, FloatDivMix{ALU: 3, FP32: 4, MUFU: 1, Chain: 4, InFlight: 1}, m)
	m, _ = FloatDivisionMix(&InstInfo{Op: ptx.OpDiv, Pipe: ptx.PipeFP32, Bits: 32, Slots: 5, Text: "div.approx.f32"})
	assert.Equal(t, FloatDivMix{ALU: 2, FP32: 2, MUFU: 1, Chain: 3, InFlight: 3}, m)
	m, _ = FloatDivisionMix(&InstInfo{Op: ptx.OpDiv, Pipe: ptx.PipeFP32, Bits: 32, Slots: 13, Text: "div.rn.f32"})
	assert.Equal(t, FloatDivMix{ALU: 1, FP32: 5, MUFU: 1, Chain: 6, InFlight: 1, Check: true}, m)
	_, ok = FloatDivisionMix(&InstInfo{Op: ptx.OpDiv, Pipe: ptx.PipeFP64, Bits: 64, Slots: 18, Text: "div.rn.f64"})
	assert.False(t, ok)
	_, ok = DivisionMix(&InstInfo{Op: ptx.OpDiv, Pipe: ptx.PipeFP64, Bits: 64, Slots: 18, Text: "div.rn.f64"})
	assert.False(t, ok, "a float division is no integer division call")
	i32 := &InstInfo{Op: ptx.OpDiv, Pipe: ptx.PipeIMAD, Bits: 32, Slots: 18, Text: "div.u32"}
	im, ok := DivisionMix(i32)
	assert.True(t, ok)
	assert.Equal(t, SeqMix{IMAD: 7, IMADWide: 2, Conv: 2, MUFU: 1, ALU: 6}, im)
	_, ok = FloatDivisionMix(i32)
	assert.False(t, ok)
}
