package wgmma

import (
	"math"

	"github.com/sm90sim/sm90sim/fp"
)

func f16Bits(v float64) uint16  { return fp.F64ToF16RN(v) }
func bf16Bits(v float64) uint16 { return fp.F64ToBF16RN(v) }
func f32Bits(v float64) uint32  { return math.Float32bits(float32(v)) }
func f32Val(b uint32) float64   { return float64(math.Float32frombits(b)) }
