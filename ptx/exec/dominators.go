package exec

// ImmediateDominators is the immediate dominator of every node of the
// graph succ (node v's successors; negative entries are ignored) reachable
// from root, by the iterative algorithm of Cooper, Harvey and Kennedy over
// reverse postorder: idom[root] = root, -1 for a node root does not reach.
// computeIPDOM runs it on the reverse CFG from the exit node (post-
// dominators); sim/sm's descRegion on the CFG from the entry.
func ImmediateDominators(succ [][]int32, root int32) []int32 {
	n := len(succ)
	preds := make([][]int32, n)
	order := make([]int32, 0, n) // postorder
	seen := make([]bool, n)
	type item struct{ v, k int32 }
	st := []item{{root, 0}}
	seen[root] = true
	for len(st) > 0 {
		top := &st[len(st)-1]
		if int(top.k) < len(succ[top.v]) {
			s := succ[top.v][top.k]
			top.k++
			if s < 0 {
				continue
			}
			preds[s] = append(preds[s], top.v)
			if !seen[s] {
				seen[s] = true
				st = append(st, item{s, 0})
			}
			continue
		}
		order = append(order, top.v)
		st = st[:len(st)-1]
	}
	num := make([]int32, n) // postorder number
	for i, v := range order {
		num[v] = int32(i)
	}
	idom := make([]int32, n)
	for i := range idom {
		idom[i] = -1
	}
	idom[root] = root
	intersect := func(a, b int32) int32 {
		for a != b {
			for num[a] < num[b] {
				a = idom[a]
			}
			for num[b] < num[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(order) - 2; i >= 0; i-- { // reverse postorder, root (last) left out
			v := order[i]
			nd := int32(-1)
			for _, p := range preds[v] {
				if idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd >= 0 && idom[v] != nd {
				idom[v], changed = nd, true
			}
		}
	}
	return idom
}
