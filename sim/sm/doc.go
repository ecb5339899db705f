// Package sm is one streaming multiprocessor in time: four sub-partitions,
// each with a warp scheduler issuing at most one instruction per cycle, a
// per-warp register scoreboard from exec.InstInfo, pipes with an issue
// interval and a latency per class, the shared-memory port (its cost is the
// bank model's wavefronts), CTA barriers with a release latency, mbarrier
// waits that sleep until a phase changes, and stall accounting in Nsight
// Compute's warp-state categories.
//
// Values are computed by ptx/exec at issue; this package only decides when.
// It imports ptx, ptx/exec and sim/engine; it must not import sim/gpu, cmd,
// traces or read files.
package sm
