// Package gpu is the simulated machine: it dispatches a launch's CTAs over the
// SMs and runs them, functionally now (warps step round-robin, async work
// completes at once) and later in timed mode.
//
// A functional run means running the launch's units (CTAs, or clusters;
// units.go) one after the other in linear order. Config.Jobs workers run
// units speculatively against copy-on-write views of global memory and
// commit them in that order, re-running in order any unit that saw memory
// an earlier one changed (parallel.go; ptx/exec overlay.go): every output,
// printf byte, error and counter is that of the serial run.
//
// It imports ptx, ptx/exec and the unit packages (smem, ...); it must not
// import cmd or read files.
package gpu
