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
	// fills (the L1): each way also records when each of its line's four
	// 32-byte sectors arrives (fillWords uint64 after the ages: two
	// sectors' arrival cycle + 1 to a word, 0 for a sector not fetched)
	fills bool
	// dirty (the L2 slices): each way also keeps a word with the mask of
	// its line's sectors that stores wrote since the line came in
	// (touchDirty), after the ages and any fill words
	dirty bool
}

// fillWords: the uint64 per way of an L1's sector arrival cycles.
const fillWords = 2

const setsPerPage = 64

func newSetCache(lines, ways int) *setCache {
	ways = max(1, min(ways, lines))
	sets := max(1, lines/ways)
	return &setCache{ways: ways, sets: uint64(sets), pages: make([][]uint64, (sets+setsPerPage-1)/setsPerPage)}
}

// set returns the tags and ages of line's set; nil ones when its page was
// never filled and alloc is false.
func (c *setCache) set(line uint64, alloc bool) (tags, ages []uint64) {
	pg, b := c.locate(line, alloc)
	if pg == nil {
		return nil, nil
	}
	n := setsPerPage * c.ways
	return pg[b : b+c.ways], pg[n+b : n+b+c.ways]
}

// locate returns the page of line's set and the set's first way in it
// (nil when its page was never filled and alloc is false).
func (c *setCache) locate(line uint64, alloc bool) ([]uint64, int) {
	s := c.setOf(line)
	pg := c.pages[s/setsPerPage]
	if pg == nil {
		if !alloc {
			return nil, 0
		}
		w := 2
		if c.fills {
			w += fillWords
		}
		if c.dirty {
			w++
		}
		pg = make([]uint64, w*setsPerPage*c.ways)
		c.pages[s/setsPerPage] = pg
	}
	return pg, int(s%setsPerPage) * c.ways
}

// fillsOf returns the sector arrival words of line's way (fills caches
// only), nil when the line is absent.
func (c *setCache) fillsOf(line uint64) []uint64 {
	pg, b := c.locate(line, false)
	if pg == nil {
		return nil
	}
	for i, t := range pg[b : b+c.ways] {
		if t == line+1 {
			return c.fillsAt(pg, b, i)
		}
	}
	return nil
}

// fillsAt: the sector arrival words of way i of the set at b in page pg
// (nil for a cache without them).
func (c *setCache) fillsAt(pg []uint64, b, i int) []uint64 {
	if !c.fills {
		return nil
	}
	f := 2*setsPerPage*c.ways + fillWords*(b+i)
	return pg[f : f+fillWords]
}

// sectorsReady: when the sectors of mask (bit i: sector i) of a line
// whose fill words are f have all arrived; ok false when one was never
// fetched.
func sectorsReady(f []uint64, mask uint8) (ready uint64, ok bool) {
	for i := range 4 {
		if mask&(1<<i) == 0 {
			continue
		}
		v := f[i/2] >> (32 * (i % 2)) & 0xffffffff
		if v == 0 {
			return 0, false
		}
		ready = max(ready, v-1)
	}
	return ready, true
}

// setSectors records that the sectors of mask arrive at cycle at (a sector
// already fetched keeps the earlier of its two arrivals).
func setSectors(f []uint64, mask uint8, at uint64) {
	v := min(at, 0xfffffffe) + 1
	for i := range 4 {
		if mask&(1<<i) == 0 {
			continue
		}
		sh := 32 * (i % 2)
		old := f[i/2] >> sh & 0xffffffff
		if old != 0 && old < v {
			continue
		}
		f[i/2] = f[i/2]&^(0xffffffff<<sh) | v<<sh
	}
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
	c.fills = true
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
	_, hit := c.touchFills(line)
	return hit
}

// touchFills is touch that also returns the sector arrival words of the
// line's way (nil for a cache without them; cleared when the line was
// absent: the evicted line's sectors go with it), from one lookup of the
// set.
func (c *setCache) touchFills(line uint64) ([]uint64, bool) {
	c.clock++
	pg, b := c.locate(line, true)
	n := setsPerPage * c.ways
	tags, ages := pg[b:b+c.ways], pg[n+b:n+b+c.ways]
	old := 0
	for i, t := range tags {
		if t == line+1 {
			ages[i] = c.clock
			return c.fillsAt(pg, b, i), true
		}
		if ages[i] < ages[old] {
			old = i
		}
	}
	tags[old], ages[old] = line+1, c.clock
	f := c.fillsAt(pg, b, old)
	clear(f)
	if c.dirty {
		pg[c.dirtyAt(b+old)] = 0
	}
	return f, false
}

// dirtyAt is the index in its page of the dirty word of the way at
// offset w (the set's first way plus the way) of a dirty cache's page.
func (c *setCache) dirtyAt(w int) int {
	n := 2
	if c.fills {
		n += fillWords
	}
	return n*setsPerPage*c.ways + w
}

// touchDirty is touch for a store of the sectors of mask (bit i: sector
// i) to line in a dirty cache: it also returns the sectors that were not
// dirty before (an absent line comes in with none), which the line will
// write back to memory once.
func (c *setCache) touchDirty(line uint64, mask uint8) (hit bool, newly uint8) {
	_, hit = c.touchFills(line)
	pg, b := c.locate(line, true)
	for i, t := range pg[b : b+c.ways] {
		if t == line+1 {
			d := &pg[c.dirtyAt(b+i)]
			newly = mask &^ uint8(*d)
			*d |= uint64(mask)
			break
		}
	}
	return hit, newly
}
