package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The TMA unit keeps the descriptors of the tensor maps it used; a TMA
// instruction on a map it does not have waits for the 128-byte descriptor
// (the tmadesc_* microbenchmarks, family tmax, H200):
//
//   - a map in global memory is read through the memory hierarchy (L2, or
//     HBM when cold) and takes TMADescGlobalCycles more (tmadesc_global:
//     the first load is 265 cycles slower than a warm one with the map's
//     line in L2, tmadesc_global_two's second map 300);
//   - a map in the kernel's parameters costs a load nothing
//     (tmadesc_param, tmadesc4_load: the first load on each of four
//     parameter maps is as fast as a warm one);
//   - a store on a map new to the SM takes TMADescStoreCycles more
//     (tmadesc4_store: 220 against 178 cycles, on each of four parameter
//     maps);
//   - prefetch.tensormap starts the fetch ahead (tmadesc_global_prefetch:
//     the first load is as fast as a warm one), and
//     fence.proxy.tensormap::generic.acquire (SASS UTMACCTL.IV) drops the
//     descriptor, so the next use fetches it again.
type tmaDescs struct {
	ready map[uint64]engine.Cycle // when the SM has the map's descriptor
	eff   exec.Effect             // the fetch's memory request
	// used: the SM's TMA unit has seen a tensor-map instruction;
	// firstLoad: the first one was a tensor load, whose warp tmaHold
	// holds TMAFirstLoadCycles more (tma_first.go)
	used, firstLoad bool
	// firstPF: the first one was a prefetch.tensormap of a parameter map,
	// whose warp tmaHold holds TMAFirstLoadCycles more (tma_first.go)
	firstPF bool
	// fenced: the maps a tensormap acquire fence dropped, and when
	// (tmafenceblock.go)
	fenced map[uint64]engine.Cycle
	// paramAt: the SM's first cvta.param (the parameter space's address,
	// c[0x0][0x198]; 0: none yet), tma_first.go
	paramAt engine.Cycle
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
	if !d.used && !e.TMAMapInvalidate {
		d.used = true
		d.firstLoad = !store && e.Info != nil && e.Info.Async == exec.AsyncBulkLoad
		d.firstPF = e.Info != nil && e.Info.Form == ptx.FormPrefetchTensormap && ptx.Space(m>>56) == ptx.SpaceParam
	}
	if e.TMAMapInvalidate {
		delete(d.ready, m)
		s.tensormapFence(m, now) // tmafenceblock.go
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
		setDescFetch(f, m)
		done, _ := s.host.Memory(now, s.ID, f, false)
		t = done + engine.Cycle(a.TMADescGlobalCycles)
		s.fencedFetch(m, t) // tmafenceblock.go
	}
	if store {
		t += engine.Cycle(a.TMADescStoreCycles)
	}
	d.ready[m] = t
	return t
}

// setDescFetch makes f the read of map m's 128-byte descriptor line.
func setDescFetch(f *exec.Effect, m uint64) {
	f.NumLines, f.NumSectors, f.GlobalBytes, f.GlobalStore, f.GlobalTMA = 1, 4, 128, false, true
	f.GlobalLines[0], f.LineSectors[0] = m&(1<<56-1)>>7, 0xf
}
