// Package traces writes what a timed run did as Chrome trace-event JSON
// (open it in ui.perfetto.dev or chrome://tracing) and as a PNG plot of
// utilization over time. One process per SM; tracks (threads) per CTA slot
// for CTA lifetimes, per warp slot for waits (barrier, mbarrier sleep,
// scoreboard, instruction fetch), each labelled with its PTX line, per
// sub-partition for what it issued, for the smem port and the tensor pipe
// (busy spans), and lanes for the asynchronous operations (TMA copies,
// wgmma and cp.async commit groups, exited warps' store drains; sim/sm
// tracehooks.go); no two spans of a track overlap. One trace
// microsecond is one SM cycle (displayTimeUnit ns keeps integers).
//
// A nil *Recorder is never called: the timed run checks for a tracer
// before building a span, so no trace costs nothing. Filters (SMs, a cycle
// window) keep large launches small enough for the viewer; MaxBytes
// (--trace-max-mb) drops the warp waits past a size, counted (Dropped) and
// named in the trace's otherData.
//
// It imports only the standard library and gonum/plot; it must not import
// ptx, sim or cmd.
package traces
