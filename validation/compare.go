package validation

import (
	"math"

	"github.com/x448/float16"

	"github.com/sm90sim/sm90sim/internal/launch"
)

// Diff is the comparison of one output with its reference.
type Diff struct {
	Name       string   `json:"name"`
	DType      string   `json:"dtype"`
	Elements   int      `json:"elements"`
	Compared   int      `json:"compared"` // elements not ignored
	Mismatches int      `json:"mismatches"`
	FirstDiffs []int    `json:"first_differing_indices"`
	MaxULP     *uint64  `json:"max_ulp"`            // floats only
	MaxRelErr  *float64 `json:"max_relative_error"` // floats only
	Equal      bool     `json:"equal"`
	// DifferingBlocks are the BlockBytes-sized blocks (of a large output
	// recorded as hashes) that differ.
	DifferingBlocks []int `json:"differing_blocks,omitempty"`
	BlockBytes      int   `json:"block_bytes,omitempty"`
}

const maxFirstDiffs = 8

// Compare compares got with want (raw little-endian elements of dtype dt)
// under rule: bit-exact unless rule.MaxULP (or the element's row limit in
// rule.MaxULPRows) is > 0 for floats; indices in
// rule.Ignore (every index under rule.IgnoreAll) are skipped. NaN equals NaN under a ULP rule (any payload);
// bit-exact comparison compares NaN payloads too.
func Compare(name string, dt launch.DType, got, want []byte, rule launch.CompareRule) Diff {
	es := dt.Size()
	n := len(want) / es
	d := Diff{Name: name, DType: dt.Name(), Elements: n}
	if len(got) != len(want) {
		d.Mismatches = n
		return d
	}
	ignore := rule.IgnoreSet(n)
	var maxULP uint64
	var maxRel float64
	for i := 0; i < n; i++ {
		if ignore[i] {
			continue
		}
		d.Compared++
		a, b := getBits(got[i*es:], es), getBits(want[i*es:], es)
		bad := a != b
		if dt.IsFloat() {
			u := ulpDist(a, b, dt)
			maxULP = max(maxULP, u)
			fa, fb := decode(a, dt), decode(b, dt)
			if r := relErr(fa, fb); r > maxRel || math.IsNaN(r) {
				if !math.IsNaN(r) {
					maxRel = r
				} else {
					maxRel = math.Inf(1)
				}
			}
			if lim := rule.MaxULPAt(i, n); lim > 0 {
				bad = u > lim
			}
		}
		if bad {
			d.Mismatches++
			if len(d.FirstDiffs) < maxFirstDiffs {
				d.FirstDiffs = append(d.FirstDiffs, i)
			}
		}
	}
	if dt.IsFloat() {
		d.MaxULP, d.MaxRelErr = &maxULP, &maxRel
	}
	d.Equal = d.Mismatches == 0
	return d
}

func getBits(b []byte, n int) uint64 {
	var v uint64
	for i := 0; i < n; i++ {
		v |= uint64(b[i]) << (8 * i)
	}
	return v
}

// format describes a float dtype's bit layout.
func format(dt launch.DType) (bits, exp, man int) {
	switch dt.Name() {
	case "f64":
		return 64, 11, 52
	case "f32":
		return 32, 8, 23
	case "f16":
		return 16, 5, 10
	case "bf16":
		return 16, 8, 7
	case "e4m3":
		return 8, 4, 3
	case "e5m2":
		return 8, 5, 2
	}
	return 0, 0, 0
}

func isNaN(v uint64, dt launch.DType) bool { return math.IsNaN(decode(v, dt)) }

// ulpDist is the number of representable values between a and b (0 when
// both are NaN; the maximum when only one is).
func ulpDist(a, b uint64, dt launch.DType) uint64 {
	na, nb := isNaN(a, dt), isNaN(b, dt)
	switch {
	case na && nb:
		return 0
	case na || nb:
		return math.MaxUint64
	}
	bits, _, _ := format(dt)
	ord := func(v uint64) int64 {
		sign := uint64(1) << (bits - 1)
		if v&sign != 0 {
			return -int64(v &^ sign)
		}
		return int64(v)
	}
	x, y := ord(a), ord(b)
	if x > y {
		return uint64(x - y)
	}
	return uint64(y - x)
}

// decode converts raw bits of a float dtype to float64.
func decode(v uint64, dt launch.DType) float64 {
	switch dt.Name() {
	case "f64":
		return math.Float64frombits(v)
	case "f32":
		return float64(math.Float32frombits(uint32(v)))
	case "f16":
		return float64(float16.Frombits(uint16(v)).Float32())
	case "bf16":
		return float64(math.Float32frombits(uint32(v) << 16))
	case "e4m3":
		if v&0x7f == 0x7f {
			return math.NaN()
		}
		return smallFloat(v, 4, 3, 7)
	case "e5m2":
		if v&0x7c == 0x7c {
			if v&3 != 0 {
				return math.NaN()
			}
			return math.Copysign(math.Inf(1), -float64(v>>7&1)*2+1)
		}
		return smallFloat(v, 5, 2, 15)
	}
	return 0
}

func smallFloat(v uint64, e, m, bias int) float64 {
	s := 1.0
	if v>>(e+m)&1 != 0 {
		s = -1
	}
	ex := int(v>>m) & (1<<e - 1)
	mn := float64(v & (1<<m - 1))
	if ex == 0 {
		return s * math.Ldexp(mn, 1-bias-m)
	}
	return s * math.Ldexp(1+mn/float64(int(1)<<m), ex-bias)
}

func relErr(a, b float64) float64 {
	switch {
	case math.IsNaN(a) && math.IsNaN(b):
		return 0
	case a == b:
		return 0
	case b == 0 || math.IsInf(b, 0):
		return math.Inf(1)
	}
	return math.Abs(a-b) / math.Abs(b)
}
