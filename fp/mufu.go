package fp

import "math"

// MUFU: the special-function unit primitives that ptxas builds every
// approximate f32 PTX function from (approx.go holds the compositions, as
// the SASS of the corpus kernel approx_math shows them); the models are in
// mufu_exact.go and mufu_tanh.go.

func f64of32(a uint32) float64 { return float64(math.Float32frombits(a)) }
