package exec

import "bytes"

// TakeLog ends the current unit of work on a view (see overlay.go): it
// returns the chunks the unit touched and the ones it changed, and forgets
// every page so that the next unit starts from the committed memory.
func (g *GlobalMem) TakeLog() *MemLog {
	v := g.view
	m := &MemLog{pages: make([]pageLog, 0, len(v.touched))}
	for i := range v.touched {
		t := &v.touched[i]
		pl := pageLog{seg: t.seg, page: t.page, snap: t.snap, touched: t.touched}
		data := v.sh.base.segs[t.seg].Data[int(t.page)<<pageShift:][:len(t.buf)]
		ps := &v.sh.pages[t.seg][t.page]
		ps.mu.RLock()
		if !bytes.Equal(t.buf, data) {
			t.touched.each(func(c int) {
				lo := c << chunkShift
				hi := min(lo+chunkSize, len(data))
				if !bytes.Equal(t.buf[lo:hi], data[lo:hi]) {
					pl.changed.set(c)
					pl.data = append(pl.data, t.buf[lo:hi]...)
				}
			})
		}
		ps.mu.RUnlock()
		if t.stored != nil {
			v.takeStored(t, &pl)
		}
		m.ChangedBytes += len(pl.data) + len(pl.sdata)
		m.pages = append(m.pages, pl)
		if t.pooled {
			v.free = append(v.free, t.buf)
		}
	}
	v.free = append(v.free, v.retired...)
	v.retired = v.retired[:0]
	v.touched = v.touched[:0]
	return m
}

// takeStored logs the chunks of t that the unit stored to and never read:
// their stored bytes are applied as they are, whatever the chunk holds by
// then.
func (v *memView) takeStored(t *viewPage, pl *pageLog) {
	for c := 0; c<<chunkShift < len(t.buf); c++ {
		mask := t.stored.chunk(c)
		if mask == 0 || t.touched[c>>6]>>(c&63)&1 != 0 {
			continue
		}
		lo := c << chunkShift
		hi := min(lo+chunkSize, len(t.buf))
		pl.stored.set(c)
		pl.storedBy = append(pl.storedBy, mask)
		pl.sdata = append(pl.sdata, t.buf[lo:hi]...)
		pl.sdata = append(pl.sdata, make([]byte, chunkSize-(hi-lo))...)
	}
	v.freeMasks = append(v.freeMasks, t.stored)
	t.stored = nil
}

// Refresh may be called on a view when its unit is the next to commit and
// no commit is under way (the committer waits for this unit): it reports
// whether every chunk the unit touched is still as the unit saw it. If so
// it brings the other chunks of its copied pages up to date, so that the
// rest of the unit sees what a serial run would show it; if not, the unit
// ran on stale data and can stop.
func (g *GlobalMem) Refresh() bool {
	v := g.view
	for i := range v.touched {
		t := &v.touched[i]
		ps := &v.sh.pages[t.seg][t.page]
		if ps.seq.Load() <= t.snap {
			continue
		}
		stale := false
		t.touched.each(func(c int) { stale = stale || ps.last[c] > t.snap })
		if stale {
			return false
		}
	}
	for i := range v.touched {
		t := &v.touched[i]
		ps := &v.sh.pages[t.seg][t.page]
		if ps.seq.Load() <= t.snap {
			continue
		}
		data := v.sh.base.segs[t.seg].Data[int(t.page)<<pageShift:][:len(t.buf)]
		for c, at := range ps.last {
			lo := c << chunkShift
			hi := min(lo+chunkSize, len(data))
			if at <= t.snap || lo >= hi {
				continue
			}
			var keep uint16 // bytes the unit stored keep its values
			if t.stored != nil {
				keep = t.stored.chunk(c)
			}
			for j := lo; j < hi; j++ {
				if keep>>(j-lo)&1 == 0 {
					t.buf[j] = data[j]
				}
			}
		}
		t.snap = ps.seq.Load()
	}
	return true
}

// Stale reports whether a commit has changed a chunk the view's unit
// touched since it copied the page: every commit is of an earlier unit, so
// the unit then read data a serial run would not have shown it and cannot
// be committed. Safe at any time.
func (g *GlobalMem) Stale() bool {
	v := g.view
	for i := range v.touched {
		t := &v.touched[i]
		ps := &v.sh.pages[t.seg][t.page]
		if ps.seq.Load() <= t.snap {
			continue
		}
		stale := false
		ps.mu.RLock()
		t.touched.each(func(c int) { stale = stale || ps.last[c] > t.snap })
		ps.mu.RUnlock()
		if stale {
			return true
		}
	}
	return false
}
