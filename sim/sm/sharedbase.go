package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The address of a shared-memory variable (`mov.u32 %r, smem;`) is, in
// SASS, the CTA's shared window: S2UR SR_CgaCtaId (or S2R), then a ULEA
// with 0x400 << 24. ptxas hoists that read out of a loop whose every
// iteration needs it; where the use sits in code a branch may skip (an if
// or a switch case in the loop), or outside any loop, the read stays next
// to its use, and its consumer waits for it. tmast9_skip_s1 and
// tmast9_redif_* (tools/microbench/gen8_tmast.py: the 1 KiB bulk
// reduction in a block, S2UR + ULEA before the UBLKRED) take 167 cycles an
// iteration where tmast9_red (the same reduction, S2UR hoisted) takes 124
// and a branch on a hoisted compare costs 4 (tmast9_skip_s0 - tmast9_alu),
// on both GPUs: the value is SharedBaseCycles after the mov issues.

// sharedBaseMovs marks the movs of a shared variable's address that ptxas
// leaves in place: outside any loop, or inside a loop but jumped over by a
// forward branch of that loop; not where every path to the mov computed
// the same address already (sharedavail.go).
//
// win marks the movs computed already only through another symbol's read
// of the window (sharedAvail): their value waits for the ULEA that forms
// the address (sharedWindowReady).
func sharedBaseMovs(prog *ptx.Program, f *ptx.Function, infos []*exec.InstInfo) (out, win []bool) {
	n := len(f.Insts)
	out = make([]bool, n)
	avail, win := sharedAvail(prog, f, infos) // sharedavail.go: computed on every path already
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if win[pc] {
			// in a loop whose S2UR ptxas hoists, the ULEA is loop
			// invariant too and goes with it (wgmma_bench's descriptor
			// loop: `mov sA; ...; mov sB` every iteration)
			if lo, hi := innerLoop(f, pc, n); lo >= 0 && loopHoisted(prog, f, lo, hi) {
				win[pc] = false
			}
		}
		if in.Op != ptx.OpMov || !sharedSym(prog, f, in) || avail[pc] {
			continue
		}
		lo, hi := innerLoop(f, pc, n)
		if lo < 0 {
			out[pc] = true
			continue
		}
		if !loopHoisted(prog, f, lo, hi) && skippedInLoop(f, lo, hi, pc) {
			out[pc] = true // a forward branch of the loop jumps over it
		}
	}
	return out, win
}

// skippedInLoop: a forward branch of the loop [lo, hi] jumps over pc.
func skippedInLoop(f *ptx.Function, lo, hi, pc int) bool {
	for b := lo; b < pc && b <= hi; b++ {
		if f.Insts[b].Op == ptx.OpBra && branchTarget(&f.Insts[b], len(f.Insts)) > pc {
			return true
		}
	}
	return false
}

// loopHoisted: the loop [lo, hi] holds a mov of a shared variable's
// address that no forward branch of the loop jumps over (one every
// iteration runs), so ptxas reads SR_CgaCtaId before the loop and every
// mov of the loop uses that read. bulkl.cu's loop (`if (part) { arrive;
// cp.async.bulk }` and then the try_wait on the same mbarrier): ptxas 13.0
// sm_90a emits the S2UR before the loop and @!P0 SYNCS.ARRIVE / @!UP0
// UBLKCP in it (validation/timing/bulk18.md); tmast9's switch cases and
// mbar_pingpong's loops, whose every such mov sits on a skipped path,
// keep the read in the loop.
func loopHoisted(prog *ptx.Program, f *ptx.Function, lo, hi int) bool {
	for pc := lo; pc <= hi; pc++ {
		in := &f.Insts[pc]
		if in.Op != ptx.OpMov || !sharedSym(prog, f, in) {
			continue
		}
		if !skippedInLoop(f, lo, hi, pc) {
			return true
		}
	}
	return false
}

// sharedSym: a source operand is the address of a .shared variable.
func sharedSym(prog *ptx.Program, f *ptx.Function, in *ptx.Inst) bool {
	for i := range in.Ops {
		o := &in.Ops[i]
		if o.Kind != ptx.OpdSym {
			continue
		}
		switch o.Sym.Kind {
		case ptx.SymGlobal:
			if int(o.Sym.Index) < len(prog.Vars) && prog.Vars[o.Sym.Index].Space == ptx.SpaceShared {
				return true
			}
		case ptx.SymLocal:
			if int(o.Sym.Index) < len(f.Locals) && f.Locals[o.Sym.Index].Space == ptx.SpaceShared {
				return true
			}
		}
	}
	return false
}

// sharedBaseClockHolds marks the shared-address movs of movs (the reads
// sharedBaseMovs leaves in place) that a %clock read follows, in program
// order and falling through labels, before any branch or reader of the
// address: ptxas keeps the S2R and its LEA above the CS2R (nothing moves
// across a clock read), and the LEA waits for the S2R, so the stamp is
// taken only once the address is formed. tma_desc (tmadesc_*; SASS dumped
// on the H200 in session 30, validation/timing/tmafam30.md): `mov.u32 %r38,
// bar_s` before the timed loop is `S2R R9, SR_CgaCtaId; ...; LEA R17, R9,
// R5, 0x18` right before the loop's first `CS2R R4, SR_CLOCKLO`; the GPU's
// first load takes 414 cycles from that stamp (a later one 450), where the
// model's first arrive.expect_tx waited 38 cycles after the stamp for the
// address. The warp issues nothing after such a mov until its value.
func sharedBaseClockHolds(f *ptx.Function, infos []*exec.InstInfo, movs []bool) []bool {
	var out []bool
	for pc := range movs {
		if !movs[pc] || len(f.Insts[pc].Ops) == 0 || f.Insts[pc].Ops[0].Kind != ptx.OpdReg {
			continue
		}
		r := f.Insts[pc].Ops[0].Reg
		for q := pc + 1; q < len(f.Insts); q++ {
			in := &f.Insts[q]
			if clockRead(in) {
				if out == nil {
					out = make([]bool, len(movs))
				}
				out[pc] = true
				break
			}
			if in.Op == ptx.OpBra || in.Op == ptx.OpRet || in.Op == ptx.OpExit || chainBarrier(in) ||
				infos[q] != nil && hasReg(infos[q].Uses, r) {
				break
			}
		}
	}
	return out
}

// sharedBaseReady is the cycle the value of mov info, issued at now, is
// ready (0: no wait of this kind).
func (s *SM) sharedBaseReady(ws *warpState, info *exec.InstInfo, now engine.Cycle) engine.Cycle {
	c := s.cfg.SharedBaseCycles
	if c <= 0 || info.Op != ptx.OpMov {
		return 0
	}
	if !s.code.low.sharedBase(info) {
		if l := s.code.low; l.sbWindow != nil && l.sbWindow[[2]int32{info.Func, info.PC}] {
			// the ULEA of the live window (sharedavail.go: win)
			return now + engine.Cycle(s.cfg.Pipes[ptx.PipeALU].LatencyCycles)
		}
		return 0
	}
	if b := s.cfg.BulkStoreBaseCycles; b > 0 && s.code.low.sbStore != nil && s.code.low.sbStore[[2]int32{info.Func, info.PC}] {
		c = b // a bulk or tensor store reads the ULEA's result (sharedBaseStores)
	}
	if l := s.code.low; ws.sbLeadAt > 0 && ws.sbLeadAt <= now && l.sbHoisted[[2]int32{info.Func, info.PC}] {
		return ws.sbLeadAt + engine.Cycle(c) // read at the block's top (sharedBaseHoists)
	}
	return now + engine.Cycle(c)
}

// sharedBaseHoists finds the shared-address movs (of movs: the reads
// sharedBaseMovs leaves in place) that sit at the top of the block an
// if-then without else joins into (`@p bra L; <block>; L: mov.u32 %r,
// smem`), outside any loop, and the top of the block that branch ends:
// ptxas reads SR_CgaCtaId there, above the branch, since both ways reach
// the mov. tmaq / tmaqx (ptxas 13.0 -arch=sm_90a, cuobjdump on the H200,
// session 29: tools/microbench/tmaq29_sass.txt): thread 0's block starts
// `S2UR UR6, SR_CgaCtaId` (0x0150) and only then tests the prefetch flag
// and branches over the two UTMACCTL.PF (0x0210) to the inits, where the
// PTX has `@%p7 bra $L__BB0_5; prefetch.tensormap x2; $L__BB0_5: mov.u32
// %r, smem_raw`; mbinit27's probe has its S2UR at the block's top too. No
// %clock read or barrier between the block's top and the mov (ptxas moves
// nothing across them); the join entered by that branch alone, so the
// warp at the mov passed the block's top. lead marks those block tops, mov
// the movs.
func sharedBaseHoists(prog *ptx.Program, f *ptx.Function, movs []bool) (lead, mov []bool) {
	n := len(f.Insts)
	lead, mov = make([]bool, n), make([]bool, n)
	leader := blockLeaders(f)
	refs := branchRefs(f, n)
	stop := func(in *ptx.Inst) bool {
		return chainBarrier(in) || in.Op == ptx.OpBar || in.Op == ptx.OpBarrier || clockRead(in)
	}
	for pc := range f.Insts {
		if !movs[pc] {
			continue
		}
		if lo, _ := innerLoop(f, pc, n); lo >= 0 {
			continue
		}
		// L: the top of the mov's block; nothing between it and the mov stops a move
		L, ok := pc, true
		for ; L > 0 && !leader[L]; L-- {
			if stop(&f.Insts[L-1]) {
				ok = false
			}
		}
		if !ok || L == 0 {
			continue
		}
		prev := &f.Insts[L-1]
		if prev.Op == ptx.OpBra || prev.Op == ptx.OpRet || prev.Op == ptx.OpExit {
			continue // entered by jumps only: not the join of an if-then
		}
		// the if-then's block [b+1, L): one straight block, no stop
		b := L - 1
		for ; b >= 0 && !leader[b] && !stop(&f.Insts[b]); b-- {
		}
		if b < 1 || !leader[b] || stop(&f.Insts[b]) {
			continue
		}
		br := &f.Insts[b-1]
		if br.Op != ptx.OpBra || br.Guard < 0 || branchTarget(br, n+1) != L || refs[L] != 1 {
			continue
		}
		// the top of the branch's block; no stop between it and the branch
		top := b - 1
		for ; top > 0 && !leader[top] && !stop(&f.Insts[top-1]); top-- {
		}
		if !leader[top] {
			continue
		}
		lead[top], mov[pc] = true, true
	}
	return lead, mov
}

// sharedBaseStores marks the shared-address movs of movs (the reads
// sharedBaseMovs leaves in place) whose first reader, in program order
// before any branch, is a bulk or tensor store from shared memory with
// uniform operands (not a reduction: bulkinterval.go sets theirs; not in
// an ELECT loop, elect). SASS (ptxas 13.0 sm_90a, cuobjdump of the
// recorded bulkst_t1_1k_n1 / _n4 / _tile1k_n8 / _w4_256b_n8,
// validation/timing/bulk31_sass.ctrl.txt.gz): `CS2R; S2UR UR7,
// SR_CgaCtaId; UMOV; ULDC.64; UMOV; ULEA UR6, UR7, UR6, 0x18 (S9);
// UBLKCP.G.S [UR8], [UR6], UR10` (UTMASTG alike): the ULEA waits for the
// S2UR and the store reads the ULEA's result 9 cycles after it, where an
// ALU reader takes it after the ALU's latency; the GPU stamps the store 47
// cycles after the clock read before the S2UR on both GPUs
// (bulkst_t1_{256b,1k,4k}_n1, tile1k_n1 issue_cycles). Only where a
// clock read comes right before the mov in its block (nothing between but
// other movs: UMOVs): ptxas moves nothing across a clock read, so the
// S2UR, the ULEA and the store run as one exposed chain after it. Where
// other work precedes the mov ptxas lifts the S2UR above that work and
// the store sees shared_base_cycles (fitted so on tmast9's reduction
// loops; t6st_*_p1 and tmast_store_*, whose store blocks start with
// address arithmetic, are within 40 already: t6st_store_p1 +8.8% at 40,
// +12.1% with this rule there).
func sharedBaseStores(f *ptx.Function, infos []*exec.InstInfo, movs, elect []bool) []bool {
	var out []bool
	leaders := blockLeaders(f)
	for pc := range movs {
		if !movs[pc] || len(f.Insts[pc].Ops) == 0 || f.Insts[pc].Ops[0].Kind != ptx.OpdReg {
			continue
		}
		if !afterClockRead(f, pc, leaders) {
			continue
		}
		r := f.Insts[pc].Ops[0].Reg
		for q := pc + 1; q < len(f.Insts); q++ {
			in := &f.Insts[q]
			if in.Op == ptx.OpBra || in.Op == ptx.OpRet || in.Op == ptx.OpExit {
				break
			}
			inf := infos[q]
			if inf == nil || !hasReg(inf.Uses, r) {
				continue
			}
			if inf.Async == exec.AsyncBulkStore && inf.Form != ptx.FormBulkReduce && (q >= len(elect) || !elect[q]) {
				if out == nil {
					out = make([]bool, len(movs))
				}
				out[pc] = true
			}
			break
		}
	}
	return out
}

// afterClockRead: a %clock read comes before pc in its basic block with
// only plain movs (not clock reads) between them.
func afterClockRead(f *ptx.Function, pc int, leaders []bool) bool {
	for q := pc - 1; q >= 0; q-- {
		if leaders[q+1] {
			return false // pc's block starts at q+1
		}
		in := &f.Insts[q]
		if clockRead(in) {
			return true
		}
		if in.Op != ptx.OpMov {
			return false
		}
	}
	return false
}
