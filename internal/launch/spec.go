package launch

import "strconv"

// Spec is a parsed and validated launch spec.
type Spec struct {
	Path               string // the spec file as given to Load/Parse
	Kernel             string // .entry name; "" when the spec names none
	Grid, Block        [3]int
	Cluster            [3]int // {1,1,1} unless given
	ClusterGiven       bool   // `cluster:` present: an explicit cluster launch
	NonPortableCluster bool
	SharedBytes        int // dynamic shared memory in bytes
	Seed               uint64
	// Registers is the registers per thread the kernel really uses (what
	// ptxas allocated: CU_FUNC_ATTRIBUTE_NUM_REGS); 0 when not given. Timed
	// runs use it for occupancy.
	Registers  int
	Buffers    []BufferSpec    // in spec (YAML) order
	TensorMaps []TensorMapSpec // `tensormaps:`, in spec order (tensormap.go)
	Params     []ParamSpec     // in .entry parameter order
	Outputs    []string
	Compare    map[string]CompareRule // keyed by output name; absent means bit-exact

	kernelPos Pos // position of the `kernel:` value (or the document start)
	paramsPos Pos // position of the `params:` key (or the document start)
}

// InitKind says how a buffer without a file is filled.
type InitKind uint8

// Initializers (see doc.go for the exact formulas).
const (
	InitZeros InitKind = iota
	InitUniform
	InitIota
)

var initNames = []string{InitZeros: "zeros", InitUniform: "uniform", InitIota: "iota"}

func (k InitKind) String() string { return initNames[k] }

// BufferSpec is one entry of `buffers:`.
type BufferSpec struct {
	Name string
	// DType and Shape: for a file buffer they are what the spec asserts
	// (DInvalid / nil when it asserts nothing); MakeBuffers reports the file's.
	DType DType
	Shape []int
	// File is the .npy path as written; FilePath is it resolved against the
	// spec's directory. Both are "" for generated buffers.
	File, FilePath string
	Init           InitKind
	// Low and High bound `init: uniform` for float dtypes.
	Low, High float64
	// IntLow and IntHigh bound `init: uniform` for integer dtypes (inclusive),
	// as 64-bit two's complement bits.
	IntLow, IntHigh uint64
	// TensorMaps: a `{tensormaps: [A, B]}` buffer holds these maps, encoded
	// by the back end (128 bytes each, in order); DType u8, Shape [128*n].
	TensorMaps []string
	Pos        Pos // the buffer's name in the spec

	filePos, dtypePos, shapePos Pos
}

// Bytes is the buffer's size when DType and Shape are known.
func (b *BufferSpec) Bytes() int { return numElems(b.Shape) * b.DType.Size() }

// ParamKind is the kind of one `params:` entry.
type ParamKind uint8

// Param kinds. Later kinds (tensor maps, structured bytes) slot in here.
const (
	ParamBuffer    ParamKind = iota // {buffer: NAME, offset: N}: 64-bit device address
	ParamScalar                     // {u32: 7}: one scalar of DType
	ParamBytes                      // {bytes: N, hex: "..."} or {bytes: N, fields: [...]}: raw bytes
	ParamTensorMap                  // {tensormap: NAME}: the 128-byte encoded map
)

// ParamSpec is one entry of `params:`.
type ParamSpec struct {
	Kind   ParamKind
	Buffer string // ParamBuffer
	Offset int64  // ParamBuffer: bytes added to the address (>= 0)
	DType  DType  // ParamScalar
	// Bytes is the little-endian encoded value of a ParamScalar, or the raw
	// bytes of a ParamBytes.
	Bytes []byte
	// TensorMap names the map of a ParamTensorMap.
	TensorMap string
	// Fields of a {bytes: N, fields: [...]} struct, placed over Bytes when
	// packing (scalars are already in Bytes).
	Fields []ParamField
	Pos    Pos // the list item
}

// ParamField is one entry of a struct param's `fields:` list.
type ParamField struct {
	Offset int
	Param  ParamSpec // a ParamBuffer, ParamScalar or ParamTensorMap
}

// Size is the number of bytes the param occupies in the parameter block.
func (p *ParamSpec) Size() int {
	switch p.Kind {
	case ParamBuffer:
		return 8
	case ParamTensorMap:
		return TensorMapBytes
	}
	return len(p.Bytes)
}

// Describe is a short text for error messages ("buffer in", "u32", "16 bytes").
func (p *ParamSpec) Describe() string {
	switch p.Kind {
	case ParamBuffer:
		return "buffer " + p.Buffer + " (8-byte address)"
	case ParamScalar:
		return p.DType.Name()
	case ParamTensorMap:
		return "tensor map " + p.TensorMap + " (128 bytes)"
	}
	return strconv.Itoa(len(p.Bytes)) + " raw bytes"
}

// CompareRule says how `validate` and the tests compare one output with the
// GPU's. The zero value is bit-exact everywhere.
type CompareRule struct {
	// MaxULP is the largest allowed distance in units in the last place
	// (float dtypes only; integer outputs always compare bit-exact). Under a
	// MaxULP > 0 rule any NaN matches any NaN; bit-exact compares payloads.
	MaxULP uint64
	// MaxULPRows, when given, holds one MaxULP per index of the first axis
	// (row), for outputs that pack several functions' results row by row.
	MaxULPRows []uint64
	// Ignore lists flat (C-order) element indices that are not compared.
	Ignore []int
	// IgnoreAll (`ignore: all`) compares no element of the output: for
	// timing data such as %clock64 deltas, which differ run to run.
	IgnoreAll bool
	Pos       Pos
}

// MaxULPAt is the ULP limit for flat element i of an output of n elements
// whose first axis has rows entries.
func (r CompareRule) MaxULPAt(i, n int) uint64 {
	if len(r.MaxULPRows) == 0 || n == 0 {
		return r.MaxULP
	}
	per := n / len(r.MaxULPRows)
	if per == 0 {
		return r.MaxULP
	}
	return r.MaxULPRows[min(i/per, len(r.MaxULPRows)-1)]
}

// Ignores reports whether any element of the output is left uncompared.
func (r CompareRule) Ignores() bool { return r.IgnoreAll || len(r.Ignore) > 0 }

// IgnoreSet returns the ignored flat indices of an output of n elements.
func (r CompareRule) IgnoreSet(n int) map[int]bool {
	if r.IgnoreAll {
		m := make(map[int]bool, n)
		for i := 0; i < n; i++ {
			m[i] = true
		}
		return m
	}
	m := make(map[int]bool, len(r.Ignore))
	for _, i := range r.Ignore {
		m[i] = true
	}
	return m
}

// CompareFor returns the rule for an output (bit-exact when none is given).
func (s *Spec) CompareFor(name string) CompareRule {
	return s.Compare[name]
}

// Buffer returns the spec of the named buffer, or nil.
func (s *Spec) Buffer(name string) *BufferSpec {
	for i := range s.Buffers {
		if s.Buffers[i].Name == name {
			return &s.Buffers[i]
		}
	}
	return nil
}

func numElems(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}
