package sm

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// ConstCacheConfig is the kernel-parameter read path: ptxas turns
// ld.param of a kernel parameter into LDC / ULDC (or a c[0x0][..]
// operand), read through the SM's constant cache, which every launch finds
// without the launch's parameters (microbench coldc_*, H200: the same cold
// pass in all five runs). The misses queue one 32-byte sector after the
// other: coldc_s4 (32 words in 4 sectors) takes 260 cycles more cold than
// warm, coldc_s32 and coldc_s128 (32 words in 32 sectors, 1 or 4 KiB)
// 1240 each, so the cost follows sectors, not 128-byte lines.
type ConstCacheConfig struct {
	// MissCycles is the first sector's latency; SectorIntervalCycles the
	// gap between the sectors of one queue of misses.
	MissCycles           int `json:"miss_cycles" yaml:"miss_cycles"`
	SectorIntervalCycles int `json:"sector_interval_cycles" yaml:"sector_interval_cycles"`
	// LDCCycles is an LDC's latency on a hit (paramremat.go).
	LDCCycles int `json:"ldc_cycles" yaml:"ldc_cycles"`
}

// constSectorBytes is the granule of a miss (structural: the 32-byte
// sector; coldc_s32 and coldc_s128 cost the same).
const constSectorBytes = 32

// paramSectors is what a kernel's entry reads of its parameters: per PC,
// the first and last sector a kernel-parameter load reads (-1: none), and
// every such sector in address order; lastRank[pc] is the place of the
// load's last sector in that order (the misses queue in it, so the load's
// value is there when its last sector is).
type paramSectors struct {
	fn          int32 // the entry's function index (InstInfo.Func)
	first, last []int32
	all         []int32
	lastRank    []int32
}

// newParamSectors finds the entry's loads of its own parameters at fixed
// offsets: [param+imm], or [%rd+imm] where %rd holds the parameter's
// address plus a constant; other register addresses are not tracked.
func newParamSectors(k *exec.Kernel) *paramSectors {
	infos := k.Infos()
	if len(infos) == 0 {
		return nil
	}
	const sector = constSectorBytes
	f := k.Entry()
	p := &paramSectors{fn: infos[0].Func, first: make([]int32, len(f.Insts)), last: make([]int32, len(f.Insts))}
	seen := map[int32]bool{}
	// base: registers that hold a parameter's address plus a constant
	// (mov.b64 %rd, param; add.s64 %rd2, %rd, imm: CUTLASS's Params)
	base := map[int32]int{}
	for pc := range f.Insts {
		p.first[pc], p.last[pc] = -1, -1
		in := &f.Insts[pc]
		if in.Op == ptx.OpLd && (in.Mods.Space == ptx.SpaceParam || in.Mods.Space == ptx.SpaceParamEntry) && len(in.Ops) >= 2 {
			if off, ok := paramOffset(f, &in.Ops[len(in.Ops)-1], base); ok {
				size := 4
				if len(in.Mods.Types) > 0 {
					size = max(in.Mods.Types[0].Size(), 1)
				}
				size *= max(in.Mods.Vec, 1)
				p.first[pc], p.last[pc] = int32(off/sector), int32((off+size-1)/sector)
				for s := p.first[pc]; s <= p.last[pc]; s++ {
					if !seen[s] {
						seen[s] = true
						p.all = append(p.all, s)
					}
				}
			}
		}
		if len(in.Ops) == 0 || in.Ops[0].Kind != ptx.OpdReg {
			continue
		}
		d := in.Ops[0].Reg
		delete(base, d)
		switch {
		case in.Op == ptx.OpMov && len(in.Ops) == 2 && in.Ops[1].Kind == ptx.OpdSym && in.Ops[1].Sym.Kind == ptx.SymParam &&
			int(in.Ops[1].Sym.Index) < len(f.Params):
			base[d] = f.Params[in.Ops[1].Sym.Index].Offset + int(in.Ops[1].Off)
		case in.Op == ptx.OpAdd && len(in.Ops) == 3 && in.Ops[1].Kind == ptx.OpdReg && in.Ops[2].Kind == ptx.OpdImm:
			if b, ok := base[in.Ops[1].Reg]; ok && in.Ops[1].Reg != d {
				base[d] = b + int(int64(in.Ops[2].Imm))
			}
		}
	}
	slices.Sort(p.all)
	p.lastRank = make([]int32, len(f.Insts))
	for pc, l := range p.last {
		p.lastRank[pc] = -1
		if l >= 0 {
			i, _ := slices.BinarySearch(p.all, l)
			p.lastRank[pc] = int32(i)
		}
	}
	return p
}

// constCache is one SM's constant cache for the launch's parameters: the
// cycle its first parameter load started the misses (sector i of
// paramSectors.all arrives MissCycles + i x SectorIntervalCycles later).
type constCache struct {
	started bool
	start   engine.Cycle
}

// paramReady is when the kernel-parameter load info (issued at now, no
// issue slot of its own) has its value: ptxas hoists the LDCs to the top
// of the kernel, so the SM's first parameter load starts the misses of
// every sector the entry reads, in address order, one queue per SM.
func (s *SM) paramReady(info *exec.InstInfo, now engine.Cycle) engine.Cycle {
	cc := &s.cfg.Const
	p := s.code.params
	if p == nil || cc.MissCycles <= 0 || info.Func != p.fn || int(info.PC) >= len(p.lastRank) || p.lastRank[info.PC] < 0 {
		return 0
	}
	if !s.cc.started {
		s.cc.started, s.cc.start = true, now
	}
	return s.cc.start + engine.Cycle(cc.MissCycles+int(p.lastRank[info.PC])*cc.SectorIntervalCycles)
}

// paramOffset is the byte offset in the parameter block that address
// operand a names, if it is fixed.
func paramOffset(f *ptx.Function, a *ptx.Operand, base map[int32]int) (int, bool) {
	if a.Kind != ptx.OpdAddr {
		return 0, false
	}
	if a.Reg < 0 {
		if a.Sym.Kind != ptx.SymParam || int(a.Sym.Index) >= len(f.Params) {
			return 0, false
		}
		return f.Params[a.Sym.Index].Offset + int(a.Off), true
	}
	if a.Sym.Kind != ptx.SymNone {
		return 0, false
	}
	b, ok := base[a.Reg]
	return b + int(a.Off), ok
}
