package exec

import "github.com/sm90sim/sm90sim/fp"

// mma.sync.aligned.m8n8k4 with .f16 inputs (PTX ISA "Matrix Fragments for
// mma.m8n8k4 with .f16 floating point type"): the warp computes four
// independent 8x8x4 MMAs, computation q on the lanes 4q..4q+3 ("low") and
// 16+4q..16+4q+3 ("high"). With t = lane%4 and hi = 4 for the high lanes:
//
//	A .row: a_i at (t+hi, i)        A .col: a_i at (i+hi, t)
//	B .row: b_i at (k=t, i+hi)      B .col: b_i at (k=i, t+hi)
//	C .f16: c_i at (t+hi, i)        C .f32: c_i at ((t&1)+(i&2)+hi, (i&4)+(t&2)+(i&1))
//
// (element i of a .f16x2 register list is half i%2 of register i/2).
//
// Numerics: sm_90 has no m8n8k4 tensor instruction; ptxas emulates it
// with shuffles and f32 arithmetic (SASS of validation/testdata/
// sp_mma_m8n8k4: HADD2.F32, FMUL/FFMA/FADD, F2FP), all RN, inputs
// widened exactly to f32:
//
//	f32 accumulator: D = C + fma(a3,b3, fma(a2,b2, fma(a1,b1, a0*b0)))
//	f16 accumulator: D = f16((f32(C) + fma(a1,b1, a0*b0)) + fma(a3,b3, a2*b2))
//
// MEASURED bit-exact on an H200 for all four layouts (sp_mma_m8n8k4: 4 x
// 8192 f32 and 2 x 4096 f16 outputs). For f16, C + (s01 + s23) matches
// the recording too; (C + s23) + s01 misses 2 of 4096.
// ptxas rejects an f16 D with an f32 C; f32 D with f16 C
// (sp_mma_m8n8k4_mix) follows the f32 rule with C widened (UNCONFIRMED).

func (f *mmaForm) m8n8k4() bool { return f.m == 8 && f.k == 4 && f.a == "f16" }

// m884Lane is the lane of computation q with quad index t, high half hi.
func m884Lane(q, t int, hi bool) int {
	if hi {
		return 16 + 4*q + t
	}
	return 4*q + t
}

// m884C is the (row, col) of accumulator element i of a lane (t, hi) for
// accumulator type ty.
func m884C(ty string, t, i int, hi bool) (int, int) {
	h := 0
	if hi {
		h = 4
	}
	if ty == "f16" {
		return t + h, i
	}
	return t&1 + i&2 + h, i&4 + t&2 + i&1
}

func (w *Warp) runM884(x *xinst, mi *mmaInst, m uint32) error {
	f := &mi.f
	s := mmaPool.Get().(*mmaScratch)
	defer mmaPool.Put(s)
	s.size(f)
	half := func(regs []*xop, i, l int) uint64 { return w.src(regs[i/2], l) >> (16 * (i & 1)) & 0xffff }
	for q := 0; q < 4; q++ {
		for _, hi := range []bool{false, true} {
			h := 0
			if hi {
				h = 4
			}
			for t := 0; t < 4; t++ {
				l := m884Lane(q, t, hi)
				for i := 0; i < 4; i++ {
					if f.alayout == "row" {
						s.a[(t+h)*4+i] = half(mi.a, i, l)
					} else {
						s.a[(i+h)*4+t] = half(mi.a, i, l)
					}
					if f.blayout == "row" {
						s.b[(i+h)*4+t] = half(mi.b, i, l)
					} else {
						s.b[(t+h)*4+i] = half(mi.b, i, l)
					}
				}
				for i := 0; i < 8; i++ {
					r, c := m884C(f.c, t, i, hi)
					s.c[r*mmaN+c] = accElem(w, mi.c, f.c, i, l)
				}
			}
		}
		f.computeM884(s)
		for _, hi := range []bool{false, true} {
			for t := 0; t < 4; t++ {
				l := m884Lane(q, t, hi)
				if m&(1<<l) == 0 {
					continue
				}
				for i := 0; i < 8; i++ {
					r, c := m884C(f.d, t, i, hi)
					setAccElem(w, mi.d, f.d, i, l, s.d[r*mmaN+c])
				}
			}
		}
	}
	return nil
}

// computeM884 is the emulation's arithmetic on one 8x8x4 computation.
func (f *mmaForm) computeM884(s *mmaScratch) {
	fma := func(a, b, c uint32) uint32 { return fp.FmaF32(a, b, c, fp.RN, false, false) }
	for r := 0; r < 8; r++ {
		for n := 0; n < mmaN; n++ {
			var a, b [4]uint32
			for k := range a {
				a[k] = fp.F16ToF32(uint16(s.a[r*4+k]))
				b[k] = fp.F16ToF32(uint16(s.b[n*4+k]))
			}
			c := uint32(s.c[r*mmaN+n])
			if f.c == "f16" {
				c = fp.F16ToF32(uint16(c))
			}
			var d uint32
			if f.d == "f16" {
				lo := fma(a[1], b[1], fma(a[0], b[0], 0))
				hi := fma(a[3], b[3], fma(a[2], b[2], 0))
				add := func(x, y uint32) uint32 { return fp.AddF32(x, y, fp.RN, false, false) }
				v := add(add(c, lo), hi)
				d = uint32(fp.F32ToF16(v, fp.RN, false, false))
			} else {
				p := fma(a[0], b[0], 0)
				for k := 1; k < 4; k++ {
					p = fma(a[k], b[k], p)
				}
				d = fp.AddF32(p, c, fp.RN, false, false)
			}
			s.d[r*mmaN+n] = uint64(d)
		}
	}
}
