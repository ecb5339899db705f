package exec

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
	"github.com/sm90sim/sm90sim/tma"
)

// tensormapFields are the .field qualifiers of tensormap.replace.
var tensormapFields = []string{"global_address", "rank", "box_dim", "global_dim", "global_stride",
	"element_stride", "elemtype", "interleave_layout", "swizzle_mode", "fill_mode"}

// compileTensormap handles tensormap.replace.tile.FIELD.{global,shared::cta}.b1024.{b32,b64}
// [addr], {ord,} value (an edit of the simulator's encoding in place, see
// tma.Replace) and tensormap.cp_fenceproxy (a 128-byte shared -> global copy
// with the proxy fence, which functional mode does not need). The
// shared-memory traffic is counted as ptxas lowers them (replaceSASS).
func compileTensormap(c *compiler, x *xinst) error {
	in := x.in
	if in.Mods.Sub == "cp_fenceproxy" {
		return compileTensormapCopy(x)
	}
	field := ""
	for _, q := range in.Quals {
		if slices.Contains(tensormapFields, q) {
			field = q
		}
	}
	if in.Mods.Sub != "replace" || field == "" || (len(x.ops) != 2 && len(x.ops) != 3) || x.ops[0].kind != oAddr {
		return errAt(in, "%s expects tensormap.replace.tile.FIELD [addr], {ord,} value", in.Text)
	}
	sp := in.Mods.Space
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		var at [32]uint32 // shared-window address of each lane's map (.shared::cta)
		ord := 0
		for r := m; r != 0; r &= r - 1 {
			l := tz(r)
			b, err := w.tensormapBytes(x, sp, &x.ops[0], l)
			if err != nil {
				return err
			}
			if len(x.ops) == 3 {
				ord = int(w.src(&x.ops[1], l))
			}
			if err := tma.Replace(b, field, ord, w.src(&x.ops[len(x.ops)-1], l)); err != nil {
				return w.laneFault(x, l, "%v", err)
			}
			at[l] = uint32(w.addrOf(&x.ops[0], l))
		}
		if sp == ptx.SpaceShared {
			for _, a := range replaceSASS(field, ord) {
				acc := smem.Access{Kind: smem.OpLd, Width: a.width, Active: m}
				if a.store {
					acc.Kind = smem.OpSt
				}
				for r := m; r != 0; r &= r - 1 {
					acc.Addr[tz(r)] = at[tz(r)] + a.off
				}
				w.countSmem(x, &acc)
			}
		}
		return nil
	}
	return nil
}

// sassAccess is one shared-memory instruction of a lowered tensormap
// instruction: a load or store of width bytes at off into the map.
type sassAccess struct {
	store bool
	off   uint32
	width int
}

// replaceSASS is the shared-memory traffic of one
// tensormap.replace.tile.FIELD.shared::cta as ptxas 13.0 lowers it for
// sm_90a (the SASS of validation/testdata/tma_replace, 2026-11-25): no
// special instruction, but read-modify-writes of 32-bit words of the
// driver's 128-byte encoding, one LDS/STS each per warp:
//
//	global_address        STS.64 [+0x00]
//	rank, elemtype, interleave_layout, swizzle_mode, fill_mode
//	                      LDS, STS [+0x08] (bit fields of one word)
//	global_stride ord k   LDS [+0x1c], STS [+0x0c+4k] (stride >> 4, low 32 bits), STS [+0x1c] (high nibble k)
//	global_dim ord k      STS [+0x20+4k] (dim - 1)
//	box_dim ord k         LDS, STS [+0x38] (byte k of box - 1; ord 4: the top byte of +0x34)
//	element_stride ord k  LDS, STS [+0x34] (bits 3k..3k+2 of stride - 1)
//
// With the LDS of tensormap.cp_fenceproxy these are exactly the GPU's extra
// smsp__sass_inst_executed_op_shared_{ld,st} over the PTX-level accesses
// in that recording (97 LDS and 70 STS in its first version).
func replaceSASS(field string, ord int) []sassAccess {
	rmw := func(off uint32) []sassAccess { return []sassAccess{{false, off, 4}, {true, off, 4}} }
	switch field {
	case "global_address":
		return []sassAccess{{true, 0x00, 8}}
	case "global_stride":
		return []sassAccess{{false, 0x1c, 4}, {true, 0x0c + 4*uint32(ord), 4}, {true, 0x1c, 4}}
	case "global_dim":
		return []sassAccess{{true, 0x20 + 4*uint32(ord), 4}}
	case "box_dim":
		if ord == 4 {
			return rmw(0x34)
		}
		return rmw(0x38)
	case "element_stride":
		return rmw(0x34)
	}
	return rmw(0x08)
}

// tensormapBytes resolves the 128-byte, 64-aligned map object at operand o.
func (w *Warp) tensormapBytes(x *xinst, sp ptx.Space, o *xop, l int) ([]byte, error) {
	a := w.addrOf(o, l)
	if sp == ptx.SpaceNone {
		sp, a = w.cta.classify(a)
	}
	if a%64 != 0 {
		return nil, w.laneFault(x, l, "tensor map at 0x%x is not 64-byte aligned", a)
	}
	b, msg := w.access(sp, a, tma.Size, l)
	if msg != "" {
		return nil, w.laneFault(x, l, "%s", msg)
	}
	return b, nil
}

// compileTensormapCopy: tensormap.cp_fenceproxy.global.shared::cta...
// [gdst], [ssrc], 128. ptxas lowers it to one LDS per lane (lane l reads
// bytes 4l..4l+3 of the map), an ATOMG.EXCH per lane into the global copy,
// and UTMACCTL.IV: the LDS is counted as one warp-wide shared load.
func compileTensormapCopy(x *xinst) error {
	if len(x.ops) != 3 || x.ops[0].kind != oAddr || x.ops[1].kind != oAddr {
		return errAt(x.in, "%s expects [global dst], [shared src], 128", x.in.Text)
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		acc := smem.Access{Kind: smem.OpLd, Width: 4, Active: m}
		for r := m; r != 0; r &= r - 1 {
			l := tz(r)
			d, err := w.tensormapBytes(x, ptx.SpaceGlobal, &x.ops[0], l)
			if err != nil {
				return err
			}
			s, err := w.tensormapBytes(x, ptx.SpaceShared, &x.ops[1], l)
			if err != nil {
				return err
			}
			copy(d, s)
			acc.Addr[l] = uint32(w.addrOf(&x.ops[1], l)) + 4*uint32(l)
		}
		if m != 0 {
			w.countSmem(x, &acc)
		}
		return nil
	}
	return nil
}
