package exec_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// mmaCase is one mma.sync form under test: its spelling and its fragment
// tables written out as the PTX ISA states them (independently of the
// executor's single rule).
type mmaCase struct {
	op         string // full opcode
	m, k       int
	d, a, b, c string
	na, nb     int // A and B elements per lane
}

func (mc mmaCase) bits() int {
	return map[string]int{"f16": 16, "bf16": 16, "tf32": 32, "e4m3": 8, "e5m2": 8, "s8": 8, "u8": 8, "s4": 4, "u4": 4, "b1": 1, "f64": 64}[mc.a]
}

func (mc mmaCase) per() int { return max(1, 32/mc.bits()) }

func (mc mmaCase) accElems() int { return mc.m * 8 / 32 }

// specA is the PTX ISA table for A element ai of a lane: (row, col).
func specA(mc mmaCase, lane, i int) (int, int) {
	g, t := lane>>2, lane%4
	pick := func(lowRows ...int) int {
		for _, x := range lowRows {
			if x == i {
				return g
			}
		}
		return g + 8
	}
	if mc.m == 8 {
		return g, t*mc.per() + i
	}
	switch {
	case mc.bits() == 16 && mc.k == 8:
		return pick(0, 1), t*2 + i&1
	case mc.bits() == 16 && mc.k == 16:
		c := t*2 + i&1
		if i >= 4 {
			c += 8
		}
		return pick(0, 1, 4, 5), c
	case mc.bits() >= 32 && mc.k == 4:
		return pick(0), t
	case mc.bits() >= 32: // tf32 k8, f64 k8/k16: a0 (g,t), a1 (g+8,t), a2 (g,t+4), ...
		return pick(0, 2, 4, 6), t + 4*(i/2)
	case mc.bits() == 8 && mc.k == 16:
		return pick(0, 1, 2, 3), t*4 + i&3
	case mc.bits() == 8 && mc.k == 32:
		c := t*4 + i&3
		if i >= 8 {
			c += 16
		}
		return pick(0, 1, 2, 3, 8, 9, 10, 11), c
	case mc.bits() == 4 && mc.k == 32:
		if i < 8 {
			return g, t*8 + i&7
		}
		return g + 8, t*8 + i&7
	case mc.bits() == 4 && mc.k == 64:
		c := t*8 + i&7
		if i >= 16 {
			c += 32
		}
		if i&15 < 8 {
			return g, c
		}
		return g + 8, c
	case mc.bits() == 1 && mc.k == 128:
		if i < 32 {
			return g, t*32 + i&31
		}
		return g + 8, t*32 + i&31
	case mc.bits() == 1 && mc.k == 256:
		c := t*32 + i&31
		if i >= 64 {
			c += 128
		}
		if i&63 < 32 {
			return g, c
		}
		return g + 8, c
	}
	panic("no table for " + mc.op)
}

// specB is the PTX ISA table for B element bi: (row k, col).
func specB(mc mmaCase, lane, i int) (int, int) {
	g, t := lane>>2, lane%4
	e := mc.per()
	if mc.bits() >= 32 {
		return t + 4*i, g
	}
	switch mc.k / e {
	case 4: // one register
		return t*e + i, g
	default: // two registers: the second 4e rows further
		return t*e + i%e + (i/e)*4*e, g
	}
}

// specC is the table for accumulator element ci: (row, col).
func specC(mc mmaCase, lane, i int) (int, int) {
	g, t := lane>>2, lane%4
	if mc.m == 8 {
		return g, t*2 + i
	}
	if i < 2 {
		return g, t*2 + i
	}
	return g + 8, t*2 + i&1
}

// mmaSrc is a kernel whose lanes load their A, B and C registers from
// in (one word of ws bytes per register), run op and store D to out.
func mmaSrc(mc mmaCase, op string, na, nb, nc, nd, ws int) string {
	rt, ld := ".b32", "b32"
	if ws == 8 {
		rt, ld = ".b64", "b64"
	}
	var b strings.Builder
	reg := func(base, n int) []string {
		r := make([]string, n)
		for i := range r {
			r[i] = fmt.Sprintf("%%v%d", base+i)
		}
		return r
	}
	ra, rb, rc, rd := reg(0, na), reg(na, nb), reg(na+nb, nc), reg(na+nb+nc, nd)
	fmt.Fprintf(&b, "%s.visible .entry k(.param .u64 in, .param .u64 out)\n{\n\t.reg .b32 %%r<4>;\n\t.reg .b64 %%rd<8>;\n\t.reg %s %%v<%d>;\n", header, rt, na+nb+nc+nd)
	fmt.Fprintf(&b, "\tld.param.u64 %%rd1, [in];\n\tld.param.u64 %%rd2, [out];\n\tmov.u32 %%r1, %%tid.x;\n\tmov.u32 %%r2, %%ctaid.x;\n\tmad.lo.u32 %%r1, %%r2, 32, %%r1;\n")
	fmt.Fprintf(&b, "\tmul.wide.u32 %%rd3, %%r1, %d;\n\tadd.s64 %%rd4, %%rd1, %%rd3;\n", ws*(na+nb+nc))
	for i, r := range append(append(append([]string{}, ra...), rb...), rc...) {
		fmt.Fprintf(&b, "\tld.global.%s %s, [%%rd4+%d];\n", ld, r, ws*i)
	}
	vec := func(r []string) string { return "{" + strings.Join(r, ", ") + "}" }
	fmt.Fprintf(&b, "\t%s %s, %s, %s, %s;\n", op, vec(rd), vec(ra), vec(rb), vec(rc))
	fmt.Fprintf(&b, "\tmul.wide.u32 %%rd5, %%r1, %d;\n\tadd.s64 %%rd6, %%rd2, %%rd5;\n", ws*nd)
	for i, r := range rd {
		fmt.Fprintf(&b, "\tst.global.%s [%%rd6+%d], %s;\n", ld, ws*i, r)
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}

// runIO runs src (params in, out) on ctas one-warp CTAs with the given input words
// and returns nOut output words of ws bytes.
func runIO(t *testing.T, src string, in []uint64, ws, nOut, ctas int) ([]uint64, error) {
	t.Helper()
	p, err := ptx.Load("mma.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	if err != nil {
		return nil, err
	}
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	si := g.Alloc("in", ws*len(in))
	for i, v := range in {
		if ws == 8 {
			binary.LittleEndian.PutUint64(si.Data[8*i:], v)
		} else {
			binary.LittleEndian.PutUint32(si.Data[4*i:], uint32(v))
		}
	}
	so := g.Alloc("out", ws*nOut)
	params := make([]byte, 16)
	binary.LittleEndian.PutUint64(params, si.Base)
	binary.LittleEndian.PutUint64(params[8:], so.Base)
	l := &exec.Launch{Grid: [3]int{ctas, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
	if _, err := gpu.RunFunctional(gpu.DefaultConfig(), k, l); err != nil {
		return nil, err
	}
	out := make([]uint64, nOut)
	for i := range out {
		if ws == 8 {
			out[i] = binary.LittleEndian.Uint64(so.Data[8*i:])
		} else {
			out[i] = uint64(binary.LittleEndian.Uint32(so.Data[4*i:]))
		}
	}
	return out, nil
}

// encode gives the raw bits of the small integer v in type ty.
func encode(ty string, v int64) uint64 {
	f := math.Float32bits(float32(v))
	switch ty {
	case "f16":
		return uint64(fp.F32ToF16(f, fp.RN, false, false))
	case "bf16":
		return uint64(fp.F32ToBF16(f, fp.RN, false, false))
	case "e4m3":
		return uint64(fp.F32ToE4M3(f, fp.RN, false, false))
	case "e5m2":
		return uint64(fp.F32ToE5M2(f, fp.RN, false, false))
	case "tf32", "f32":
		return uint64(f)
	case "f64":
		return math.Float64bits(float64(v))
	case "s4", "u4":
		return uint64(v) & 15
	case "s8", "u8":
		return uint64(v) & 255
	}
	return uint64(uint32(int32(v))) // s32, b1
}

// smallVal draws a small integer representable in type ty.
func smallVal(r *rand.Rand, ty string) int64 {
	switch ty {
	case "b1":
		return int64(r.IntN(2))
	case "u4":
		return int64(r.IntN(16))
	case "s4":
		return int64(r.IntN(16)) - 8
	case "u8":
		return int64(r.IntN(256))
	case "s8":
		return int64(r.IntN(256)) - 128
	case "s32":
		return int64(r.IntN(2001)) - 1000
	}
	return int64(r.IntN(9)) - 4 // floats: products and sums stay exact
}

// runMmaCase runs mc on the matrices A (m x k), B (k x 8) and C (m x 8)
// and returns D (m x 8) as raw bits.
func runMmaCase(t *testing.T, mc mmaCase, A, B, C [][]uint64) []uint64 {
	t.Helper()
	ws := 4
	if mc.a == "f64" {
		ws = 8
	}
	per := mc.per()
	na, nb := mc.na/per, mc.nb/per
	accRegs := func(ty string) int {
		if ty == "f16" {
			return mc.accElems() / 2
		}
		return mc.accElems()
	}
	nc, nd := accRegs(mc.c), accRegs(mc.d)
	bits := min(mc.bits(), 64)
	in := make([]uint64, 32*(na+nb+nc))
	for l := 0; l < 32; l++ {
		w := in[l*(na+nb+nc):]
		for i := 0; i < mc.na; i++ {
			r, c := specA(mc, l, i)
			w[i/per] |= A[r][c] << (bits * (i % per) % 64)
		}
		for i := 0; i < mc.nb; i++ {
			kk, c := specB(mc, l, i)
			w[na+i/per] |= B[kk][c] << (bits * (i % per) % 64)
		}
		for i := 0; i < mc.accElems(); i++ {
			r, c := specC(mc, l, i)
			if mc.c == "f16" {
				w[na+nb+i/2] |= C[r][c] << (16 * (i % 2))
			} else {
				w[na+nb+i] = C[r][c]
			}
		}
	}
	out, err := runIO(t, mmaSrc(mc, mc.op, na, nb, nc, nd, ws), in, ws, 32*nd, 1)
	require.NoError(t, err, mc.op)
	D := make([]uint64, mc.m*8)
	for l := 0; l < 32; l++ {
		for i := 0; i < mc.accElems(); i++ {
			r, c := specC(mc, l, i)
			if mc.d == "f16" {
				D[r*8+c] = out[l*nd+i/2] >> (16 * (i % 2)) & 0xffff
			} else {
				D[r*8+c] = out[l*nd+i]
			}
		}
	}
	return D
}

func mkCase(shape, d, a, b, c, extra string) mmaCase {
	var m, n, k int
	fmt.Sscanf(shape, "m%dn%dk%d", &m, &n, &k)
	op := fmt.Sprintf("mma.sync.aligned.%s.row.col%s.%s.%s.%s.%s", shape, extra, d, a, b, c)
	if a == "b1" {
		op += ".xor.popc"
		if extra == ".and" {
			op = fmt.Sprintf("mma.sync.aligned.%s.row.col.%s.%s.%s.%s.and.popc", shape, d, a, b, c)
		}
	}
	return mmaCase{op: op, m: m, k: k, d: d, a: a, b: b, c: c, na: m * k / 32, nb: k * 8 / 32}
}

// Every form with small integer operands: the result is exact in every
// model, so a wrong fragment table or packing shows as a wrong element.
func TestMmaSmallIntegersExact(t *testing.T) {
	var cases []mmaCase
	for _, s := range []string{"m16n8k8", "m16n8k16"} {
		cases = append(cases, mkCase(s, "f32", "f16", "f16", "f32", ""), mkCase(s, "f16", "f16", "f16", "f16", ""),
			mkCase(s, "f32", "f16", "f16", "f16", ""), mkCase(s, "f16", "f16", "f16", "f32", ""),
			mkCase(s, "f32", "bf16", "bf16", "f32", ""))
	}
	for _, s := range []string{"m16n8k4", "m16n8k8"} {
		cases = append(cases, mkCase(s, "f32", "tf32", "tf32", "f32", ""))
	}
	for _, s := range []string{"m16n8k16", "m16n8k32"} {
		cases = append(cases, mkCase(s, "f32", "e4m3", "e4m3", "f32", ""), mkCase(s, "f32", "e5m2", "e4m3", "f32", ""),
			mkCase(s, "f16", "e4m3", "e5m2", "f16", ""))
	}
	for _, s := range []string{"m8n8k16", "m16n8k16", "m16n8k32"} {
		cases = append(cases, mkCase(s, "s32", "s8", "s8", "s32", ""), mkCase(s, "s32", "u8", "s8", "s32", ".satfinite"),
			mkCase(s, "s32", "u8", "u8", "s32", ""))
	}
	for _, s := range []string{"m8n8k32", "m16n8k32", "m16n8k64"} {
		cases = append(cases, mkCase(s, "s32", "s4", "s4", "s32", ""), mkCase(s, "s32", "s4", "u4", "s32", ""),
			mkCase(s, "s32", "u4", "u4", "s32", ".satfinite"))
	}
	for _, s := range []string{"m8n8k128", "m16n8k128", "m16n8k256"} {
		cases = append(cases, mkCase(s, "s32", "b1", "b1", "s32", ""), mkCase(s, "s32", "b1", "b1", "s32", ".and"))
	}
	for _, s := range []string{"m8n8k4", "m16n8k4", "m16n8k8", "m16n8k16"} {
		cases = append(cases, mkCase(s, "f64", "f64", "f64", "f64", ""))
	}
	for ci, mc := range cases {
		t.Run(mc.op, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(ci), 7))
			A, B, C := make([][]uint64, mc.m), make([][]uint64, mc.k), make([][]uint64, mc.m)
			av, bv, cv := make([][]int64, mc.m), make([][]int64, mc.k), make([][]int64, mc.m)
			for i := range A {
				A[i], av[i], C[i], cv[i] = make([]uint64, mc.k), make([]int64, mc.k), make([]uint64, 8), make([]int64, 8)
				for j := range A[i] {
					av[i][j] = smallVal(r, mc.a)
					A[i][j] = encode(mc.a, av[i][j])
				}
				for j := range C[i] {
					cv[i][j] = smallVal(r, mc.c)
					C[i][j] = encode(mc.c, cv[i][j])
				}
			}
			for i := range B {
				B[i], bv[i] = make([]uint64, 8), make([]int64, 8)
				for j := range B[i] {
					bv[i][j] = smallVal(r, mc.b)
					B[i][j] = encode(mc.b, bv[i][j])
				}
			}
			D := runMmaCase(t, mc, A, B, C)
			bad := 0
			for i := 0; i < mc.m; i++ {
				for j := 0; j < 8; j++ {
					want := cv[i][j]
					for kk := 0; kk < mc.k; kk++ {
						switch {
						case mc.a == "b1" && strings.Contains(mc.op, ".and."):
							want += av[i][kk] & bv[kk][j]
						case mc.a == "b1":
							want += av[i][kk] ^ bv[kk][j]
						default:
							want += av[i][kk] * bv[kk][j]
						}
					}
					if got := D[i*8+j]; got != encode(mc.d, want) && bad < 5 {
						bad++
						t.Errorf("D[%d][%d] = %#x, want %#x (%d)", i, j, got, encode(mc.d, want), want)
					}
				}
			}
		})
	}
}

// encodeF gives the raw bits of the float v (exact in ty) in type ty.
func encodeF(ty string, v float64) uint64 {
	f := math.Float32bits(float32(v))
	switch ty {
	case "f16":
		return uint64(fp.F32ToF16(f, fp.RN, false, false))
	case "e4m3":
		return uint64(fp.F32ToE4M3(f, fp.RN, false, false))
	case "f64":
		return math.Float64bits(v)
	}
	return uint64(f)
}

// zeroMats returns A, B, C of mc filled with encoded zeros.
func zeroMats(mc mmaCase) (A, B, C [][]uint64) {
	A, B, C = make([][]uint64, mc.m), make([][]uint64, mc.k), make([][]uint64, mc.m)
	for i := range A {
		A[i], C[i] = make([]uint64, mc.k), make([]uint64, 8)
	}
	for i := range B {
		B[i] = make([]uint64, 8)
	}
	return
}

// The f64 forms are fma chains in ascending k from C, rounded per step
// with .rnd: row 0 of A is [2^53, 1, -2^53, 1] against a column of ones,
// so the chain gives 1 (RN: 2^53+1 ties to 2^53), 3 (RP) or 1 (RZ) where
// the exact sum is 2 and the descending chain gives 2.
func TestMmaF64Chain(t *testing.T) {
	for _, tc := range []struct {
		rnd  string
		want float64
	}{{"", 1}, {".rn", 1}, {".rz", 1}, {".rp", 3}, {".rm", 1}} {
		for _, shape := range []string{"m8n8k4", "m16n8k4", "m16n8k8", "m16n8k16"} {
			mc := mkCase(shape, "f64", "f64", "f64", "f64", tc.rnd)
			A, B, C := zeroMats(mc)
			for kk, v := range []float64{1 << 53, 1, -(1 << 53), 1} {
				A[0][kk] = encodeF("f64", v)
				B[kk][0] = encodeF("f64", 1)
			}
			D := runMmaCase(t, mc, A, B, C)
			assert.Equal(t, tc.want, math.Float64frombits(D[0]), "%s", mc.op)
			// column 1 of B is zero: +0 products, except -2^53*0 = -0,
			// which makes +0 + -0 = -0 under .rm (IEEE 754 6.3).
			wantZero := uint64(0)
			if tc.rnd == ".rm" {
				wantZero = 1 << 63
			}
			assert.Equal(t, wantZero, D[1], "%s", mc.op)
		}
	}
}

// .satfinite clamps the s32 result; without it the sum wraps.
func TestMmaSatfinite(t *testing.T) {
	for _, sat := range []string{"", ".satfinite"} {
		mc := mkCase("m16n8k16", "s32", "s8", "s8", "s32", sat)
		A, B, C := zeroMats(mc)
		for kk := 0; kk < 16; kk++ {
			A[0][kk], A[1][kk] = encode("s8", 127), encode("s8", -128)
			B[kk][0] = encode("s8", 127)
		}
		C[0][0], C[1][0] = encode("s32", math.MaxInt32-100), encode("s32", math.MinInt32+100)
		D := runMmaCase(t, mc, A, B, C)
		hi, lo := int64(math.MaxInt32-100+16*127*127), int64(math.MinInt32+100-16*128*127)
		if sat == "" {
			assert.Equal(t, uint64(uint32(hi)), D[0])
			assert.Equal(t, uint64(uint32(lo)), D[8])
		} else {
			assert.Equal(t, uint64(math.MaxInt32), D[0])
			assert.Equal(t, uint64(0x80000000), D[8])
		}
	}
}

// One HMMA.16816 is one truncating group of 16: eight products 2^-26 and
// one product 1 give 1.0 (the small ones fall below the group's LSB
// 2^-25), where m16n8k8 twice (two groups) or fp32 FMAs keep them.
func TestMmaF16GroupOf16(t *testing.T) {
	mc := mkCase("m16n8k16", "f32", "f16", "f16", "f32", "")
	A, B, C := zeroMats(mc)
	for kk := 0; kk < 8; kk++ {
		A[0][kk], B[kk][0] = encodeF("f16", 0x1p-13), encodeF("f16", 0x1p-13)
	}
	A[0][8], B[8][0] = encodeF("f16", 1), encodeF("f16", 1)
	D := runMmaCase(t, mc, A, B, C)
	assert.Equal(t, uint64(0x3f800000), D[0])

	k8 := mkCase("m16n8k8", "f32", "f16", "f16", "f32", "")
	A, B, C = zeroMats(k8)
	for kk := 0; kk < 8; kk++ {
		A[0][kk], B[kk][0] = encodeF("f16", 0x1p-13), encodeF("f16", 0x1p-13)
	}
	D = runMmaCase(t, k8, A, B, C)
	require.Equal(t, uint64(math.Float32bits(0x1p-23)), D[0])
	A, B, C = zeroMats(k8)
	A[0][0], B[0][0], C[0][0] = encodeF("f16", 1), encodeF("f16", 1), D[0]
	D = runMmaCase(t, k8, A, B, C)
	assert.Equal(t, uint64(0x3f800001), D[0])
}

// fp8 mma.sync is two f16 HMMA.16816 (k split by bit 1, f32 in between):
// sixteen products 2^-18 and a product 1 give 1+2^-14, which the 14-bit
// wgmma fp8 adder (one group of 32) would cut to 1.0.
func TestMmaFp8AsF16Chunks(t *testing.T) {
	mc := mkCase("m16n8k32", "f32", "e4m3", "e4m3", "f32", "")
	A, B, C := zeroMats(mc)
	for kk := 0; kk < 16; kk++ {
		A[0][kk], B[kk][0] = encodeF("e4m3", 0x1p-9), encodeF("e4m3", 0x1p-9)
	}
	A[0][16], B[16][0] = encodeF("e4m3", 1), encodeF("e4m3", 1)
	D := runMmaCase(t, mc, A, B, C)
	assert.Equal(t, uint64(math.Float32bits(1+0x1p-14)), D[0])
}

// Forms that are not implemented or not legal are compile errors.
func TestMmaRejects(t *testing.T) {
	for _, op := range []string{
		"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f16",
		"mma.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32",
		"mma.sync.aligned.m16n8k16.row.col.satfinite.f32.f16.f16.f32",
		"mma.sync.aligned.m16n8k128.row.col.s32.b1.b1.s32",
		"mma.sync.aligned.m16n8k16.row.row.f32.f16.f16.f32",
		"mma.sync.aligned.m16n8k16.row.col.f32.f16.bf16.f32",
		"mma.sync.aligned.m16n8k8.row.col.rz.f32.f16.f16.f32",
	} {
		mc := mkCase("m16n8k16", "f32", "f16", "f16", "f32", "")
		p, err := ptx.Load("mma.ptx", []byte(mmaSrc(mc, op, 4, 2, 4, 4, 4)))
		if err != nil {
			continue // the parser already rejects it
		}
		_, err = exec.Compile(p, "k", exec.DefaultLayout())
		assert.Error(t, err, op)
	}
}

// mma.sync needs every lane: a guard that leaves lanes out is a fault, and
// lanes that reach the mma along different paths are converged first.
func TestMmaWarpConvergence(t *testing.T) {
	op := "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32"
	mc := mkCase("m16n8k8", "f32", "f16", "f16", "f32", "")
	src := mmaSrc(mc, op, 2, 1, 4, 4, 4)
	guarded := strings.Replace(src, "\t"+op, "\tsetp.lt.u32 %p1, %r1, 16;\n\t@%p1 "+op, 1)
	guarded = strings.Replace(guarded, ".reg .b32 %r<4>;", ".reg .b32 %r<4>;\n\t.reg .pred %p<2>;", 1)
	_, err := runIO(t, guarded, make([]uint64, 32*7), 4, 32*4, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "does not execute it")

	// Diverge on the lane id, then both halves reach the same mma.
	div := strings.Replace(src, "\t"+op, "\tsetp.lt.u32 %p1, %r1, 16;\n\t@%p1 bra L1;\n\tadd.u32 %r3, %r3, 1;\nL1:\n\t"+op, 1)
	div = strings.Replace(div, ".reg .b32 %r<4>;", ".reg .b32 %r<4>;\n\t.reg .pred %p<2>;", 1)
	in := make([]uint64, 32*7)
	for l := 0; l < 32; l++ { // A = 1 everywhere, B = 1 everywhere: D = 8
		for i := 0; i < 3; i++ {
			in[l*7+i] = 0x3c003c00
		}
	}
	out, err := runIO(t, div, in, 4, 32*4, 1)
	require.NoError(t, err)
	for _, v := range out {
		require.Equal(t, uint64(math.Float32bits(8)), v)
	}
}
