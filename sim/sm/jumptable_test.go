package sm

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// jumpTablePTX is bulk_red's reduction loop (tools/microbench/tmax.cu,
// nvcc 13.0 -O3; the case bodies shortened to one add) with t9_x's shape
// of switch (tmast9.cu) in a second loop. What ptxas 13.0 -arch=sm_90a
// made of them (cuobjdump of the recorded kernels):
//
//   - loop L (bulk_red): the root split `op > 4` is hoisted (ISETP.GT P2,
//     R6, 0x4 before the loop), the split `op > 1` is an ISETP.GT and BRA
//     in the loop, followed by the code of $L_9 (the `bra.uni $L_9` has
//     no SASS); the leaves {0,1} and {2,3,4} are tables indexed with that
//     compare's register (VIMNMX / VIADDMNMX, LDC c[0x2][R], BRX);
//   - loop M (t9_x): the root split `sel > 2` is hoisted; the leaf {0,1,2}
//     behind it is a table on the uniform datapath (ULDC c[0x2][UR],
//     BRXU); the single test `sel == 3` after the split `sel > 2` stays
//     ISETP + BRA (one test is no table).
const jumpTablePTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pn, .param .u32 pop)
{
	.reg .pred %p<30>;
	.reg .b32 %r<40>;
	ld.param.u32 %r1, [pn];
	ld.param.u32 %r2, [pop];
	mov.u32 %r3, 0;
	mov.u32 %r4, 0;
$L_7:
	setp.gt.s32 %p6, %r2, 4;
	@%p6 bra $L_16;
	setp.gt.s32 %p13, %r2, 1;
	@%p13 bra $L_12;
	bra.uni $L_9;
$L_12:
	setp.eq.s32 %p14, %r2, 2;
	@%p14 bra $L_C2;
	setp.eq.s32 %p15, %r2, 3;
	@%p15 bra $L_C3;
	setp.eq.s32 %p16, %r2, 4;
	@%p16 bra $L_C4;
	bra.uni $L_DEF;
$L_16:
	add.s32 %r4, %r4, 5;
	bra.uni $L_31;
$L_9:
	setp.eq.s32 %p17, %r2, 0;
	@%p17 bra $L_C0;
	setp.eq.s32 %p18, %r2, 1;
	@%p18 bra $L_C1;
	bra.uni $L_DEF;
$L_C0:
	add.s32 %r4, %r4, 10;
	bra.uni $L_31;
$L_C1:
	add.s32 %r4, %r4, 11;
	bra.uni $L_31;
$L_C2:
	add.s32 %r4, %r4, 12;
	bra.uni $L_31;
$L_C3:
	add.s32 %r4, %r4, 13;
	bra.uni $L_31;
$L_C4:
	add.s32 %r4, %r4, 14;
	bra.uni $L_31;
$L_DEF:
	add.s32 %r4, %r4, 19;
$L_31:
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p19, %r3, %r1;
	@%p19 bra $L_7;
	mov.u32 %r5, 0;
$M:
	setp.gt.s32 %p21, %r2, 2;
	@%p21 bra $M_42;
	bra.uni $M_20;
$M_42:
	setp.eq.s32 %p25, %r2, 3;
	@%p25 bra $M_C3;
	add.s32 %r4, %r4, 29;
	bra.uni $M_53;
$M_20:
	setp.eq.s32 %p27, %r2, 0;
	@%p27 bra $M_C0;
	setp.eq.s32 %p28, %r2, 1;
	@%p28 bra $M_C1;
	setp.eq.s32 %p29, %r2, 2;
	@%p29 bra $M_C2;
	bra.uni $M_53;
$M_C0:
	add.s32 %r4, %r4, 20;
	bra.uni $M_53;
$M_C1:
	add.s32 %r4, %r4, 21;
	bra.uni $M_53;
$M_C2:
	add.s32 %r4, %r4, 22;
	bra.uni $M_53;
$M_C3:
	add.s32 %r4, %r4, 23;
$M_53:
	add.s32 %r5, %r5, 1;
	setp.lt.s32 %p20, %r5, %r1;
	@%p20 bra $M;
	ret;
}
`

func TestJumpTables(t *testing.T) {
	p, k, l := lowered(t, jumpTablePTX)
	f := p.Funcs[0]
	labelAt := labelsAt(f)
	// each compare and branch: "setp %pN" / "bra TARGET after %pN" / "bra.uni TARGET"
	name := func(pc int) string {
		in := &f.Insts[pc]
		if in.Op == ptx.OpSetp {
			return "setp " + f.Regs[in.Ops[0].Reg].Name
		}
		tgt := labelAt[branchTarget(in, len(f.Insts)+1)]
		if in.Guard >= 0 {
			return "bra " + tgt + " on " + f.Regs[in.Guard].Name
		}
		return "bra.uni " + tgt
	}
	got := map[string]string{}
	for pc, info := range k.Infos() {
		in := &f.Insts[pc]
		if in.Op != ptx.OpSetp && in.Op != ptx.OpBra {
			continue
		}
		en := l.at(info)
		d := "ISETP"
		if in.Op == ptx.OpBra {
			d = "BRA"
		}
		switch {
		case en.shape == brTable:
			d = "BRX"
		case en.shape == brTableUniform:
			d = "BRXU"
		case en.kind == lowFused:
			d = "-"
		}
		key := name(pc)
		for n := 2; got[key] != ""; n++ {
			key = fmt.Sprintf("%s #%d", name(pc), n) // a later branch to the same label
		}
		got[key] = d
	}
	assert.Equal(t, map[string]string{
		// loop L (bulk_red)
		"setp %p6":          "-", // the root split: hoisted out of the loop
		"bra $L_16 on %p6":  "BRA",
		"setp %p13":         "ISETP",
		"bra $L_12 on %p13": "BRA",
		"bra.uni $L_9":      "-",     // $L_9 is laid out after the branch
		"setp %p14":         "ISETP", // the table's index (VIADDMNMX)
		"bra $L_C2 on %p14": "BRX",
		"setp %p15":         "-",
		"bra $L_C3 on %p15": "-",
		"setp %p16":         "-",
		"bra $L_C4 on %p16": "-",
		"bra.uni $L_DEF":    "-", // the table's last entry
		"bra.uni $L_DEF #2": "-",
		"bra.uni $L_31":     "-", // $L_16, the root split's taken side, is laid out before the join (jumpcase.go; bulk_red's own holds a table there)
		"bra.uni $L_31 #2":  "BRA",
		"bra.uni $L_31 #3":  "BRA",
		"bra.uni $L_31 #4":  "BRA",
		"bra.uni $L_31 #5":  "BRA",
		"bra.uni $L_31 #6":  "BRA",
		"setp %p17":         "ISETP",
		"bra $L_C0 on %p17": "BRX",
		"setp %p18":         "-",
		"bra $L_C1 on %p18": "-",
		"setp %p19":         "ISETP",
		"bra $L_7 on %p19":  "BRA",
		// loop M (t9_x)
		"setp %p21":         "-", // hoisted
		"bra $M_42 on %p21": "BRA",
		"bra.uni $M_20":     "-",
		"setp %p25":         "ISETP", // a single test: no table
		"bra $M_C3 on %p25": "BRA",
		"bra.uni $M_53":     "BRA",
		"bra.uni $M_53 #2":  "-", // the table's last entry
		"bra.uni $M_53 #3":  "BRA",
		"bra.uni $M_53 #4":  "BRA",
		"bra.uni $M_53 #5":  "BRA",
		"setp %p27":         "ISETP",
		"bra $M_C0 on %p27": "BRXU", // entered through the hoisted compare
		"setp %p28":         "-",
		"bra $M_C1 on %p28": "-",
		"setp %p29":         "-",
		"bra $M_C2 on %p29": "-",
		"setp %p20":         "ISETP",
		"bra $M on %p20":    "BRA",
	}, got)
}

// TestTableCaseBras: t9_x's kind-1 loop (tmast9.cu, nvcc 13.0), cut
// down. In SASS (tmax33_sass.ctrl.txt.gz 0x06c0..0x0900) every case of the
// uniform table {0,1,2} ends with `BRA 0x8e0`, also the one that falls
// into the join in the PTX (jumpcase.go tableCaseBras), and the case the
// taken sides of the splits lead to (`sel > 2`, then the single test
// `sel == 3` here, case 5 there) is laid out right before the join: its
// bra.uni has no SASS, and the PTX's last block gets a BRA instead
// (switchJoins).
func TestTableCaseBras(t *testing.T) {
	const src = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pn, .param .u32 pop)
{
	.reg .pred %p<30>;
	.reg .b32 %r<40>;
	ld.param.u32 %r1, [pn];
	ld.param.u32 %r2, [pop];
	mov.u32 %r4, 0;
	mov.u32 %r5, 0;
$M:
	setp.gt.s32 %p21, %r2, 2;
	@%p21 bra $M_42;
	bra.uni $M_20;
$M_42:
	setp.eq.s32 %p25, %r2, 3;
	@%p25 bra $M_C3;
	bra.uni $M_C1;
$M_20:
	setp.eq.s32 %p27, %r2, 0;
	@%p27 bra $M_C0;
	setp.eq.s32 %p28, %r2, 1;
	@%p28 bra $M_C1;
	setp.eq.s32 %p29, %r2, 2;
	@%p29 bra $M_C2;
	bra.uni $M_53;
$M_C0:
	add.s32 %r4, %r4, 20;
	bra.uni $M_53;
$M_C1:
	add.s32 %r4, %r4, 21;
	bra.uni $M_53;
$M_C3:
	sub.s32 %r4, %r4, 23;
	bra.uni $M_53;
$M_C2:
	xor.b32 %r4, %r4, 22;
$M_53:
	add.s32 %r5, %r5, 1;
	setp.lt.s32 %p20, %r5, %r1;
	@%p20 bra $M;
	ret;
}
`
	// describe: "BRA after OP" for an instruction given a BRA, "none after
	// OP" for a case block's bra.uni with no SASS
	describe := func(src string) []string {
		p, k, l := lowered(t, src)
		f := p.Funcs[0]
		var got []string
		for pc, info := range k.Infos() {
			in := &f.Insts[pc]
			if l.armBra(info) {
				got = append(got, "BRA after "+in.Op.String())
			}
			if pc > 0 && in.Op == ptx.OpBra && in.Guard < 0 && l.at(info).shape == brMerged {
				if prev := f.Insts[pc-1].Op; prev != ptx.OpBra && prev != ptx.OpSetp {
					got = append(got, "none after "+prev.String())
				}
			}
		}
		return got
	}
	// xor (table case 2) falls into the join; sub (sel == 3, the taken
	// sides' case) is laid out before it
	assert.Equal(t, []string{"none after sub", "BRA after xor"}, describe(src))
	// the single test's case falls into the join: laid out as in the PTX
	noSplit := strings.Replace(src, "\tsub.s32 %r4, %r4, 23;\n\tbra.uni $M_53;\n$M_C2:\n\txor.b32 %r4, %r4, 22;\n",
		"\txor.b32 %r4, %r4, 22;\n\tbra.uni $M_53;\n$M_C2:\n\tsub.s32 %r4, %r4, 23;\n", 1)
	noSplit = strings.Replace(noSplit, "$M_C3:\n\txor", "$M_C2X:\n\txor", 1)
	noSplit = strings.Replace(noSplit, "@%p25 bra $M_C3", "@%p25 bra $M_C2", 1)
	noSplit = strings.Replace(noSplit, "@%p29 bra $M_C2", "@%p29 bra $M_C2X", 1)
	assert.Equal(t, []string(nil), describe(noSplit))
}
