package exec

// A timing driver may run a straight-line stretch of a function in the
// order ptxas issues it (sim/sm/sched.go: global loads ahead of the
// arithmetic that waits for them, arithmetic list-scheduled) instead of
// the PTX order. The functional run never does: it runs the PTX order.
//
// IssueOrder is, by function index, the PC of the instruction a warp
// executes when it is at each PC (nil: the PTX order). The driver
// promises that a permutation only moves instructions within a
// straight-line stretch that control enters at its first PC only (no
// branch, call or return inside, no label target but its first PC) and
// keeps every register dependence (read after write, write after read,
// write after write): every lane then enters a stretch at its first PC,
// executes all its instructions in an order that gives the PTX order's
// values, and leaves it at its end, so branches, calls, returns and
// reconvergence work on PCs as before.
type IssueOrder [][]int32

// SetIssueOrder makes the CTA's warps execute o's order (nil: the PTX
// order). Call it before the first Issue.
func (c *CTA) SetIssueOrder(o IssueOrder) { c.order = o }

// inst is the instruction a warp at PC pc of f executes.
func (c *CTA) inst(f *xfunc, pc int32) *xinst {
	if c.order != nil && f.idx < len(c.order) {
		if o := c.order[f.idx]; o != nil {
			return &f.insts[o[pc]]
		}
	}
	return &f.insts[pc]
}

// FuncInfos is the static information of function fi's instructions by PC
// (nil for a declaration without a body); Infos is the entry's.
func (k *Kernel) FuncInfos(fi int) []*InstInfo {
	if fi < 0 || fi >= len(k.funcs) || k.funcs[fi] == nil {
		return nil
	}
	f := k.funcs[fi]
	out := make([]*InstInfo, len(f.insts))
	for i := range f.insts {
		out[i] = &f.insts[i].info
	}
	return out
}
