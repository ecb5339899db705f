package fp_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	. "github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/internal/mufuref"
)

// mufuForms maps the PTX approximate forms to their models.
var mufuForms = map[string]func(uint32) uint32{
	"ex2.approx.ftz.f32":   func(a uint32) uint32 { return Ex2ApproxF32(a, true) },
	"ex2.approx.f32":       func(a uint32) uint32 { return Ex2ApproxF32(a, false) },
	"rcp.approx.ftz.f32":   func(a uint32) uint32 { return RcpApproxF32(a, true) },
	"rcp.approx.f32":       func(a uint32) uint32 { return RcpApproxF32(a, false) },
	"rsqrt.approx.ftz.f32": func(a uint32) uint32 { return RsqrtApproxF32(a, true) },
	"rsqrt.approx.f32":     func(a uint32) uint32 { return RsqrtApproxF32(a, false) },
	"sqrt.approx.ftz.f32":  func(a uint32) uint32 { return SqrtApproxF32(a, true) },
	"sqrt.approx.f32":      func(a uint32) uint32 { return SqrtApproxF32(a, false) },
	"lg2.approx.ftz.f32":   func(a uint32) uint32 { return Lg2ApproxF32(a, true) },
	"lg2.approx.f32":       func(a uint32) uint32 { return Lg2ApproxF32(a, false) },
	"sin.approx.ftz.f32":   func(a uint32) uint32 { return SinApproxF32(a, true) },
	"sin.approx.f32":       func(a uint32) uint32 { return SinApproxF32(a, false) },
	"cos.approx.ftz.f32":   func(a uint32) uint32 { return CosApproxF32(a, true) },
	"cos.approx.f32":       func(a uint32) uint32 { return CosApproxF32(a, false) },
	"tanh.approx.f32":      TanhApproxF32,
	"ex2.approx.f16":       func(a uint32) uint32 { return uint32(Ex2ApproxF16(uint16(a))) },
	"ex2.approx.ftz.bf16":  func(a uint32) uint32 { return uint32(Ex2ApproxBF16(uint16(a))) },
	"tanh.approx.f16":      func(a uint32) uint32 { return uint32(TanhApproxF16(uint16(a))) },
	"tanh.approx.bf16":     func(a uint32) uint32 { return uint32(TanhApproxBF16(uint16(a))) },
}

var mufuDivForms = map[string]func(a, b uint32) uint32{
	"div.full.f32":       func(a, b uint32) uint32 { return DivFullF32(a, b, false) },
	"div.full.ftz.f32":   func(a, b uint32) uint32 { return DivFullF32(a, b, true) },
	"div.approx.f32":     func(a, b uint32) uint32 { return DivApproxF32(a, b, false) },
	"div.approx.ftz.f32": func(a, b uint32) uint32 { return DivApproxF32(a, b, true) },
}

// mufuF64Forms: the f64 forms, by dump.cu's op number, and which half of
// the result a record holds.
var mufuF64Forms = map[string]struct {
	op int
	lo bool
	f  func(uint64) uint64
}{
	"rcp.approx.ftz.f64":   {0, false, RcpApproxF64},
	"rsqrt.approx.ftz.f64": {1, false, func(a uint64) uint64 { return RsqrtApproxF64(a, true) }},
	"rsqrt.approx.f64":     {2, false, func(a uint64) uint64 { return RsqrtApproxF64(a, false) }},
	"rsqrt.approx.f64.lo":  {2, true, func(a uint64) uint64 { return RsqrtApproxF64(a, false) }},
}

// mufuNotExact lists the forms whose model is not bit-exact, with the
// number of recorded samples it may miss (none since issue 16).
var mufuNotExact = map[string]int{}

// TestMufuHardware (an external test package: fp itself imports nothing of
// this project) checks every approximate form against the H200
// recordings of testdata/mufu_hw.gz (tools/mufu: stratified inputs over
// every binade of both signs, all 16-bit inputs, segment-boundary
// neighbourhoods).
func TestMufuHardware(t *testing.T) {
	fh, err := os.Open("testdata/mufu_hw.gz")
	require.NoError(t, err)
	defer fh.Close()
	recs, err := mufuref.Decode(fh)
	require.NoError(t, err)
	require.NotEmpty(t, recs)
	for _, r := range recs {
		t.Run(r.Form, func(t *testing.T) {
			bad, first := 0, ""
			for i, hw := range r.HW {
				var got uint32
				if r.Set == mufuref.SetF64 {
					f, ok := mufuF64Forms[r.Form]
					require.True(t, ok, r.Form)
					v := f.f(mufuref.F64Input(f.op, int(r.A[i])))
					got = uint32(v >> 32)
					if f.lo {
						got = uint32(v)
					} else if f.op < 2 {
						require.Zero(t, uint32(v), "%s: low result word", r.Form)
					}
				} else if r.Div() {
					got = mufuDivForms[r.Form](r.A[i], r.B[i])
				} else {
					f, ok := mufuForms[r.Form]
					require.True(t, ok, r.Form)
					got = f(r.A[i])
				}
				if got != hw {
					if bad == 0 {
						first = "input " + hex32(r.A[i]) + ": model " + hex32(got) + ", hardware " + hex32(hw)
					}
					bad++
				}
			}
			require.LessOrEqual(t, bad, mufuNotExact[r.Form], "%s: %d of %d samples differ; first %s", r.Form, bad, len(r.HW), first)
		})
	}
}

func hex32(v uint32) string {
	const d = "0123456789abcdef"
	b := make([]byte, 8)
	for i := range b {
		b[7-i] = d[v>>(4*i)&15]
	}
	return string(b)
}
