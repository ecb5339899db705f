package sm

import (
	"maps"
	"slices"
	"strings"

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
	// LDCMissCycles is a miss's latency, in place of MissCycles, for a
	// vector LDC (ldcPathLoads: a load whose value, combined with nothing
	// but other constants and immediates, is compared; the
	// cluster-launch flag). Family ldclat: a lone LDC miss issues its
	// dependent ISETP ~93 cycles after the LDC, where sgp's and tmaq's
	// prologue ULDC misses (uniform datapath, no scoreboard) take
	// ~140-160. The two paths keep apart what they hold and queue apart
	// (ldclat_u32_low: the ULDC.64 c[0x0][0x208] of the entry does not
	// make the LDC of c[0x0][0x230] a hit). 0: one path, MissCycles.
	LDCMissCycles int `json:"ldc_miss_cycles" yaml:"ldc_miss_cycles"`
	// InitWaitCycles: a warp's constant reads (a region's LDC / ULDC, a
	// sunk or held parameter, a driver constant) issued after its
	// mbarrier.init start no earlier than this many cycles after its last
	// init (initwait.go). 0: off.
	InitWaitCycles int `json:"mbarrier_init_const_wait_cycles" yaml:"mbarrier_init_const_wait_cycles"`
	// InitBarWaitCycles: a warp's bar.sync after its mbarrier.init
	// arrives no earlier than this many cycles after its last init (the
	// inits' completion; initwait.go). 0: off.
	InitBarWaitCycles int `json:"mbarrier_init_bar_wait_cycles" yaml:"mbarrier_init_bar_wait_cycles"`
}

// constSectorBytes is the granule of a miss (structural: the 32-byte
// sector; coldc_s32 and coldc_s128 cost the same).
const constSectorBytes = 32

// paramBankBase is where ptxas puts the first kernel parameter in
// constant bank 0 on sm_90 (structural: every cuobjdump of the survey,
// validation/timing/paramldc.md, reads parameter offset o at
// c[0x0][0x210 + o]); the cache's 32-byte sectors are aligned in the bank,
// so a sector of parameters starts 16 bytes into a 32-byte parameter slot.
const paramBankBase = 0x210

// paramSectors is what a kernel's entry reads of its parameters: per PC,
// the first and last bank sector a kernel-parameter load reads (-1: none),
// and every such sector in address order; rank[s - lo] is a sector's place
// in that order.
//
// Where the LDCs go (family psink, tools/microbench/gen19_prod.py,
// validation/timing/prod16.md; cuobjdump, ptxas 13): ptxas places a
// parameter's LDC / ULDC in the scheduling region of its first use, never
// above a barrier or a %clock read before that use: ld.param before a
// bar.sync, between barrier.cluster.arrive and .wait, or after the
// barrier give the same SASS, the ULDCs after the barrier (and after the
// stamp that follows it). Inside the region ptxas hoists them to its top
// (coldc_*: 12 LDC/ULDC issued back to back before the chain that adds
// them). So a load's sectors are requested when the warp starts the region
// of the load's first use: reqAt[pc] lists the sector ranks requested when
// a warp issues pc (the region's first instruction); a load whose region
// starts after it (sunk past a barrier) has its registers made ready there
// (sinkAt[pc]: the loads' PCs).
type paramSectors struct {
	fn          int32 // the entry's function index (InstInfo.Func)
	first, last []int32
	all         []int32
	reqAt       [][]int32 // per PC: sector ranks requested when a warp issues it
	reqLDC      [][]bool  // per PC, parallel to reqAt: asked for by a vector LDC (ldcPath)
	// ldcPath: per PC, a load ptxas reads by a vector LDC
	// (ldcPathLoads; ConstCacheConfig.LDCMissCycles)
	ldcPath []bool
	sinkAt  [][]int32 // per PC: ld.param PCs whose registers wait for their sectors from here
	sunk    []bool    // per PC: an ld.param whose LDC ptxas sinks past a barrier (sinkAt)
	// holdAt: per PC (the instruction after a barrier), the ld.param PCs
	// whose uniform address arithmetic ptxas moved below that barrier
	// (chainSinkBarrier): the warp issues nothing there before their
	// sectors are in
	holdAt [][]int32
	infos  []*exec.InstInfo // the entry's instruction infos (k.Infos() builds a new slice per call)
	// ldc: per PC, an ld.param ptxas issues an LDC / ULDC for (its value is
	// read); not one that re-reads the bank bytes of an earlier tracked
	// ld.param of the entry (ptxas keeps the first's register: family
	// ldclat, every such re-read in its SASS, across %clock reads,
	// bar.sync and a 600-cycle spin)
	ldc []bool
	// remat: per PC, a load whose first reader waits for an LDC of its
	// own (paramremat.go: a reload in a loop, which paramLDCReady charges)
	remat []bool
	// clusterFlag: the PC of the entry's first barrier.cluster (PTX order;
	// -1: none), clusterFlagRegion the first PC of its region (where
	// ptxas puts the LDC of the cluster-launch flag, clusterFlagAddr) and
	// clusterFlagRank that sector's rank in all
	clusterFlag, clusterFlagRegion int32
	clusterFlagRank                int
	// descAt: the PC where ptxas issues the memory descriptor's load when
	// it is not at the entry (descRegion), -1 else; descRank its sector's
	// rank in all
	descAt   int32
	descRank int
	// descTop: the descriptor's ULDC.64 is ahead of the first PTX
	// instruction's SASS (descAtTop; initwait.go entryIssued)
	descTop bool
	// busy: per PC, paramRegion or paramChainHold has work there
	// (reqAt, sinkAt or holdAt non-empty, descAt, or the cluster flag's
	// PCs); elsewhere both do nothing (paramQuiet)
	busy []bool
}

// clusterFlagAddr is the driver constant ptxas tests before every
// barrier.cluster of a kernel compiled without a cluster shape: cuobjdump
// (ptxas 13.0, sm_90a) of psink_mid_clu_w1 and of this lane's probe
// (validation/timing/psink21.md) has `LDC R0, c[0x0][0x140]; ISETP.EQ.U32
// P0, R0, 0x1; @!P0 BRA` around `UCGABAR_ARV` (else `BAR.SYNC`) and the
// same P0 around `UCGABAR_WAIT; CCTL.IVALL`. The LDC is in the region of
// the first barrier.cluster (below the %clock read before it, as a
// parameter's), and the later barriers reuse P0.
const clusterFlagAddr = 0x140

// rank is sector sec's place in p.all.
func (p *paramSectors) rank(sec int32) int {
	i, _ := slices.BinarySearch(p.all, sec)
	return i
}

// paramSync reports whether ptxas keeps a parameter's LDC below in: a
// barrier (bar, barrier, barrier.cluster) or a %clock / %clock64 read.
func paramSync(in *ptx.Inst) bool {
	return in.Op == ptx.OpBar || in.Op == ptx.OpBarrier || clockRead(in) // bulkclock.go
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
	n := len(f.Insts)
	p := &paramSectors{fn: infos[0].Func, first: make([]int32, n), last: make([]int32, n), infos: infos}
	seen := map[int32]bool{}
	type span struct{ a, size int }
	spans := make([]span, n) // each tracked load's bank bytes
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
				a := paramBankAddr(f, off)
				p.first[pc], p.last[pc] = int32(a/sector), int32((a+size-1)/sector)
				spans[pc] = span{a, size}
				for s := p.first[pc]; s <= p.last[pc]; s++ {
					if !seen[s] {
						seen[s] = true
						p.all = append(p.all, s)
					}
				}
			}
		}
		if a, ok := driverConstAddr(in); ok {
			p.first[pc], p.last[pc] = int32(a/sector), int32(a/sector)
			spans[pc] = span{a, 4}
			if !seen[p.first[pc]] {
				seen[p.first[pc]] = true
				p.all = append(p.all, p.first[pc])
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
	p.clusterFlag, p.clusterFlagRegion = -1, -1
	for pc := range f.Insts {
		if in := &f.Insts[pc]; in.Op == ptx.OpBarrier && slices.Contains(in.Quals, "cluster") {
			p.clusterFlag = int32(pc)
			if s := int32(clusterFlagAddr / sector); !seen[s] {
				seen[s] = true
				p.all = append(p.all, s)
			}
			break
		}
	}
	slices.Sort(p.all)
	if p.clusterFlag >= 0 {
		p.clusterFlagRank = p.rank(clusterFlagAddr / sector)
	}
	p.ldcPath = ldcPathLoads(f, p.first)
	p.reqAt, p.sinkAt, p.sunk, p.ldc = make([][]int32, n), make([][]int32, n), make([]bool, n), make([]bool, n)
	p.reqLDC = make([][]bool, n)
	p.holdAt = make([][]int32, n)
	leader := blockLeaders(f)
	uniform := dataUniformRegs(f, infos, len(f.Regs))
	blockStart := make([]int, n) // the first instruction of pc's basic block
	for pc := range blockStart {
		if pc > 0 && !leader[pc] {
			blockStart[pc] = blockStart[pc-1]
		} else {
			blockStart[pc] = pc
		}
	}
	p.remat = make([]bool, n)
	marks := paramRemats(f, infos)
	// the region each load's first use is in (PTX order from the load; a
	// load whose value nothing reads has no LDC)
	lastSync := -1
	syncBefore := make([]int32, n) // the last sync point before pc, -1: none
	for pc := range f.Insts {
		syncBefore[pc] = int32(lastSync)
		if paramSync(&f.Insts[pc]) {
			lastSync = pc
		}
	}
	// ptxas's own ULDC.64 of c[0x0][0x208] (the global memory descriptor)
	// brings the sector of the first two 8-byte parameters (0x200-0x21f):
	// requested at the entry where ptxas hoists it to the top, else the
	// warp waits for it at the top of its region (descRegion, constdesc.go)
	p.descTop = descAtTop(f)
	if p.descAt = descRegion(f); p.descAt > 0 {
		if _, ok := slices.BinarySearch(p.all, descSector); !ok {
			p.all = append(p.all, descSector)
			slices.Sort(p.all)
			if p.clusterFlag >= 0 {
				p.clusterFlagRank = p.rank(clusterFlagAddr / sector)
			}
		}
		p.descRank = p.rank(descSector)
	} else if i, ok := slices.BinarySearch(p.all, paramBankBase/sector); ok {
		p.reqAt[0] = append(p.reqAt[0], int32(i))
		p.reqLDC[0] = append(p.reqLDC[0], false)
	}
	if p.clusterFlag >= 0 {
		p.clusterFlagRegion = syncBefore[p.clusterFlag] + 1
	}
	read := map[span]bool{} // the bytes a used load read (PTX order)
	for pc := range f.Insts {
		if p.first[pc] < 0 || pc >= len(infos) || infos[pc] == nil || len(infos[pc].Defs) == 0 {
			continue
		}
		defs := infos[pc].Defs
		use := -1
	scan:
		for u := pc + 1; u < n && u < len(infos); u++ {
			if infos[u] == nil {
				continue
			}
			for _, r := range infos[u].Uses {
				if slices.Contains(defs, r) {
					use = u
					break scan
				}
			}
			for _, r := range infos[u].Defs {
				if slices.Contains(defs, r) {
					break scan // redefined before any read
				}
			}
		}
		if use < 0 {
			continue
		}
		p.ldc[pc], p.remat[pc] = !read[spans[pc]], use < len(marks) && marks[use]
		read[spans[pc]] = true
		region := int(syncBefore[use]) + 1
		chain := false
		if b := chainSinkBarrier(f, leader, uniform, pc, use); b >= 0 {
			region, chain = b+1, true
		} else if r := chainReader(f, pc, use); r > use && blockStart[r] > use && !syncToBlockEnd(f, leader, use) {
			region = max(int(syncBefore[r])+1, blockStart[r])
		}
		for s := p.first[pc]; s <= p.last[pc] && !chain; s++ {
			r := int32(p.rank(s))
			if !slices.ContainsFunc(slices.Collect(reqPairs(p, region)), func(q reqPair) bool { return q == reqPair{r, p.ldcPath[pc]} }) {
				p.reqAt[region] = append(p.reqAt[region], r)
				p.reqLDC[region] = append(p.reqLDC[region], p.ldcPath[pc])
			}
		}
		sortReq(p.reqAt[region], p.reqLDC[region])
		if region > pc {
			if !chain {
				p.sinkAt[region] = append(p.sinkAt[region], int32(pc))
			}
			p.sunk[pc] = true
		}
		if chain && p.ldc[pc] {
			p.holdAt[region] = append(p.holdAt[region], int32(pc))
		}
	}
	p.busy = make([]bool, n)
	for pc := range p.busy {
		p.busy[pc] = len(p.reqAt[pc]) > 0 || len(p.sinkAt[pc]) > 0 || len(p.holdAt[pc]) > 0 || p.descAt == int32(pc) ||
			p.clusterFlag >= 0 && (int32(pc) == p.clusterFlagRegion || int32(pc) == p.clusterFlag)
	}
	return p
}

// paramQuiet says whether paramRegion and paramChainHold do nothing for
// info (eligible's hot path skips them; prefixKept keeps their result):
// not an instruction of the parameter analysis, or at a PC with no work
// (paramSectors.busy).
func (s *SM) paramQuiet(info *exec.InstInfo) bool {
	return !s.paramOn(info) || !s.code.params.busy[info.PC]
}

// constCache is one SM's constant caches for the launch's parameters,
// per path (0: ULDC and c[] operands, 1: vector LDC, when LDCMissCycles
// is set): when each sector of paramSectors.all arrives (0: not
// requested), and the last arrival of the path's queue of misses (a miss
// arrives MissCycles / LDCMissCycles after its request,
// SectorIntervalCycles after the path's miss before it at the earliest).
type constCache struct {
	arrive [2][]engine.Cycle
	tail   [2]engine.Cycle
}

// paramSector is when sector rank r is there, requesting it at now if no
// warp of the SM did yet; ldc: a vector LDC's request (its own path and
// latency, LDCMissCycles), else a ULDC's (MissCycles).
func (s *SM) paramSector(r int, now engine.Cycle, ldc bool) engine.Cycle {
	p, cc := s.code.params, &s.cfg.Const
	path, miss := 0, cc.MissCycles
	if ldc && cc.LDCMissCycles > 0 {
		path, miss = 1, cc.LDCMissCycles
	}
	arrive := s.cc.arrive[path]
	if arrive == nil {
		arrive = make([]engine.Cycle, len(p.all))
		s.cc.arrive[path] = arrive
	}
	if arrive[r] == 0 {
		t := now + engine.Cycle(miss)
		if s.cc.tail[path] > 0 {
			t = max(t, s.cc.tail[path]+engine.Cycle(cc.SectorIntervalCycles))
		}
		arrive[r], s.cc.tail[path] = t, t
	}
	return arrive[r]
}

// paramLoadReady is when the kernel-parameter load at pc has its value,
// requesting its sectors at now if they were not yet.
func (s *SM) paramLoadReady(pc int32, now engine.Cycle) engine.Cycle {
	p := s.code.params
	var t engine.Cycle
	for sec := p.first[pc]; sec <= p.last[pc]; sec++ {
		t = max(t, s.paramSector(p.rank(sec), now, p.ldcPath[pc]))
	}
	return t
}

// paramOn reports whether the constant-cache model applies to info.
func (s *SM) paramOn(info *exec.InstInfo) bool {
	p := s.code.params
	return p != nil && s.cfg.Const.MissCycles > 0 && info.Func == p.fn && int(info.PC) < len(p.first)
}

// paramReady is when the kernel-parameter load info (issued at now, no
// issue slot of its own) has its value: its sectors' arrival, and not
// before its LDC's hit latency (paramHit) from the top of its region,
// where ptxas issues it (ws.paramAt; not later than now); or 0 for a load
// ptxas sinks past a barrier (paramRegion makes its registers wait there)
// and for one that re-reads an earlier load's bytes (no LDC of its own).
func (s *SM) paramReady(ws *warpState, info *exec.InstInfo, now engine.Cycle) engine.Cycle {
	p := s.code.params
	if !s.paramOn(info) || p.first[info.PC] < 0 || p.sunk[info.PC] || !p.ldc[info.PC] {
		return 0
	}
	now = max(now, ws.initConstAt) // behind the warp's mbarrier.init (initwait.go)
	return max(s.paramLoadReady(info.PC, now), s.paramHit(max(min(now, ws.paramAt), ws.initConstAt)))
}

// paramHit is when the value of an LDC issued at slot is there on a
// constant-cache hit: const_ldc_cycles + 1 after it, as paramLDCReady.
// Family ldclat (tools/microbench/gen20_ldclat.py, validation/timing/ldclat.md;
// H200 and H100 alike): an LDC or LDC.64 of a parameter whose 64-byte line
// an earlier LDC read issues its dependent ISETP 25 cycles after it,
// whatever the word's distance from the last read, after bar.sync or a
// 600-cycle gap alike; before, a parameter load after a barrier or a
// %clock read whose sector was there had its value at once.
func (s *SM) paramHit(slot engine.Cycle) engine.Cycle {
	if s.cfg.Const.LDCCycles <= 0 {
		return 0
	}
	return slot + engine.Cycle(1+s.cfg.Const.LDCCycles)
}

// paramRegion requests, when warp ws issues info at now, the parameter
// sectors of the loads whose first use is in the region info starts, and
// makes the registers of the loads sunk to here wait for them and for
// their LDC, issued at the warp's slot at (the earliest issue eligible
// found for info before any register wait: it does not move while the
// warp waits, so a use that is info itself cannot push its own wait on).
func (s *SM) paramRegion(ws *warpState, info *exec.InstInfo, now, at engine.Cycle) {
	if !s.paramOn(info) {
		return
	}
	p := s.code.params
	if len(p.reqAt[info.PC]) > 0 {
		ws.paramAt = at // a region whose loads are read in it: their LDCs go here
	}
	for i, r := range p.reqAt[info.PC] {
		s.paramSector(int(r), now, p.reqLDC[info.PC][i])
	}
	hit := len(p.sinkAt[info.PC]) > 0 && !ws.paramSunkDone[info.PC]
	if hit {
		// once per warp: in a loop ptxas keeps the register after the
		// first pass (tmai_*: a parameter first read after a stamp in the
		// rep loop, 46 cycles a step; paramremat.go's reloads are apart)
		if ws.paramSunkDone == nil {
			ws.paramSunkDone = map[int32]bool{}
		}
		ws.paramSunkDone[info.PC] = true
		ws.paramSunkAt = at
	}
	for _, ld := range p.sinkAt[info.PC] {
		t := s.paramLoadReady(ld, now)
		if p.ldc[ld] && !p.remat[ld] && (hit || ws.paramSunkAt == at) {
			t = max(t, s.paramHit(at))
		}
		if li := p.infos[ld]; li != nil {
			for _, r := range li.Defs {
				if t > ws.reg(r) {
					ws.setReg(r, t, StallIMCMiss)
				}
			}
		}
	}
}

// paramChainHold is when a warp issuing info may go on: the sectors of
// the loads whose address arithmetic ptxas moved below the barrier just
// passed (holdAt) are in. Their ULDCs and the uniform ops that read them
// stand between the BAR.SYNC and the next instruction in SASS; ULDC has
// no scoreboard (ptxas's fixed latency), so the dependent UIMAD waits for
// a miss and the warp with it.
//
// The instruction is then not the one right after the barrier in SASS:
// a %clock read in it reads its own issue cycle, not the arrival
// (barclock.go).
func (s *SM) paramChainHold(ws *warpState, info *exec.InstInfo, now engine.Cycle) engine.Cycle {
	if t := s.clusterFlagHold(ws, info, now); t > 0 {
		return t
	}
	if s.paramOn(info) && s.code.params.descAt == int32(info.PC) {
		// the descriptor's ULDC.64 at the top of its region: the warp
		// waits for its sector (tmaq / tmaqx: the LDC behind it gets its
		// value after the miss; constdesc.go)
		ws.barPending = false
		return s.paramSector(s.code.params.descRank, now, false)
	}
	if !s.paramOn(info) || len(s.code.params.holdAt[info.PC]) == 0 {
		return 0
	}
	ws.barPending = false
	// one after the other: each ULDC's UIMAD waits before the next ULDC
	// issues (sgp: ULDC c[0x0][0xc]; UIMAD; USHF; ULDC.64 c[0x0][0x388];
	// UIMAD.WIDE)
	t := now
	for _, ld := range s.code.params.holdAt[info.PC] {
		t = max(t, s.paramLoadReady(ld, t))
	}
	return t
}

// clusterFlagHold is when warp ws may issue info, if info is the entry's
// first barrier.cluster: the cluster-launch flag's LDC (issued at the
// warp's slot at the top of the barrier's region, its sector requested
// there) has its value, then the ISETP and the guarded BRA (not taken) in
// front of UCGABAR_ARV: the ALU pipe's latency + branch_predicate_cycles +
// branch_not_taken_cycles (brnt8's 18-cycle compare-and-branch pair).
// Asked once per warp (ws.clusterFlagAt); 0 for any other instruction.
//
// This is the first cluster barrier's extra cost: on the H200 (this lane's
// probe, 2x1 clusters of 1, 4, 12 warps) the first barrier.cluster of a
// launch takes 181 / 184 / 204 cycles from the stamp before it and the
// next ones 76 / 82 / 104, whether 0, 300 or 1500 cycles passed since the
// entry (the LDC is below the stamp, so it misses after any delay).
func (s *SM) clusterFlagHold(ws *warpState, info *exec.InstInfo, now engine.Cycle) engine.Cycle {
	if !s.paramOn(info) {
		return 0
	}
	p := s.code.params
	pc := int32(info.PC)
	if p.clusterFlag < 0 || (pc != p.clusterFlagRegion && pc != p.clusterFlag) {
		return 0
	}
	if ws.clusterFlagAt == 0 && pc == p.clusterFlagRegion {
		// the LDC at the region's top: ready when its sector is in, not
		// before its hit latency; then the compare and the branch
		t := max(s.paramSector(p.clusterFlagRank, now, true), s.paramHit(now))
		ws.clusterFlagAt = t + engine.Cycle(s.cfg.Pipes[ptx.PipeALU].LatencyCycles+s.cfg.BranchPredicateCycles+s.cfg.BranchNotTakenCycles)
	}
	if pc == p.clusterFlag {
		return ws.clusterFlagAt
	}
	return 0
}

// reqPair is a requested sector rank and its path.
type reqPair struct {
	r   int32
	ldc bool
}

// reqPairs is region's requests.
func reqPairs(p *paramSectors, region int) func(func(reqPair) bool) {
	return func(yield func(reqPair) bool) {
		for i, r := range p.reqAt[region] {
			if !yield(reqPair{r, p.reqLDC[region][i]}) {
				return
			}
		}
	}
}

// sortReq sorts a region's requests by rank (ULDC before LDC), keeping
// reqLDC parallel to reqAt.
func sortReq(r []int32, ldc []bool) {
	less := func(i, j int) bool { return r[i] < r[j] || r[i] == r[j] && !ldc[i] && ldc[j] }
	for i := 1; i < len(r); i++ {
		for j := i; j > 0 && less(j, j-1); j-- {
			r[j], r[j-1] = r[j-1], r[j]
			ldc[j], ldc[j-1] = ldc[j-1], ldc[j]
		}
	}
}

// ldcPathLoads marks, per PC, the tracked constant loads (first[pc] >= 0)
// that ptxas reads by a vector LDC: the setp that first reads the value
// compares it, or its sum with other constants (the sum's last add:
// ptxas adds the other terms in the uniform datapath and the last one
// into the vector register ISETP reads), with constants only. The SASS (ptxas 13.0 sm_90a, cuobjdump):
// ldclat's `ld.param` compared with a constant is `LDC R0, c[0x0][A];
// ISETP` in every region, u32 and u64 (validation/timing/ldclat_sass);
// psinkx_lat's `LDC.64; ISETP; ISETP.EX`; tmaqx's stage count `LDC R0,
// c[0x0][0x388]; ISETP` (first18.md). Parameters that feed address or
// per-thread arithmetic are ULDCs (psink's divisor chain ULDC.64 ->
// IMAD.WIDE; sgp's and tmaq's record pointer ULDC -> UIMAD: prod16.md,
// first18.md) and keep MissCycles, as do flags masked by an immediate
// before their compare (tmaq: ULOP3 / UISETP). The sums: psinkx _wa's four
// warm words w0 + w1 + w2 + w3 are `ULDC w1; ULDC w0; ULDC w2; UIADD3;
// LDC w3; VIADD` (psink21_sass.txt), the last add's term an LDC; psink
// _wm's three, w0 + w1 + w2, are `LDC w0; ULDC w1; LDC w2; IADD3`: w0 is
// an LDC the rule misses (its sector then counts as the ULDC path's).
func ldcPathLoads(f *ptx.Function, first []int32) []bool {
	n := len(f.Insts)
	out := make([]bool, n)
	isLoad := func(pc int) bool { return pc < len(first) && first[pc] >= 0 }
	defOf := func(in *ptx.Inst) (int32, bool) {
		if len(in.Ops) == 0 || in.Ops[0].Kind != ptx.OpdReg {
			return 0, false
		}
		return in.Ops[0].Reg, true
	}
	// the registers that hold constants or arithmetic on them, as of
	// each load (PTX order)
	val := map[int32]bool{}
	vals := make([]map[int32]bool, n)
	for pc := range f.Insts {
		in := &f.Insts[pc]
		d, ok := defOf(in)
		if !ok {
			continue
		}
		switch {
		case isLoad(pc):
			val[d] = true
			vals[pc] = maps.Clone(val)
		case chainStep(in) && srcsConstIn(in, val):
			val[d] = true
		default:
			delete(val, d)
		}
	}
	for pc := range f.Insts {
		if vals[pc] == nil {
			continue
		}
		d, _ := defOf(&f.Insts[pc])
		live, cv := map[int32]bool{d: true}, vals[pc]
		for q := pc + 1; q < n; q++ {
			in := &f.Insts[q]
			r, hasDef := defOf(in)
			if !readsLive(in, live) && !(in.Guard >= 0 && live[in.Guard]) {
				if hasDef && live[r] {
					break // redefined before a read
				}
				if hasDef && (isLoad(q) || chainStep(in) && srcsConstIn(in, cv)) {
					cv[r] = true
				} else if hasDef {
					delete(cv, r)
				}
				continue
			}
			if in.Op == ptx.OpSetp {
				out[pc] = srcsConstIn(in, cv)
				break
			}
			// one step: the sum's last add, of the load and other
			// constants' sum, right before the compare
			if len(live) > 1 || !hasDef || in.Op != ptx.OpAdd || !srcsConstIn(in, cv) || !addsConst(in, live, cv) {
				break
			}
			live[r], cv[r] = true, true
		}
	}
	return out
}

// addsConst: in adds a register of live to another register of vals
// (a sum of constants, not an immediate).
func addsConst(in *ptx.Inst, live, vals map[int32]bool) bool {
	if len(in.Ops) != 3 {
		return false
	}
	a, b := &in.Ops[1], &in.Ops[2]
	if a.Kind != ptx.OpdReg || b.Kind != ptx.OpdReg {
		return false
	}
	return live[a.Reg] && vals[b.Reg] && !live[b.Reg] || live[b.Reg] && vals[a.Reg] && !live[a.Reg]
}

// srcsConstIn: every source operand of in is an immediate or a register
// of vals.
func srcsConstIn(in *ptx.Inst, vals map[int32]bool) bool {
	for i := 1; i < len(in.Ops); i++ {
		switch o := &in.Ops[i]; o.Kind {
		case ptx.OpdReg:
			if !vals[o.Reg] {
				return false
			}
		case ptx.OpdImm:
		default:
			return false
		}
	}
	return true
}

// driverConstAddr is the constant-bank address a special-register read
// takes from c[0x0] (the launch's dimensions: %ntid.x/y/z at 0x0/0x4/0x8,
// %nctaid.x/y/z at 0xc/0x10/0x14; cuobjdump, ptxas 13.0 sm_90a: sgp,
// tmaq, gmm12_t read %nctaid.x with ULDC / LDC c[0x0][0xc]).
func driverConstAddr(in *ptx.Inst) (int, bool) {
	if in.Op != ptx.OpMov || len(in.Ops) != 2 || in.Ops[1].Kind != ptx.OpdSpecial {
		return 0, false
	}
	o := &in.Ops[1]
	c := max(int(o.Comp), 0)
	switch o.Special {
	case ptx.SpecNtid:
		return 4 * c, true
	case ptx.SpecNctaid:
		return 0xc + 4*c, true
	}
	return 0, false
}

// blockLeaders marks the first instruction of every basic block of f:
// the entry, each label's instruction and the one after a branch.
func blockLeaders(f *ptx.Function) []bool {
	l := make([]bool, len(f.Insts)+1)
	l[0] = true
	for _, pc := range f.Labels {
		if pc >= 0 && pc < len(l) {
			l[pc] = true
		}
	}
	for pc := range f.Insts {
		switch f.Insts[pc].Op {
		case ptx.OpBra, ptx.OpRet, ptx.OpExit, ptx.OpCall, ptx.OpTrap:
			l[pc+1] = true
		}
	}
	return l
}

// chainBarrier reports whether in is a barrier a warp waits at (bar.sync,
// barrier.sync, barrier.cluster.wait; not an arrive).
func chainBarrier(in *ptx.Inst) bool {
	if in.Op != ptx.OpBar && in.Op != ptx.OpBarrier {
		return false
	}
	return !strings.Contains(in.Text, "arrive") && !strings.Contains(in.Text, "red")
}

// chainSinkable is register arithmetic ptxas schedules freely inside a
// basic block (no memory, no branch, no %clock).
func chainSinkable(in *ptx.Inst) bool {
	if in.Guard >= 0 {
		return false
	}
	switch in.Op {
	case ptx.OpAdd, ptx.OpSub, ptx.OpMul, ptx.OpMad, ptx.OpShl, ptx.OpShr, ptx.OpAnd, ptx.OpOr, ptx.OpXor, ptx.OpCvt:
		return true
	case ptx.OpCvta:
		return strings.Contains(in.Text, "to.global")
	case ptx.OpMov:
		return !clockRead(in) // bulkclock.go
	}
	return false
}

// chainReader is the first instruction (PTX order) that reads the value
// of the load at pc through register arithmetic only and is not such
// arithmetic itself, when the load's first reader use is arithmetic; else
// use. When that reader is in a later basic block than use, ptxas moves
// the parameter's LDC and the arithmetic on it down into the reader's
// block, to the reader's region there (sgp: ld.param K at the entry,
// shr.u32 K >> 6 in the entry block, its compare after the barrier and the
// stamp t0 in a later block: the SASS has LDC c[0x0][0x394]; SHF.R.U32.HI
// after the CS2R of t0; gmm12_t_*: ULDC c[0x0][0x394] after its CS2R
// likewise). Arithmetic followed by a %clock read or a barrier in its own
// block stays (a scheduling barrier: coldc_*'s 32 parameter words added
// into one chain between two stamps have their LDCs at the top of that
// stretch; the sum is stored in a later block, after the second stamp).
func chainReader(f *ptx.Function, pc, use int) int {
	if !chainSinkable(&f.Insts[use]) {
		return use
	}
	live := map[int32]bool{}
	if o := f.Insts[pc].Ops; len(o) > 0 && o[0].Kind == ptx.OpdReg {
		live[o[0].Reg] = true
	}
	for q := pc + 1; q < len(f.Insts); q++ {
		in := &f.Insts[q]
		reads := readsLive(in, live) || in.Guard >= 0 && live[in.Guard]
		if !reads {
			continue
		}
		if !chainStep(in) {
			return q
		}
		live[in.Ops[0].Reg] = true
	}
	return use
}

// readsLive: a source operand of in (a register or an address's base)
// is in live.
func readsLive(in *ptx.Inst, live map[int32]bool) bool {
	for i := 1; i < len(in.Ops); i++ {
		if o := &in.Ops[i]; (o.Kind == ptx.OpdReg || o.Kind == ptx.OpdAddr) && live[o.Reg] {
			return true
		}
	}
	return false
}

// chainStep: in is arithmetic a sunk chain may hold (chainSinkable) and
// writes a register, the chain's next value.
func chainStep(in *ptx.Inst) bool {
	return chainSinkable(in) && len(in.Ops) > 0 && in.Ops[0].Kind == ptx.OpdReg
}

// syncToBlockEnd reports whether a barrier or %clock read follows pc in
// its basic block (ptxas does not move an instruction across one, so the
// arithmetic cannot leave the block: coldc_*'s sum, stored in a later
// block, has its stamp after it in its own).
func syncToBlockEnd(f *ptx.Function, leader []bool, pc int) bool {
	for q := pc + 1; q < len(f.Insts) && !leader[q]; q++ {
		if paramSync(&f.Insts[q]) {
			return true
		}
	}
	return false
}

// chainSinkBarrier is the barrier below which ptxas schedules the
// parameter load at pc (first read at use), or -1. Family sgp (ptxas 13.0
// sm_90a, cuobjdump; tools/microbench/gen14_smallgemm.py): the record
// pointer clk + 16 (ctaid.y nctaid.x + ctaid.x) is computed in PTX before
// the bar.sync of the prologue's basic block and read only after it; the
// SASS issues its ULDC c[0x0][0xc], ULDC.64 c[0x0][0x388] and the UIMADs
// after the BAR.SYNC, before the CS2R of the stamp that follows (gmm12_t_*:
// the same; gmm13_l_s3: the parameter's LDC.64 after the BAR, nctaid's at
// the top; gmm13_l_s1: both LDCs at the top, not sunk). tmaq / tmaqx (the
// same arithmetic ended by a branch before the barrier) keep them above it.
// The rule: the load's first reader is register arithmetic in the basic
// block of a barrier below it, and everything that reads the load's value
// (transitively) before that barrier is such arithmetic too.
func chainSinkBarrier(f *ptx.Function, leader []bool, uniform []bool, pc, use int) int {
	if use <= pc || use >= len(f.Insts) || !chainSinkable(&f.Insts[use]) {
		return -1
	}
	b := -1
	for q := use + 1; q < len(f.Insts); q++ {
		if leader[q] {
			return -1
		}
		if chainBarrier(&f.Insts[q]) {
			b = q
			break
		}
		if paramSync(&f.Insts[q]) {
			return -1 // a %clock read between: ptxas keeps the chain above it
		}
	}
	if b < 0 {
		return -1
	}
	live := map[int32]bool{}
	for _, o := range f.Insts[pc].Ops[:1] {
		if o.Kind == ptx.OpdReg {
			live[o.Reg] = true
		}
	}
	for q := pc + 1; q < len(f.Insts); q++ {
		in := &f.Insts[q]
		reads := readsLive(in, live)
		if !reads {
			continue
		}
		if q < b && (q < use || !chainStep(in)) {
			return -1
		}
		if q > b && (!chainStep(in)) {
			break // the value's first consumer below the barrier
		}
		// uniform arithmetic only (ULDC / UIMAD in SASS): arithmetic
		// that mixes in a per-thread value makes ptxas load the
		// parameter into a vector register, with an LDC it issues early
		// (transpose_smem: LDC.64 c[0x0][0x218] above the BAR.SYNC, the
		// cvta.to.global of it before the bar.sync, its add to a
		// %tid-derived offset after)
		for i := 1; i < len(in.Ops); i++ {
			if o := &in.Ops[i]; (o.Kind == ptx.OpdReg || o.Kind == ptx.OpdAddr) && !live[o.Reg] && (int(o.Reg) >= len(uniform) || !uniform[o.Reg]) {
				return -1
			}
		}
		live[in.Ops[0].Reg] = true
	}
	return b
}

// paramBankAddr is the constant-bank address of byte off of the
// parameter block. ptxas lays the parameters out from paramBankBase with
// each one's alignment taken in bank addresses, not in block offsets
// (cuobjdump, ptxas 13, family tmaq / sgp: two .align 128 tensor maps at
// block offsets 0 and 128 are at c[0x0][0x280] and c[0x0][0x300], the u64
// after them (block offset 256) at c[0x0][0x380], the u32s that follow at
// 0x388 / 0x38c; sgp's u64, u64, u32, u32, u32 at 0x380 .. 0x398).
// A block without such parameters is unchanged: 0x210 is 16-aligned.
func paramBankAddr(f *ptx.Function, off int) int {
	bank := paramBankBase
	for i := range f.Params {
		pr := &f.Params[i]
		bank = alignBank(bank, pr.Align)
		if off >= pr.Offset && off < pr.Offset+max(pr.Size, 1) {
			return bank + off - pr.Offset
		}
		bank += pr.Size
	}
	return paramBankBase + off
}

// alignBank rounds a bank address up to a multiple of a (a power of two,
// or <= 1).
func alignBank(n, a int) int {
	if a <= 1 {
		return n
	}
	return (n + a - 1) &^ (a - 1)
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
