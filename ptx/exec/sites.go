package exec

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
)

// SiteStat is the shared-memory bank statistics of one PTX instruction
// (one "site"), summed over every warp of the launch that executed it. The units are those of
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

// SmemSites returns the launch's statistics of every instruction that
// accessed shared memory, ordered by function (Program.Funcs order) and
// then by instruction index: deterministic, independent of scheduling.
// Instructions that ptxas fuses into a previous access never appear (their
// traffic is counted on the first instruction of the fused run).
func (l *Launch) SmemSites() []SiteStat {
	var out []SiteStat
	for fi, st := range l.sites {
		xf := l.kernel.funcs[fi]
		for i := range st {
			x, s := &xf.insts[i], &st[i]
			if s.Executions == 0 || x.fuse.merged {
				continue
			}
			out = append(out, SiteStat{
				Function: xf.fn.Name, Index: i, Pos: x.in.Pos, Src: x.in.Src, Op: x.in.Text, Kind: s.Kind,
				Executions: s.Executions, Wavefronts: s.Wavefronts, Ideal: s.Ideal,
				Conflicts: s.Conflicts, MaxWay: s.MaxWay, FusedWidth: x.fuse.width,
			})
		}
	}
	return out
}

// SiteDeltas are the shared-memory site statistics one unit of work
// gathered in a fork of the launch (Launch.Fork), in instruction order.
type SiteDeltas []siteDelta

type siteDelta struct {
	fn, idx int32
	s       smemSite
}

// TakeSmemSites returns the site statistics gathered since the last call
// and clears them; parallel runs take them from a worker's fork after each
// unit and add them to the launch (AddSmemSites) in serial order.
func (l *Launch) TakeSmemSites() SiteDeltas {
	var out SiteDeltas
	for fi, st := range l.sites {
		for i := range st {
			s := &st[i]
			if s.Executions == 0 {
				continue
			}
			out = append(out, siteDelta{fn: int32(fi), idx: int32(i), s: *s})
			s.Executions, s.Wavefronts, s.Ideal, s.Conflicts, s.MaxWay = 0, 0, 0, 0, 0
		}
	}
	return out
}

// AddSmemSites adds statistics taken from a fork of l (running kernel k),
// as if their executions had run in l after everything counted so far.
func (l *Launch) AddSmemSites(k *Kernel, d SiteDeltas) {
	if len(d) > 0 && l.kernel == nil {
		l.kernel = k
	}
	for _, e := range d {
		s := l.site(&k.funcs[e.fn].insts[e.idx])
		s.Executions += e.s.Executions
		s.Wavefronts += e.s.Wavefronts
		s.Ideal += e.s.Ideal
		s.Conflicts += e.s.Conflicts
		s.MaxWay = max(s.MaxWay, e.s.MaxWay)
		s.Kind = e.s.Kind
	}
}
