package exec

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/tma"
)

// tensormapFields are the .field qualifiers of tensormap.replace.
var tensormapFields = []string{"global_address", "rank", "box_dim", "global_dim", "global_stride",
	"element_stride", "elemtype", "interleave_layout", "swizzle_mode", "fill_mode"}

// compileTensormap handles tensormap.replace.tile.FIELD.{global,shared::cta}.b1024.{b32,b64}
// [addr], {ord,} value (an edit of the simulator's encoding in place, see
// tma.Replace) and tensormap.cp_fenceproxy (a 128-byte shared -> global copy
// with the proxy fence, which functional mode does not need).
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
		for r := m; r != 0; r &= r - 1 {
			l := tz(r)
			b, err := w.tensormapBytes(x, sp, &x.ops[0], l)
			if err != nil {
				return err
			}
			ord := 0
			if len(x.ops) == 3 {
				ord = int(w.src(&x.ops[1], l))
			}
			if err := tma.Replace(b, field, ord, w.src(&x.ops[len(x.ops)-1], l)); err != nil {
				return w.laneFault(x, l, "%v", err)
			}
		}
		return nil
	}
	return nil
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

func compileTensormapCopy(x *xinst) error {
	if len(x.ops) != 3 || x.ops[0].kind != oAddr || x.ops[1].kind != oAddr {
		return errAt(x.in, "%s expects [global dst], [shared src], 128", x.in.Text)
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
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
		}
		return nil
	}
	return nil
}
