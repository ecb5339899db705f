package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The first tensor load an SM's TMA unit sees holds its warp longer
// (family tmaqx, tools/microbench/gen17_tmaqx.py: gemm_wgmma's producer
// alone, cold, thread 0 stamped before and after each step of stage 0).
// Stage 0's first UTMALDG (after its arrive.expect_tx) holds thread 0's
// warp 117 cycles on the H200 and 103 on the H100 (first_cycles of
// tmaqx_s3, _f0, _ct, _ctfar, _cta, _mc: the same in all six), 52 on both
// when the kernel issued prefetch.tensormap for its two parameter maps at
// entry (tmaqx_s3_pf), and the second UTMALDG, the first on the other
// map, right after it 88 in every variant (a0 to i0, prefetch or not): so
// the cost belongs to the SM's first tensor-map instruction, not to each
// map new to it, and a prefetch.tensormap before the load takes it. The
// model: a tensor load that is the first tensor-map instruction of its SM
// (tma_desc.go's tmaDescs.used) holds its warp TMAFirstLoadCycles more than
// tma_load_issue_cycles; a prefetch, a store or a bulk prefetch first
// takes the cost away from the load (a prefetch.tensormap of a parameter
// map then pays it itself: below). One CTA per SM in every variant: whether it is per
// SM or per CTA is not measured. The load itself starts no sooner either
// (tma.go; session 26, validation/timing/tmah26.md): after ncu's flush
// stage 0 of tmaq / tmaqx completes ~100 cycles sooner with the prefetch
// (tmaq_s3_pf 1830 against tmaq_s3 1955, tmaqx_s3_pf 1846 against
// tmaqx_s3 2099 / _f0 1928), where the model had them equal. (tmadesc_param,
// warm: the first load on a parameter map completes as fast as a warm one;
// its figures do not move with this.)

//
// The hold is the read of the parameter space's address (c[0x0][0x198],
// the cvta.param of a __grid_constant__ map) where ptxas puts it: tmaqx's
// PTX has `cvta.param.u64 %rd51, %rd29` right before stage 0's first load
// (its ULDC.64 c[0x0][0x198] right before the UTMALDG; tmaq29_sass.txt),
// and _pf's prefetch path reads it first (tmaq29.md). tma_desc
// (tmadesc_*, SASS dumped in session 30) reads it at `LDC.64 R4,
// c[0x0][0x198]` long before its timed loop (before the prefetch and the
// 4000-cycle spin of the _prefetch modes; before the loop in the others),
// and on both GPUs its first load on a parameter map takes 414-415 cycles
// with or without the prefetch, on a global map 714 / 864 (the
// descriptor's fetch) where the model held both 65 / 51 cycles more. So
// the hold runs from the SM's first cvta.param whose value ptxas keeps in a
// register (paramAddrRegs): a first load that comes later than
// TMAFirstLoadCycles after it is not held. A cvta.param read only as a
// tensor map's address (a load's, a store's, a prefetch's) is a ULDC
// ptxas issues again at each use: gemm_wgmma's producer (sgp, gmm12: the
// two cvta.param before the producer's loop, its loads inside) keeps its
// hold, where tma_desc selects between the parameter map and a global one
// (selp) and so reads c[0x0][0x198] once, early.

// The same read comes first in the prefetch path: tmaq / tmaqx with both
// maps prefetched at entry (flags bit 0) issue `ULDC.64 UR12, c[0x0][0x198];
// UIADD3 x4; UTMACCTL.PF [UR16]; UTMACCTL.PF [UR12]` before the inits
// (tmaq29_sass.txt 0x0220..0x0280), and tmaqx_s3_pf's init_cycles (entry to
// after the inits) is 408 / 379 cycles (H200 / H100) against 329 / 297
// without the prefetch: 79 / 82 more, where two prefetch.tensormap holds
// (prefetch_tensormap_cycles) gave the model 33 / 35. So a
// prefetch.tensormap of a parameter map that is the SM's first tensor-map
// instruction holds its warp the first-load hold more (tmaHold), counted
// as for a load (from paramAt when the SM read the address earlier).

// firstLoadHold is what is left at cycle now of the first-load hold.
func (s *SM) firstLoadHold(now engine.Cycle) int {
	h := s.cfg.Hold.TMAFirstLoadCycles
	if at := s.tmaDesc.paramAt; at > 0 {
		h = max(0, int(at)+h-int(now))
	}
	return h
}

// paramAddrRead notes the SM's first cvta.param kept in a register
// (tma_desc.go paramAt).
func (s *SM) paramAddrRead(info *exec.InstInfo, now engine.Cycle) {
	if s.tmaDesc.paramAt == 0 && s.code.low.paramAddrReg(info) {
		s.tmaDesc.paramAt = max(now, 1)
	}
}

// paramAddrRegs marks, per PC, the cvta.param whose value some
// instruction other than a tensor-map operation (TMA load, store,
// reduction or prefetch of a map) reads.
func paramAddrRegs(f *ptx.Function, infos []*exec.InstInfo) []bool {
	var out []bool
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if in.Op != ptx.OpCvta || !strings.HasPrefix(in.Text, "cvta.param") || infos[pc] == nil || len(infos[pc].Defs) != 1 {
			continue
		}
		r := infos[pc].Defs[0]
		for q := range f.Insts {
			if q == pc || infos[q] == nil || !hasReg(infos[q].Uses, r) {
				continue
			}
			t := f.Insts[q].Text
			if !strings.Contains(t, ".tensor") && !strings.HasPrefix(t, "prefetch.tensormap") {
				if out == nil {
					out = make([]bool, len(f.Insts))
				}
				out[pc] = true
				break
			}
		}
	}
	return out
}

// paramAddrReg: info is such a cvta.param (paramAddrRegs).
func (l *Lowering) paramAddrReg(info *exec.InstInfo) bool {
	return l != nil && info.Func == l.paFunc && int(info.PC) < len(l.paramAddr) && l.paramAddr[info.PC]
}

// tmaFirstLoad is the extra hold of the tensor load just issued at cycle
// now: its SM's first tensor-map instruction (once).
func (s *SM) tmaFirstLoad(now engine.Cycle) int {
	d := &s.tmaDesc
	if !d.firstLoad {
		return 0
	}
	d.firstLoad = false
	return s.firstLoadHold(now)
}
