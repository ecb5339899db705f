package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Loads that share a scoreboard are waited for together (timing only).
// A SASS instruction waits for a scoreboard (its control word's wait
// mask), not for a register: the wait ends when every instruction counted
// on that scoreboard is done. ptxas gives gls2.cu's loop loads four
// scoreboards (SB2-SB5; validation/timing/gls21_sass.ctrl.txt.gz, ptxas
// 13.0.88): the first four loads one each, a load issued while all four
// count loads not yet waited for joins the last one given out (gls2_ld32:
// SB2 SB3 SB4 SB5 then five more on SB5, so the fold of the fourth load
// waits for loads 4 to 9; gls2_ld64: SB5 counts three), and a fold's wait
// frees its scoreboard for the next load. The model's per-register
// scoreboard let each fold start when its own load returned: one warp's
// L1-warm 32- and 64-bit loads ran 4-8% faster than the H200
// (gls2_ld32_coal_w4, gls2_ld64_coal_w1; validation/timing/gls28.md).
//
// The rule, as narrow as the evidence: a block that is a whole loop body
// of loads and arithmetic (loopBody), in the issue order, whether few
// values live into it (gls2.cu: loopLoadCap) or many (gls.cu's loop,
// loadCapTight: its SASS gives the loads the same four scoreboards, ld32
// and ld.cg alike, `L2 L3 L4 L5 L5 L5` then `L2 L3 L4 L5 L5 L5 L5 L5 L5
// L5`, and its folds wait on SB2-SB5; validation/timing/gls29.md). With
// the rule on gls.cu's loop, ld_bypass_interval_cycles (fitted with the
// per-register waits) was refitted: 26 -> 12 (H200), 34 -> 17 (H100).
// Straight-line blocks (coldpace) are left alone: their SASS keeps all
// sixteen loads in flight and waits per load.

// loadSBSlots: the scoreboards ptxas gives a loop's global loads.
const loadSBSlots = 4

// loadSBWaits returns, per PC of f, the registers of other loads an
// instruction waits for besides its own operands (nil: none), for the
// issue order order (slot -> PC; nil: the PTX order).
func loadSBWaits(f *ptx.Function, infos []*exec.InstInfo, order []int32) [][]int32 {
	if order == nil {
		order = identity(len(infos))
	}
	var out [][]int32
	inBlock := func(pc int32) bool { return loadClass(&f.Insts[pc], infos[pc]) != 0 }
	reorderBlocks(f, infos, nil, inBlock, 2, func(block []int32) []int32 {
		a, b := int(block[0]), int(block[len(block)-1])+1
		if !loopBody(f, a, b) {
			return nil
		}
		var slots [loadSBSlots][]int32 // the loads each scoreboard counts
		slotOf := map[int32]int{}      // a load's register -> its slot
		last := -1
		for i := a; i < b; i++ {
			pc := order[i]
			if int(pc) < a || int(pc) >= b {
				continue
			}
			inf := infos[pc]
			// a reader of a load's value waits for every load its
			// scoreboard counts
			var extra []int32
			for _, r := range inf.Uses {
				s, ok := slotOf[r]
				if !ok {
					continue
				}
				for _, l := range slots[s] {
					for _, d := range infos[l].Defs {
						if d != r {
							extra = append(extra, d)
						}
					}
					for _, d := range infos[l].Defs {
						delete(slotOf, d)
					}
				}
				slots[s] = nil
			}
			if len(extra) > 0 {
				if out == nil {
					out = make([][]int32, len(infos))
				}
				out[pc] = append(out[pc], extra...)
			}
			for _, d := range inf.Defs {
				delete(slotOf, d)
			}
			if loadClass(&f.Insts[pc], inf) == 2 {
				s := -1
				for j := range slots {
					if len(slots[j]) == 0 {
						s = j
						break
					}
				}
				if s < 0 {
					s = last // none free: the last one given out counts it too
				}
				last = s
				slots[s] = append(slots[s], pc)
				for _, d := range inf.Defs {
					slotOf[d] = s
				}
			}
		}
		return nil
	})
	return out
}

// loadSBRegs is loadSBWaits' result for info (nil: none).
func (l *Lowering) loadSBRegs(info *exec.InstInfo) []int32 {
	if l == nil || l.sched == nil || l.sched.sbWait == nil || int(info.Func) != l.sched.entry {
		return nil
	}
	if int(info.PC) < len(l.sched.sbWait) {
		return l.sched.sbWait[info.PC]
	}
	return nil
}
