package ptx

import (
	"encoding/binary"
	"math"
)

// maxInitSize bounds the bytes of one initialized variable.
const maxInitSize = 64 << 20

// initVar encodes the initializer of d into v.Init (little-endian) and
// v.Relocs.
func (l *lowerer) initVar(v *Var, d *VarDecl) {
	if d.Init == nil {
		return
	}
	if v.Space != SpaceGlobal && v.Space != SpaceConst {
		l.errs.add(d.Init.Pos, "variable '%s' in .%s cannot be initialized", d.Name, v.Space)
		return
	}
	var leaves []*InitExpr
	l.flattenInit(d.Init, &leaves)
	elem := v.Type.Size()
	if elem == 0 || v.Size == 0 {
		return
	}
	if v.Size > maxInitSize {
		l.errs.add(d.Init.Pos, "initialized variable '%s' is too large (%d bytes, at most %d)", d.Name, v.Size, maxInitSize)
		return
	}
	if len(leaves)*elem > v.Size {
		l.errs.add(d.Init.Pos, "too many initializers for '%s' (%d bytes)", d.Name, v.Size)
		return
	}
	v.Init = make([]byte, v.Size)
	for i, leaf := range leaves {
		l.encodeLeaf(v, leaf.Val, i*elem)
	}
}

func (l *lowerer) flattenInit(ie *InitExpr, out *[]*InitExpr) {
	if !ie.List {
		if ie.Val != nil {
			*out = append(*out, ie)
		}
		return
	}
	for _, e := range ie.Elems {
		l.flattenInit(e, out)
	}
}

// encodeLeaf writes one initializer element at byte offset off.
func (l *lowerer) encodeLeaf(v *Var, e *Expr, off int) {
	t, buf := v.Type, v.Init[off:off+v.Type.Size()]
	switch e.Kind {
	case ExInt:
		if t.IsFloat() {
			putFloat(buf, t, float64(int64(e.Int)))
			return
		}
		putUint(buf, e.Int)
	case ExFloat:
		f := math.Float64frombits(e.Int)
		if e.F32 {
			f = float64(math.Float32frombits(uint32(e.Int)))
		}
		switch {
		case t.IsFloat():
			if e.F32 && t == F32 {
				putUint(buf, e.Int) // keep NaN payloads exact
				return
			}
			putFloat(buf, t, f)
		case e.F32 && len(buf) == 4, !e.F32 && len(buf) == 8:
			putUint(buf, e.Int) // bit pattern into a .b32/.b64
		default:
			l.errs.add(e.Pos, "float initializer for .%s variable '%s'", t, v.Name)
		}
	case ExName:
		l.reloc(v, e, off)
	default:
		l.errs.add(e.Pos, "unsupported initializer for '%s'", v.Name)
	}
}

// reloc records an address-valued initializer element.
func (l *lowerer) reloc(v *Var, e *Expr, off int) {
	size := v.Type.Size()
	if e.Mask > 0 {
		if size != 1 {
			l.errs.add(e.Pos, "byte-mask initializer needs a .b8/.u8/.s8 variable, '%s' is .%s", v.Name, v.Type)
			return
		}
	} else if size != 4 && size != 8 {
		l.errs.add(e.Pos, "address initializer needs a 32- or 64-bit variable, '%s' is .%s", v.Name, v.Type)
		return
	}
	_, isVar := l.globals[e.Name]
	_, isFunc := l.funcs[e.Name]
	if !isVar && !isFunc {
		l.errs.add(e.Pos, "undeclared identifier '%s'", e.Name)
		return
	}
	r := Reloc{Offset: off, Size: size, Target: e.Name, Generic: e.Generic, Addend: e.Off}
	if e.Mask > 0 {
		r.Shift = e.Mask - 1
	}
	v.Relocs = append(v.Relocs, r)
}

func putUint(buf []byte, x uint64) {
	for i := range buf {
		buf[i] = byte(x >> (8 * i))
	}
}

// putFloat encodes f in the float type t.
func putFloat(buf []byte, t Type, f float64) {
	switch t {
	case F64:
		binary.LittleEndian.PutUint64(buf, math.Float64bits(f))
	case F32, TF32:
		binary.LittleEndian.PutUint32(buf, math.Float32bits(float32(f)))
	case F16:
		binary.LittleEndian.PutUint16(buf, f32ToF16(float32(f)))
	case BF16:
		binary.LittleEndian.PutUint16(buf, f32ToBF16(float32(f)))
	case F16x2:
		h := f32ToF16(float32(f))
		binary.LittleEndian.PutUint32(buf, uint32(h)|uint32(h)<<16)
	case BF16x2:
		h := f32ToBF16(float32(f))
		binary.LittleEndian.PutUint32(buf, uint32(h)|uint32(h)<<16)
	default: // fp8 types: leave zero bits; nvcc writes them as .b8 integers
	}
}

// f32ToBF16 rounds to nearest even.
func f32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return uint16(b>>16) | 0x40
	}
	b += 0x7fff + (b>>16)&1
	return uint16(b >> 16)
}

// f32ToF16 converts with round-to-nearest-even, handling subnormals,
// overflow to infinity and NaN.
func f32ToF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	man := b & 0x7fffff
	switch {
	case exp == 0xff:
		if man != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp-127 > 15:
		return sign | 0x7c00
	case exp-127 >= -14:
		e := uint32(exp-127+15) << 10
		v := e | man>>13
		rem := man & 0x1fff
		if rem > 0x1000 || rem == 0x1000 && v&1 == 1 {
			v++
		}
		return sign | uint16(v)
	case exp-127 >= -25:
		man |= 0x800000
		shift := uint(-14-(exp-127)) + 13
		v := man >> shift
		rem := man & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || rem == half && v&1 == 1 {
			v++
		}
		return sign | uint16(v)
	}
	return sign
}
