package sm

import "github.com/sm90sim/sm90sim/ptx/exec"

// What a multicast TMA load lands in its SM (issue 15; family tmaq,
// validation/timing/tmaq35.md). The SM's landing rate
// (TMALandBytesPerCycle, tma.go) counts the tensor-load bytes that arrive
// in its shared memory. A multicast box lands in every destination CTA's
// shared memory, and the way CUTLASS's clusters use it (tmaq_s4_mc: each
// of the 2 CTAs issues its own 16 KiB A box and one 8 KiB half of B
// multicast to both) every SM receives the other CTAs' pieces as the
// others receive its own: a stage brings 32 KiB into each SM, 24 KiB of
// it from its own instructions. The issuing SM's landing therefore counts
// a multicast box's bytes once per destination (e.LandBytes), where the
// engine and L2 still read it once (tma.go's bytes / n).
//
// The recordings that decide it (per-CTA stage spacing (d3 - d0) / 3 of
// tmaq_s4_mc and tmaqx_s4_mc, 4 stages, both GPUs; means over CTAs and
// launches, ncu-flushed / warm runs): H200 227 / 245 and 209 / 252,
// H100 240 / 264 and 233 / 257 cycles a stage, the pace of 32 KiB stages
// on one SM (tmaq_s6 229 / 275 on the H200, 251 / 270 on the H100), not
// of 24 KiB: 24 KiB at the fitted rate (156 / 138 bytes a cycle) is 158 /
// 178 cycles, 32 KiB 210 / 237; the model gave two of the four H200 SMs
// 173 (the other two 228, bound elsewhere), now 212 and 228. No
// parameter: each GPU's own tma_land_bytes_per_cycle.
//
// A cluster whose CTAs multicast unequal shares would want each piece
// counted in each destination SM instead; the per-issuer count is exact
// for the symmetric split every recorded launch uses.
func landBytes(e *exec.Effect, bytes int) int {
	if n := min(e.NumLands, len(e.Lands)); n > 1 {
		return e.LandBytes
	}
	return bytes
}
