package exec

import (
	"math/bits"
	"sync"

	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/wgmma"
)

// Numerics of mma.sync (what ptxas emits for sm_90):
//
//   - f16/bf16/tf32 become HMMA: one HMMA.16816 per 16 K-elements (f16,
//     bf16), one HMMA.1688 per 8 (tf32); m16n8k8 f16/bf16 is one HMMA.1688
//     and m16n8k4 tf32 one HMMA.1684. Each HMMA is one group of the
//     tensor-core model of package wgmma (exact products, alignment to the
//     group maximum by truncation, fixed-width sum, truncating
//     normalization), evaluated by wgmma.MMA.RunRows on its 16 (8) rows
//     and the K chunk padded with zeros (zeros never set the alignment
//     exponent, so a padded group of 16 equals a group of 8 or 4). The
//     result of one HMMA is the accumulator of the next, in ascending K.
//     MEASURED for m16n8k16 f16->f32, bf16->f32 and f16->f16 (H200,
//     bit-exact); the k8/k4 and tf32 group sizes are ASSUMED (their
//     recordings did not come back).
//   - e4m3/e5m2 become f16 HMMAs on inputs converted to f16 (exact): two
//     HMMAs, split by bit 1 of k (hmmaChunks), chained from a zero
//     accumulator; C is added last by an f32 add (RN), an f16 add for
//     f16 accumulators (the f16 case is ASSUMED). MEASURED for f32 (H200).
//   - Mixed accumulators: an f16 C with an f32 D is widened exactly and
//     accumulated in f32; an f32 C with an f16 D is accumulated in f32 and
//     the result rounded to f16 (RNE). UNCONFIRMED.
//   - s8/u8/s4/u4: exact, D = C + sum a*b wrapped to s32, or clamped to
//     [INT32_MIN, INT32_MAX] with .satfinite. b1: D = C + sum popc(a op b).
//   - f64 (DMMA): for each output, acc = C, then acc = fma(a[k], b[k], acc)
//     with the .rnd rounding (default .rn) for k = 0..K-1; a NaN result
//     takes B's NaN, else the accumulator's, else A's (fp.DmmaStepF64).
//     MEASURED for m8n8k4, m16n8k4, m16n8k8 and m16n8k16 .rn (H200,
//     validation/testdata/mma_f64: 2,097,152 words, wide exponent spread,
//     zeros, subnormals, inf, qNaN and sNaN operands, bit-exact);
//     .rz/.rm/.rp follow the same rule, unmeasured.
//   - s8/u8 with .satfinite: MEASURED for m16n8k32 s8.u8 (H200, C near
//     both int32 limits, 4096 of 4096).

// mmaScratch holds one mma.sync's operands as one element per entry:
// a[row*k+kk], b[col*k+kk] (B by columns), c and d [row*8+col].
type mmaScratch struct {
	a, b   []uint64
	ac     []uint64 // mma.sp: the compressed A, a[row*k/2+kk]
	c, d   [16 * mmaN]uint64
	wa, wb []uint32
	wc, wd []uint32
	ws     wgmma.Workspace
}

var mmaPool = sync.Pool{New: func() any { return new(mmaScratch) }}

func (s *mmaScratch) size(f *mmaForm) {
	s.a = growU64(s.a, f.m*f.k)
	s.b = growU64(s.b, mmaN*f.k)
	s.ac = growU64(s.ac, f.m*f.kA())
}

func growU64(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

// compute fills s.d from s.a, s.b and s.c.
func (f *mmaForm) compute(s *mmaScratch) error {
	switch mmaFamily(f.a) {
	case "f64":
		f.computeF64(s)
	case "s8", "s4":
		f.computeInt(s)
	case "b1":
		f.computeB1(s)
	default:
		return f.computeHMMA(s)
	}
	return nil
}

func (f *mmaForm) computeF64(s *mmaScratch) {
	for r := 0; r < f.m; r++ {
		for n := 0; n < mmaN; n++ {
			acc := s.c[r*mmaN+n]
			for kk := 0; kk < f.k; kk++ {
				acc = fp.DmmaStepF64(s.a[r*f.k+kk], s.b[n*f.k+kk], acc, f.rnd)
			}
			s.d[r*mmaN+n] = acc
		}
	}
}

// intShift is the shift that sign-extends an integer element of type t
// from the low bits of a uint64 (0 for the unsigned types): computeInt
// resolves it once per MMA, not per product.
func intShift(t string) uint {
	switch t {
	case "s8":
		return 56
	case "s4":
		return 60
	}
	return 0
}

func (f *mmaForm) finishInt(sum int64) uint64 {
	if f.sat {
		sum = min(max(sum, -1<<31), 1<<31-1)
	}
	return uint64(uint32(int32(sum)))
}

func (f *mmaForm) computeInt(s *mmaScratch) {
	sa, sb := intShift(f.a), intShift(f.b)
	for r := 0; r < f.m; r++ {
		for n := 0; n < mmaN; n++ {
			sum := int64(int32(uint32(s.c[r*mmaN+n])))
			a, b := s.a[r*f.k:r*f.k+f.k], s.b[n*f.k:n*f.k+f.k]
			for kk := range a {
				sum += int64(a[kk]<<sa) >> sa * (int64(b[kk]<<sb) >> sb)
			}
			s.d[r*mmaN+n] = f.finishInt(sum)
		}
	}
}

func (f *mmaForm) computeB1(s *mmaScratch) {
	for r := 0; r < f.m; r++ {
		for n := 0; n < mmaN; n++ {
			sum := int64(int32(uint32(s.c[r*mmaN+n])))
			for kk := 0; kk < f.k; kk++ {
				x := s.a[r*f.k+kk] & s.b[n*f.k+kk]
				if f.xor {
					x = s.a[r*f.k+kk] ^ s.b[n*f.k+kk]
				}
				sum += int64(bits.OnesCount64(x & 1))
			}
			s.d[r*mmaN+n] = f.finishInt(sum)
		}
	}
}

// hmmaChunks splits K into the groups of the HMMAs ptxas emits, in the
// order they run: each chunk is a list of k. f16/bf16: consecutive 16s
// (HMMA.16816) or one 8 (HMMA.1688); tf32: consecutive 8s (or one 4).
// fp8: the inputs are unpacked to f16x2 pairs, k {4t, 4t+1} and
// {4t+2, 4t+3} of each byte register; two HMMAs (HMMA.1688 for K=16,
// HMMA.16816 for K=32) take first the k with bit 1 clear, then those with
// bit 1 set. MEASURED on an H200 (testdata/mmaprobe/README.md): with this
// split, a chain from zero and C added last (below), m16n8k16 e4m3 and
// m16n8k32 e4m3/e5m2 match 4096 of 4096 outputs each; every other split
// and order tried (consecutive 8s or 16s, other k bits, C first) matched
// 50-75%.
func hmmaChunks(f *mmaForm) [][]int {
	size := 16
	key := func(k int) int { return k / size }
	switch {
	case f.a == "tf32":
		size = 8
	case f.bits == 8:
		size = f.k / 2
		key = func(k int) int { return (k >> 1) & 1 }
		if f.sparse { // two HMMA.SP.16832: the even, then the odd 4-wide chunks
			key = func(k int) int { return (k >> 2) & 1 }
		}
	}
	if f.sparse && f.bits != 8 {
		size *= 2 // HMMA.SP.16832 (f16, bf16), HMMA.SP.16816 (tf32)
	}
	size = min(size, f.k)
	chunks := make([][]int, f.k/size)
	for k := 0; k < f.k; k++ {
		c := key(k)
		chunks[c] = append(chunks[c], k)
	}
	return chunks
}

// computeHMMA runs the float forms as a chain of HMMAs (see above).
func (f *mmaForm) computeHMMA(s *mmaScratch) error {
	in := wgmma.ParseType(f.a)
	inB := wgmma.ParseType(f.b)
	fp8 := f.bits == 8 // converted to f16 first
	if fp8 {
		in, inB = wgmma.F16, wgmma.F16
	}
	acc := wgmma.F32
	if f.c == "f16" && f.d == "f16" {
		acc = wgmma.F16
	}
	chunks := hmmaChunks(f)
	// A sparse HMMA (K twice the dense one) is one group over its K.
	sp := len(chunks[0]) > wgmma.KFor(in)
	x := wgmma.MMA{Form: wgmma.Form{D: acc, A: in, B: inB, N: mmaN, Sparse: sp}, ScaleD: true}
	if sp {
		p := wgmma.DefaultFloatParams(in)
		p.GroupSize = x.K()
		x.Params = &p
	}
	if err := x.Check(); err != nil {
		return err
	}
	kw := x.K()
	s.wa = growU32(s.wa, wgmma.M*kw)
	s.wb = growU32(s.wb, mmaN*kw)
	s.wc = growU32(s.wc, wgmma.M*mmaN)
	s.wd = growU32(s.wd, wgmma.M*mmaN)
	clear(s.wc)
	for i := 0; i < f.m*mmaN && !fp8; i++ {
		s.wc[i] = f.accIn(uint32(s.c[i]), acc)
	}
	for _, ch := range chunks {
		clear(s.wa)
		clear(s.wb)
		for i, k := range ch {
			for r := 0; r < f.m; r++ {
				s.wa[r*kw+i] = f.elem(f.a, s.a[r*f.k+k])
			}
			for n := 0; n < mmaN; n++ {
				s.wb[n*kw+i] = f.elem(f.b, s.b[n*f.k+k])
			}
		}
		if err := x.RunRows(&s.ws, f.m, s.wa, s.wb, s.wc, s.wd); err != nil {
			return err
		}
		s.wc, s.wd = s.wd, s.wc
	}
	for i := 0; i < f.m*mmaN; i++ {
		v := s.wc[i]
		if fp8 { // the chain started from zero; C is added by FADD (HADD2 for f16)
			if acc == wgmma.F16 {
				v = uint32(fp.AddF16(uint16(v), uint16(s.c[i]), fp.RN, false, false))
			} else {
				v = fp.AddF32(v, f.accIn(uint32(s.c[i]), acc), fp.RN, false, false)
			}
		}
		if f.d == "f16" && acc == wgmma.F32 {
			v = uint32(fp.F32ToF16(v, fp.RN, false, false))
		}
		s.d[i] = uint64(v)
	}
	return nil
}

// accIn is C element v (type f.c) as accumulator type acc.
func (f *mmaForm) accIn(v uint32, acc wgmma.Type) uint32 {
	if f.c == "f16" && acc == wgmma.F32 {
		return fp.F16ToF32(uint16(v))
	}
	return v
}

// elem is the HMMA input for element v of type t (fp8 widened to f16).
func (f *mmaForm) elem(t string, v uint64) uint32 {
	switch t {
	case "e4m3":
		return uint32(fp.E4M3ToF16(uint8(v)))
	case "e5m2":
		return uint32(fp.E5M2ToF16(uint8(v)))
	}
	return uint32(v)
}
