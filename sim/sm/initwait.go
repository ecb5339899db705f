package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A warp's constant reads wait behind its mbarrier.init. Measured by
// session 27's probe (tools/microbench/mbinit27_probe.cu, output and SASS
// in tools/microbench/mbinit27_probe.h200.txt; validation/timing/
// mbinit27.md): thread 0 runs FENCE.VIEW.ASYNC.S and K SYNCS.EXCH.64 (the
// inits), stamps, then every thread runs `S2UR; ULDC c[0x0][0xc]; S2UR;
// LDC c[0x0][0x218]; UIMAD; ISETP; @!P0 BAR.SYNC` on sectors the other
// warps warmed long before. Right after the inits that chain costs 143-159
// cycles from the stamp to past the barrier for K = 1, 6 and 12 alike;
// after a 100- or 400-cycle spin, or with no init, 99. Counted back from
// the barrier, the chain's reads start about 62 cycles after the last
// init (59-65 over K = 1, 6, 12), whatever K: the constant path of the
// warp that issued SYNCS.EXCH is busy that long (the GPU cannot say
// whether the ULDC waits at issue or its result comes late; the chain
// waits either way).
//
// The probe's plain bar.sync (no constant read between the inits and it)
// releases 73 / 79 cycles after the stamp that follows 6 / 12 inits, 37
// after a spin: the barrier also waits for the inits (~36-42), where one
// or two inits cost nothing there.
//
// The model: the issue of a warp's mbarrier.init sets ws.initConstAt to
// that cycle + mbarrier_init_const_wait_cycles and ws.initBarAt to that
// cycle + mbarrier_init_bar_wait_cycles; the parameter reads of that warp
// (a region's LDC slot and sector requests, paramRegion; a held chain,
// paramChainHold; a free ld.param's value, paramReady) are asked no
// earlier than the first, its next bar.sync / barrier.sync issues no
// earlier than the second (initBarHold; whatever the number of inits: the
// families that run this code init 6). Both fitted together (group
// mbar_init_wait: tmaqx's sync / pro, tmaq's pro / issue, every sgp's
// pro): H200 50 / 27, H100 54 / 24, near the probe's ~62 / ~36 (the
// model's chain after the read and its barrier release are not the GPU's
// to the cycle). tmaqx's `ULDC c[0x0][0xc]; ULDC.64 c[0x0][0x380]; UIMAD` between
// the init stamp x1 and its BAR.SYNC (cuobjdump, session 29:
// tools/microbench/tmaq29_sass.txt) is such a chain: its sync_cycles
// (t0 - x1) is 116-126 on both GPUs where a warm chain is ~75.

// initIssued notes warp ws's mbarrier.init issued at now.
func (s *SM) initIssued(ws *warpState, info *exec.InstInfo, now engine.Cycle) {
	if in := s.inst(info); in.Mods.Sub == "init" {
		ws.initConstAt = now + engine.Cycle(s.cfg.Const.InitWaitCycles)
		ws.initBarAt = now + engine.Cycle(s.cfg.Const.InitBarWaitCycles)
	}
}

// entryBarCycles: ptxas issues a kernel's BAR.SYNC no sooner than 8
// cycles after its first SASS instruction (its stall counts; cuobjdump,
// ptxas 13.0 sm_90a, session 32: validation/timing/sgp32.md,
// tools/microbench/sgp32/sass_h200.ctrl.txt.gz). psink's and psinkx's
// `LDC R1, c[0x0][0x28]; ULDC.64 UR4, c[0x0][0x208]; CS2R R2, SR_CLOCKLO`
// (S6); `BAR.SYNC` (S1); `CS2R R4, SR_CLOCKLO` gives 7 cycles from stamp
// to stamp on the H200 and the H100 (psink_post_cta_w1, _post_cta_w12,
// _pre_cta_w1, psinkx_dv_post_cta_w1, psinkx_lat_post_cta_w1);
// psink_lat_post_cta_w1's `LDC R1; CS2R (S7); BAR.SYNC` 8; the probe
// tools/microbench/sgp32/barprobe.cu's `LDC R1; S2R; CS2R (S6); BAR.SYNC`
// 7, but 2 where a chain of IMADs comes before the stamp (CS2R S1, BAR.SYNC:
// the 8 cycles are past) and 2 for two stamps without the barrier. The
// model's first issue is the first PTX instruction with SASS, after `LDC
// R1, c[0x0][0x28]` and, when ptxas puts it at the top (descAtTop), the
// descriptor's ULDC.64: a warp's first bar.sync / barrier.sync issues no
// sooner than its first issue + 8 - that prologue.
const entryBarCycles = 8

// entryIssued notes warp ws's first issue at now: its CTA barriers wait
// until the kernel is entryBarCycles old (initBarAt, initBarHold).
func (s *SM) entryIssued(ws *warpState, now engine.Cycle) {
	ws.issued = true
	pro := engine.Cycle(1) // LDC R1, c[0x0][0x28]
	if p := s.code.params; p != nil && p.descTop {
		pro++
	}
	ws.initBarAt = max(ws.initBarAt, now+entryBarCycles-pro)
}

// initBarHold is when warp ws may issue info, a CTA barrier wait
// (bar.sync, barrier.sync) behind its mbarrier.init (ws.initBarAt) and its
// fence.proxy.async (proxybar.go; 0: no hold).
func (s *SM) initBarHold(ws *warpState, info *exec.InstInfo, at engine.Cycle) engine.Cycle {
	hold := max(ws.initBarAt, s.proxyBarAt(ws)) // proxybar.go
	if hold <= at || (info.Op != ptx.OpBar && info.Op != ptx.OpBarrier) {
		return 0
	}
	if in := s.inst(info); !chainBarrier(in) || info.ClusterBar {
		return 0
	}
	return hold
}
