package banks

import (
	"fmt"
	"strconv"
	"strings"
)

// Major says which tile dimension is contiguous in shared memory.
type Major uint8

const (
	// MajorK: each row (COLS elements, the K dimension of an MMA operand)
	// is contiguous.
	MajorK Major = iota
	// MajorMN: each column (ROWS elements, the M or N dimension) is
	// contiguous.
	MajorMN
)

func (m Major) String() string {
	if m == MajorMN {
		return "MN-major"
	}
	return "K-major"
}

// Spec is one what-if question: a tile, its element type and majorness, an
// access pattern.
type Spec struct {
	DType     string
	ElemBytes int
	Rows      int // tile rows (M or N of an operand)
	Cols      int // tile columns (K of an operand)
	Major     Major
	Access    Access
	// Pad is extra bytes per line in the unswizzled layout only.
	Pad int
	// Base is the tile's offset from a 1024-byte aligned address.
	Base uint32
}

// elemBytes is a constant table of element sizes by dtype name.
var elemBytes = map[string]int{
	"u8": 1, "s8": 1, "b8": 1, "e4m3": 1, "e5m2": 1, "f8": 1,
	"u16": 2, "s16": 2, "b16": 2, "f16": 2, "bf16": 2,
	"u32": 4, "s32": 4, "b32": 4, "f32": 4, "tf32": 4,
	"u64": 8, "s64": 8, "b64": 8, "f64": 8,
}

// SpecSyntax is the --layout syntax, for help texts and errors.
const SpecSyntax = `"dtype=f16 tile=64x64 major=k access=ldmatrix.x4 [pad=BYTES] [base=BYTES]"`

// ParseSpec reads space- or comma-separated key=value pairs:
//
//	dtype=  f16 bf16 f32 tf32 f64 e4m3 e5m2 s8 u8 ... (default f16)
//	tile=   ROWSxCOLS, e.g. 64x64 (required)
//	major=  k|row (rows contiguous) or mn|col (columns contiguous); default k
//	access= see ParseAccess (required)
//	pad=    extra bytes per line for the unswizzled layout (default 0)
//	base=   tile offset from a 1024-byte aligned address (default 0)
func ParseSpec(s string) (Spec, error) {
	sp := Spec{DType: "f16", ElemBytes: 2}
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		k, v, ok := strings.Cut(f, "=")
		if !ok || v == "" {
			return sp, fmt.Errorf("layout: %q is not key=value (syntax: %s)", f, SpecSyntax)
		}
		if seen[k] {
			return sp, fmt.Errorf("layout: %s given twice", k)
		}
		seen[k] = true
		if err := sp.set(k, v); err != nil {
			return sp, fmt.Errorf("layout: %v", err)
		}
	}
	if !seen["tile"] || !seen["access"] {
		return sp, fmt.Errorf("layout: tile= and access= are required (syntax: %s)", SpecSyntax)
	}
	return sp, sp.check()
}

func (sp *Spec) set(k, v string) error {
	switch k {
	case "dtype":
		n, ok := elemBytes[strings.ToLower(v)]
		if !ok {
			return fmt.Errorf("unknown dtype %q (f16 bf16 f32 tf32 f64 e4m3 e5m2 s8 u8 s16 u16 s32 u32 s64 u64)", v)
		}
		sp.DType, sp.ElemBytes = strings.ToLower(v), n
	case "tile":
		r, c, ok := strings.Cut(strings.ToLower(v), "x")
		rows, err1 := strconv.Atoi(r)
		cols, err2 := strconv.Atoi(c)
		if !ok || err1 != nil || err2 != nil || rows <= 0 || cols <= 0 || rows > 4096 || cols > 4096 {
			return fmt.Errorf("tile %q: want ROWSxCOLS, e.g. 64x64 (each 1..4096)", v)
		}
		sp.Rows, sp.Cols = rows, cols
	case "major":
		switch strings.ToLower(v) {
		case "k", "row", "k-major", "row-major":
			sp.Major = MajorK
		case "mn", "m", "n", "col", "mn-major", "col-major":
			sp.Major = MajorMN
		default:
			return fmt.Errorf("major %q: want k (rows contiguous) or mn (columns contiguous)", v)
		}
	case "access":
		a, err := ParseAccess(v)
		if err != nil {
			return err
		}
		sp.Access = a
	case "pad", "base":
		n, err := strconv.ParseUint(v, 0, 16)
		if err != nil {
			return fmt.Errorf("%s %q: want a byte count (0..65535)", k, v)
		}
		if k == "pad" {
			sp.Pad = int(n)
		} else {
			sp.Base = uint32(n)
		}
	default:
		return fmt.Errorf("unknown key %q (dtype, tile, major, access, pad, base)", k)
	}
	return nil
}

// Lines is the number of contiguous lines of the tile in shared memory.
func (sp *Spec) Lines() int {
	if sp.Major == MajorMN {
		return sp.Cols
	}
	return sp.Rows
}

// LineBytes is the size of one contiguous line.
func (sp *Spec) LineBytes() int {
	if sp.Major == MajorMN {
		return sp.Rows * sp.ElemBytes
	}
	return sp.Cols * sp.ElemBytes
}

// check verifies that the access pattern tiles the memory shape exactly.
func (sp *Spec) check() error {
	lines, lb := sp.Lines(), sp.LineBytes()
	if sp.Pad%4 != 0 {
		return fmt.Errorf("layout: pad=%d must be a multiple of 4 bytes", sp.Pad)
	}
	if sp.Base%16 != 0 {
		return fmt.Errorf("layout: base=%d must be a multiple of 16 bytes", sp.Base)
	}
	if lines*lb > 1<<20 {
		return fmt.Errorf("layout: the tile is %d bytes; at most 1 MiB", lines*lb)
	}
	sub := sp.Access.step()
	if lines%sub.lines != 0 || lb%sub.bytes != 0 {
		return fmt.Errorf("layout: %s covers %d lines x %d B per step, which does not tile the %s tile of %d lines x %d B",
			sp.Access, sub.lines, sub.bytes, sp.Major, lines, lb)
	}
	return nil
}

// String is the canonical form of the spec.
func (sp *Spec) String() string {
	major := "k"
	if sp.Major == MajorMN {
		major = "mn"
	}
	s := fmt.Sprintf("dtype=%s tile=%dx%d major=%s access=%s", sp.DType, sp.Rows, sp.Cols, major, sp.Access)
	if sp.Pad != 0 {
		s += fmt.Sprintf(" pad=%d", sp.Pad)
	}
	if sp.Base != 0 {
		s += fmt.Sprintf(" base=%d", sp.Base)
	}
	return s
}
