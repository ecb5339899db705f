package gpu

// setCache is a set-associative cache of 128-byte lines with
// least-recently-used replacement within each set: the L2 slices. A line's
// set is a multiplicative hash of its address, so strided footprints spread
// over the sets. Tags and ages sit in flat arrays (one set is two CPU cache
// lines of tags), which keeps a lookup to about one memory access.
type setCache struct {
	ways  int
	sets  uint64
	tags  []uint64 // line+1; 0 is an empty way
	ages  []uint64
	clock uint64
}

func newSetCache(lines, ways int) *setCache {
	ways = max(1, min(ways, lines))
	sets := max(1, lines/ways)
	return &setCache{ways: ways, sets: uint64(sets), tags: make([]uint64, sets*ways), ages: make([]uint64, sets*ways)}
}

func (c *setCache) base(line uint64) int {
	h := line * 0x9e3779b97f4a7c15
	return int((h>>32)%c.sets) * c.ways
}

// has reports whether line is present, without touching its age.
func (c *setCache) has(line uint64) bool {
	b := c.base(line)
	for _, t := range c.tags[b : b+c.ways] {
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
	b := c.base(line)
	tags, ages := c.tags[b:b+c.ways], c.ages[b:b+c.ways]
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
