package launch

// DType is the element type of a buffer or a scalar param.
type DType uint8

// Element types. BF16, E4M3 and E5M2 have no NumPy type: they travel through
// .npy files as raw bits ("<u2", "|u1").
const (
	DInvalid DType = iota
	U8
	U16
	U32
	U64
	S8
	S16
	S32
	S64
	F16
	BF16
	F32
	F64
	E4M3
	E5M2
	dtypeCount
)

type dtypeMeta struct {
	name, descr string
	size        int
	float, sign bool
}

var dtypeInfo = [dtypeCount]dtypeMeta{
	U8:   {"u8", "|u1", 1, false, false},
	U16:  {"u16", "<u2", 2, false, false},
	U32:  {"u32", "<u4", 4, false, false},
	U64:  {"u64", "<u8", 8, false, false},
	S8:   {"s8", "|i1", 1, false, true},
	S16:  {"s16", "<i2", 2, false, true},
	S32:  {"s32", "<i4", 4, false, true},
	S64:  {"s64", "<i8", 8, false, true},
	F16:  {"f16", "<f2", 2, true, false},
	BF16: {"bf16", "<u2", 2, true, false},
	F32:  {"f32", "<f4", 4, true, false},
	F64:  {"f64", "<f8", 8, true, false},
	E4M3: {"e4m3", "|u1", 1, true, false},
	E5M2: {"e5m2", "|u1", 1, true, false},
}

// Size is the element size in bytes.
func (d DType) Size() int { return d.info().size }

// Name is the spec spelling ("u32", "bf16").
func (d DType) Name() string { return d.info().name }

func (d DType) String() string { return d.Name() }

// NumpyDescr is the canonical .npy descr used to store the type.
func (d DType) NumpyDescr() string { return d.info().descr }

// IsFloat reports f16, bf16, f32, f64, e4m3 and e5m2.
func (d DType) IsFloat() bool { return d.info().float }

// IsSigned reports the signed integer types s8..s64 (as ptx.Type does).
func (d DType) IsSigned() bool { return d.info().sign }

func (d DType) info() dtypeMeta {
	if d >= dtypeCount {
		return dtypeInfo[DInvalid]
	}
	return dtypeInfo[d]
}

// DTypeByName maps "u32" to U32.
func DTypeByName(s string) (DType, bool) {
	for d := U8; d < dtypeCount; d++ {
		if dtypeInfo[d].name == s {
			return d, true
		}
	}
	return DInvalid, false
}

// DTypeByDescr maps a canonical .npy descr to the type a file of that descr
// loads as when the spec names no dtype ("<u2" is u16, not bf16).
func DTypeByDescr(descr string) (DType, bool) {
	for d := U8; d < dtypeCount; d++ {
		if dtypeInfo[d].descr == descr {
			return d, true
		}
	}
	return DInvalid, false
}

// dtypeNames lists the names for error messages.
func dtypeNames() []string {
	var s []string
	for d := U8; d < dtypeCount; d++ {
		s = append(s, dtypeInfo[d].name)
	}
	return s
}
