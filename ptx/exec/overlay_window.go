package exec

// Windowed timed runs (sim/gpu, timed mode with several partitions) give
// each partition of SMs a view of the committed memory for one window of
// cycles: the partition reads the memory as committed at the window start
// plus its own stores. At the window's end every partition's log is taken
// (TakeWindowLog, before any is applied) and the logs are applied one after
// the other (SharedMem.Apply). Unlike TakeLog, the log names single bytes:
// every byte the window stored or changed, so that two partitions that
// wrote different bytes of one 16-byte chunk (neighbouring CTAs' results)
// both keep their bytes; only stores to the same byte in one window see
// the order of application.

// TakeWindowLog ends a window on a view: it returns every byte the window
// stored to or changed, and forgets every page so that the next window
// starts from the committed memory. Call it for every view before applying
// any log.
func (g *GlobalMem) TakeWindowLog() *MemLog {
	v := g.view
	m := &MemLog{pages: make([]pageLog, 0, len(v.touched))}
	for i := range v.touched {
		t := &v.touched[i]
		data := v.sh.base.segs[t.seg].Data[int(t.page)<<pageShift:][:len(t.buf)]
		// bytes change only through Slice (which marks its chunks touched)
		// or SliceW (stored): the other chunks are the committed bytes
		chunks := t.touched
		if t.stored != nil {
			for c := 0; c<<chunkShift < len(t.buf); c++ {
				if t.stored.chunk(c) != 0 {
					chunks.set(c)
				}
			}
		}
		pl := pageLog{seg: t.seg, page: t.page, snap: t.snap}
		chunks.each(func(c int) {
			lo := c << chunkShift
			hi := min(lo+chunkSize, len(t.buf))
			var mask uint16
			if t.stored != nil {
				mask = t.stored.chunk(c)
			}
			for j := lo; j < hi; j++ {
				if t.buf[j] != data[j] {
					mask |= 1 << (j - lo)
				}
			}
			if mask == 0 {
				return
			}
			pl.stored.set(c)
			pl.storedBy = append(pl.storedBy, mask)
			pl.sdata = append(pl.sdata, t.buf[lo:hi]...)
			pl.sdata = append(pl.sdata, make([]byte, chunkSize-(hi-lo))...)
		})
		if !pl.stored.empty() {
			m.ChangedBytes += len(pl.sdata)
			m.pages = append(m.pages, pl)
		}
		if t.stored != nil {
			v.freeMasks = append(v.freeMasks, t.stored)
			t.stored = nil
		}
		if t.pooled {
			v.free = append(v.free, t.buf)
		}
	}
	v.free = append(v.free, v.retired...)
	v.retired = v.retired[:0]
	v.touched = v.touched[:0]
	return m
}
