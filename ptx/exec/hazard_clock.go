package exec

// vclock is what a warp (or a barrier phase) knows has happened before it:
// per warp, the last release epoch of that warp it has synchronized with,
// and per mbarrier (cluster-wide key), how many of its phases it has seen
// complete. join is element-wise max, so merge order does not matter.
// bars is a short list sorted by key (a CTA has a few mbarriers; a map
// made every mbarrier wait's join a map walk).
type vclock struct {
	w    []uint32
	bars []barSeen
}

// barSeen: phases [0, p) of the mbarrier with key a have completed.
type barSeen struct {
	a uint32
	p uint64
}

func newVclock(nw int) vclock { return vclock{w: make([]uint32, nw)} }

func (v *vclock) join(o *vclock) {
	for i, e := range o.w {
		if e > v.w[i] {
			v.w[i] = e
		}
	}
	if len(o.bars) == len(v.bars) {
		same := true
		for i := range o.bars {
			if o.bars[i].a != v.bars[i].a {
				same = false
				break
			}
		}
		if same { // the usual case: both know the same barriers
			for i, b := range o.bars {
				if b.p > v.bars[i].p {
					v.bars[i].p = b.p
				}
			}
			return
		}
	}
	for _, b := range o.bars {
		v.seen(b.a, b.p)
	}
}

// seen records that phases [0, p) of the barrier at a have completed.
func (v *vclock) seen(a uint32, p uint64) {
	i := v.find(a)
	if i < len(v.bars) && v.bars[i].a == a {
		if p > v.bars[i].p {
			v.bars[i].p = p
		}
		return
	}
	v.bars = append(v.bars, barSeen{})
	copy(v.bars[i+1:], v.bars[i:])
	v.bars[i] = barSeen{a: a, p: p}
}

// phases is how many phases of the barrier at a v has seen complete.
func (v *vclock) phases(a uint32) uint64 {
	if i := v.find(a); i < len(v.bars) && v.bars[i].a == a {
		return v.bars[i].p
	}
	return 0
}

// find is the index of the first barrier whose key is not below a.
func (v *vclock) find(a uint32) int {
	i := 0
	for i < len(v.bars) && v.bars[i].a < a {
		i++
	}
	return i
}

func (v *vclock) reset() {
	clear(v.w)
	v.bars = v.bars[:0]
}

// mbarClock is the knowledge released into one mbarrier: acc for the
// current phase's arrivals, done for every completed phase (cumulative).
type mbarClock struct {
	acc, done vclock
	// ver counts the changes of done; joined[w] is 1 + the ver local warp
	// w last joined (a join of an unchanged done changes nothing: join is
	// a max and clocks only grow).
	ver    uint64
	joined []uint64
}
