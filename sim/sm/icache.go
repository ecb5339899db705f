package sm

import (
	"math"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// ICacheConfig is the instruction fetch model: an SM's instruction cache
// starts cold at a launch (ncu flushes caches before each measured launch);
// a miss fetches the line from L2 (from device memory the first time any SM
// asks for it) and the prefetcher brings the following lines behind it.
type ICacheConfig struct {
	LineBytes     int `json:"line_bytes" yaml:"line_bytes"`
	MissCycles    int `json:"miss_cycles" yaml:"miss_cycles"`
	DRAMCycles    int `json:"dram_cycles" yaml:"dram_cycles"`
	PrefetchLines int `json:"prefetch_lines" yaml:"prefetch_lines"`
	// LineIntervalCycles is the gap between consecutive lines of one
	// fetch stream.
	LineIntervalCycles int `json:"line_interval_cycles" yaml:"line_interval_cycles"`
	// L2PrefetchLines is how many lines after a line fetched from device
	// memory come into the L2 with it (icl2prefetch.go).
	L2PrefetchLines int `json:"l2_prefetch_lines" yaml:"l2_prefetch_lines"`
	// CapacityBytes is the SM instruction cache's size: past it the least
	// recently used line is evicted (0: no limit). icache_ffma_w1 (32 KiB
	// of straight-line code) re-runs from the SM; flushs_k64 (64 KiB) and
	// coldj (~60 KiB of functions) re-run as slowly as from the L2, with no
	// reuse at all (a cyclic sweep over an LRU cache; a random replacement
	// would keep part of it).
	CapacityBytes int `json:"capacity_bytes" yaml:"capacity_bytes"`
	// Ways is the cache's associativity: its CapacityBytes / LineBytes
	// lines form capacity / Ways sets, line l goes to set l mod sets, and
	// a fill past Ways lines in a set evicts that set's least recently
	// used line (0: fully associative, the LRU over the whole cache).
	// icap_k36's sweep of 290 lines keeps ~43% of them a pass on the
	// H200 (icap_k40's 322 none, k32's 259 nearly all): 64 sets of 4
	// lines (32 KiB) keep the 30 sets of 4 of 290 lines, 41%, where a
	// fully associative LRU keeps all or nothing (validation/timing/icap29.md).
	Ways int `json:"ways" yaml:"ways"`
	// StreamRestartCycles is how long after line l - PrefetchLines is
	// demanded the prefetcher's line l arrives (0: PrefetchLines x
	// LineIntervalCycles, the p lines in flight): at most p intervals it
	// changes nothing in straight code with the warp at the stream's
	// head; it is what a stream restarted behind a warp that comes back
	// to it costs (coldj_k64_s1's calls in code order; icode30.md).
	StreamRestartCycles int `json:"stream_restart_cycles" yaml:"stream_restart_cycles"`
	// GPCBytesPerCycle is what one GPC's instruction fetch path from the
	// L2 delivers to its SMs' streams together (0: no limit): a streamed
	// line takes LineBytes / GPCBytesPerCycle cycles of its GPC's path
	// (Code.gpcLine). One SM's stream (one line an interval) never fills
	// it; 16-18 SMs streaming at once do: flushs_k64_c132's slowest SMs
	// re-run 64 KiB at ~22 cycles a line against one SM's 17.3
	// (validation/timing/icg32.md).
	GPCBytesPerCycle int `json:"gpc_bytes_per_cycle" yaml:"gpc_bytes_per_cycle"`
}

// Code is the GPU-wide view of code lines (whether a line is in L2 yet)
// and of what ptxas makes of the kernel's instructions (lower.go).
type Code struct {
	inL2 map[uint64]engine.Cycle
	// fenceBlocks: per GPC, the instruction fetches a tensormap fence
	// holds (tmafenceblock.go)
	fenceBlocks map[int]fenceBlock
	low         *Lowering
	// params: the entry's kernel-parameter loads (constcache.go)
	params *paramSectors
	// kern places ld.const addresses in the constant bank (constblock.go)
	kern *exec.Kernel
	// gpcLines: per GPC (indexed by SM.FetchGPC), the lines its fetch path
	// delivers in each gpcWindow-cycle window (icache_gpc_bytes_per_cycle)
	gpcLines []map[int64]int32
	// regs sizes each warp's register scoreboard up front: the entry's
	// registers and the carry flag (growing it by doubling copied
	// hundreds of MB over a CUTLASS kernel's thousands of PTX registers)
	regs int
}

// Keys of the kernel analyses NewCode memoizes (exec.Kernel.Memo).
type (
	loweringKey     struct{}
	paramSectorsKey struct{}
)

// NewCode returns a cold L2 for kernel k's code (nil k: no lowering).
func NewCode(k *exec.Kernel) *Code {
	c := &Code{inL2: map[uint64]engine.Cycle{}}
	c.kern = k
	if k != nil {
		c.regs = len(k.Entry().Regs) + 1
		// both depend on the kernel alone: computed once per kernel, not
		// once per partition and run
		c.low = k.Memo(loweringKey{}, func() any { return NewLowering(k) }).(*Lowering)
		c.params = k.Memo(paramSectorsKey{}, func() any { return newParamSectors(k) }).(*paramSectors)
	}
	return c
}

// icache is one SM's instruction cache: when each line is (or will be)
// present.
type icache struct {
	ready map[uint64]engine.Cycle
	// demand is when a warp first asked for each line since it was last
	// fetched: the prefetcher fetches line l once line l -
	// icache_prefetch_lines is asked for.
	demand map[uint64]engine.Cycle
	// use orders the present lines by their last use (a fetch or a warp's
	// request), for the LRU eviction past icache_capacity_bytes: use[line]
	// is the line's node in lru, a list from the most recently used (head)
	// to the least (tail); free holds the nodes of evicted lines.
	use        map[uint64]int32
	lru        []lruNode
	head, tail int32
	free       []int32
	// evicted: when each line was last evicted
	evicted map[uint64]engine.Cycle
	// sets (icache_ways > 0): each set's present lines, the most recently
	// used first; it replaces use/lru for a set-associative cache
	sets [][]uint64
	// lastLine, lastReady (lastOK): the line fetchReady's last call asked
	// for and its ready time. Only fetchReady changes the cache, and it
	// leaves that line the most recently used with its demand recorded, so
	// asking for it again changes nothing and returns lastReady
	lastLine  uint64
	lastReady engine.Cycle
	lastOK    bool
	// hits: a direct-mapped memo of present lines whose demand is noted,
	// each with its ready time and its node in lru, so that fetchReady's
	// hit (demand, ready and use looked up, nothing but the use order
	// changed) needs no map lookup (speed30.md). A present line's ready
	// time never changes (fill is called for absent lines only), its node
	// stays while it is present; an eviction clears its entry.
	hits [icacheHits]icacheHit
}

// icacheHits is the number of icache.hits entries (a power of two).
const icacheHits = 64

// icacheHit is one icache.hits entry (ok false: empty).
type icacheHit struct {
	line  uint64
	ready engine.Cycle
	node  int32
	ok    bool
}

// touchNode marks the present line of node i as just used (touch without
// the use map's lookup).
func (c *icache) touchNode(i int32) {
	if i == c.head {
		return
	}
	c.unlink(i)
	c.pushFront(i)
}

// pushFront puts the unlinked node i at the head of the use order.
func (c *icache) pushFront(i int32) {
	c.lru[i].prev, c.lru[i].next = -1, c.head
	if c.head >= 0 {
		c.lru[c.head].prev = i
	} else {
		c.tail = i
	}
	c.head = i
}

// remember notes that fetchReady's last call left line the most recently
// used, ready at t (icache.lastLine).
func (c *icache) remember(line uint64, t engine.Cycle) {
	c.lastLine, c.lastReady, c.lastOK = line, t, true
}

// lruNode is a line's place in the icache's use order (-1: none).
type lruNode struct {
	line       uint64
	prev, next int32
}

// touch marks line as just used (moves it to the head of the use order).
func (c *icache) touch(line uint64) {
	if c.use == nil {
		c.use, c.head, c.tail = map[uint64]int32{}, -1, -1
	}
	i, ok := c.use[line]
	if ok {
		if i == c.head {
			return
		}
		c.unlink(i)
	} else {
		if n := len(c.free); n > 0 {
			i, c.free = c.free[n-1], c.free[:n-1]
		} else {
			i = int32(len(c.lru))
			c.lru = append(c.lru, lruNode{})
		}
		c.lru[i].line = line
		c.use[line] = i
	}
	c.pushFront(i)
}

// use1 marks a present line as just used (a warp's request).
func (c *icache) use1(line uint64) {
	if c.sets != nil {
		c.touchSet(line) // present: nothing to evict
		return
	}
	c.touch(line)
}

// unlink takes node i out of the use order.
func (c *icache) unlink(i int32) {
	n := &c.lru[i]
	if n.prev >= 0 {
		c.lru[n.prev].next = n.next
	} else {
		c.head = n.next
	}
	if n.next >= 0 {
		c.lru[n.next].prev = n.prev
	} else {
		c.tail = n.prev
	}
}

// fill records line present at t and evicts (at now) the least recently
// used lines past capacity lines (0: no limit). The evicted line's demand
// goes too: fetched again, it streams behind the warp's new requests.
func (c *icache) fill(line uint64, t, now engine.Cycle, capacity int) {
	c.ready[line] = t
	if c.sets != nil {
		if l, ok := c.touchSet(line); ok {
			c.evict(l, now)
		}
		return
	}
	c.touch(line)
	if capacity <= 0 {
		return
	}
	for len(c.use) > capacity {
		i := c.tail // the least recently used line
		l := c.lru[i].line
		c.unlink(i)
		c.free = append(c.free, i)
		if h := &c.hits[l%icacheHits]; h.ok && h.line == l {
			h.ok = false // icache.hits
		}
		delete(c.use, l)
		c.evict(l, now)
	}
}

// evict forgets line l (taken out of the use order by the caller) at now.
func (c *icache) evict(l uint64, now engine.Cycle) {
	delete(c.ready, l)
	delete(c.demand, l)
	if c.evicted == nil {
		c.evicted = map[uint64]engine.Cycle{}
	}
	c.evicted[l] = now
}

// setAssoc makes the cache set-associative (icache_ways): capLines lines
// in capLines / ways sets of ways lines (at least one set).
func (c *icache) setAssoc(capLines, ways int) {
	n := max(capLines/ways, 1)
	c.sets = make([][]uint64, n)
	for i := range c.sets {
		c.sets[i] = make([]uint64, 0, ways+1)
	}
}

// touchSet marks line as just used in its set (set-associative cache) and
// returns the set's least recently used line when that makes the set hold
// more than its ways.
func (c *icache) touchSet(line uint64) (uint64, bool) {
	set := &c.sets[line%uint64(len(c.sets))]
	s := *set
	i := 0
	for i < len(s) && s[i] != line {
		i++
	}
	if i == len(s) {
		s = append(s, line)
	}
	copy(s[1:i+1], s[:i])
	s[0] = line
	*set = s
	if len(s) < cap(s) {
		return 0, false
	}
	l := s[len(s)-1]
	*set = s[:len(s)-1]
	return l, true
}

// fetchFor is fetchReady with the warp's last line remembered.
func (s *SM) fetchFor(ws *warpState, addr uint64, now engine.Cycle) engine.Cycle {
	lb := uint64(s.cfg.ICache.LineBytes)
	if lb == 0 || s.code == nil {
		return 0
	}
	if l := addr / lb; ws.lastLineOK && l == ws.lastLine {
		return ws.lastLineReady
	}
	t := s.fetchReady(addr, now)
	ws.lastLine, ws.lastLineReady, ws.lastLineOK = addr/lb, t, true
	return t
}

// triggered reports whether the prefetcher has had a reason to fetch line
// since it was evicted: a request for one of the icache_prefetch_lines + 1
// lines before it at or after the eviction. A line still present before
// an evicted one does not bring it back (the prefetcher runs behind the
// warps' requests, not behind what the cache holds): a jump to it misses.
func (c *icache) triggered(line uint64, p int) bool {
	e, ok := c.evicted[line]
	if !ok {
		return true
	}
	for k := uint64(1); k <= uint64(p)+1 && k <= line; k++ {
		if d, ok := c.demand[line-k]; ok && d >= e {
			return true
		}
	}
	return false
}

// fetchReady is the cycle the instruction at code address addr can issue
// on SM s, starting a fetch (and prefetches) when the line is missing.
func (s *SM) fetchReady(addr uint64, now engine.Cycle) engine.Cycle {
	ic := &s.cfg.ICache
	if ic.LineBytes <= 0 || s.code == nil {
		return 0
	}
	line := addr / uint64(ic.LineBytes)
	if s.ic.lastOK && line == s.ic.lastLine {
		return s.ic.lastReady // nothing to change (icache.lastLine)
	}
	if h := &s.ic.hits[line%icacheHits]; h.ok && h.line == line {
		// present, demand noted: the map path below would only touch it
		s.ic.touchNode(h.node)
		s.ic.remember(line, h.ready)
		return h.ready
	}
	if s.ic.demand == nil {
		s.ic.demand = map[uint64]engine.Cycle{}
	}
	if _, ok := s.ic.demand[line]; !ok {
		s.ic.demand[line] = now
	}
	if t, ok := s.ic.ready[line]; ok {
		s.ic.use1(line)
		s.ic.remember(line, t)
		s.ic.hits[line%icacheHits] = icacheHit{line: line, ready: t, node: s.ic.use[line], ok: true}
		return t
	}
	capLines := 0
	if ic.CapacityBytes > 0 {
		capLines = max(ic.CapacityBytes/ic.LineBytes, ic.PrefetchLines+1)
		if ic.Ways > 0 && s.ic.sets == nil {
			s.ic.setAssoc(capLines, ic.Ways)
		}
	}
	if prev, back, ok := s.streams(line); ok && s.ic.triggered(line, ic.PrefetchLines) {
		// the prefetcher streams sequential code into the SM's
		// instruction cache one line per line interval, ahead of the
		// warps: line l starts when line l-1 has arrived and line l -
		// icache_prefetch_lines has been asked for (microbench
		// icache_ffma_w*: one warp waits for the stream, 16 warps of
		// straight-line FFMAs hide it behind their issue)
		//
		// A line the prefetcher asks for when line l - p is demanded
		// arrives icache_stream_restart_cycles after that demand (0: p
		// line intervals, the p lines in flight), not one interval. In
		// straight code with the warp at the stream's head (demand(l-p)
		// at l-p's arrival) a latency of at most p intervals changes
		// nothing: the chain above paces the stream. A stream that
		// restarts behind a warp which comes back to it (a call's next
		// function, after the return through its caller) gets its next
		// line that latency after the warp asks: one interval ran the
		// GPU's calls in code order ~12 cycles a call short on the H200,
		// two ~4 long (coldj_k64_s1; the icj probe, icode30.md). A line
		// no demand triggered (the landing of a short forward jump over
		// lines never run) is asked for by its own demand and arrives one
		// interval later (icgap_g1: 16 cycles over the warm pass).
		//
		// The stream fetches the lines in order: a line whose nearest
		// fetched predecessor is back lines before it (the landing of a
		// short forward jump over lines never run) comes back intervals
		// after that one, the skipped lines' fetches first. icgap_g1 / g2
		// cold (H200): a landing costs 15.5 / 32.6 cycles over the warm
		// pass, a stream of 2 / 3 lines a landing at 17 against the warp's
		// ~21 (13 / 30); one interval after the nearest line gave g2 19
		// (icg33.md).
		iv := engine.Cycle(ic.LineIntervalCycles)
		t := prev + iv*engine.Cycle(back)
		if p := uint64(ic.PrefetchLines); line >= p {
			lat := iv * engine.Cycle(max(p, 1))
			if ic.StreamRestartCycles > 0 {
				lat = engine.Cycle(ic.StreamRestartCycles)
			}
			if d, ok := s.ic.demand[line-p]; ok {
				t = max(t, d+lat)
			} else {
				t = max(t, now+iv)
			}
		}
		if u := s.ifetchStart(now); u > now {
			t = max(t, u+iv) // a tensormap fence holds the GPC's fetches (tmafenceblock.go)
		}
		t = s.code.gpcLine(s.FetchGPC, t, ic)
		s.ic.fill(line, t, now, capLines)
		if _, ok := s.code.inL2[line]; !ok {
			s.code.inL2[line] = t
		}
		s.ic.remember(line, t)
		return t
	}
	at := s.ifetchStart(now) // now, or after a tensormap fence's hold (tmafenceblock.go)
	for k := 0; k <= ic.PrefetchLines; k++ {
		l := line + uint64(k)
		if _, ok := s.ic.ready[l]; ok {
			continue
		}
		t := at + engine.Cycle(ic.MissCycles)
		if l2, ok := s.code.inL2[l]; !ok {
			t += engine.Cycle(ic.DRAMCycles)
			s.code.inL2[l] = t
		} else if l2 > t {
			t = l2
		}
		s.ic.fill(l, t, now, capLines)
		at += engine.Cycle(ic.LineIntervalCycles)
	}
	s.code.l2Prefetch(line+uint64(ic.PrefetchLines), now+engine.Cycle(ic.MissCycles+ic.DRAMCycles), ic.L2PrefetchLines)
	// the demanded line last: the most recently used of its miss's lines
	// (so none of them evicts it: capacity holds at least the miss's lines)
	s.ic.use1(line)
	t := s.ic.ready[line]
	s.ic.remember(line, t)
	return t
}

// gpcWindow is the width in cycles of the windows in which a GPC's fetch
// path counts the lines it delivers (Code.gpcLine).
const gpcWindow = 32

// gpcLine is when GPC g's fetch path delivers a streamed line that would
// arrive at t (0 icache_gpc_bytes_per_cycle: no limit, t). The path
// delivers floor((k+1) W B / L) - floor(k W B / L) lines in window k (W
// gpcWindow cycles, B icache_gpc_bytes_per_cycle, L the line's bytes: B / L
// lines a cycle over any run of windows): a line goes into t's window if it
// has room, else into the first later window with room, and leaves at t
// or after the lines already counted in its window at the path's pace
// (LineBytes / B cycles each from the window's start), whichever is
// later. The SMs' streams are evaluated
// lazily, so lines are asked for out of time order (a warp's later line
// before another warp's earlier one); counting by window, a line is not
// queued behind a later one, as a single running "last line" did
// (tmaqx_s3's prologue: one SM's lines, 33 and 1190 cycles late;
// validation/timing/icg33.md).
func (c *Code) gpcLine(g int, t engine.Cycle, ic *ICacheConfig) engine.Cycle {
	if ic.GPCBytesPerCycle <= 0 || g < 0 {
		return t
	}
	if g >= len(c.gpcLines) {
		c.gpcLines = append(c.gpcLines, make([]map[int64]int32, g+1-len(c.gpcLines))...)
	}
	m := c.gpcLines[g]
	if m == nil {
		m = map[int64]int32{}
		c.gpcLines[g] = m
	}
	room := func(k int64) int32 {
		per := int64(gpcWindow * ic.GPCBytesPerCycle)
		lb := int64(ic.LineBytes)
		return int32((k+1)*per/lb - k*per/lb)
	}
	k := int64(t) / gpcWindow
	for m[k] >= room(k) {
		k++
	}
	n := m[k]
	m[k] = n + 1
	at := float64(k*gpcWindow) + float64(n)*float64(ic.LineBytes)/float64(ic.GPCBytesPerCycle)
	return max(t, engine.Cycle(math.Ceil(at)))
}

// streams reports whether line follows code the SM has already fetched
// closely enough (within icache_prefetch_lines + 1 lines before it) for the
// prefetcher to have it on the way: straight-line code and short forward
// branches, with the arrival of the nearest such line and how many lines
// before line it is. A jump elsewhere (or the kernel's first line) is a
// miss.
func (s *SM) streams(line uint64) (engine.Cycle, uint64, bool) {
	for k := uint64(1); k <= uint64(s.cfg.ICache.PrefetchLines)+1 && k <= line; k++ {
		if t, ok := s.ic.ready[line-k]; ok {
			return t, k, true
		}
	}
	return 0, 0, false
}
