package exec

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
)

// SiteStat is the shared-memory bank statistics of one PTX instruction
// (one "site"), summed over every warp that executed it since the kernel
// was compiled (all launches of this Kernel). The units are those of
// smem.Cost: Nsight Compute's wavefronts per SASS instruction.
type SiteStat struct {
	Function string  // the .entry or .func holding the instruction
	Index    int     // instruction index inside Function
	Pos      ptx.Pos // PTX source position of the instruction
	// Src is the high-level (.cu) line from the PTX's .loc directives
	// (nvcc -lineinfo), zero when it has none.
	Src  ptx.SourceLoc
	Op   string // the opcode as written, e.g. "ld.shared.f32"
	Kind smem.OpKind
	// Executions is the number of warp-level executions that touched
	// shared memory (lanes with a false guard do not count).
	Executions uint64
	Wavefronts uint64
	Ideal      uint64
	// Conflicts is the sum of per-execution max(0, wavefronts - ideal),
	// the unit of l1tex__data_bank_conflicts_pipe_lsu_mem_shared_*.
	Conflicts uint64
	// MaxWay is the worst n-way bank conflict of any execution (1 =
	// conflict-free).
	MaxWay int
	// FusedWidth is non-zero when ptxas fuses this access with the
	// following ones into one access of this many bytes (see merge.go);
	// the statistics are those of the fused access.
	FusedWidth int
}

// SmemSites returns the statistics of every instruction that accessed
// shared memory, ordered by function (Program.Funcs order) and then by
// instruction index: deterministic, independent of scheduling.
// Instructions that ptxas fuses into a previous access never appear (their
// traffic is counted on the first instruction of the fused run).
func (k *Kernel) SmemSites() []SiteStat {
	var out []SiteStat
	for _, xf := range k.funcs {
		if xf == nil {
			continue
		}
		for i := range xf.insts {
			x := &xf.insts[i]
			s := &x.smem
			if s.Executions == 0 || s.merged {
				continue
			}
			out = append(out, SiteStat{
				Function: xf.fn.Name, Index: i, Pos: x.in.Pos, Src: x.in.Src, Op: x.in.Text, Kind: s.Kind,
				Executions: s.Executions, Wavefronts: s.Wavefronts, Ideal: s.Ideal,
				Conflicts: s.Conflicts, MaxWay: s.MaxWay, FusedWidth: s.mergedWidth,
			})
		}
	}
	return out
}

// SiteDeltas are the shared-memory site statistics one unit of work
// gathered on a kernel copy (Kernel.Clone), in instruction order.
type SiteDeltas []siteDelta

type siteDelta struct {
	fn, idx int32
	s       smemSite
}

// TakeSmemSites returns the site statistics gathered since the last call
// and clears them; parallel runs take them from a worker's copy after each
// unit and add them to the original (AddSmemSites) in serial order.
func (k *Kernel) TakeSmemSites() SiteDeltas {
	var out SiteDeltas
	for fi, xf := range k.funcs {
		if xf == nil {
			continue
		}
		for i := range xf.insts {
			s := &xf.insts[i].smem
			if s.Executions == 0 {
				continue
			}
			out = append(out, siteDelta{fn: int32(fi), idx: int32(i), s: *s})
			s.Executions, s.Wavefronts, s.Ideal, s.Conflicts, s.MaxWay = 0, 0, 0, 0, 0
		}
	}
	return out
}

// AddSmemSites adds statistics taken from a copy of k, as if their
// executions had run on k after everything counted so far.
func (k *Kernel) AddSmemSites(d SiteDeltas) {
	for _, e := range d {
		s := &k.funcs[e.fn].insts[e.idx].smem
		s.Executions += e.s.Executions
		s.Wavefronts += e.s.Wavefronts
		s.Ideal += e.s.Ideal
		s.Conflicts += e.s.Conflicts
		s.MaxWay = max(s.MaxWay, e.s.MaxWay)
		s.Kind = e.s.Kind
	}
}
