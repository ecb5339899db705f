package wgmma

import "fmt"

// FloatParams is the tensor-core floating-point model (hopper-numbers §5).
// One output element is computed group by group: the products of GroupSize
// consecutive K elements and the incoming accumulator c are
//
//  1. formed exactly (significand products, exponent ea+eb without
//     normalizing: a product's significand lies in [1, 4));
//  2. aligned to the largest exponent Emax among them, c (when nonzero) and
//     FloorExp, by truncating the magnitude to a multiple of
//     2^(Emax-23-ExtraBits) (no sticky bit, no rounding);
//  3. summed exactly (carries grow on the left; the adder is wide enough);
//  4. normalized once: an f32 result is truncated (round toward zero) to
//     OutSigBits significant bits and to the f32 subnormal grid, overflow
//     gives Inf; an f16 result is rounded to nearest even from the exact
//     fixed-point sum (F16OutRNE) and its alignment floor is F16OutFloorExp.
//
// The result of one group is the c of the next. Inputs and outputs keep
// subnormals. NaN inputs, Inf*0, or +Inf with -Inf give the canonical NaN.
type FloatParams struct {
	GroupSize      int  `json:"group_size"`        // products per normalization
	ExtraBits      int  `json:"extra_bits"`        // alignment bits below the f32 fraction (neab)
	FloorExp       int  `json:"floor_exp"`         // lowest alignment exponent
	OutSigBits     int  `json:"out_sig_bits"`      // significant bits of an f32 group result
	F16OutRNE      bool `json:"f16_out_rne"`       // f16 results: RNE (true) or truncation
	F16OutFloorExp int  `json:"f16_out_floor_exp"` // alignment floor with an f16 accumulator
}

// DefaultFloatParams are the published H100 parameters for A/B type a:
//
//	f16/bf16: group 16, 2 extra bits (26-bit adder), floor -133, RZ
//	tf32:     group 8,  2 extra bits, floor -133, RZ
//	e4m3/e5m2: group 32, -10 extra bits (14-bit adder), floor -139, results
//	          (accumulator included) cut to 14 significant bits, RZ
//	f16 accumulator: RNE, floor -21
//
// doc.go says which of these the GPU recordings confirm.
func DefaultFloatParams(a Type) FloatParams {
	p := FloatParams{GroupSize: 16, ExtraBits: 2, FloorExp: -133, OutSigBits: 24, F16OutRNE: true, F16OutFloorExp: -21}
	switch a {
	case TF32:
		p.GroupSize = 8
	case E4M3, E5M2:
		p.GroupSize, p.ExtraBits, p.FloorExp, p.OutSigBits = 32, -10, -139, 14
	}
	return p
}

// Validate reports parameters the model cannot evaluate for A/B types a, b.
func (p FloatParams) Validate(a, b Type) error { return p.validate(a, b, KFor(a)) }

// validate is Validate for an MMA of depth k (twice KFor(a) when sparse).
func (p FloatParams) validate(a, b Type, k int) error {
	if p.GroupSize < 1 || p.GroupSize > 64 || k%p.GroupSize != 0 {
		return fmt.Errorf("wgmma: group size %d does not divide K=%d", p.GroupSize, k)
	}
	if p.OutSigBits < 2 || p.OutSigBits > 24 {
		return fmt.Errorf("wgmma: out_sig_bits %d outside [2, 24]", p.OutSigBits)
	}
	if w := 23 + p.ExtraBits; w < a.fmt().fracBits+b.fmt().fracBits || w > 40 {
		return fmt.Errorf("wgmma: extra_bits %d: adder narrower than a %s x %s product or wider than 40 bits", p.ExtraBits, a, b)
	}
	if p.FloorExp < -300 || p.FloorExp > 0 || p.F16OutFloorExp < -300 || p.F16OutFloorExp > 0 {
		return fmt.Errorf("wgmma: floor exponents must lie in [-300, 0]")
	}
	return nil
}
