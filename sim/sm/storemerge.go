package sm

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Merging partly written lines across warps (session 28,
// validation/timing/cute28.md).
//
// A plain global store's partly written line pays no
// l1_store_partial_cycles when another warp's plain store wrote part of the
// same line at most store_merge_window_cycles before it (counted at issue):
// the L1 sends the two as one L2 request of the line. The H200 (gls28.cu,
// the CuTe tutorial GEMM's epilogue alone: st.global.u16 at the wgmma
// accumulator layout of a column-major C, 4 lines x 16 bytes a store, 4
// warps of one CTA, 128 stores a warp) takes 5.4 cycles a store SM-wide
// when the 4 warps write sectors 0-3 of the same lines (the kernel's own
// layout: gls28_cute16_w4; 5.7 with a warp's other half next, _adj_w4) and
// 8.2 when each warp writes its own lines (_own_w4, _own_adj_w4: the 4
// sectors plus the 4 partial-line surcharges the model charged before,
// gls23_st16_r4g8_r512_w4's 7.9); ncu counts ~2 L2 write requests a line
// for the shared lines (8 partial writes a line) against one a line-write
// for the own ones (lts__t_requests_srcunit_tex_op_write:
// validation/timing/cute28_device.json.gz). The stamped CuTe twin's
// epilogue (tph_cute_tn: the same stores with the scaling and address
// arithmetic between them) took ~2250 cycles for 512 such stores an SM
// where the model charged 8 a store (cute23.md). A warp's own lines are
// left to storecombine.go (32-bit lanes) or pay as before; the lines the
// window remembers are the SM's last storeMergeMax partly written lines.
// 0: no merging.

// storeMergeMax bounds the lines the window remembers (storeMerge's ring).
const storeMergeMax = 64

// mergeLine is a partly written line of a plain store: the warp and the
// cycle it issued.
type mergeLine struct {
	line uint64
	ws   *warpState
	at   engine.Cycle
}

// storeMergeRing is the SM's last storeMergeMax partly written lines.
type storeMergeRing struct {
	lines [storeMergeMax]mergeLine
	n     int
}

// storeMerges is how many of store e's partly written lines that would pay
// the surcharge (pay, a bit mask over e's lines) another warp's plain store
// wrote part of within the window before now; it remembers e's partly
// written lines. 0 when the window is off or e is not a plain store.
func (s *SM) storeMerges(ws *warpState, e *exec.Effect, pay uint64, now engine.Cycle) int {
	w := engine.Cycle(s.cfg.StoreMergeWindowCycles)
	if w <= 0 || ws == nil || e.Info == nil || e.Info.Op != ptx.OpSt || e.Info.BypassL1 {
		return 0
	}
	r := &s.merge
	merged := 0
	for i := range min(e.NumLines, len(e.GlobalLines), 64) {
		if int(e.LineBytes[i]) >= 32*bits.OnesCount8(e.LineSectors[i]) {
			continue
		}
		line := e.GlobalLines[i]
		if pay&(1<<i) != 0 {
			for _, m := range r.lines[:min(r.n, storeMergeMax)] {
				if m.line == line && m.ws != ws && m.ws != nil && now-m.at <= w {
					merged++
					break
				}
			}
		}
		r.lines[r.n%storeMergeMax] = mergeLine{line: line, ws: ws, at: now}
		r.n++
	}
	return merged
}
