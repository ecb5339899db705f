package banks

import "github.com/sm90sim/sm90sim/smem"

// ModeResult is the cost of a pattern under one swizzle mode.
type ModeResult struct {
	Mode string `json:"mode"` // none, 32B, 64B, 128B
	// NotApplicable says why the mode cannot hold this tile (empty when
	// it can); the counters are then zero.
	NotApplicable string `json:"not_applicable,omitempty"`
	Instructions  int    `json:"instructions"` // warp-level accesses
	Wavefronts    int    `json:"wavefronts"`
	Ideal         int    `json:"ideal_wavefronts"`
	Conflicts     int    `json:"conflicts"` // sum of per-access max(0, wavefronts - ideal)
	MaxWay        int    `json:"worst_n_way"`
	// Phases is the per-bank detail of every phase, in access order (for
	// heat maps).
	Phases []smem.Phase `json:"-"`
}

// Applies reports whether the mode can hold the tile.
func (m *ModeResult) Applies() bool { return m.NotApplicable == "" }

// Result is the answer to one Spec: one ModeResult per swizzle mode, in
// the order none, 32B, 64B, 128B.
type Result struct {
	Spec  string                           `json:"layout"`
	Kind  string                           `json:"op"` // smem counter family: ld, st, ldsm, stsm
	Lines int                              `json:"lines"`
	Bytes int                              `json:"line_bytes"`
	Modes [smem.NumSwizzleModes]ModeResult `json:"modes"`
	Note  string                           `json:"note,omitempty"`
}

// Analyze costs sp's pattern under every swizzle mode.
func Analyze(sp Spec) Result {
	r := Result{Spec: sp.String(), Kind: sp.Access.OpKind().String(), Lines: sp.Lines(), Bytes: sp.LineBytes(), Note: note(sp.Access)}
	for m := range smem.NumSwizzleModes {
		mode := smem.SwizzleMode(m)
		mr := &r.Modes[m]
		mr.Mode = mode.String()
		p, err := place(&sp, mode)
		if err != nil {
			mr.NotApplicable = err.Error()
			continue
		}
		for _, a := range accesses(&sp, &p) {
			c := smem.Wavefronts(&a)
			mr.Instructions++
			mr.Wavefronts += c.Wavefronts
			mr.Ideal += c.Ideal
			mr.Conflicts += c.Conflicts()
			mr.MaxWay = max(mr.MaxWay, c.MaxWay)
			mr.Phases = smem.AppendPhases(mr.Phases, &a)
		}
	}
	return r
}

// note is the caveat printed under the table for patterns whose model is
// an assumption.
func note(a Access) string {
	switch a.Kind {
	case PatLdmatrix, PatStmatrix:
		if a.Trans {
			return ".trans moves the data to other registers but reads the same addresses: same cost as without"
		}
	case PatWgmma:
		return "wgmma: plain bank model over core matrices (8 lines x 16 B, one phase each); the tensor core's shared-memory reads are believed conflict-free for canonical layouts (ptx-facts §8), and the unswizzled line layout is not a canonical wgmma layout"
	case PatTMA:
		return "tma: the box lands 128 B at a time in address order, so it is conflict-free in every mode; the swizzle only decides where each 16-B chunk goes"
	}
	return ""
}
