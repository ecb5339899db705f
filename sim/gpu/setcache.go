package gpu

// setCache is a set-associative cache of 128-byte lines with
// least-recently-used replacement within each set. The L2 slices: a line's
// set is a multiplicative hash of its address, so strided footprints spread
// over the sets. The L1 (newL1Cache): sets by 512-byte granule, modulo the
// set count. Tags and ages sit in flat pages of setsPerPage sets (one set
// is two CPU cache lines of tags), which keeps a lookup to about one
// memory access; a page is allocated when a line is first put in one of
// its sets, so a small launch does not clear the whole L2's worth of tags
// (50 MiB of cache is 6 MiB of tags and ages).
type setCache struct {
	ways  int
	sets  uint64
	pages [][]uint64 // per page: setsPerPage*ways tags (line+1; 0 is an empty way), then as many ages
	clock uint64
	// granule > 0: set = (line / granule) mod sets (no hash)
	granule uint64
}

const setsPerPage = 64

func newSetCache(lines, ways int) *setCache {
	ways = max(1, min(ways, lines))
	sets := max(1, lines/ways)
	return &setCache{ways: ways, sets: uint64(sets), pages: make([][]uint64, (sets+setsPerPage-1)/setsPerPage)}
}

// set returns the tags and ages of line's set; nil ones when its page was
// never filled and alloc is false.
func (c *setCache) set(line uint64, alloc bool) (tags, ages []uint64) {
	s := c.setOf(line)
	pg := c.pages[s/setsPerPage]
	if pg == nil {
		if !alloc {
			return nil, nil
		}
		pg = make([]uint64, 2*setsPerPage*c.ways)
		c.pages[s/setsPerPage] = pg
	}
	n := setsPerPage * c.ways
	b := (s % setsPerPage) * c.ways
	return pg[b : b+c.ways], pg[n+b : n+b+c.ways]
}

// L1 organisation (a structure, not fitted): 8 lines per set, sets by
// 512-byte granule. Measured with a pointer-chase probe on an H100
// (calibration/probes: the hit fraction by footprint, 128..512 KiB; misses
// come in aligned runs of 4 lines, the same lines every pass).
const (
	l1Ways         = 8
	l1GranuleLines = 4
)

// newL1Cache is an SM's L1 of lines 128-byte lines: lines/8 sets of 8
// ways, a 512-byte granule's four lines in one set, LRU in each set. A
// cyclic footprint just beyond the capacity keeps most of its lines (the
// sets that get no third granule), where a fully associative LRU keeps none.
func newL1Cache(lines int) *setCache {
	c := newSetCache(lines, l1Ways)
	c.granule = l1GranuleLines
	return c
}

func (c *setCache) setOf(line uint64) int {
	if c.granule > 0 {
		return int((line / c.granule) % c.sets)
	}
	// multiply-shift: the hash's top 32 bits scaled to the set count (a
	// modulo of them clusters for some counts: 15616 sets put 30 lines of
	// a 7-line stride in one set where 16 ways fit, session 7)
	h := line * 0x9e3779b97f4a7c15
	return int(((h >> 32) * c.sets) >> 32)
}

// has reports whether line is present, without touching its age.
func (c *setCache) has(line uint64) bool {
	tags, _ := c.set(line, false)
	for _, t := range tags {
		if t == line+1 {
			return true
		}
	}
	return false
}

// touch makes line the most recently used of its set, inserting it in
// place of the least recently used way when absent; it reports whether
// the line was present.
func (c *setCache) touch(line uint64) bool {
	c.clock++
	tags, ages := c.set(line, true)
	old := 0
	for i, t := range tags {
		if t == line+1 {
			ages[i] = c.clock
			return true
		}
		if ages[i] < ages[old] {
			old = i
		}
	}
	tags[old], ages[old] = line+1, c.clock
	return false
}
