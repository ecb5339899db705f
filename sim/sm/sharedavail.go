package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// ptxas computes a shared variable's address (S2UR/S2R SR_CgaCtaId, then
// a ULEA/LEA) once where every path to a use has already computed it: the
// SASS of mbar_pingpong (ptxas 13.0 -arch=sm_90a, cuobjdump on the H200)
// reads SR_CgaCtaId in both wait paths of warp 1's loop (`mov.u32 %r, mbar`
// before try_wait and before test_wait) and arrives on the second mbarrier
// at [R11+URZ+0x8], the register the wait paths left, where the PTX has a
// third `mov.u32 %r, mbar` after the join; warp 0's loop, whose arrive is
// reached by no earlier mov in the iteration (the loop entry has none),
// reads SR_CgaCtaId again at the loop's top and again in each wait path
// (after the predicated arrive, which may not have run).
//
// sharedAvail reports, per PC of f, whether every path from the entry to
// that instruction passes through a mov of the same shared symbol as the
// mov at that PC (false for other instructions): available expressions over
// the PTX control flow, one bit per shared symbol. The same for an address
// a bulk or TMA operation reads (a uniform register operand of UBLKCP /
// UTMASTG / UTMAREDG): t6st_bulk_p4's SASS (ptxas 13.0 sm_90a, dumped in
// session 21, validation/timing/tailbulk21.md) reads SR_CgaCtaId in each
// of the first operation's three paths (tensor reduction, bulk store,
// tensor store) and the second to fourth operations of the iteration use
// the UR8 they left, where the PTX has a `mov.u32 %r, dsm` before each.
//
// Every shared variable's address is SR_CgaCtaId plus the variable's
// offset, and ptxas schedules the reads of one stretch together: in
// tmai_sep_n1's loop body (`mov bars; arrive.expect_tx; t0; mov dsm;
// cp.async.bulk.tensor`; SASS dumped in session 24, validation/timing/
// tma24.md) the `S2R R9, SR_CgaCtaId` of bars and the `S2UR UR6,
// SR_CgaCtaId` of dsm issue two instructions apart, both before t0, so
// the second costs nothing the first did not (the GPU issues the load 55
// cycles after t0 on both GPUs, as tmai_sep_n2, dsm hoisted out of the
// loop, issues its first 50 after; a second charged read made it 88). So a
// mov of one symbol counts as computed where a mov of any shared symbol
// is on every path since the innermost loop's top (windowBit). It does not
// cross a loop's entry: tmai_sep_n2's loop reads SR_CgaCtaId again (S2R
// R5 before its arrives) with the entry's S2UR and the preheader's dsm
// address live (tools/microbench/tmai_sass_sep_n2.txt).
//
// win reports the movs among those that are computed only through the
// window bit (no mov of the same symbol on every path): ptxas still forms
// the symbol's address from the live window with a ULEA (and a UIADD3 of
// its offset) next to the use, as in tmai_sep_n1 after t0 (`UIADD3 UR4,
// UR4, 0x400; ULEA UR4, UR6, UR4, 0x18` before the UTMALDG: the one load
// issues 55 cycles after t0 on both GPUs, tmai_sep_n2's first, whose dsm
// address sits in UR4 before the loop, 50).
func sharedAvail(prog *ptx.Program, f *ptx.Function, infos []*exec.InstInfo) (out, win []bool) {
	n := len(f.Insts)
	out = make([]bool, n)
	win = make([]bool, n)
	syms := map[[2]int32]uint{} // (symbol kind, index) -> bit
	gen := make([]uint64, n)
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op != ptx.OpMov || in.Guard >= 0 || !sharedSym(prog, f, in) {
			continue
		}
		k, ok := sharedSymKey(in)
		if !ok {
			continue
		}
		b, seen := syms[k]
		if !seen {
			if len(syms) == 63 {
				continue // more symbols than bits: left as written
			}
			b = uint(len(syms))
			syms[k] = b
		}
		gen[pc] = 1<<b | windowBit
	}
	if len(syms) == 0 {
		return out, win
	}
	// predecessors: the inverse of the flow graph regpressure.go's
	// liveness walks
	preds := make([][]int32, n)
	for pc, ss := range successors(f, n) {
		for _, t := range ss {
			preds[t] = append(preds[t], int32(pc))
		}
	}
	all := ^uint64(0)
	availOut := make([]uint64, n)
	availIn := make([]uint64, n)
	header := make([]bool, n)
	for pc := range availOut {
		availOut[pc] = all
	}
	for changed := true; changed; {
		changed = false
		for pc := 0; pc < n; pc++ {
			// the entry, and code no edge reaches, start with nothing computed
			in := uint64(0)
			if pc > 0 && len(preds[pc]) > 0 {
				in = all
				for _, p := range preds[pc] {
					in &= availOut[p]
					if int(p) >= pc {
						header[pc] = true
					}
				}
			}
			if header[pc] {
				in &^= windowBit // the window read does not cross a loop's entry
			}
			o := in | gen[pc]
			availIn[pc] = in
			if o != availOut[pc] {
				availOut[pc] = o
				changed = true
			}
		}
	}
	for pc := range f.Insts {
		if gen[pc] != 0 && availIn[pc]&gen[pc] != 0 {
			out[pc] = true
			win[pc] = availIn[pc]&gen[pc] == windowBit
		}
	}
	return out, win
}

// windowBit: an SR_CgaCtaId read in this iteration, made by a mov of any
// shared symbol (sharedAvail's bit 63; the symbols use bits 0..62).
const windowBit = uint64(1) << 63

// sharedSymKey identifies the shared symbol a mov reads.
func sharedSymKey(in *ptx.Inst) ([2]int32, bool) {
	for i := range in.Ops {
		if o := &in.Ops[i]; o.Kind == ptx.OpdSym && o.Off == 0 {
			return [2]int32{int32(o.Sym.Kind), int32(o.Sym.Index)}, true
		}
	}
	return [2]int32{}, false
}
