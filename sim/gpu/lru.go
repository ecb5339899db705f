package gpu

// lru is a set of cache lines with a capacity, evicting the least recently
// used line: a map from line to slot and an intrusive doubly linked list
// over a slot array (no allocation per access once full).
type lru struct {
	cap        int
	slots      []lruSlot
	index      map[uint64]int32
	head, tail int32 // most and least recently used; -1 when empty
}

type lruSlot struct {
	line       uint64
	prev, next int32
}

func newLRU(lines int) *lru {
	return &lru{cap: max(lines, 1), index: map[uint64]int32{}, head: -1, tail: -1}
}

// has reports whether line is present, without touching its age.
func (c *lru) has(line uint64) bool {
	_, ok := c.index[line]
	return ok
}

// touch makes line the most recently used, inserting it (and evicting the
// least recently used line when full).
func (c *lru) touch(line uint64) {
	if i, ok := c.index[line]; ok {
		c.unlink(i)
		c.pushFront(i)
		return
	}
	var i int32
	if len(c.slots) < c.cap {
		c.slots = append(c.slots, lruSlot{})
		i = int32(len(c.slots) - 1)
	} else {
		i = c.tail
		c.unlink(i)
		delete(c.index, c.slots[i].line)
	}
	c.slots[i].line = line
	c.index[line] = i
	c.pushFront(i)
}

func (c *lru) unlink(i int32) {
	s := &c.slots[i]
	if s.prev >= 0 {
		c.slots[s.prev].next = s.next
	} else {
		c.head = s.next
	}
	if s.next >= 0 {
		c.slots[s.next].prev = s.prev
	} else {
		c.tail = s.prev
	}
}

func (c *lru) pushFront(i int32) {
	s := &c.slots[i]
	s.prev, s.next = -1, c.head
	if c.head >= 0 {
		c.slots[c.head].prev = i
	}
	c.head = i
	if c.tail < 0 {
		c.tail = i
	}
}
