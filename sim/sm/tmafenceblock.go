package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A tensormap acquire fence holds its GPC's instruction fetches (H200,
// validation/timing/tred32.md). After fence.proxy.tensormap::generic.acquire
// (SASS UTMACCTL.IV) on a map in global memory, until the map's descriptor
// is fetched again (by the fencing SM's next TMA operation on it) no other
// SM of the fencing SM's GPC starts an instruction fetch: the probe tph_redops_rot with split stamps
// (tools/microbench/tred32) spends the slow CTAs' 600-1900 extra cycles
// before the first instruction of their case (the fence itself takes 7-59),
// the slow CTAs of one clock group (GPC) reach their cases together ~950
// cycles after the group's first fences, and both the same kernel without
// the fences and the same kernel with the maps' lines read into the L2
// beforehand lose the slow CTAs (launch 4514-4927 -> 3388-3578 and
// 3515-3947 cycles, ncu's flush). The hold ends when the descriptor
// arrives (from the L2, or device memory after a flush), and no later than
// tensormap_ifetch_hold_cycles after the fence (0: off).

// fenceBlock is a GPC's span of held instruction fetches.
// by is the SM whose fence set until: its own fetches go on (t6red_acq:
// one CTA's lone fence costs the GPU 52 cycles over none, not a refetch).
type fenceBlock struct {
	from, until engine.Cycle
	by          int
}

// tensormapFence notes SM s's fence on map m at cycle now: the map's next
// descriptor fetch on s (tmaDescReady) ends the GPC's hold.
func (s *SM) tensormapFence(m uint64, now engine.Cycle) {
	if s.cfg.Async.TensormapIFetchHoldCycles <= 0 || m == 0 || ptx.Space(m>>56) == ptx.SpaceParam {
		return
	}
	d := &s.tmaDesc
	if d.fenced == nil {
		d.fenced = map[uint64]engine.Cycle{}
	}
	d.fenced[m] = now
}

// fencedFetch: SM s fetched map m's descriptor, ready at cycle done; after
// a fence on m, the SMs of s's GPC start no instruction fetch from the
// fence until then (at most tensormap_ifetch_hold_cycles after it).
func (s *SM) fencedFetch(m uint64, done engine.Cycle) {
	at, ok := s.tmaDesc.fenced[m]
	if !ok || s.code == nil {
		return
	}
	delete(s.tmaDesc.fenced, m)
	until := min(done, at+engine.Cycle(s.cfg.Async.TensormapIFetchHoldCycles))
	if s.code.fenceBlocks == nil {
		s.code.fenceBlocks = map[int]fenceBlock{}
	}
	b := s.code.fenceBlocks[s.GPC]
	if until <= b.until {
		return
	}
	if at > b.until {
		b.from = at
	}
	b.until, b.by = until, s.ID
	s.code.fenceBlocks[s.GPC] = b
}

// ifetchStart is when an instruction fetch SM s asks for at cycle now
// can start: now, or the end of its GPC's hold.
func (s *SM) ifetchStart(now engine.Cycle) engine.Cycle {
	if s.code.fenceBlocks == nil {
		return now
	}
	if b, ok := s.code.fenceBlocks[s.GPC]; ok && b.by != s.ID && now >= b.from && now < b.until {
		return b.until
	}
	return now
}
