package sm

import (
	"github.com/sm90sim/sm90sim/sim/engine"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// When a basic block issues more TMA tensor loads than the uniform
// register file holds operands for, ptxas keeps the loads' operands in R
// registers and moves each load's into uniform registers with R2UR right
// before it (session 19, helper fetch, validation/timing/fetch19.md;
// cuobjdump of tmah.cu, ptxas 13.0 sm_90a, tools/microbench/gen14_tmahold.py):
//
//   - tmah_blk_n8 (8 loads from thread 0): each ELECT loop is PLOP3, UMOV x2,
//     ELECT, UMOV x2, UTMALDG, PLOP3 x2, BRA.U.ANY, the operands in UR12,
//     UR16, UR20, ... set up before the first load (160 bytes a load); the
//     GPU issues them 48 cycles apart;
//   - tmah_blk_n32, _stg_n96, _stp_n32: each loop adds MOV x3 (the uniform
//     registers saved), R2UR x3 and ULDC (248-286 bytes a load): 59, 63 and
//     63 cycles apart;
//   - tmah_stp_n32_elect (elected, a %clock64 read after each load): MOV,
//     UMOV, R2UR x3 ... UTMALDG, the next load's R2URs right after it (198
//     bytes a load): 39.7 cycles apart, where the back-to-back elected
//     loads of tmah_blk_n32_elect and _stg_n96_elect (their operands rotated
//     through uniform registers ahead of time) take 9-11.
//
// What counts is the operands the block's loads take from registers
// defined before the block (live into it: tmah's destinations and rows,
// computed from the parameters before the rep loop), in 32-bit words:
// more than the 63 uniform registers hold and ptxas spills them (closed
// form; tmah_blk_n8's loads take 17 words, tmah_blk_n32's 65, stg_n96's 193). Operands
// computed in the block right before their load do not count: CuTe's
// producer (cute_wgmma_tma_nt, 128 elected loads) computes each with
// UIADD3/UMOV from a few uniform bases and has no R2UR between its loads.
const tmaURWords = 63

// Per-entry marks (schedEntry.ur).
const (
	urSpill  uint8 = 1 << iota // an ELECT-loop load of such a block: TMALoadURSpillCycles more hold
	urSerial                   // an elected load of such a block, most of whose loads have another instruction next
)

// tmaURSpills marks the TMA tensor loads of basic blocks (no label, no
// branch between) whose loads' live-in operands exceed tmaURWords.
func tmaURSpills(f *ptx.Function, infos []*exec.InstInfo, elected []bool) []uint8 {
	n := len(infos)
	tensor := func(pc int) bool { return tensorLoad(f, infos, pc) } // tmar2ur.go
	target := f.LabelTargets()
	var out []uint8
	start, count := 0, 0
	flush := func(end int) { // block start..end-1
		if count > 0 && liveInWords(f, infos, start, end, tensor) > tmaURWords {
			if out == nil {
				out = make([]uint8, n)
			}
			// apart: most loads of the block have another instruction
			// next (stp_n32_elect's stamps; stg_n96_elect's three stage
			// arrives among 96 loads leave it back to back)
			apart := 0
			for pc := start; pc < end; pc++ {
				if tensor(pc) && !tensor(pc+1) {
					apart++
				}
			}
			for pc := start; pc < end; pc++ {
				if !tensor(pc) {
					continue
				}
				switch {
				case !elected[pc]:
					out[pc] = urSpill
				case 2*apart > count:
					out[pc] = urSerial
				}
			}
		}
		count = 0
	}
	for pc := 0; pc < n; pc++ {
		if pc > start && target[pc] {
			flush(pc)
			start = pc
		}
		if tensor(pc) {
			count++
		}
		if f.Insts[pc].Op == ptx.OpBra || f.Insts[pc].Op == ptx.OpRet || f.Insts[pc].Op == ptx.OpExit {
			flush(pc + 1)
			start = pc + 1
		}
	}
	flush(n)
	return out
}

// tmaURSerialReady: a load after an urSerial load of warp ws issues no
// earlier than TMALoadURSerialCycles after it (the R2URs of its operands
// follow the previous load's UTMALDG).
func (s *SM) tmaURSerialReady(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if ws.tmaURGate == 0 || info.Async != exec.AsyncBulkLoad {
		return 0
	}
	return ws.tmaURGate
}

// liveInWords: the 32-bit words of the distinct registers the loads of
// block start..end-1 read that no instruction of the block defines.
func liveInWords(f *ptx.Function, infos []*exec.InstInfo, start, end int, tensor func(int) bool) int {
	defined := map[int32]bool{}
	seen := map[int32]bool{}
	words := 0
	for pc := start; pc < end; pc++ {
		in := infos[pc]
		if in == nil {
			continue
		}
		if tensor(pc) {
			for _, r := range in.Uses {
				if defined[r] || seen[r] || r < 0 || int(r) >= len(f.Regs) {
					continue
				}
				seen[r] = true
				words += max((f.Regs[r].Type.Bits()+31)/32, 1)
			}
		}
		for _, r := range in.Defs {
			defined[r] = true
		}
	}
	return words
}
