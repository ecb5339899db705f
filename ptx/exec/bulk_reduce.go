package exec

import (
	"math"

	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/ptx"
)

// bulkReduceOps are the reduction qualifiers of cp.reduce.async.bulk(.tensor).
var bulkReduceOps = []string{"add", "min", "max", "inc", "dec", "and", "or", "xor"}

// bulkReduceOp is the element combine function of cp.reduce.async.bulk(.tensor)
// for the operation named in the qualifiers and element type t (ptx-facts
// §5.3): the same arithmetic as atom/red, plus f16/bf16 min and max.
func bulkReduceOp(in *ptx.Inst, t ptx.Type) (atomFn, error) {
	op := ""
	for _, q := range in.Quals {
		for _, o := range bulkReduceOps {
			if q == o {
				op = q
			}
		}
	}
	if op == "" {
		return nil, errAt(in, "%s needs a reduction (.add .min .max .inc .dec .and .or .xor)", in.Text)
	}
	if (op == "min" || op == "max") && (t == ptx.F16 || t == ptx.BF16) {
		return halfMinMax(op == "max", t == ptx.BF16), nil
	}
	cp := *in
	cp.Mods.Sub = op
	return atomOp(&cp, t)
}

// halfMinMax is min/max on f16/bf16 bit patterns (NaN inputs: the other
// operand, as min/max do).
func halfMinMax(isMax, bf bool) atomFn {
	toF := func(v uint64) float64 {
		if bf {
			return float64(math.Float32frombits(fp.BF16ToF32(uint16(v))))
		}
		return float64(math.Float32frombits(fp.F16ToF32(uint16(v))))
	}
	return func(o, b, _ uint64) uint64 {
		fo, fb := toF(o), toF(b)
		switch {
		case fb != fb:
			return o
		case fo != fo:
			return b
		case isMax == (fb > fo):
			return b
		}
		return o
	}
}
