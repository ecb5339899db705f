package exec

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
	"github.com/sm90sim/sm90sim/wgmma"
)

// waitWarpgroup: the warp issued wgmma.mma_async and waits for the other
// warps of its warpgroup (unless AsyncWgmmaQueue).
const waitWarpgroup waitKind = 100

// wgState is a CTA's warpgroup machinery: the wgmma queue per warpgroup,
// operand buffers and the register hazard checker.
type wgState struct {
	groups []wgGroup
	ws     wgmma.Workspace
	a, b   []uint32
	c, d   []uint32
	ac     []uint32                 // .sp: the compressed A (64 x K/2)
	ra     [128][wgmma.ARegs]uint32 // RS: the A fragment registers of the warpgroup's threads
	hz     *wgHazards               // nil when the launch switched checks off
	warned bool                     // the running wgmma reported its cp.async proxy warning (hazard_proxy.go)
	cur    *wgEntry                 // the wgmma being run (its parts' groups, for hazard_wgread.go)
}

func (c *CTA) wgState() *wgState {
	if c.wg == nil {
		c.wg = &wgState{groups: make([]wgGroup, (len(c.warps)+3)/4)}
		if !c.l.NoHazardCheck {
			c.wg.hz = newWgHazards(len(c.warps))
		}
	}
	return c.wg
}

// wgFault is a wgmma diagnostic at instruction x naming warps.
func (w *Warp) wgFault(x *xinst, warps []int, format string, args ...any) *Fault {
	ws := make([]string, len(warps))
	for i, v := range warps {
		ws[i] = fmt.Sprint(v)
	}
	f := w.laneFault(x, tz(w.cur.group|1<<31), format, args...)
	f.Msg += fmt.Sprintf(" (warps %s)", strings.Join(ws, ", "))
	return f
}

// wgmmaExec runs the warpgroup's MMA: gather, compute, scatter.
func (w *Warp) wgmmaExec(x *xinst, wi *wgInst, e *wgEntry, warps []*Warp) error {
	st := w.cta.wg
	st.cur = e // read by the operand-read check (hazard_wgread.go) below
	var frames [4]*Frame
	for q := range frames {
		frames[q] = e.parts[q].frame
	}
	st.warned = false
	f := wi.mma.Form
	st.a = growU32(st.a, f.ALen())
	st.b = growU32(st.b, f.BLen())
	st.c = growU32(st.c, f.CLen())
	st.d = growU32(st.d, f.CLen())
	bd, err := w.wgUniform(x, wgValB, "the B descriptor", e, warps)
	if err != nil {
		return err
	}
	sd, err := w.wgUniform(x, wgValScale, "scale-d", e, warps)
	if err != nil {
		return err
	}
	bytes := 0
	adst := st.a // the A operand as stored: compressed for .sp
	if f.Sparse {
		st.ac = growU32(st.ac, f.ALen()/2)
		adst = st.ac
	}
	if wi.a != nil {
		w.wgGatherRS(wi, &frames, adst)
	} else {
		ad, err := w.wgUniform(x, wgValA, "the A descriptor", e, warps)
		if err != nil {
			return err
		}
		if err := w.wgGatherSmem(x, warps, f.A, wgmma.M, wgmma.KFor(f.A), wgmma.Decode(ad), wi.transA, adst, "A"); err != nil {
			return err
		}
		bytes += wgmma.M * 32
	}
	if f.Sparse {
		if err := w.wgSparseBLayout(x, wi, wgmma.Decode(bd)); err != nil {
			return err
		}
		if err := w.wgExpandSparse(x, wi, e, warps); err != nil {
			return err
		}
	}
	if err := w.wgGatherSmem(x, warps, f.B, f.N, f.K(), wgmma.Decode(bd), wi.transB, st.b, "B"); err != nil {
		return err
	}
	bytes += f.N * f.K() * f.B.Bits() / 8
	w.wgCountSmem(x, bytes)
	mma := wi.mma
	mma.ScaleD = sd&1 != 0
	if mma.ScaleD {
		wgAccumulators(wi, &frames, st.c, false)
	}
	if err := mma.Run(&st.ws, st.a, st.b, st.c, st.d); err != nil {
		return w.wgFault(x, []int{w.id}, "%v", err)
	}
	wgAccumulators(wi, &frames, st.d, true)
	return nil
}

func growU32(s []uint32, n int) []uint32 {
	if cap(s) < n {
		return make([]uint32, n)
	}
	return s[:n]
}

// wgAccumulators moves the 64xN accumulator tile between the four warps'
// registers and buf (row-major); store writes the registers. Thread t =
// 32q+l holds element i at (wgmma.AccPos): row 16q + l/4 + 8*((i>>1)&1),
// column 8*(i>>2) + 2*(l%4) + (i&1); the loops walk one register of 32
// lanes at a time.
// Where the D registers are 32 bits wide (wgInst.acc) a warp's part is
// moved by vector code (wgmma.AccMove), else by the loops below.
func wgAccumulators(wi *wgInst, frames *[4]*Frame, buf []uint32, store bool) {
	for q := 0; q < 4; q++ {
		fr := frames[q]
		if wi.acc != nil && fr.fn == wi.accFn && wi.acc.Move(store, fr.regs, buf, q) {
			continue
		}
		if wi.mma.D != wgmma.F16 {
			wgAccF32(wi, fr, q, buf, store)
		} else {
			wgAccF16(wi, fr, q, buf, store)
		}
	}
}

// wgAccF16 is wgAccumulators for f16 accumulators of warp q (frame fr): register j of a thread
// packs elements 2j (low half) and 2j+1 (high half), adjacent columns, so
// each step moves one row's 8 columns (4 lanes x 2 halves).
func wgAccF16(wi *wgInst, fr *Frame, q int, buf []uint32, store bool) {
	n := wi.mma.N
	nr := wgmma.AccElems(n) / 2
	for j := 0; j < nr; j++ {
		o := wi.d[j].reg
		rr := (*[32]uint64)(fr.regs[int(o)*32 : int(o)*32+32])
		m := fr.fn.regMask[o]
		base := (16*q+8*(j&1))*n + 8*(j>>1)
		for g := 0; g < 8; g++ {
			b := (*[8]uint32)(buf[base+g*n:])
			r := (*[4]uint64)(rr[4*g:])
			if store {
				r[0] = (r[0]&^0xffffffff | uint64(b[0]&0xffff|b[1]<<16)) & m
				r[1] = (r[1]&^0xffffffff | uint64(b[2]&0xffff|b[3]<<16)) & m
				r[2] = (r[2]&^0xffffffff | uint64(b[4]&0xffff|b[5]<<16)) & m
				r[3] = (r[3]&^0xffffffff | uint64(b[6]&0xffff|b[7]<<16)) & m
			} else {
				b[0], b[1] = uint32(r[0])&0xffff, uint32(r[0]>>16)&0xffff
				b[2], b[3] = uint32(r[1])&0xffff, uint32(r[1]>>16)&0xffff
				b[4], b[5] = uint32(r[2])&0xffff, uint32(r[2]>>16)&0xffff
				b[6], b[7] = uint32(r[3])&0xffff, uint32(r[3]>>16)&0xffff
			}
		}
	}
}

// wgAccF32 is wgAccumulators for 32-bit accumulators of warp q (frame fr): elements 2j and
// 2j+1 of a thread are adjacent columns, so each step moves one row's 8
// columns (4 lanes x 2 registers).
func wgAccF32(wi *wgInst, fr *Frame, q int, buf []uint32, store bool) {
	n := wi.mma.N
	ne := wgmma.AccElems(n)
	for i := 0; i < ne; i += 2 {
		o0, o1 := wi.d[i].reg, wi.d[i+1].reg
		r0 := (*[32]uint64)(fr.regs[int(o0)*32 : int(o0)*32+32])
		r1 := (*[32]uint64)(fr.regs[int(o1)*32 : int(o1)*32+32])
		m0, m1 := fr.fn.regMask[o0], fr.fn.regMask[o1]
		base := (16*q+8*((i>>1)&1))*n + 8*(i>>2)
		for g := 0; g < 8; g++ {
			b := (*[8]uint32)(buf[base+g*n:])
			a0, a1 := (*[4]uint64)(r0[4*g:]), (*[4]uint64)(r1[4*g:])
			if store {
				a0[0], a1[0] = uint64(b[0])&m0, uint64(b[1])&m1
				a0[1], a1[1] = uint64(b[2])&m0, uint64(b[3])&m1
				a0[2], a1[2] = uint64(b[4])&m0, uint64(b[5])&m1
				a0[3], a1[3] = uint64(b[6])&m0, uint64(b[7])&m1
			} else {
				b[0], b[1] = uint32(a0[0]), uint32(a1[0])
				b[2], b[3] = uint32(a0[1]), uint32(a1[1])
				b[4], b[5] = uint32(a0[2]), uint32(a1[2])
				b[6], b[7] = uint32(a0[3]), uint32(a1[3])
			}
		}
	}
}

// wgGatherRS reads the RS-form A operand from the four warps' registers
// (wgmma.UnpackA places every element, through its per-type index table).
func (w *Warp) wgGatherRS(wi *wgInst, frames *[4]*Frame, a []uint32) {
	regs := &w.cta.wg.ra
	for t := range regs {
		fr, l := frames[t/32], t%32
		for r := range regs[t] {
			regs[t][r] = uint32(fr.regs[int(wi.a[r].reg)*32+l])
		}
	}
	wgmma.UnpackA(wi.mma.A, regs, a)
}

// wgGatherSmem reads rows x k elements of type ty through descriptor d
// (trans: MN-major) into dst (b1: 8 words per row) for the warpgroup
// warps, after the async-proxy check of the bytes it reads.
func (w *Warp) wgGatherSmem(x *xinst, warps []*Warp, ty wgmma.Type, rows, k int, d wgmma.Descriptor, trans bool, dst []uint32, name string) error {
	major := wgmma.KMajor
	if trans {
		major = wgmma.MNMajor
	}
	if ty == wgmma.B1 {
		var chunks []uint32
		for r := 0; r < rows; r++ {
			for kb := 0; kb < 32; kb++ {
				b, err := w.wgSmem(x, d.AddrK(r, kb), 1, name, d)
				if err != nil {
					return err
				}
				chunks = w.wgChunk(chunks, d.AddrK(r, kb))
				if kb%4 == 0 {
					dst[r*8+kb/4] = 0
				}
				dst[r*8+kb/4] |= uint32(b[0]) << uint(8*(kb%4))
			}
		}
		return w.hazardWgmmaRead(x, warps, name, chunks)
	}
	es := ty.Bits() / 8
	if tab := w.cta.addrTable(ty, major, rows, k, d); tab != nil {
		if w.cta.async.hz != nil {
			if err := w.hazardWgmmaRead(x, warps, name, tab.chunkList()); err != nil {
				return err
			}
		}
		sh := w.cta.shared
		if tab.gran != nil {
			gatherGranules(dst, sh, tab.gran, es)
			return nil
		}
		switch es {
		case 1:
			for i, o := range tab.off {
				dst[i] = uint32(sh[o])
			}
		case 2:
			for i, o := range tab.off {
				dst[i] = uint32(binary.LittleEndian.Uint16(sh[o:]))
			}
		default:
			for i, o := range tab.off {
				dst[i] = binary.LittleEndian.Uint32(sh[o:])
			}
		}
		return nil
	}
	var chunks []uint32
	for r := 0; r < rows; r++ {
		for kk := 0; kk < k; kk++ {
			b, err := w.wgSmem(x, d.Addr(ty, major, r, kk), es, name, d)
			if err != nil {
				return err
			}
			chunks = w.wgChunk(chunks, d.Addr(ty, major, r, kk))
			dst[r*k+kk] = uint32(getLE(b, es))
		}
	}
	return w.hazardWgmmaRead(x, warps, name, chunks)
}

// wgChunk appends the 16-byte chunk of the CTA's own shared memory that
// the (already checked) operand address addr lies in, when the hazard
// checker runs and the chunk is not the last one appended.
func (w *Warp) wgChunk(chunks []uint32, addr uint32) []uint32 {
	if w.cta.async.hz == nil {
		return chunks
	}
	t, off, msg := w.cta.sharedTarget(ptx.SpaceShared, uint64(addr), 1)
	if msg != "" || t != w.cta {
		return chunks
	}
	k := uint32(off) / hzChunk
	if n := len(chunks); n > 0 && chunks[n-1] == k {
		return chunks
	}
	return append(chunks, k)
}

func (w *Warp) wgSmem(x *xinst, addr uint32, n int, name string, d wgmma.Descriptor) ([]byte, error) {
	b, msg := w.access(ptx.SpaceShared, uint64(addr), n, tz(w.cur.group|1<<31))
	if msg != "" {
		return nil, w.wgFault(x, []int{w.id}, "wgmma.mma_async: %s operand (descriptor %v): %s", name, d, msg)
	}
	return b, nil
}

// wgCountSmem counts the MMA's shared-memory operand reads: one gmma
// instruction of bytes/128 wavefronts, conflict-free (smem.OpGmma).
func (w *Warp) wgCountSmem(x *xinst, bytes int) {
	n := (bytes + 127) / 128
	w.countOp(x, smem.OpGmma, smem.Cost{Wavefronts: n, Ideal: n, MaxWay: 1})
}

// countOp counts one execution of x, of kind k and cost c, in the
// launch's counters and x's per-line statistics.
func (w *Warp) countOp(x *xinst, k smem.OpKind, c smem.Cost) {
	if lc := w.cta.l.Counters; lc != nil {
		lc.Add(k, c)
	}
	if w.eff != nil {
		w.eff.noteSmem(k, c)
	}
	s := w.cta.l.site(x)
	s.Executions++
	s.Wavefronts += uint64(c.Wavefronts)
	s.Ideal += uint64(c.Ideal)
	s.Conflicts += uint64(c.Conflicts())
	s.Kind = k
	s.MaxWay = max(s.MaxWay, c.MaxWay)
}

// gatherGranules is the gather of an address table with granules (wgTab):
// each 16-byte granule of sh at gran[i] holds elements i*per.. of dst.
func gatherGranules(dst []uint32, sh []byte, gran []uint32, es int) {
	switch es {
	case 4:
		for i, o := range gran {
			s := (*[16]byte)(sh[o : o+16])
			d := (*[4]uint32)(dst[4*i : 4*i+4])
			d[0] = binary.LittleEndian.Uint32(s[0:])
			d[1] = binary.LittleEndian.Uint32(s[4:])
			d[2] = binary.LittleEndian.Uint32(s[8:])
			d[3] = binary.LittleEndian.Uint32(s[12:])
		}
	case 2:
		for i, o := range gran {
			s := (*[16]byte)(sh[o : o+16])
			d := (*[8]uint32)(dst[8*i : 8*i+8])
			lo, hi := binary.LittleEndian.Uint64(s[0:]), binary.LittleEndian.Uint64(s[8:])
			d[0], d[1], d[2], d[3] = uint32(lo&0xffff), uint32(lo>>16&0xffff), uint32(lo>>32&0xffff), uint32(lo>>48)
			d[4], d[5], d[6], d[7] = uint32(hi&0xffff), uint32(hi>>16&0xffff), uint32(hi>>32&0xffff), uint32(hi>>48)
		}
	default:
		for i, o := range gran {
			s := (*[16]byte)(sh[o : o+16])
			d := (*[16]uint32)(dst[16*i : 16*i+16])
			for j, b := range s {
				d[j] = uint32(b)
			}
		}
	}
}
