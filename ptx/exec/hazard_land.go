package exec

// The range form of landRange's checks. An async copy lands hundreds of
// 16-byte chunks at once (a TMA box is kilobytes), and in a pipelined GEMM
// every check passes: no bulk-group read is pending on the chunks, the
// wgmmas that read them earlier are retired, and no warp read them with
// ld.shared since the last copy. landQuiet proves that for the whole range
// with one pass over each table (the distinct wgmma reads checked once,
// the generic reads as a per-warp maximum); then landFill records the
// write as the per-chunk loop would. Otherwise the per-chunk loop runs and
// reports the first failing chunk as before.

// landQuiet reports whether chunks [k0, k1) of c (k1 <= len(h.chunk)) can
// take the write of warp by with no finding and no state other than what
// landFill sets: it only reads.
func (c *CTA) landQuiet(by *Warp, k0, k1 uint32) bool {
	h := c.async.hz
	if h.wr.last != nil {
		return false // queue mode: per-chunk stamps (wgOverwrite)
	}
	if n := uint32(len(h.bk.chunk)); k0 < n {
		for _, v := range h.bk.chunk[k0:min(k1, n)] {
			if v != 0 {
				return false
			}
		}
	}
	bh := by.cta.async.hz
	if t := &h.wr; t.chunk != nil {
		nwg := t.nwg
		var memo wgRetiredMemo
		ents := t.chunk[int(k0)*nwg : int(k1)*nwg]
		for j, i := range ents {
			if i == 0 {
				continue
			}
			g := j % nwg
			if g < len(memo) && memo[g] == i {
				continue
			}
			if !wgRetiredFor(h, bh, c, by, &t.reads[i-1]) {
				return false
			}
			if g < len(memo) {
				memo[g] = i
			}
		}
	}
	if r0, r1 := max(k0, h.rlo), min(k1, h.rhi); bh != nil && r0 < r1 {
		nw := h.nw
		rs := h.reads[int(r0)*nw : int(r1)*nw]
		var top [32]uint32
		if nw > len(top) {
			return false
		}
		for j := 0; j+nw <= len(rs); j += nw {
			for r, e := range rs[j : j+nw] {
				top[r] = max(top[r], e)
			}
		}
		w := bh.clocks[by.id].w
		if h.base+nw > len(w) {
			return false
		}
		clk := w[h.base : h.base+nw]
		for r := 0; r < nw; r++ {
			if top[r] != 0 && !(c == by.cta && r == by.id) && clk[r] < top[r] {
				return false
			}
		}
	}
	return true
}

// landFill records async write idx of warp by (cp: a cp.async) over shared
// [lo, hi), chunks [k0, k1), as landRange's per-chunk loop does after its
// checks passed.
func (c *CTA) landFill(x *xinst, by *Warp, idx int32, lo, hi, k0, k1 uint32, cp bool) {
	h := c.async.hz
	if r0, r1 := max(k0, h.rlo), min(k1, h.rhi); r0 < r1 {
		clear(h.reads[int(r0)*h.nw : int(r1)*h.nw])
		if k0 <= h.rlo && h.rhi <= k1 {
			h.rlo, h.rhi = 0, 0 // every read recorded is gone
		}
	}
	for k := k0; k < k1; k++ {
		bits := uint16(0xffff)
		if k == k0 || k == k1-1 {
			bits = chunkBits(k, lo, hi)
		}
		if h.chunk[k] == idx {
			h.mask[k] |= bits
		} else {
			h.chunk[k], h.mask[k] = idx, bits
		}
	}
	if cp {
		for k := k0; k < k1; k++ {
			h.px.write(k, by.id, x.line(), true)
		}
	} else {
		clear(h.px.warp[k0:k1])
	}
}
