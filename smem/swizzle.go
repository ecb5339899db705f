package smem

import "fmt"

// SwizzleMode is a shared-memory swizzle as used by TMA tensor maps, wgmma
// descriptors and CuTe layouts (ptx-facts §3).
type SwizzleMode uint8

// Swizzle modes. The values match CUtensorMapSwizzle (NONE=0, 32B=1, 64B=2,
// 128B=3) and CuTe's B in Swizzle<B,4,3>.
const (
	SwizzleNone SwizzleMode = iota
	Swizzle32B
	Swizzle64B
	Swizzle128B
	NumSwizzleModes = iota
)

var swizzleNames = [NumSwizzleModes]string{"none", "32B", "64B", "128B"}

// String returns "none", "32B", "64B" or "128B".
func (m SwizzleMode) String() string {
	if m.Valid() {
		return swizzleNames[m]
	}
	return fmt.Sprintf("swizzle(%d)", uint8(m))
}

// Valid reports whether m is a Hopper swizzle mode.
func (m SwizzleMode) Valid() bool { return m < NumSwizzleModes }

// ParseSwizzleMode accepts the String forms (case-sensitive) and "128",
// "64", "32", "0".
func ParseSwizzleMode(s string) (SwizzleMode, error) {
	for i, n := range swizzleNames {
		if s == n {
			return SwizzleMode(i), nil
		}
	}
	switch s {
	case "0":
		return SwizzleNone, nil
	case "32":
		return Swizzle32B, nil
	case "64":
		return Swizzle64B, nil
	case "128":
		return Swizzle128B, nil
	}
	return 0, fmt.Errorf("smem: unknown swizzle mode %q (want none, 32B, 64B or 128B)", s)
}

// Bits is CuTe's B: the number of address bits XORed (0..3).
func (m SwizzleMode) Bits() uint {
	if !m.Valid() {
		return 0
	}
	return uint(m)
}

// SpanBytes is the swizzle width: the largest inner box dimension in bytes
// (32, 64, 128), 16 for none (one chunk).
func (m SwizzleMode) SpanBytes() uint32 { return 16 << m.Bits() }

// PeriodBytes is how often the pattern repeats (256, 512, 1024 B), and the
// alignment a buffer needs for the pattern to start at phase 0. 128 for none.
func (m SwizzleMode) PeriodBytes() uint32 { return 128 << m.Bits() }

// Swizzle applies CuTe Swizzle<B,4,3> to a byte address: the B bits at
// [7, 7+B) are XORed into the bits at [4, 4+B). It acts on the absolute
// shared-window address (a buffer not aligned to PeriodBytes sees a shifted
// pattern). It is its own inverse. Unknown modes are the identity.
func Swizzle(mode SwizzleMode, addr uint32) uint32 {
	b := mode.Bits()
	mask := (uint32(1)<<b - 1) << 7
	return addr ^ (addr&mask)>>3
}
