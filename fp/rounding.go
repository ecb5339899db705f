package fp

// Rounding is a PTX floating-point rounding modifier.
type Rounding uint8

const (
	RN  Rounding = iota // .rn / .rni: to nearest, ties to even
	RZ                  // .rz / .rzi: toward zero
	RM                  // .rm / .rmi: toward -inf
	RP                  // .rp / .rpi: toward +inf
	RNA                 // .rna: to nearest, ties away from zero (cvt to tf32)
)

// String returns the PTX spelling of the modifier (without the integer "i").
func (r Rounding) String() string {
	switch r {
	case RN:
		return "rn"
	case RZ:
		return "rz"
	case RM:
		return "rm"
	case RP:
		return "rp"
	case RNA:
		return "rna"
	}
	return "rounding?"
}

// roundsAway reports whether a non-representable value of sign neg is rounded
// to the larger magnitude under a directed mode (RZ, RM, RP), given that it is
// inexact. For RN/RNA the caller decides with the remainder.
func directedUp(rm Rounding, neg bool) bool {
	return (rm == RP && !neg) || (rm == RM && neg)
}

// overflowsToInf reports whether an overflowing result of sign neg becomes
// infinity (true) or the largest finite magnitude (false) under rm.
func overflowsToInf(rm Rounding, neg bool) bool {
	return rm == RN || rm == RNA || directedUp(rm, neg)
}
