package exec

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
)

// compilePrefetch: prefetch has no functional effect; prefetch.tensormap
// names the tensor map whose descriptor the TMA unit fetches ahead
// (Effect.TMAMap, for the timing model).
func compilePrefetch(c *compiler, x *xinst) error {
	if !slices.Contains(x.in.Quals, "tensormap") || len(x.ops) == 0 || x.ops[0].kind != oAddr {
		return compileNop(c, x)
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if m == 0 {
			return nil
		}
		l := tz(m)
		a := w.addrOf(&x.ops[0], l)
		sp := ptx.SpaceNone
		if x.ops[0].sym.Kind == ptx.SymParam {
			sp = ptx.SpaceParam
		}
		if sp == ptx.SpaceNone {
			sp, a = w.cta.classify(a)
		}
		w.noteTMAMap(sp, a)
		return nil
	}
	return nil
}
