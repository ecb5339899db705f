package exec

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"

	"github.com/sm90sim/sm90sim/ptx"
)

// sassSlotsTSV is what ptxas 13.0 makes of each PTX instruction form of the
// corpus (tools/sassprobe measured it on the GPU machine): form key (the
// opcode as written, then the operand kinds) and SASS instruction count.
//
//go:embed sass_slots.tsv
var sassSlotsTSV string

var (
	slotsOnce   sync.Once
	slotsByForm map[string]int32
	slotsByText map[string]int32 // the largest count of any form of an opcode text
)

func loadSlots() {
	slotsByForm, slotsByText = map[string]int32{}, map[string]int32{}
	for _, line := range strings.Split(sassSlotsTSV, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		form, n, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		v, err := strconv.Atoi(n)
		if err != nil {
			continue
		}
		slotsByForm[form] = int32(v)
		text, _, _ := strings.Cut(form, " ")
		if int32(v) > slotsByText[text] {
			slotsByText[text] = int32(v)
		}
	}
}

// formKey is the probe's key of an instruction: the opcode as written and
// the operand kinds (register class name without its number, or imm).
func formKey(in *ptx.Inst, f *ptx.Function) (string, bool) {
	var b strings.Builder
	b.WriteString(in.Text)
	b.WriteByte(' ')
	for j := range in.Ops {
		o := &in.Ops[j]
		if j > 0 {
			b.WriteByte(',')
		}
		switch o.Kind {
		case ptx.OpdReg:
			if o.Reg < 0 || int(o.Reg) >= len(f.Regs) {
				return "", false
			}
			b.WriteString(strings.TrimRight(f.Regs[o.Reg].Name, "0123456789"))
		case ptx.OpdImm, ptx.OpdFloat:
			b.WriteString("imm")
		default:
			return "", false
		}
	}
	return b.String(), true
}

// measuredSlots is the SASS count ptxas gives the instruction's form, if
// the probe measured it (or another form of the same opcode text).
func measuredSlots(in *ptx.Inst, f *ptx.Function) (int32, bool) {
	slotsOnce.Do(loadSlots)
	if key, ok := formKey(in, f); ok {
		if v, ok := slotsByForm[key]; ok {
			return v, true
		}
	}
	v, ok := slotsByText[in.Text]
	return v, ok
}

// subroutineSlots is the dynamic length of the subroutine ptxas calls for
// 64-bit integer division and remainder (the probe counts the call only;
// about 60 instructions by the SASS of its body, an estimate).
const subroutineSlots = 60
