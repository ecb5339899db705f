package exec

// vclock is what a warp (or a barrier phase) knows has happened before it:
// per warp, the last release epoch of that warp it has synchronized with,
// and per mbarrier (shared address), how many of its phases it has seen
// complete. join is element-wise max, so merge order does not matter.
type vclock struct {
	w    []uint32
	bars map[uint32]uint64
}

func newVclock(nw int) vclock { return vclock{w: make([]uint32, nw)} }

func (v *vclock) join(o *vclock) {
	for i, e := range o.w {
		if e > v.w[i] {
			v.w[i] = e
		}
	}
	for a, p := range o.bars {
		v.seen(a, p)
	}
}

// seen records that phases [0, p) of the barrier at a have completed.
func (v *vclock) seen(a uint32, p uint64) {
	if v.bars == nil {
		v.bars = map[uint32]uint64{}
	}
	if p > v.bars[a] {
		v.bars[a] = p
	}
}

func (v *vclock) reset() {
	clear(v.w)
	clear(v.bars)
}

// mbarClock is the knowledge released into one mbarrier: acc for the
// current phase's arrivals, done for every completed phase (cumulative).
type mbarClock struct {
	acc, done vclock
}
