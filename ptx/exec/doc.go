// Package exec holds the functional semantics of PTX: CTAs, warps, registers,
// the ALU families, memory spaces and SIMT divergence. It executes a lowered
// ptx.Program one warp instruction at a time (Warp.Step) and reports what each
// issued instruction did (Effect), so that a functional or a timed driver
// (sim/gpu) can run it.
//
// It imports ptx, fp and smem; it must not import sim, sim/gpu or cmd, and it
// never reads files or the wall clock.
//
// # Reconvergence rule
//
// Every lane has its own PC and call stack (independent thread scheduling, as
// on Volta and later). A warp issues for one group of lanes at a time: among
// the lanes that are neither exited nor parked, the deepest call depth wins,
// then the lowest PC, and the group is every live lane at that same frame and
// PC. Lanes therefore reconverge at the first instruction both paths reach
// (for the code nvcc emits: the immediate post-dominator of the branch).
// Warp-synchronous instructions (shfl/vote/match/redux/bar.warp.sync with a
// member mask, and the CTA barriers) are convergence points: a group that
// reaches one before all of its member lanes is parked there until they
// arrive. bar.warp.sync (__syncwarp) may be reached at different places by
// the two sides of a branch: when every live lane waits at one, all of them
// move on. Other warp-synchronous instructions reached at different places
// (undefined in PTX) end in a deadlock report. Results of programs that do
// not depend on scheduling are the same as on the hardware.
//
// A driver issues one warp instruction at a time through the public seam:
// Warp.Peek (the next instruction's InstInfo, no side effects), Warp.Issue
// (executes it, values at issue, and fills an Effect, with the tickets of
// the async work it started) and CTA.Complete (the observable end of that
// work: complete_tx, deferred arrives, group retirement; tickets.go). The
// functional driver (sim/gpu/loop.go) runs warps round-robin, up to 256
// instructions each, completing every ticket at once; a warp whose wait
// fails (mbarrier try_wait, an unmet wait_group) yields at once. When no
// warp can make progress Cluster.Deadlock names every stuck warp and what
// it waits for.
//
// # Clusters
//
// The CTAs of a thread-block cluster run together (the same round-robin
// over every warp of every CTA, rank order), since they
// synchronize through barrier.cluster, distributed shared memory and remote
// mbarriers; a deadlock report then names each stuck warp's CTA and, for
// barrier.cluster, the CTAs that have not arrived. Shared-space addresses
// are rank<<24 | offset, as on the H200 (cluster_addr.go): a CTA's own
// addresses carry its rank, mapa swaps the rank field, and the generic
// shared window holds every rank's slot.
//
// # Parallel runs
//
// A Launch and its CTAs belong to one goroutine. To run CTAs of one launch on
// several goroutines (sim/gpu), they share the Kernel (immutable once its
// globals are placed) and each gets a Launch.Fork (counters, bank
// statistics per instruction, printf buffer, CTA memory pool) and a
// SharedMem.View of global memory (overlay.go); the driver commits their
// memory logs, printf text, counters and site statistics in serial order.
package exec
