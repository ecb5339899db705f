// Package report is the JSON report that `sm90sim run`, `gpu run` and
// `validate` write: stable keys, deterministic outside "host".
package report

import (
	"github.com/sm90sim/sm90sim/internal/kname"
	"github.com/sm90sim/sm90sim/smem"
)

// Report is the run report.
type Report struct {
	Status       string   `json:"status"` // "ok" or "error"
	Error        *string  `json:"error"`
	Kernel       string   `json:"kernel"`
	Demangled    string   `json:"kernel_demangled"` // Kernel demangled (kname.Demangled), or Kernel when not mangled
	Grid         [3]int   `json:"grid"`
	Block        [3]int   `json:"block"`
	Cluster      *[3]int  `json:"cluster,omitempty"`
	SharedBytes  int      `json:"shared_bytes"`
	Mode         string   `json:"mode"`
	Instructions *int64   `json:"instructions"`
	Cycles       *int64   `json:"cycles"`
	TimeUS       *float64 `json:"time_us,omitempty"`
	Timing       *Timing  `json:"timing,omitempty"`
	Smem         *Smem    `json:"smem"`
	Outputs      []string `json:"outputs"`
	// Warnings are the hazard checker's warnings (README "Hazard
	// warnings"), sorted by (line, rule); [] for a simulator run without
	// any, null for a GPU run.
	Warnings []Warning `json:"warnings"`
	// Performance are the performance diagnostics (README "Performance
	// diagnostics"): [] for a simulator run without any, null for a GPU run.
	Performance []Performance `json:"performance"`
	GPU         any           `json:"gpu,omitempty"`
	Provenance  *Provenance   `json:"provenance"`
	Host        Host          `json:"host"`
}

// Smem is the shared-memory section, following Nsight Compute's metrics.
type Smem struct {
	LoadWavefronts     uint64 `json:"load_wavefronts"`
	StoreWavefronts    uint64 `json:"store_wavefronts"`
	LoadBankConflicts  uint64 `json:"load_bank_conflicts"`
	StoreBankConflicts uint64 `json:"store_bank_conflicts"`
	ByOp               ByOp   `json:"by_op"`
}

// ByOp splits the counters by instruction kind (ncu's op_ld, op_st, ...).
type ByOp struct {
	Ld     Op `json:"ld"`
	St     Op `json:"st"`
	Ldsm   Op `json:"ldsm"`
	Stsm   Op `json:"stsm"`
	Atom   Op `json:"atom"`
	Ldgsts Op `json:"ldgsts"`
	// Async: mbarrier arrives and bulk/TMA copy issue, one modelled
	// wavefront each (in ncu's all-ops total only).
	Async Op `json:"async"`
	// Gmma: wgmma operand reads from shared memory through descriptors,
	// one wavefront per 128 bytes (equal to ncu's op_gmma counters).
	Gmma Op `json:"gmma"`
	// TMA: TMA and bulk-copy writes into shared memory, one instruction
	// per destination CTA. MODELLED: ncu has no counter for them
	// (smem.OpTMA says how they are costed); not in any total above.
	TMA Op `json:"tma_modelled"`
}

// Op is one instruction kind's totals.
type Op struct {
	Instructions    uint64 `json:"instructions"`
	Wavefronts      uint64 `json:"wavefronts"`
	IdealWavefronts uint64 `json:"ideal_wavefronts"`
}

// Host is the wall-clock part (the only non-deterministic section).
type Host struct {
	WallSeconds               float64 `json:"wall_seconds"`
	WarpInstructionsPerSecond float64 `json:"warp_instructions_per_second"`
	// Jobs is the goroutines that ran CTAs (1: serial) and UnitsRerun the
	// CTAs (clusters) whose parallel result was dropped for a serial-order
	// re-run (sim/gpu ParallelStats); neither changes any other key.
	Jobs       int `json:"jobs,omitempty"`
	UnitsRerun int `json:"units_rerun,omitempty"`
	// ParallelSpeedup (jobs > 1) is the seconds the workers and the
	// committer spent running and committing units over wall_seconds: the
	// workers that had work on average (sim/gpu ParallelStats.Busy);
	// ParallelCPU the CPU seconds of the same over wall_seconds: the CPUs
	// the run got (less than ParallelSpeedup on a loaded machine).
	ParallelSpeedup float64 `json:"parallel_speedup,omitempty"`
	ParallelCPU     float64 `json:"parallel_cpu,omitempty"`
}

func op(c smem.OpCounters) Op {
	return Op{Instructions: c.Instructions, Wavefronts: c.Wavefronts, IdealWavefronts: c.Ideal}
}

// FromCounters builds the smem section: load_* count ld and ldmatrix,
// store_* count st and stmatrix; shared atomics appear only under by_op.
func FromCounters(c *smem.Counters) *Smem {
	b := c.ByOp
	ld, st := b[smem.OpLd], b[smem.OpSt]
	ldsm, stsm := b[smem.OpLdsm], b[smem.OpStsm]
	return &Smem{
		LoadWavefronts:     ld.Wavefronts + ldsm.Wavefronts,
		StoreWavefronts:    st.Wavefronts + stsm.Wavefronts,
		LoadBankConflicts:  ld.Conflicts + ldsm.Conflicts,
		StoreBankConflicts: st.Conflicts + stsm.Conflicts,
		ByOp: ByOp{Ld: op(ld), St: op(st), Ldsm: op(ldsm), Stsm: op(stsm),
			Atom: op(b[smem.OpAtom]), Ldgsts: op(b[smem.OpLdgsts]), Gmma: op(b[smem.OpGmma]), Async: op(b[smem.OpAsync]),
			TMA: op(b[smem.OpTMA])},
	}
}

// SetError marks the report failed with err's message.
func (r *Report) SetError(err error) {
	r.Status = "error"
	s := err.Error()
	r.Error = &s
}

// Write writes the report as indented JSON, atomically.
func (r *Report) Write(path string) error { return WriteJSON(path, r) }

// SetKernel sets Kernel (the .entry name) and Demangled.
func (r *Report) SetKernel(name string) {
	r.Kernel, r.Demangled = name, kname.Demangled(name)
}
