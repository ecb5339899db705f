package exec

import (
	"bytes"
	"fmt"
	"math/bits"

	"github.com/sm90sim/sm90sim/smem"
)

// Launch is what every CTA of one kernel launch shares.
type Launch struct {
	Grid, Block, Cluster [3]int
	ClusterGiven         bool
	DynamicShared        int
	Params               []byte // the packed .entry parameter block
	Global               *GlobalMem
	GridID               uint64
	// Counters collects shared-memory wavefronts (shared by all CTAs of a
	// serial run; give each goroutine its own and merge for parallel runs).
	Counters *smem.Counters
	// Printf collects the output of device printf (vprintf) in execution order.
	Printf bytes.Buffer

	pool ctaPool // recycled CTA memory (see pool.go)
	// kernel is the kernel the launch runs (set by its first CTA), sites
	// its shared-memory statistics by function and PC (smemstats.go).
	kernel *Kernel
	sites  [][]smemSite
	// NoHazardCheck switches off the async-copy hazard checker (hazard.go).
	NoHazardCheck bool
	// StrictHazards makes the warning rules errors (hazard_warn.go).
	StrictHazards bool
	// Warnings collects the warning rules' reports (like Counters: each
	// fork has its own; merge them in serial CTA order).
	Warnings Warnings
	// Poll, when set, is called between the scheduling rounds of a
	// functional run (every warp ran up to one quantum); an error it
	// returns ends the run with that error. Parallel runs use it to stop
	// work that has become useless.
	Poll func() error
}

// Fork returns a launch for running some of l's CTAs on another goroutine:
// the same geometry, parameters and settings, global memory g (a view of
// l's, SharedMem.View), and its own shared-memory counters, printf buffer
// and CTA memory pool.
func (l *Launch) Fork(g *GlobalMem) *Launch {
	f := &Launch{}
	*f = *l
	f.Global = g
	f.Counters = &smem.Counters{}
	f.Printf = bytes.Buffer{}
	f.Warnings = Warnings{}
	f.pool = ctaPool{}
	f.sites = nil
	f.Poll = nil
	return f
}

// CTA is one thread block.
type CTA struct {
	k       *Kernel
	l       *Launch
	ctaid   [3]int
	smid    int
	nthr    int
	shared  []byte
	warps   []*Warp
	bars    [16]barrier
	cl      *Cluster // the CTA's cluster (cluster.go); rank is its %cluster_ctarank
	rank    int
	local   [][]byte // per-thread local memory
	frameID uint64
	clock   int64 // instructions issued in the CTA (the functional %clock)
	// clockFn, when set, is the SM cycle %clock reads (SetClock, issue.go);
	// nsPerCycle converts it to %globaltimer nanoseconds.
	clockFn    func() int64
	nsPerCycle float64
	async      asyncState // mbarriers and the async-copy hazard checker
	tk         tickets    // async operations in flight and the warps' groups (tickets.go)
	wg         *wgState   // wgmma warpgroup rendezvous and hazards (wgmma_group.go)
	sink       byte       // keeps prefetching loads (tileRows) from being optimized away
	order      IssueOrder // a timing driver's instruction order (issueorder.go)
}

// NewCTA builds CTA ctaid of launch l, all warps at the kernel's first
// instruction.
func NewCTA(k *Kernel, l *Launch, ctaid [3]int, smid int) (*CTA, error) {
	n := l.Block[0] * l.Block[1] * l.Block[2]
	if n <= 0 || n > 1024 {
		return nil, fmt.Errorf("block %v has %d threads (1..1024 allowed)", l.Block, n)
	}
	if l.kernel != nil && l.kernel != k {
		return nil, fmt.Errorf("launch of kernel %s used for kernel %s", l.kernel.Name(), k.Name())
	}
	l.kernel = k
	c := &CTA{k: k, l: l, ctaid: ctaid, smid: smid, nthr: n}
	c.joinCluster(nil)
	c.shared = l.pool.getShared(k.SharedBytes(l.DynamicShared))
	c.local = make([][]byte, n)
	entry := k.funcs[k.entry]
	nw := (n + 31) / 32
	for wi := 0; wi < nw; wi++ {
		w := l.pool.getWarp()
		w.cta, w.id = c, wi
		cnt := min(32, n-wi*32)
		w.exists = uint32((uint64(1) << cnt) - 1)
		w.live = w.exists
		f := c.newEntryFrame(entry)
		base := k.layout.LocalStackTop - uint64((entry.fn.LocalSize+15)&^15)
		for ln := 0; ln < 32; ln++ {
			w.frame[ln] = f
			f.localBase[ln] = base
		}
		w.recheck()
		c.warps = append(c.warps, w)
	}
	return c, nil
}

// newEntryFrame is the kernel's frame of one warp, registers from the pool.
func (c *CTA) newEntryFrame(f *xfunc) *Frame {
	c.frameID++
	fr := &Frame{fn: f, regs: c.l.pool.getRegs(f), id: c.frameID}
	if s := f.fn.LocalParamSize; s > 0 {
		fr.slots = make([]byte, s*32)
	}
	return fr
}

func (c *CTA) newFrame(f *xfunc, depth int) *Frame {
	c.frameID++
	fr := &Frame{fn: f, regs: make([]uint64, f.nslots*32), depth: depth, id: c.frameID}
	if s := f.fn.LocalParamSize; s > 0 {
		fr.slots = make([]byte, s*32)
	}
	return fr
}

// Warps are the CTA's warps.
func (c *CTA) Warps() []*Warp { return c.warps }

// CTAID is the CTA's index in the grid.
func (c *CTA) CTAID() [3]int { return c.ctaid }

// tidOf converts a linear thread index to (x, y, z).
func (c *CTA) tidOf(t int) [3]int {
	bx, by := c.l.Block[0], c.l.Block[1]
	return [3]int{t % bx, (t / bx) % by, t / (bx * by)}
}

// Done reports whether every warp has exited.
func (c *CTA) Done() bool {
	for _, w := range c.warps {
		if w.live != 0 {
			return false
		}
	}
	return true
}

func (c *CTA) budgetFault(w *Warp) error {
	l := bits.TrailingZeros32(w.live)
	pc, f := w.pcOf(l)
	line, src := 0, ""
	if int(pc) < len(f.fn.insts) {
		line, src = f.fn.insts[pc].line(), f.fn.insts[pc].in.Src.Short()
	}
	return &Fault{Kernel: c.k.Name(), CTA: c.ctaid, Thread: c.tidOf(w.id*32 + l), Line: line, Src: src,
		Msg: "--max-instructions exceeded"}
}
