package exec

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/tma"
)

// tensorMapAt reads and validates the tensor map named by the base of
// address operand o ([tmap, {...}] or [tmap]): a generic address of a map
// in param, const or global space (or shared, where tensormap.replace
// edits one), or a .param symbol.
func (w *Warp) tensorMapAt(x *xinst, o *xop, l int) (tma.TensorMap, error) {
	a := w.addrOf(o, l)
	sp := ptx.SpaceNone
	if o.sym.Kind == ptx.SymParam {
		sp = ptx.SpaceParam
	}
	if sp == ptx.SpaceNone {
		sp, a = w.cta.classify(a)
	}
	if a%64 != 0 {
		return tma.TensorMap{}, w.laneFault(x, l, "tensor map at 0x%x is not 64-byte aligned", a)
	}
	w.noteTMAMap(sp, a)
	b, msg := w.access(sp, a, tma.Size, l)
	if msg != "" {
		return tma.TensorMap{}, w.laneFault(x, l, "tensor map: %s", msg)
	}
	tm, err := tma.Decode(b)
	if err != nil {
		return tm, w.laneFault(x, l, "%s space 0x%x: %v", spaceName(sp), a, err)
	}
	if rerr := tm.Validate(); rerr != nil {
		return tm, w.laneFault(x, l, "tensor map at %s 0x%x is invalid: %v", spaceName(sp), a, rerr)
	}
	return tm, nil
}

func spaceName(sp ptx.Space) string {
	if sp == ptx.SpaceNone {
		return "generic"
	}
	return sp.String()
}
