package gpu

// hashTab is an open-addressing hash table (linear probing) from a key of
// two words to a V, for the L2 model's hot tables: the GPC merge table
// (l2merge.go) and the committed fills (l2fill.go). Both are looked up on
// every L2 request and pruned in bulk (drop what no later request can use),
// never deleted from one by one; a Go map under that use keeps its
// tombstones and its largest size, and a lookup that misses probed far
// (issue 14: 10 of the 215 CPU seconds of cutlass_gemm_ws_cooperative_4096
// were map lookups of the merge table). Pruning here rebuilds the table
// from the entries kept. Nothing iterates it in an order a result could
// depend on: it only answers lookups.
type hashTab[V any] struct {
	slots []hashSlot[V] // a power of two, at most half full
	n     int
}

type hashSlot[V any] struct {
	a, b uint64
	used bool
	v    V
}

// hashTabMin is the smallest number of slots.
const hashTabMin = 64

func (t *hashTab[V]) home(a, b uint64) int {
	h := (a ^ b*0xc2b2ae3d27d4eb4f) * 0x9e3779b97f4a7c15
	return int(h>>32) & (len(t.slots) - 1)
}

// get returns a pointer to key (a, b)'s value, nil when absent. The
// pointer is valid until the next put or prune.
func (t *hashTab[V]) get(a, b uint64) *V {
	if t.n == 0 {
		return nil
	}
	mask := len(t.slots) - 1
	for i := t.home(a, b); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if !s.used {
			return nil
		}
		if s.a == a && s.b == b {
			return &s.v
		}
	}
}

// put sets key (a, b) to v.
func (t *hashTab[V]) put(a, b uint64, v V) {
	if 2*(t.n+1) > len(t.slots) {
		t.resize(max(hashTabMin, 2*len(t.slots)))
	}
	mask := len(t.slots) - 1
	for i := t.home(a, b); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if !s.used {
			*s = hashSlot[V]{a: a, b: b, used: true, v: v}
			t.n++
			return
		}
		if s.a == a && s.b == b {
			s.v = v
			return
		}
	}
}

// len is the number of keys.
func (t *hashTab[V]) len() int { return t.n }

// prune keeps the entries keep says yes to, in a table sized for
// room(kept) entries (at least those kept), and returns how many it kept.
func (t *hashTab[V]) prune(keep func(*V) bool, room func(kept int) int) int {
	old := t.slots
	kept := 0
	for i := range old {
		if old[i].used && keep(&old[i].v) {
			kept++
		} else {
			old[i].used = false
		}
	}
	size := hashTabMin
	for 2*(max(kept, room(kept))+1) > size {
		size *= 2
	}
	t.slots, t.n = make([]hashSlot[V], size), 0
	for i := range old {
		if old[i].used {
			t.put(old[i].a, old[i].b, old[i].v)
		}
	}
	return kept
}

func (t *hashTab[V]) resize(size int) {
	old := t.slots
	t.slots, t.n = make([]hashSlot[V], size), 0
	for i := range old {
		if old[i].used {
			t.put(old[i].a, old[i].b, old[i].v)
		}
	}
}

// pageMasks maps a 1 KiB DRAM page (a line number >> 3) to a byte, 0 for
// a page never set: arrays of pageChunk pages, found through a map and a
// one-entry cache (a TMA box's lines share their chunk). It replaced a
// map of pages that every HBM miss looked up (issue 14).
type pageMasks struct {
	chunks  map[uint64]*[pageChunk]uint8
	lastKey uint64
	last    *[pageChunk]uint8
}

const pageChunk = 4096

// at returns page pg's byte, allocating its chunk when alloc (else nil
// when the chunk was never set).
func (p *pageMasks) at(pg uint64, alloc bool) *uint8 {
	k := pg / pageChunk
	if p.last == nil || p.lastKey != k {
		c := p.chunks[k]
		if c == nil {
			if !alloc {
				return nil
			}
			if p.chunks == nil {
				p.chunks = map[uint64]*[pageChunk]uint8{}
			}
			c = new([pageChunk]uint8)
			p.chunks[k] = c
		}
		p.lastKey, p.last = k, c
	}
	return &p.last[pg%pageChunk]
}

// get is page pg's byte (0: never set).
func (p *pageMasks) get(pg uint64) uint8 {
	if b := p.at(pg, false); b != nil {
		return *b
	}
	return 0
}
