package launch

import "strconv"

// intRange is the full range of an integer dtype as two's complement bits.
func intRange(d DType) (lo, hi uint64) {
	bits := uint(8 * d.Size())
	if d.IsSigned() {
		return uint64(int64(-1) << (bits - 1)), 1<<(bits-1) - 1
	}
	return 0, ^uint64(0) >> (64 - bits)
}

// inRange reports whether v is representable in the integer dtype d.
func inRange(v integer, d DType) bool {
	lo, hi := intRange(d)
	if d.IsSigned() {
		if v.neg {
			return int64(v.bits) >= int64(lo)
		}
		return v.bits <= hi
	}
	return !v.neg && v.bits <= hi
}

// lessInt compares two in-range values of dtype d.
func lessInt(a, b uint64, d DType) bool {
	if d.IsSigned() {
		return int64(a) < int64(b)
	}
	return a < b
}

func fmtInt(v uint64, d DType) string {
	if d.IsSigned() {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatUint(v, 10)
}
