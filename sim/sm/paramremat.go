package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A kernel parameter read in a loop (cuobjdump of chain_fma_f32,
// fma_tput, idivtput_s64 and icgap_kernel, H100 and H200: the same SASS):
// the PTX reads the trip count `iters` with one ld.param at the top, and
// ptxas issues `LDC Rn, c[0x0][0x220]` inside the rep loop, right before
// the zero-trip compare, every iteration (after the timed region's
// CS2R: chain_overhead's empty loop takes 49 cycles where the model
// issued 14); fma_tput even reloads it there after reading it once before
// the loop. icgap_kernel's `seed`, compared 8 times an iteration, stays in
// a register across its rep loop. So: a parameter value with at most
// paramRematMaxUses uses in the outermost loop that holds them and not its
// ld.param is loaded again by an LDC at the first of them, each time the
// warp reaches it; the use waits const_ldc_cycles after the warp's
// previous issue (the LDC, a constant-cache hit, is the warp's next
// instruction).

// paramRematMaxUses: icgap's 8 compares keep the register, the trip
// counts' 1 or 2 (the zero-trip compare and the inner loop's) do not.
const paramRematMaxUses = 2

// paramRemats marks, per PC of the entry f, the instructions ptxas puts
// a parameter's LDC in front of.
func paramRemats(f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(infos)
	mark := make([]bool, n)
	// loops: [top, b] of each backward branch
	type loop struct{ top, b int }
	var loops []loop
	for b := range f.Insts {
		if in := &f.Insts[b]; in.Op == ptx.OpBra {
			if t := branchTarget(in, n); t >= 0 && t < b {
				loops = append(loops, loop{t, b})
			}
		}
	}
	if len(loops) == 0 {
		return mark
	}
	defs := map[int32]int{} // register -> its one defining PC (-1: several)
	for pc, inf := range infos {
		if inf == nil {
			continue
		}
		for _, r := range inf.Defs {
			if _, ok := defs[r]; ok {
				defs[r] = -1
			} else {
				defs[r] = pc
			}
		}
	}
	for d := range f.Insts {
		in := &f.Insts[d]
		if in.Op != ptx.OpLd || (in.Mods.Space != ptx.SpaceParam && in.Mods.Space != ptx.SpaceParamEntry) ||
			infos[d] == nil || len(infos[d].Defs) != 1 || in.Mods.Vec > 1 {
			continue
		}
		r := infos[d].Defs[0]
		if defs[r] != d {
			continue
		}
		// the outermost loop without the load that holds a use
		bestFirst, bestUses, bestTop, bestB := -1, 0, -1, -1
		for _, l := range loops {
			if d >= l.top && d <= l.b {
				continue
			}
			first, uses := -1, 0
			for pc := l.top; pc <= l.b; pc++ {
				if infos[pc] != nil && hasReg(infos[pc].Uses, r) {
					if first < 0 {
						first = pc
					}
					uses++
				}
			}
			if uses > 0 && (bestTop < 0 || l.top <= bestTop && l.b >= bestB) {
				bestFirst, bestUses, bestTop, bestB = first, uses, l.top, l.b
			}
		}
		if bestFirst >= 0 && bestUses <= paramRematMaxUses {
			mark[bestFirst] = true
		}
	}
	return mark
}

// paramLDCReady: the use at en waits for the LDC ptxas puts in front of
// it (paramRemats), issued right after the warp's previous instruction.
func (s *SM) paramLDCReady(ws *warpState, en *schedEntry) engine.Cycle {
	if en.flags&schedParamLDC == 0 || s.cfg.Const.LDCCycles <= 0 {
		return 0
	}
	return ws.readyAt + engine.Cycle(1+s.cfg.Const.LDCCycles)
}
