package smem

// This file is the ONE place that holds the UNCONFIRMED choices of the bank
// model (ptx-facts §8, hopper-numbers §6.1). Each choice is a field of model;
// defaultModel picks the standard-practice answer. To settle a choice against
// ncu recordings (validation/testdata/*/counters.json), compare the recorded
// wavefront/ideal counters with the alternatives (model_test.go computes both
// for the same accesses) and change defaultModel. Nothing else needs to move.

// phaseRule says how the lanes of one instruction are grouped into
// shared-memory passes (wavefronts). Within a pass each bank serves one
// 32-bit word (broadcast to every lane that wants it).
type phaseRule uint8

const (
	// fixedPhases: lanes are split into fixed groups (half-warps for 8-B,
	// quarter-warps for 16-B, one group of 8 row lanes per ldmatrix matrix);
	// each group costs max-over-banks of its distinct words, and a group with
	// no active lane costs 0. Conflicts are only between lanes of one group.
	fixedPhases phaseRule = iota
	// groupedPhases ("address grouping"): the unit packs all distinct words
	// of the whole instruction into passes freely, so the cost is
	// max-over-banks of distinct words across all active lanes. This covers
	// the reported cc 7.x LDS.128 uniform-address optimization (lanes n and
	// n^1 sharing 16 B: 2 wavefronts instead of 4) and the report that 64-bit
	// accesses whose half-warps share addresses or banks pack tighter than
	// two independent half-warps.
	groupedPhases
)

// idealRule says what Cost.Ideal is.
type idealRule uint8

const (
	// idealByWidth: the minimum for the access width whenever any lane is
	// active: 1 for <=32-bit, 2 for 64-bit, 4 for 128-bit, one per matrix
	// for ldmatrix/stmatrix (the ncu issue text). With few active lanes the
	// real wavefronts can be below it (negative conflicts; Cost.Conflicts
	// clamps at 0).
	idealByWidth idealRule = iota
	// idealActivePhases: the number of fixed phases that have an active lane.
	idealActivePhases
)

// model is the set of unconfirmed choices. The zero value is NOT assumed to be
// the default: use defaultModel.
type model struct {
	wide8  phaseRule // 64-bit ld/st/atom/cp.async: UNCONFIRMED for sm_90
	wide16 phaseRule // 128-bit ld/st/cp.async: UNCONFIRMED for sm_90
	matrix phaseRule // ldmatrix/stmatrix: fixedPhases confirmed on an H200 (doc.go)
	ideal  idealRule // what ncu takes as ideal for partially active warps
	// atomNoBroadcast: atom/red lanes hitting the same word still serialize
	// (count lane requests, not distinct words). Default false: atomics
	// cost like a load of the same width. On an H200 both happen: ncu counts
	// 32 wavefronts per warp atom.shared.add.u32 on one word whose result
	// is used (validation/microbench atom_shared_same_*) but 1 for the
	// atomicAdd of mbar_pipeline_* whose result is unused (ptxas reduces
	// in the warp first); choosing needs the result's liveness and the
	// address's uniformity, which the bank model does not have: the timed
	// model chooses (AtomSerialWavefronts, sim/sm/atomserial.go).
	atomNoBroadcast bool
}

// defaultModel returns the standard-practice choices.
func defaultModel() model {
	return model{
		wide8:           fixedPhases,
		wide16:          fixedPhases,
		matrix:          fixedPhases,
		ideal:           idealByWidth,
		atomNoBroadcast: false,
	}
}

// plan is how one Access is cut into passes under a model.
type plan struct {
	lanes        uint32 // lanes that touch memory
	wordsPerLane uint32 // consecutive 32-bit words per lane: 1, 2 or 4
	phaseLanes   uint   // lanes per fixed phase: 32, 16 or 8
	grouped      bool   // one pass group over all lanes (groupedPhases)
	noBroadcast  bool   // count lane requests instead of distinct words
	ideal        int
}

// plan derives the pass structure of a. Invalid widths map to the nearest
// class (<=4 B: 32-bit class, <=8 B: 64-bit, larger: 128-bit); invalid
// matrix counts to 1, 2 or 4.
func (m model) plan(a *Access) plan {
	p := plan{lanes: a.Active, wordsPerLane: 1, phaseLanes: 32}
	minimum := 1
	switch {
	case a.Kind.IsMatrix():
		p.lanes &= matrixLanes(a.Matrices)
		p.wordsPerLane, p.phaseLanes = 4, 8
		p.grouped = m.matrix == groupedPhases
		minimum = normMatrices(a.Matrices)
	case a.Width <= 4:
	case a.Width <= 8:
		p.wordsPerLane, p.phaseLanes = 2, 16
		p.grouped = m.wide8 == groupedPhases
		minimum = 2
	default:
		p.wordsPerLane, p.phaseLanes = 4, 8
		p.grouped = m.wide16 == groupedPhases
		minimum = 4
	}
	p.noBroadcast = a.Kind == OpAtom && m.atomNoBroadcast
	switch {
	case p.lanes == 0:
		p.ideal = 0
	case m.ideal == idealActivePhases:
		p.ideal = activePhases(p.lanes, p.phaseLanes)
	default:
		p.ideal = minimum
	}
	return p
}

// phaseMask is the lane mask of fixed phase i for phases of n lanes.
func phaseMask(i, n uint) uint32 {
	if n >= 32 {
		return 0xffffffff
	}
	return (uint32(1)<<n - 1) << (i * n)
}

// activePhases counts the fixed phases of n lanes that contain a lane of mask.
func activePhases(mask uint32, n uint) int {
	c := 0
	for i := uint(0); i < 32/n; i++ {
		if mask&phaseMask(i, n) != 0 {
			c++
		}
	}
	return c
}
