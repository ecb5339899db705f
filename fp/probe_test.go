package fp

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// GPU probe comparison. testdata/gpuprobe/probe.cu records PTX results on a
// real Hopper GPU; this test replays the same inputs through package fp and
// compares bit patterns. The recordings are large, so they are read from
// $FP_GPU_PROBE_DIR (sweep32.bin, sweep16.bin, sweep64.bin) when set, and the
// test is skipped otherwise. Exact (IEEE) operations must match bit for bit;
// approximate ones are reported (mismatch count, max ulp distance).

type probeRec struct {
	name         string
	width, arity int
	in           [3][]uint64
	out          []uint64
}

func readProbe(path string) ([]probeRec, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) < 8 || string(b[:8]) != "FPPROBE1" {
		return nil, fmt.Errorf("%s: bad magic", path)
	}
	b = b[8:]
	u32 := func() uint32 { v := binary.LittleEndian.Uint32(b); b = b[4:]; return v }
	var recs []probeRec
	for len(b) > 0 {
		var r probeRec
		l := int(u32())
		r.name = string(b[:l])
		b = b[l:]
		r.width, r.arity = int(u32()), int(u32())
		n := int(u32())
		read := func() []uint64 {
			v := make([]uint64, n)
			for i := range v {
				if r.width == 64 {
					v[i] = binary.LittleEndian.Uint64(b[8*i:])
				} else {
					v[i] = uint64(binary.LittleEndian.Uint32(b[4*i:]))
				}
			}
			b = b[n*r.width/8:]
			return v
		}
		for k := 0; k < r.arity; k++ {
			r.in[k] = read()
		}
		r.out = read()
		recs = append(recs, r)
	}
	return recs, nil
}

// probeImpl maps a probe op name to the package fp implementation and tells
// whether it must be bit-exact.
func probeImpl(name string) (fn func(a, b, c uint64) uint64, exact bool) {
	u := func(x uint64) uint32 { return uint32(x) }
	h := func(x uint64) uint16 { return uint16(x) }
	w := func(x uint32) uint64 { return uint64(x) }
	s := func(x uint16) uint64 { return uint64(x) }
	e8x2 := func(conv func(uint32, Rounding, bool, bool) uint8) func(a, b, c uint64) uint64 {
		return func(a, b, c uint64) uint64 {
			return uint64(conv(u(a), RN, true, false))<<8 | uint64(conv(u(b), RN, true, false))
		}
	}
	f16x2 := func(conv func(uint8) uint16) func(a, b, c uint64) uint64 {
		return func(a, b, c uint64) uint64 { return uint64(conv(uint8(a>>8)))<<16 | uint64(conv(uint8(a))) }
	}
	m := map[string]struct {
		f     func(a, b, c uint64) uint64
		exact bool
	}{
		"ex2.approx.ftz.f32":          {func(a, b, c uint64) uint64 { return w(Ex2ApproxF32(u(a), true)) }, false},
		"ex2.approx.f32":              {func(a, b, c uint64) uint64 { return w(Ex2ApproxF32(u(a), false)) }, false},
		"lg2.approx.ftz.f32":          {func(a, b, c uint64) uint64 { return w(Lg2ApproxF32(u(a), true)) }, false},
		"lg2.approx.f32":              {func(a, b, c uint64) uint64 { return w(Lg2ApproxF32(u(a), false)) }, false},
		"sin.approx.ftz.f32":          {func(a, b, c uint64) uint64 { return w(SinApproxF32(u(a), true)) }, false},
		"cos.approx.ftz.f32":          {func(a, b, c uint64) uint64 { return w(CosApproxF32(u(a), true)) }, false},
		"sin.approx.f32":              {func(a, b, c uint64) uint64 { return w(SinApproxF32(u(a), false)) }, false},
		"cos.approx.f32":              {func(a, b, c uint64) uint64 { return w(CosApproxF32(u(a), false)) }, false},
		"rsqrt.approx.ftz.f32":        {func(a, b, c uint64) uint64 { return w(RsqrtApproxF32(u(a), true)) }, false},
		"rsqrt.approx.f32":            {func(a, b, c uint64) uint64 { return w(RsqrtApproxF32(u(a), false)) }, false},
		"rcp.approx.ftz.f32":          {func(a, b, c uint64) uint64 { return w(RcpApproxF32(u(a), true)) }, false},
		"rcp.approx.f32":              {func(a, b, c uint64) uint64 { return w(RcpApproxF32(u(a), false)) }, false},
		"sqrt.approx.ftz.f32":         {func(a, b, c uint64) uint64 { return w(SqrtApproxF32(u(a), true)) }, false},
		"sqrt.approx.f32":             {func(a, b, c uint64) uint64 { return w(SqrtApproxF32(u(a), false)) }, false},
		"tanh.approx.f32":             {func(a, b, c uint64) uint64 { return w(TanhApproxF32(u(a))) }, false},
		"div.approx.f32":              {func(a, b, c uint64) uint64 { return w(DivApproxF32(u(a), u(b), false)) }, false},
		"div.approx.ftz.f32":          {func(a, b, c uint64) uint64 { return w(DivApproxF32(u(a), u(b), true)) }, false},
		"div.full.f32":                {func(a, b, c uint64) uint64 { return w(DivFullF32(u(a), u(b), false)) }, false},
		"div.full.ftz.f32":            {func(a, b, c uint64) uint64 { return w(DivFullF32(u(a), u(b), true)) }, false},
		"add.rz.f32":                  {func(a, b, c uint64) uint64 { return w(AddF32(u(a), u(b), RZ, false, false)) }, true},
		"add.rm.sat.f32":              {func(a, b, c uint64) uint64 { return w(AddF32(u(a), u(b), RM, false, true)) }, true},
		"mul.rn.ftz.f32":              {func(a, b, c uint64) uint64 { return w(MulF32(u(a), u(b), RN, true, false)) }, true},
		"mul.rp.f32":                  {func(a, b, c uint64) uint64 { return w(MulF32(u(a), u(b), RP, false, false)) }, true},
		"fma.rn.f32":                  {func(a, b, c uint64) uint64 { return w(FmaF32(u(a), u(b), u(c), RN, false, false)) }, true},
		"fma.rm.ftz.f32":              {func(a, b, c uint64) uint64 { return w(FmaF32(u(a), u(b), u(c), RM, true, false)) }, true},
		"fma.rz.sat.f32":              {func(a, b, c uint64) uint64 { return w(FmaF32(u(a), u(b), u(c), RZ, false, true)) }, true},
		"div.rn.f32":                  {func(a, b, c uint64) uint64 { return w(DivF32(u(a), u(b), RN, false)) }, true},
		"div.rp.f32":                  {func(a, b, c uint64) uint64 { return w(DivF32(u(a), u(b), RP, false)) }, true},
		"sqrt.rn.f32":                 {func(a, b, c uint64) uint64 { return w(SqrtF32(u(a), RN, false)) }, true},
		"sqrt.rz.f32":                 {func(a, b, c uint64) uint64 { return w(SqrtF32(u(a), RZ, false)) }, true},
		"rcp.rn.ftz.f32":              {func(a, b, c uint64) uint64 { return w(RcpF32(u(a), RN, true)) }, true},
		"min.xorsign.abs.f32":         {func(a, b, c uint64) uint64 { return w(MinF32(u(a), u(b), false, false, true, true)) }, true},
		"max.NaN.f32":                 {func(a, b, c uint64) uint64 { return w(MaxF32(u(a), u(b), false, true, false, false)) }, true},
		"min.ftz.f32":                 {func(a, b, c uint64) uint64 { return w(MinF32(u(a), u(b), true, false, false, false)) }, true},
		"cvt.rni.f32.f32":             {func(a, b, c uint64) uint64 { return w(RoundToIntegralF32(u(a), RN, false)) }, true},
		"cvt.rmi.ftz.f32.f32":         {func(a, b, c uint64) uint64 { return w(RoundToIntegralF32(u(a), RM, true)) }, true},
		"cvt.rn.f16.f32":              {func(a, b, c uint64) uint64 { return s(F32ToF16(u(a), RN, false, false)) }, true},
		"cvt.rz.bf16.f32":             {func(a, b, c uint64) uint64 { return s(F32ToBF16(u(a), RZ, false, false)) }, true},
		"cvt.rn.satfinite.e4m3x2.f32": {e8x2(F32ToE4M3), true},
		"cvt.rn.satfinite.e5m2x2.f32": {e8x2(F32ToE5M2), true},
		"cvt.rna.tf32.f32":            {func(a, b, c uint64) uint64 { return w(F32ToTF32(u(a), RNA, false, false)) }, true},
		"cvt.rni.s32.f32":             {func(a, b, c uint64) uint64 { return uint64(uint32(FloatToInt(a, 32, 32, true, RN, false))) }, true},
		"cvt.rpi.u32.f32":             {func(a, b, c uint64) uint64 { return uint64(uint32(FloatToInt(a, 32, 32, false, RP, false))) }, true},
		"cvt.rm.f16.f32":              {func(a, b, c uint64) uint64 { return s(F32ToF16(u(a), RM, false, false)) }, true},
		"cvt.rn.relu.f16.f32":         {func(a, b, c uint64) uint64 { return s(F32ToF16(u(a), RN, false, true)) }, true},
		"cvt.rn.bf16.f32":             {func(a, b, c uint64) uint64 { return s(F32ToBF16(u(a), RN, false, false)) }, true},
		"ex2.approx.f16":              {func(a, b, c uint64) uint64 { return s(Ex2ApproxF16(h(a))) }, false},
		"tanh.approx.f16":             {func(a, b, c uint64) uint64 { return s(TanhApproxF16(h(a))) }, false},
		"ex2.approx.ftz.bf16":         {func(a, b, c uint64) uint64 { return s(Ex2ApproxBF16(h(a))) }, false},
		"tanh.approx.bf16":            {func(a, b, c uint64) uint64 { return s(TanhApproxBF16(h(a))) }, false},
		"cvt.f32.f16":                 {func(a, b, c uint64) uint64 { return w(F16ToF32(h(a))) }, true},
		"add.rn.f16":                  {func(a, b, c uint64) uint64 { return s(AddF16(h(a), h(b), RN, false, false)) }, true},
		"fma.rn.f16":                  {func(a, b, c uint64) uint64 { return s(FmaF16(h(a), h(b), h(c), RN, false, false)) }, true},
		"fma.rn.bf16":                 {func(a, b, c uint64) uint64 { return s(FmaBF16(h(a), h(b), h(c), RN, false)) }, true},
		"mul.rn.ftz.sat.f16":          {func(a, b, c uint64) uint64 { return s(MulF16(h(a), h(b), RN, true, true)) }, true},
		"cvt.f32.bf16":                {func(a, b, c uint64) uint64 { return w(BF16ToF32(h(a))) }, true},
		"cvt.rn.f16x2.e4m3x2":         {f16x2(E4M3ToF16), true},
		"cvt.rn.f16x2.e5m2x2":         {f16x2(E5M2ToF16), true},
		"fma.rn.relu.f16":             {func(a, b, c uint64) uint64 { return s(FmaReluF16(h(a), h(b), h(c), RN, false)) }, true},
		"min.f16":                     {func(a, b, c uint64) uint64 { return s(MinF16(h(a), h(b), false, false, false, false)) }, true},
		"max.NaN.xorsign.abs.f16":     {func(a, b, c uint64) uint64 { return s(MaxF16(h(a), h(b), false, true, true, true)) }, true},
		"fma.rn.relu.bf16":            {func(a, b, c uint64) uint64 { return s(FmaBF16(h(a), h(b), h(c), RN, true)) }, true},
		"rcp.approx.ftz.f64":          {func(a, b, c uint64) uint64 { return RcpApproxF64(a) }, false},
		"rsqrt.approx.f64":            {func(a, b, c uint64) uint64 { return RsqrtApproxF64(a, false) }, false},
		"rsqrt.approx.ftz.f64":        {func(a, b, c uint64) uint64 { return RsqrtApproxF64(a, true) }, false},
		"add.rz.f64":                  {func(a, b, c uint64) uint64 { return AddF64(a, b, RZ) }, true},
		"fma.rp.f64":                  {func(a, b, c uint64) uint64 { return FmaF64(a, b, c, RP) }, true},
		"div.rm.f64":                  {func(a, b, c uint64) uint64 { return DivF64(a, b, RM) }, true},
		"sqrt.rp.f64":                 {func(a, b, c uint64) uint64 { return SqrtF64(a, RP) }, true},
		"mul.rn.f64":                  {func(a, b, c uint64) uint64 { return MulF64(a, b, RN) }, true},
		"min.f64":                     {func(a, b, c uint64) uint64 { return MinF64(a, b, false) }, true},
		"cvt.rn.f32.f64":              {func(a, b, c uint64) uint64 { return w(F64ToF32(a, RN, false, false)) }, true},
		"cvt.rzi.s64.f64":             {func(a, b, c uint64) uint64 { return FloatToInt(a, 64, 64, true, RZ, false) }, true},
	}
	e, ok := m[name]
	return e.f, e.exact && ok
}

func TestGPUProbe(t *testing.T) {
	dir := os.Getenv("FP_GPU_PROBE_DIR")
	if dir == "" {
		t.Skip("set FP_GPU_PROBE_DIR to a directory with sweep{32,16,64}.bin from probe.cu")
	}
	for _, file := range []string{"sweep32.bin", "sweep16.bin", "sweep64.bin"} {
		recs, err := readProbe(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			fn, exact := probeImpl(r.name)
			if fn == nil {
				t.Errorf("%s: no implementation mapped", r.name)
				continue
			}
			bad := 0
			var examples []string
			for i := range r.out {
				var a, b, c uint64
				a, b, c = r.in[0][i], 0, 0
				if r.arity > 1 {
					b = r.in[1][i]
				}
				if r.arity > 2 {
					c = r.in[2][i]
				}
				if got := fn(a, b, c); got != r.out[i] {
					bad++
					if len(examples) < 6 {
						examples = append(examples, fmt.Sprintf("(%x,%x,%x) gpu=%x fp=%x", a, b, c, r.out[i], got))
					}
				}
			}
			sort.Strings(examples)
			msg := fmt.Sprintf("%-28s exact=%v mismatches %d/%d %v", r.name, exact, bad, len(r.out), examples)
			if exact && bad > 0 {
				t.Error(msg)
			} else {
				t.Log(msg)
			}
		}
	}
	_ = math.Abs
}
