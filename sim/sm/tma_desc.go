package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The TMA unit keeps the descriptors of the tensor maps it used; a TMA
// instruction on a map it does not have waits for the 128-byte descriptor
// (the tmadesc_* microbenchmarks, family tmax):
//
//   - a map in global memory is read through the memory hierarchy (L2, or
//     HBM when cold) and takes TMADescGlobalCycles more (tmadesc_global_two:
//     the second map's first load is 450 cycles slower than a warm one, an
//     L2 hit and 170);
//   - a map in the kernel's parameters costs nothing more than the
//     parameter block's first use;
//   - the SM's first descriptor fetch takes TMADescFirstCycles more for a
//     load (tmadesc_param: +115, tmadesc4_load: +125 on the first of four
//     parameter maps and nothing on the others, tmadesc_global: +565, the
//     second map's 450 and 115);
//   - a store on a map new to the SM takes TMADescStoreCycles more
//     (tmadesc4_store: 220 against 178 cycles, on each of four parameter
//     maps, the first too);
//   - prefetch.tensormap starts the fetch ahead (tmadesc_*_prefetch: the
//     first load is as fast as a warm one), and
//     fence.proxy.tensormap::generic.acquire (UTMACCTL.IV) drops the
//     descriptor, so the next use fetches it again.
type tmaDescs struct {
	ready   map[uint64]engine.Cycle // when the SM has the map's descriptor
	fetched bool                    // the SM fetched a descriptor for a load before
	eff     exec.Effect             // the fetch's memory request
}

// tmaDescReady is when SM s's TMA unit has the descriptor of the map that
// instruction e (issued at cycle now) names; it starts the fetch the first
// time (also for prefetch.tensormap, whose result nobody waits for).
func (s *SM) tmaDescReady(e *exec.Effect, now engine.Cycle, store bool) engine.Cycle {
	m := e.TMAMap
	if m == 0 {
		return 0
	}
	d := &s.tmaDesc
	if e.TMAMapInvalidate {
		delete(d.ready, m)
		return 0
	}
	if t, ok := d.ready[m]; ok {
		return t
	}
	if d.ready == nil {
		d.ready = map[uint64]engine.Cycle{}
	}
	a := &s.cfg.Async
	t := now
	if ptx.Space(m>>56) != ptx.SpaceParam {
		f := &d.eff
		f.NumLines, f.NumSectors, f.GlobalBytes, f.GlobalStore, f.GlobalTMA = 1, 4, 128, false, true
		f.GlobalLines[0], f.LineSectors[0] = m&(1<<56-1)>>7, 0xf
		t = s.host.Memory(now, s.ID, f, false) + engine.Cycle(a.TMADescGlobalCycles)
	}
	if store {
		t += engine.Cycle(a.TMADescStoreCycles)
	} else if !d.fetched {
		t += engine.Cycle(a.TMADescFirstCycles)
		d.fetched = true
	}
	d.ready[m] = t
	return t
}
