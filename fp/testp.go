package fp

import "fmt"

// TestpClass is a testp class: .finite .infinite .number .notanumber
// .normal .subnormal.
type TestpClass uint8

const (
	TestpFinite TestpClass = iota
	TestpInfinite
	TestpNumber
	TestpNotANumber
	TestpNormal
	TestpSubnormal
)

var testpNames = [...]string{"finite", "infinite", "number", "notanumber", "normal", "subnormal"}

// ParseTestpClass maps "finite" (or ".finite") etc. to a class.
func ParseTestpClass(s string) (TestpClass, error) {
	if len(s) > 0 && s[0] == '.' {
		s = s[1:]
	}
	for i, n := range testpNames {
		if n == s {
			return TestpClass(i), nil
		}
	}
	return 0, fmt.Errorf("fp: unknown testp class %q", s)
}

func testp(f format, b uint64, c TestpClass) bool {
	nan, inf := f.isNaN(b), f.isInf(b)
	switch c {
	case TestpFinite:
		return !nan && !inf
	case TestpInfinite:
		return inf
	case TestpNumber:
		return !nan
	case TestpNotANumber:
		return nan
	case TestpNormal:
		// PTX: "positive and negative zero are considered normal numbers"
		// (recorded: float_special un32/un64 slot 10, testp.normal of ±0
		// is true).
		return !nan && !inf && !f.isSub(b)
	case TestpSubnormal:
		return f.isSub(b)
	}
	return false
}

// TestpClassF32 / TestpClassF64 are testp.class.f32 / .f64.
func TestpClassF32(x uint32, c TestpClass) bool { return testp(fmtF32, uint64(x), c) }

// TestpClassF64 is testp.class.f64.
func TestpClassF64(x uint64, c TestpClass) bool { return testp(fmtF64, x, c) }

// TestpF32 is testp with the class given by name; an unknown name is false
// (validate names with ParseTestpClass).
func TestpF32(x uint32, class string) bool {
	c, err := ParseTestpClass(class)
	return err == nil && TestpClassF32(x, c)
}

// TestpF64 is testp on an f64 with the class given by name.
func TestpF64(x uint64, class string) bool {
	c, err := ParseTestpClass(class)
	return err == nil && TestpClassF64(x, c)
}
