package calibrate

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/sm"
)

// groups11Idiv fits the registers of ptxas's 64-bit division subroutine
// (issue 13, int_hash):
//
//   - registers_division_call: what the subroutine needs beside the values
//     live across its CALL (sm.DivisionCallLive), so that the register
//     estimate of a kernel with 64-bit divisions is the larger of PeakLive
//     and DivisionCallLive + registers_division_call, plus
//     registers_live_overhead. Closed form: the median, over the distinct
//     kernels (by PTX text) among the recordings with a 64-bit division or
//     remainder, of the registers the driver's JIT gave the kernel
//     (provenance func_attributes.num_regs) minus registers_live_overhead
//     (its own closed form, groups6_flash.go) minus DivisionCallLive.
//     Distinct kernels (PTX text and
//     entry name), so that a family recorded at many sizes (the
//     gmem_chase_* pointer chases) counts once.
//
//   - idiv_pipe_hold, with idiv_contention_cycles again: how long the
//     division subroutine's IMAD-class steps hold the FMA pipe, in units
//     of their issue interval (seq.go). Nelder-Mead on the subroutine
//     alone (idivtput_u64 / _s64 at 1, 2, 4 and 8 warps per scheduler) and
//     beside 8 or 32 IMADs or 32 xor + add (ihash9_div_*, 2, 4 and 8
//     warps per scheduler), where ncu shows the FMA-heavy pipe ~75% busy
//     and the time set by its busy cycles (validation/timing/int_hash_pipes.md).
var groups11IdivPipe = []Group{
	{Name: "idiv_pipe", Params: []string{"idiv_contention_cycles", "idiv_pipe_hold"},
		Benches: []string{"idivtput_u64_w4", "idivtput_u64_w8", "idivtput_u64", "idivtput_u64_w32",
			"idivtput_s64_w4", "idivtput_s64", "idivtput_s64_w32", "ihash9_div_*"},
		Start: []float64{2.07, 1.2}, Lo: []float64{0, 1}, Hi: []float64{20, 3}},
}

var groups11Idiv = []Group{
	{Name: "registers_division", Params: []string{"registers_division_call"},
		Benches: []string{"idiv_div_u64", "idiv_div_s64", "idiv_rem_u64", "idiv_rem_s64"},
		Direct:  registersDivisionCall},
}

// init appends idiv_pipe to groups6Core, so that it runs right after
// idiv_contention (groups6_core.go's init, which runs after this file's,
// puts groups6Core where the idiv group was) and its joint fit of
// idiv_contention_cycles is the one kept.
func init() {
	groups6Core = append(groups6Core, groups11IdivPipe...)
	Groups = append(Groups, groups11Idiv...)
}

// dirKernel compiles a benchmark directory's kernel (no buffers: the
// register estimate needs only the code).
func dirKernel(dir string, ptxText []byte) (*exec.Kernel, *launch.Spec, error) {
	spec, err := launch.Load(filepath.Join(dir, "launch.yaml"))
	if err != nil {
		return nil, nil, err
	}
	prog, err := ptx.Load(filepath.Join(dir, "kernel.ptx"), ptxText)
	if err != nil {
		return nil, nil, err
	}
	var names []string
	for _, f := range prog.Funcs {
		if f.Entry {
			names = append(names, f.Name)
		}
	}
	name, err := spec.ResolveKernel(names, "")
	if err != nil {
		return nil, nil, err
	}
	k, err := exec.Compile(prog, name, exec.DefaultLayout())
	return k, spec, err
}

var div64Re = regexp.MustCompile(`\b(div|rem)\.[us]64\b`)

// registersDivisionCall is the closed form of registers_division_call.
func registersDivisionCall(rec map[string]*Bench) (float64, string, error) {
	over, _, err := registersLiveOverhead(rec)
	if err != nil {
		return 0, "", err
	}
	names := make([]string, 0, len(rec))
	for n := range rec {
		names = append(names, n)
	}
	sort.Strings(names)
	seen := map[[32]byte]bool{}
	var vals []float64
	var used []string
	for _, n := range names {
		b := rec[n]
		ptxText, err := gzfile.ReadFile(filepath.Join(b.Dir, "kernel.ptx")) // or kernel.ptx.gz
		if err != nil || !div64Re.Match(ptxText) {
			continue
		}
		regs, err := JITRegisters(b.Dir)
		if err != nil {
			continue // no register count recorded
		}
		k, spec, err := dirKernel(b.Dir, ptxText)
		if err != nil {
			return 0, "", err
		}
		// one file may hold several kernels: the kernel is the PTX and
		// the entry the spec names
		h := sha256.Sum256(append(ptxText, spec.Kernel...))
		if seen[h] {
			continue
		}
		seen[h] = true
		across := sm.DivisionCallLive(k)
		if across < 0 {
			continue // divisions ptxas does not call (by constants)
		}
		vals = append(vals, float64(regs)-over-float64(across))
		used = append(used, n)
	}
	if len(vals) == 0 {
		return 0, "", fmt.Errorf("no recordings with a 64-bit division call")
	}
	sorted := append([]float64(nil), vals...)
	sort.Float64s(sorted)
	m := sorted[len(sorted)/2]
	if len(sorted)%2 == 0 {
		m = (sorted[len(sorted)/2-1] + sorted[len(sorted)/2]) / 2
	}
	return m, fmt.Sprintf("fit: closed form, median over the distinct kernels with a 64-bit division (%v) of the registers the driver's JIT allocated (provenance func_attributes.num_regs) minus registers_live_overhead (%g) minus the values live across the division's CALL (differences %v)",
		used, over, vals), nil
}
