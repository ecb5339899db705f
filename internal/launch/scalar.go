package launch

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sm90sim/sm90sim/fp"
)

// scalar encodes a scalar param literal as d.Size() little-endian bytes.
// Accepted: YAML integers (range-checked) for integer types; YAML numbers,
// .inf/.nan and the strings "inf", "+inf", "-inf", "nan" for float types;
// "0x..." strings as raw bits for every type.
func (p *parser) scalar(n *yaml.Node, d DType, what string) ([]byte, error) {
	what = what + ": " + d.Name()
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
		return p.scalarString(n, d, what)
	}
	if !d.IsFloat() {
		v, err := p.intLit(n, what)
		if err != nil {
			return nil, err
		}
		if !inRange(v, d) {
			lo, hi := intRange(d)
			return nil, p.errf(n, "%s: %s is out of range [%s, %s] (write \"0x...\" for raw bits)",
				what, n.Value, fmtInt(lo, d), fmtInt(hi, d))
		}
		return leBytes(v.bits, d.Size()), nil
	}
	f, err := p.floatLit(n, what)
	if err != nil {
		return nil, err
	}
	return leBytes(floatBits(f, d), d.Size()), nil
}

func (p *parser) scalarString(n *yaml.Node, d DType, what string) ([]byte, error) {
	s := n.Value
	if len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X") {
		digits := strings.ReplaceAll(s[2:], "_", "")
		v, err := strconv.ParseUint(digits, 16, 64)
		if err != nil || (d.Size() < 8 && v>>(8*d.Size()) != 0) {
			return nil, p.errf(n, "%s: raw bits %q do not fit in %d bytes", what, s, d.Size())
		}
		return leBytes(v, d.Size()), nil
	}
	if d.IsFloat() {
		switch strings.ToLower(s) {
		case "inf", "+inf":
			return leBytes(floatBits(math.Inf(1), d), d.Size()), nil
		case "-inf":
			return leBytes(floatBits(math.Inf(-1), d), d.Size()), nil
		case "nan":
			return leBytes(floatBits(math.NaN(), d), d.Size()), nil
		}
		return nil, p.errf(n, "%s: bad literal %q (want a number, \"inf\", \"-inf\", \"nan\" or \"0x...\" raw bits)", what, s)
	}
	return nil, p.errf(n, "%s: bad literal %q (want an integer or \"0x...\" raw bits)", what, s)
}

// floatBits rounds f to the float dtype d (round-to-nearest-even, directly
// from float64; e4m3/e5m2 saturate to +-max finite) and returns its bits.
// NaN becomes the canonical quiet NaN NumPy uses (doc.go), not PTX's.
func floatBits(f float64, d DType) uint64 {
	if math.IsNaN(f) {
		return canonicalNaN[d]
	}
	switch d {
	case F64:
		return math.Float64bits(f)
	case F32:
		return uint64(math.Float32bits(float32(f)))
	case F16:
		return uint64(fp.F64ToF16RN(f))
	case BF16:
		return uint64(fp.F64ToBF16RN(f))
	case E4M3:
		return uint64(fp.F64ToE4M3SatRN(f))
	case E5M2:
		return uint64(fp.F64ToE5M2SatRN(f))
	}
	panic("launch: floatBits of non-float dtype " + d.Name())
}

var canonicalNaN = [dtypeCount]uint64{
	F64: 0x7FF8000000000000, F32: 0x7FC00000, F16: 0x7E00, BF16: 0x7FC0, E4M3: 0x7F, E5M2: 0x7F,
}

// leBytes is the low n bytes of v, little-endian.
func leBytes(v uint64, n int) []byte {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	return append([]byte(nil), b[:n]...)
}
