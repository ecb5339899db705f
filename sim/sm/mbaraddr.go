package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// An mbarrier operation takes its address as [UR+imm] (SYNCS.* [UR12+0x30000]):
// an add of an immediate that forms an mbarrier's address costs the
// mbarrier operation nothing. tmaqx's stage-0 arrive (tools/microbench/
// tmaq29_sass.txt, 0x07b0..0x0830): the PTX `mov.u32 %r71, smem_raw; add
// %r72, %r71, 1023; and %r67, %r72, -1024; add %r70, %r67, 196608;
// mbarrier.arrive.expect_tx [%r70]` is S2UR, ULEA, UIADD3, ULOP3 and
// `SYNCS.ARRIVE.TRANS64 RZ, [UR12+0x30000]`; the add's UIADD3 UR13 comes
// after the arrive, for the TMA load's ELECT preamble (tmacopy.go) and
// the other stages' loads. The GPU's x3 - x2 is 54 cycles on every
// tmaqx variant (H200 and H100), the model's 58 with the add before the
// arrive.
//
// mbarAddrAdds marks the adds of an immediate (addImmBase), written once
// in the function, whose first reader in their straight-line stretch is
// an mbarrier operation reading the value as its whole address (the base
// not written in between), and whose every reader in the function reads
// the value only as a whole address: of an mbarrier operation, of a
// memory instruction (addrOnly) or of a TMA tensor load in an ELECT loop
// (not elected: its destination or mbarrier, tmaOperandAdds). Readers
// past the stretch read the register ptxas keeps (the UIADD3 issued in
// the shadow of the first reader); the model makes the add free
// (lowFused).
func mbarAddrAdds(f *ptx.Function, infos []*exec.InstInfo, elected []bool) []bool {
	n := len(infos)
	var out []bool
	target := f.LabelTargets()
	for i := 0; i < n; i++ {
		base, ok := addImmBase(infos[i], &f.Insts[i])
		if !ok {
			continue
		}
		d := f.Insts[i].Ops[0].Reg
		// the first reader in the stretch: an mbarrier operation
		first := false
		for j := i + 1; j < n; j++ {
			if target[j] {
				break
			}
			in, inf := &f.Insts[j], infos[j]
			if inf != nil && hasReg(inf.Uses, d) {
				first = mbarAddrReader(in, d)
				break
			}
			if inf == nil || inf.Pipe == ptx.PipeBranch || hasReg(inf.Defs, base) || hasReg(inf.Defs, d) {
				break
			}
		}
		if !first {
			continue
		}
		// every reader and the one write
		fold := true
		for j := 0; j < n && fold; j++ {
			inf := infos[j]
			if inf == nil || j == i {
				continue
			}
			if hasReg(inf.Defs, d) {
				fold = false
				break
			}
			if !hasReg(inf.Uses, d) {
				continue
			}
			in := &f.Insts[j]
			switch {
			case mbarAddrReader(in, d):
			case addrOnly(in, d):
			case tensorLoad(f, infos, j) && !elected[j] && wholeAddrOnly(in, d):
			default:
				fold = false
			}
		}
		if fold {
			if out == nil {
				out = make([]bool, n)
			}
			out[i] = true
		}
	}
	return out
}

// mbarAddrReader: in is an mbarrier operation other than init reading r
// only as its whole address. (The inits' stretch, entry to the last init,
// was fitted with its adds as the model lowers them: mbarrier_init_*,
// initwait.go; folding theirs too took tmaqx init_cycles from -7% to -19%.)
func mbarAddrReader(in *ptx.Inst, r int32) bool {
	return in.Op == ptx.OpMbarrier && in.Mods.Sub != "init" && wholeAddrOnly(in, r)
}
