package gpu

// hashTab is an open-addressing hash table (linear probing, keys apart
// from values) from a uint64 to a V, for the L2 model's hot tables: the GPC merge table
// (l2merge.go) and the committed fills (l2fill.go). Both are looked up on
// every L2 request and pruned in bulk (drop what no later request can use),
// never deleted from one by one; a Go map under that use keeps its
// tombstones and its largest size, and a lookup that misses probed far
// (issue 14: 10 of the 215 CPU seconds of cutlass_gemm_ws_cooperative_4096
// were map lookups of the merge table). Pruning here reinserts the entries kept
// into the emptied table. Nothing iterates it in an order a result could
// depend on: it only answers lookups.
type hashTab[V any] struct {
	keys []uint64 // key+1, 0 an empty slot; a power of two, at most half full
	vals []V
	n    int
	kept []hashKept[V] // prune's scratch
}

type hashKept[V any] struct {
	k uint64
	v V
}

// hashTabMin is the smallest number of slots.
const hashTabMin = 64

func (t *hashTab[V]) home(k uint64) int {
	return int((k*0x9e3779b97f4a7c15)>>32) & (len(t.keys) - 1)
}

// get returns a pointer to key k's value, nil when absent. The pointer is
// valid until the next put or prune.
func (t *hashTab[V]) get(k uint64) *V {
	if t.n == 0 {
		return nil
	}
	mask, want := len(t.keys)-1, k+1
	for i := t.home(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case want:
			return &t.vals[i]
		case 0:
			return nil
		}
	}
}

// put sets key k (below 2^64-1) to v.
func (t *hashTab[V]) put(k uint64, v V) {
	if 2*(t.n+1) > len(t.keys) {
		t.resize(max(hashTabMin, 2*len(t.keys)))
	}
	t.insert(k, v)
}

func (t *hashTab[V]) insert(k uint64, v V) {
	mask, want := len(t.keys)-1, k+1
	for i := t.home(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case want:
			t.vals[i] = v
			return
		case 0:
			t.keys[i], t.vals[i] = want, v
			t.n++
			return
		}
	}
}

// len is the number of keys.
func (t *hashTab[V]) len() int { return t.n }

// prune keeps the entries keep says yes to, with room for room(kept)
// entries (at least those kept), and returns how many it kept.
func (t *hashTab[V]) prune(keep func(*V) bool, room func(kept int) int) int {
	t.kept = t.kept[:0]
	for i, k := range t.keys {
		if k != 0 && keep(&t.vals[i]) {
			t.kept = append(t.kept, hashKept[V]{k - 1, t.vals[i]})
		}
	}
	size := hashTabMin
	for 2*(max(len(t.kept), room(len(t.kept)))+1) > size {
		size *= 2
	}
	if size > len(t.keys) || 4*size <= len(t.keys) {
		t.keys, t.vals = make([]uint64, size), make([]V, size)
	} else {
		clear(t.keys) // the values of empty slots are never read
	}
	t.n = 0
	for _, e := range t.kept {
		t.insert(e.k, e.v)
	}
	return len(t.kept)
}

func (t *hashTab[V]) resize(size int) {
	keys, vals := t.keys, t.vals
	t.keys, t.vals, t.n = make([]uint64, size), make([]V, size), 0
	for i, k := range keys {
		if k != 0 {
			t.insert(k-1, vals[i])
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
