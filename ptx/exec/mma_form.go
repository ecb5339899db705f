package exec

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/ptx"
)

// mma.sync.aligned forms and register fragments (PTX ISA "Matrix
// multiply-accumulate operation using mma instruction", fragment tables
// for .m8n8 and .m16n8 shapes). With groupID g = laneid>>2 and
// threadID_in_group t = laneid%4, and e = elements per A/B register
// (32/bits; 1 for tf32 and f64), the tables of every supported form are
// one rule (checked form by form against the PTX ISA tables):
//
//	A register r, element j (bits [j*bits, (j+1)*bits) of the register):
//	    row = g + 8*(r&1),   col = t*e + j + (r>>1)*4e
//	B register r, element j:  row(k) = t*e + j + r*4e,  col = g
//	C/D element i (f16: element i is half i&1 of register i>>1):
//	    row = g + 8*(i>>1),  col = 2t + (i&1)
//
// e.g. m16n8k16 .f16: a0,a1 (r0) at row g, cols 2t, 2t+1; a2,a3 at row
// g+8; a4..a7 the same 8 columns to the right. m16n8k8 .tf32: a0 (g, t),
// a1 (g+8, t), a2 (g, t+4), a3 (g+8, t+4). The .m8n8 forms have one A
// register (r = 0) and two C elements (row g).

// mmaForm is a decoded mma.sync.aligned.
type mmaForm struct {
	m, k       int    // n is always 8
	d, a, b, c string // type names (.dtype.atype.btype.ctype)
	bits       int    // A/B element bits (tf32 32, f64 64)
	sat        bool   // .satfinite (integer forms)
	xor        bool   // b1: .xor.popc (else .and.popc)
	rnd        fp.Rounding
	sparse     bool   // mma.sp: A is structured sparse (mma_sparse.go)
	ordered    bool   // mma.sp::ordered_metadata
	sel        int    // mma.sp: the sparsity selector
	alayout    string // "row" or "col" (.col only for .m8n8k4 .f16)
	blayout    string // "col" or "row" (.row only for .m8n8k4 .f16)
}

const mmaN = 8

// per is the number of A/B elements in one register.
func (f *mmaForm) per() int {
	if f.bits >= 32 {
		return 1
	}
	return 32 / f.bits
}

func (f *mmaForm) aRegs() int {
	if f.m8n8k4() {
		return 2
	}
	return f.m * f.kA() / 32 / f.per()
}

// kA is the K of the A operand as stored: K/2 for the sparse forms.
func (f *mmaForm) kA() int {
	if f.sparse {
		return f.k / 2
	}
	return f.k
}
func (f *mmaForm) bRegs() int {
	if f.m8n8k4() {
		return 2
	}
	return f.k * mmaN / 32 / f.per()
}

func (f *mmaForm) cElems() int {
	if f.m8n8k4() {
		return 8
	}
	return f.m * mmaN / 32
}

// accRegs is the number of C or D registers for accumulator type t.
func (f *mmaForm) accRegs(t string) int {
	if t == "f16" {
		return f.cElems() / 2
	}
	return f.cElems()
}

// mmaAPos, mmaBPos and mmaCPos are the fragment tables (see above).
func mmaAPos(e, r, j, lane int) (row, col int) {
	g, t := lane>>2, lane&3
	return g + 8*(r&1), t*e + j + (r>>1)*4*e
}

func mmaBPos(e, r, j, lane int) (k, col int) {
	g, t := lane>>2, lane&3
	return t*e + j + r*4*e, g
}

func mmaCPos(i, lane int) (row, col int) {
	g, t := lane>>2, lane&3
	return g + 8*(i>>1), 2*t + (i & 1)
}

var mmaBits = map[string]int{
	"f16": 16, "bf16": 16, "tf32": 32, "e4m3": 8, "e5m2": 8,
	"s8": 8, "u8": 8, "s4": 4, "u4": 4, "b1": 1, "f64": 64,
}

// mmaShapes lists the legal shapes (m, k) and accumulator types per A type.
var mmaShapes = map[string]struct {
	shapes [][2]int
	acc    []string
}{
	"f16":  {[][2]int{{8, 4}, {16, 8}, {16, 16}}, []string{"f16", "f32"}},
	"bf16": {[][2]int{{16, 8}, {16, 16}}, []string{"f32"}},
	"tf32": {[][2]int{{16, 4}, {16, 8}}, []string{"f32"}},
	"e4m3": {[][2]int{{16, 16}, {16, 32}}, []string{"f16", "f32"}},
	"s8":   {[][2]int{{8, 16}, {16, 16}, {16, 32}}, []string{"s32"}},
	"s4":   {[][2]int{{8, 32}, {16, 32}, {16, 64}}, []string{"s32"}},
	"b1":   {[][2]int{{8, 128}, {16, 128}, {16, 256}}, []string{"s32"}},
	"f64":  {[][2]int{{8, 4}, {16, 4}, {16, 8}, {16, 16}}, []string{"f64"}},
}

// mmaFamily maps a type to its row of mmaShapes and the types it may mix with.
func mmaFamily(t string) string {
	switch t {
	case "e5m2":
		return "e4m3"
	case "u8":
		return "s8"
	case "u4":
		return "s4"
	}
	return t
}

func parseMmaForm(in *ptx.Inst) (mmaForm, error) {
	var f mmaForm
	ts := in.Mods.Types
	if len(ts) != 4 {
		return f, errAt(in, "'%s' needs .dtype.atype.btype.ctype", in.Text)
	}
	f.d, f.a, f.b, f.c = ts[0].String(), ts[1].String(), ts[2].String(), ts[3].String()
	popc, and := false, false
	for _, q := range in.Quals {
		switch q {
		case "row", "col":
			if f.alayout == "" {
				f.alayout = q
			} else {
				f.blayout = q
			}
		case "xor":
			f.xor = true
		case "and":
			and = true
		case "popc":
			popc = true
		case "sp":
			f.sparse = true
		case "sp::ordered_metadata":
			f.sparse, f.ordered = true, true
		case "block_scale", "kind::f8f6f4", "kind::mxf4", "kind::mxf4nvf4", "kind::mxf8f6f4", "kind::f16":
			return f, errAt(in, "unsupported instruction '%s' (sm_120 mma kinds are not implemented)", in.Text)
		}
		if rest, ok := strings.CutPrefix(q, "m"); ok && strings.Contains(rest, "n") && strings.Contains(rest, "k") {
			if err := parseMmaShape(q, &f); err != nil {
				return f, errAt(in, "'%s': %v", in.Text, err)
			}
		}
	}
	f.sat = in.Mods.Flags&ptx.FSatFinite != 0
	f.rnd = rounding(in.Mods.Round)
	if f.m == 0 {
		return f, errAt(in, "'%s' needs a shape (.m16n8k16, ...)", in.Text)
	}
	if f.alayout == "" || f.blayout == "" {
		return f, errAt(in, "'%s' needs the layouts .alayout.blayout (.row.col)", in.Text)
	}
	if (f.alayout != "row" || f.blayout != "col") && !f.m8n8k4() {
		return f, errAt(in, "'%s': only .m8n8k4 with .f16 inputs has layouts other than .row.col", in.Text)
	}
	if err := f.check(popc, and); err != nil {
		return f, errAt(in, "'%s': %v", in.Text, err)
	}
	return f, nil
}

func parseMmaShape(q string, f *mmaForm) error {
	ms, rest, ok1 := strings.Cut(q[1:], "n")
	ns, ks, ok2 := strings.Cut(rest, "k")
	m, e1 := strconv.Atoi(ms)
	n, e2 := strconv.Atoi(ns)
	k, e3 := strconv.Atoi(ks)
	if !ok1 || !ok2 || e1 != nil || e2 != nil || e3 != nil || n != mmaN {
		return fmt.Errorf("unsupported shape .%s", q)
	}
	f.m, f.k = m, k
	return nil
}

func (f *mmaForm) check(popc, and bool) error {
	fam := mmaFamily(f.a)
	sh, ok := mmaShapes[fam]
	if f.sparse {
		sh, ok = mmaSparseShapes[fam]
	}
	if !ok || mmaFamily(f.b) != fam {
		return fmt.Errorf("unsupported A/B types .%s.%s", f.a, f.b)
	}
	f.bits = mmaBits[f.a]
	legal := false
	for _, s := range sh.shapes {
		legal = legal || (s[0] == f.m && s[1] == f.k)
	}
	if !legal {
		return fmt.Errorf("shape m%dn8k%d is not defined for .%s", f.m, f.k, f.a)
	}
	accOK := func(t string) bool {
		for _, a := range sh.acc {
			if a == t {
				return true
			}
		}
		return false
	}
	if !accOK(f.d) || !accOK(f.c) {
		return fmt.Errorf("accumulator types .%s/.%s are not allowed with .%s", f.d, f.c, f.a)
	}
	if f.sat && f.d != "s32" {
		return fmt.Errorf(".satfinite needs integer inputs")
	}
	if f.sparse && f.d != f.c {
		return fmt.Errorf("mma.sp needs .dtype = .ctype")
	}
	if f.m8n8k4() && f.d == "f16" && f.c == "f32" {
		return fmt.Errorf(".m8n8k4 with an .f32 C needs an .f32 D (as ptxas says)")
	}
	if fam == "b1" && (!popc || f.xor == and) {
		return fmt.Errorf(".b1 needs .xor.popc or .and.popc")
	}
	if fam != "b1" && (popc || f.xor || and) {
		return fmt.Errorf(".popc/.xor/.and need .b1 inputs")
	}
	if fam != "f64" && f.rnd != fp.RN {
		return fmt.Errorf("a rounding modifier needs .f64")
	}
	return nil
}
