// Package gpu is the simulated machine: it dispatches a launch's CTAs over the
// SMs and runs them, functionally now (warps step round-robin, async work
// completes at once) and later in timed mode.
//
// It imports ptx, ptx/exec and the unit packages (smem, ...); it must not
// import cmd or read files.
package gpu
