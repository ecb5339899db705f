package validation

import (
	"fmt"
	"strconv"

	"github.com/sm90sim/sm90sim/internal/launch"
)

// Sampled reports whether only the sample of a large output is compared
// under rule: a recording kept as sha256 plus sample is checked bit-exact
// through the hash, but a ULP or ignore rule can only use the sample.
func (ro *RecordedOutput) Sampled(rule launch.CompareRule) bool {
	return ro.Full == nil && (rule.MaxULP > 0 || len(rule.MaxULPRows) > 0 || rule.Ignores())
}

// Want returns the recorded element i (little-endian bytes of es bytes),
// false when the recording does not hold it (outside the sample).
func (ro *RecordedOutput) Want(i, es int) ([]byte, bool) {
	if ro.Full != nil {
		if (i+1)*es <= len(ro.Full) {
			return ro.Full[i*es : (i+1)*es], true
		}
		return nil, false
	}
	if m := ro.Meta; m != nil && m.Stride > 0 && i%m.Stride == 0 {
		j := i / m.Stride
		if (j+1)*es <= len(ro.Sample) {
			return ro.Sample[j*es : (j+1)*es], true
		}
	}
	return nil, false
}

// FormatValue writes one element for a person: the value (floats with
// their bits in hex, integers as signed or unsigned decimal).
func FormatValue(dt launch.DType, b []byte) string {
	es := dt.Size()
	if len(b) < es {
		return "?"
	}
	v := getBits(b, es)
	if dt.IsFloat() {
		bits := 64
		if es <= 4 {
			bits = 32 // every float of 32 bits or fewer is exact as a float32: shortest digits
		}
		return fmt.Sprintf("%s (0x%0*x)", strconv.FormatFloat(decode(v, dt), 'g', -1, bits), 2*es, v)
	}
	if dt.IsSigned() {
		shift := 64 - 8*uint(es)
		return strconv.FormatInt(int64(v<<shift)>>shift, 10)
	}
	return strconv.FormatUint(v, 10)
}
