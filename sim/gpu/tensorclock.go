package gpu

import (
	"github.com/sm90sim/sm90sim/sim/engine"
	"github.com/sm90sim/sm90sim/sim/sm"
)

// The tensor clock cap (tensor_clock_cap_mhz). An SM whose tensor pipe is
// active runs slower than the clock ncu reports: the sgp_* microbenchmarks
// (tools/microbench/gen14_smallgemm.py, one CTA of gemm_wgmma's form on an
// otherwise idle H200 at ~1955 MHz) count %clock64 against %globaltimer
// over their spans at ~1765 MHz when the wgmma loop ran (sgp_k512_c1,
// sgp_k64_c1, sgp_k1024_c4, and 16 CTAs at a 1830 MHz launch clock too)
// and at ~1970-2000 when only the TMA pipeline ran (sgp_k512_c1_nowg_nost),
// while ncu's sm__cycles_elapsed.avg.per_second says 1955: the launch's
// sm__cycles_elapsed.max exceeds the span's %clock64 cycles by the time the
// slowed clock lost (validation/timing/tensorclock.md). The model's
// timeline is the SM's own clock (its per-instruction figures come from
// %clock64), so the lost time is added to the launch's cycles: an SM's
// tensor-active window (its first wgmma's start to its last wgmma's end)
// of W cycles at the capped clock takes W x (clock / cap - 1) cycles more
// at the reported clock. A launch clock at or under the cap (large grids:
// the whole GPU's clock is already lower) loses nothing.

// The capped clock covers the SM's whole residency, not only the tensor
// pipe's window (session 27, validation/timing/coop27.md): the coop27
// twins (CUTLASS's cooperative GEMM, %globaltimer beside %clock at entry,
// epilogue start and ret) count 1800-1850 %clock MHz over the span before
// the epilogue and over the epilogue alike (its stores on or off) at a
// launch ncu reports at 1955, at K = 64 (2 k-tiles: the tensor pipe busy a
// small part of the span) as at K = 512, and the launch's time outside the
// stamped span is the same ~1.6-1.9 us at every K. sgp's whole spans
// (tensorclock.md) gave 1794-1808, the cap itself. So an SM that ran wgmma
// is slowed over every cycle a CTA was resident on it (its ActiveCycles).

// The tensor restart (tensor_restart_ns; validation/timing/fa27.md): an SM
// whose tensor pipe starts after running without it loses time while its
// clock switches down to the tensor clock. On the H200 a single 12,300-cycle
// wgmma loop (gen27_tclk.py tclk27_wg_s) counts %clock64 against
// %globaltimer at 1772-1780 MHz where a 66,000-cycle one runs at 1796 (80-95
// ns lost once), and bursts of 4 wgmma after 1000-2000 idle cycles lose
// 93-123 ns each against 1796; the flash twins' prologue runs at ~1930 MHz
// and their key loop, from its first wgmma, at ~1750 (fa24.md). The model
// charges each SM's first wgmma (the start of its tensor window) at any
// launch clock. Later restarts (after idle gaps of more than 800-1000
// cycles, fa27.md) are not modelled: the threshold is not pinned and the
// flash twins' gaps (740-1015 cycles) straddle it.

// tensorStretch is the cycles (at clockMHz) an SM that ran wgmma adds to
// the launch: its resident cycles x (clockMHz / capMHz - 1) (0 without a
// cap or with the clock at or under the cap) plus the restart, restartNs at
// clockMHz; 0 without wgmma.
func tensorStretch(st *sm.Stats, clockMHz, capMHz, restartNs float64) engine.Cycle {
	if st.TensorLast <= st.TensorFirst {
		return 0
	}
	c := restartNs * clockMHz / 1000
	if capMHz > 0 && clockMHz > capMHz {
		w := float64(max(st.ActiveCycles, int64(st.TensorLast-st.TensorFirst)))
		c += w * (clockMHz/capMHz - 1)
	}
	return engine.Cycle(c + 0.5)
}

// tensorClockStretch is the launch's extra cycles: the largest stretch of
// an SM (the SMs run side by side; the one that lost the most ends last).
func (m *machine) tensorClockStretch() engine.Cycle {
	var most engine.Cycle
	for _, s := range m.sms {
		most = max(most, tensorStretch(&s.Stats, m.tc.SMClockMHz, m.tc.TensorClockCapMHz, m.tc.TensorRestartNs))
	}
	return most
}
