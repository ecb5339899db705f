package smem

// Phase is the per-bank detail of one shared-memory pass group of an
// instruction, for heat maps and conflict reports. Its Wavefronts summed
// over Phases(a) equals Wavefronts(a).Wavefronts.
type Phase struct {
	// Lanes are the active lanes served by this phase.
	Lanes uint32
	// Words is the number of distinct 32-bit words requested per bank; the
	// phase costs max(Words) wavefronts.
	Words [NumBanks]int
	// Requests is the number of lane requests per bank, broadcasts counted
	// (a 16-B lane request counts once in each of its 4 banks).
	Requests [NumBanks]int
	// Wavefronts is the cost of the phase: max over banks of Words.
	Wavefronts int
}

// Phases returns the phases of a under the default model, in lane order.
// Phases with no active lane are left out (they cost nothing). Not for the
// hot path: it allocates; see AppendPhases to reuse a buffer.
func Phases(a *Access) []Phase {
	return defaultModel().appendPhases(nil, a)
}

// AppendPhases appends the phases of a (as Phases) to dst.
func AppendPhases(dst []Phase, a *Access) []Phase {
	return defaultModel().appendPhases(dst, a)
}

func (m model) appendPhases(dst []Phase, a *Access) []Phase {
	p := m.plan(a)
	if p.lanes == 0 {
		return dst
	}
	if p.grouped {
		return append(dst, makePhase(&a.Addr, p.lanes, p.wordsPerLane, p.noBroadcast))
	}
	for i := uint(0); i < 32/p.phaseLanes; i++ {
		if mask := p.lanes & phaseMask(i, p.phaseLanes); mask != 0 {
			dst = append(dst, makePhase(&a.Addr, mask, p.wordsPerLane, p.noBroadcast))
		}
	}
	return dst
}

func makePhase(addr *[32]uint32, mask uint32, n uint32, noBroadcast bool) Phase {
	var t tally
	t.fill(addr, mask, n, noBroadcast, true)
	ph := Phase{Lanes: mask, Wavefronts: t.max}
	for b := range ph.Words {
		ph.Words[b] = int(t.words[b])
		ph.Requests[b] = int(t.reqs[b])
	}
	return ph
}

// BankHeat accumulates per-bank load over many instructions (for example
// per PTX line) for heat maps.
type BankHeat struct {
	Words    [NumBanks]uint64 // distinct words served per bank, summed over phases
	Requests [NumBanks]uint64 // lane requests per bank, summed over phases
}

// Add accumulates the phases of one instruction.
func (h *BankHeat) Add(phases []Phase) {
	for i := range phases {
		for b := 0; b < NumBanks; b++ {
			h.Words[b] += uint64(phases[i].Words[b])
			h.Requests[b] += uint64(phases[i].Requests[b])
		}
	}
}
