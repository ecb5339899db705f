package exec

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
)

// converge parks the group when lanes of the member mask (that have not
// exited) are elsewhere; it reports whether the instruction may execute.
func (w *Warp) converge(members uint32) bool {
	if missing := members & w.live &^ w.cur.group; missing != 0 {
		w.parked |= w.cur.group
		w.cur.parkedNow = true
		return false
	}
	return true
}

// destPair splits a `d|p` destination into its two parts.
func destPair(o *xop) (*xop, *xop) {
	if o.kind == oVec && len(o.elems) == 2 {
		return &o.elems[0], &o.elems[1]
	}
	return o, nil
}

func compileWarpOp(c *compiler, x *xinst) error {
	in := x.in
	switch in.Op {
	case ptx.OpActivemask:
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			forLanes(m, func(l int) { w.set(&x.ops[0], l, uint64(w.cur.group)) })
			return nil
		}
		return needOps(x, 1)
	case ptx.OpShfl:
		return compileShfl(x)
	case ptx.OpVote:
		return compileVote(x)
	case ptx.OpMatch:
		return compileMatch(x)
	case ptx.OpRedux:
		return compileRedux(x)
	case ptx.OpElect:
		if err := needOps(x, 2); err != nil {
			return err
		}
		d, p := destPair(&x.ops[0])
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			mem := uint32(w.src(&x.ops[1], tz(w.cur.group)))
			if !w.converge(mem) {
				return nil
			}
			part := m & mem
			leader := uint64(0)
			if part != 0 {
				leader = uint64(tz(part))
			}
			forLanes(m, func(l int) {
				w.set(d, l, leader)
				if p != nil {
					w.set(p, l, b2u(uint64(l) == leader && part != 0))
				}
			})
			return nil
		}
		return nil
	}
	return errUnsupported(in)
}

func compileShfl(x *xinst) error {
	if err := needOps(x, 5); err != nil {
		return err
	}
	mode := x.in.Mods.Sub
	d, p := destPair(&x.ops[0])
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		mem := uint32(w.src(&x.ops[4], tz(w.cur.group)))
		if !w.converge(mem) {
			return nil
		}
		var vals [32]uint64
		for l := 0; l < 32; l++ {
			vals[l] = w.src(&x.ops[1], l)
		}
		forLanes(m, func(l int) {
			b := uint32(w.src(&x.ops[2], l))
			c := uint32(w.src(&x.ops[3], l))
			j, ok := shflLane(mode, uint32(l), b, c)
			if !ok {
				j = uint32(l)
			}
			w.tmp[l] = vals[j]
			if p != nil {
				w.tmp[l] |= b2u(ok) << 40
			}
		})
		forLanes(m, func(l int) {
			w.set(d, l, w.tmp[l]&0xffffffff)
			if p != nil {
				w.set(p, l, w.tmp[l]>>40&1)
			}
		})
		return nil
	}
	return nil
}

// shflLane computes the source lane of shfl.sync (PTX pseudo-code).
func shflLane(mode string, lane, b, c uint32) (uint32, bool) {
	bval := b & 31
	cval := c & 31
	seg := (c >> 8) & 31
	maxLane := (lane & seg) | (cval &^ seg)
	minLane := lane & seg
	var j uint32
	var ok bool
	switch mode {
	case "up":
		jj := int32(lane) - int32(bval)
		ok = jj >= int32(maxLane)
		j = uint32(jj)
	case "down":
		j = lane + bval
		ok = j <= maxLane
	case "bfly":
		j = lane ^ bval
		ok = j <= maxLane
	default: // idx
		j = minLane | (bval &^ seg)
		ok = j <= maxLane
	}
	return j & 31, ok
}

func compileVote(x *xinst) error {
	if err := needOps(x, 3); err != nil {
		return err
	}
	mode := x.in.Mods.Sub
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		mem := uint32(w.src(&x.ops[2], tz(w.cur.group)))
		if !w.converge(mem) {
			return nil
		}
		var ballot uint32
		forLanes(m, func(l int) {
			if w.src(&x.ops[1], l) != 0 {
				ballot |= 1 << l
			}
		})
		part := m & mem
		var r uint64
		switch mode {
		case "ballot":
			r = uint64(ballot & mem)
		case "all":
			r = b2u(ballot&part == part)
		case "any":
			r = b2u(ballot&part != 0)
		case "uni":
			r = b2u(ballot&part == part || ballot&part == 0)
		}
		forLanes(m, func(l int) { w.set(&x.ops[0], l, r) })
		return nil
	}
	return nil
}

func compileMatch(x *xinst) error {
	if err := needOps(x, 3); err != nil {
		return err
	}
	all := x.in.Mods.Sub == "all"
	d, p := destPair(&x.ops[0])
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		mem := uint32(w.src(&x.ops[2], tz(w.cur.group)))
		if !w.converge(mem) {
			return nil
		}
		part := m & mem
		var vals [32]uint64
		forLanes(part, func(l int) { vals[l] = w.src(&x.ops[1], l) })
		forLanes(m, func(l int) {
			var same uint32
			forLanes(part, func(j int) {
				if vals[j] == vals[l] {
					same |= 1 << j
				}
			})
			if all {
				ok := same == part
				if ok {
					w.set(d, l, uint64(part))
				} else {
					w.set(d, l, 0)
				}
				if p != nil {
					w.set(p, l, b2u(ok))
				}
				return
			}
			w.set(d, l, uint64(same))
		})
		return nil
	}
	return nil
}

func compileRedux(x *xinst) error {
	if err := needOps(x, 3); err != nil {
		return err
	}
	op := x.in.Mods.Sub
	signed := x.t.IsSigned()
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		mem := uint32(w.src(&x.ops[2], tz(w.cur.group)))
		if !w.converge(mem) {
			return nil
		}
		part := m & mem
		var acc uint32
		first := true
		forLanes(part, func(l int) {
			v := uint32(w.src(&x.ops[1], l))
			if first {
				acc, first = v, false
				return
			}
			switch op {
			case "add":
				acc += v
			case "and":
				acc &= v
			case "or":
				acc |= v
			case "xor":
				acc ^= v
			case "min":
				if signed && int32(v) < int32(acc) || !signed && v < acc {
					acc = v
				}
			case "max":
				if signed && int32(v) > int32(acc) || !signed && v > acc {
					acc = v
				}
			}
		})
		forLanes(m, func(l int) { w.set(&x.ops[0], l, uint64(acc)) })
		return nil
	}
	return nil
}

var _ = bits.OnesCount32
