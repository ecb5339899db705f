package exec

// Memo returns the value f computes for key on this kernel, running f at
// most once per kernel and key. It is for analyses that depend on the
// kernel alone (the timed model's lowering and issue schedule, its
// register estimate): every partition of a run, and every run of a kernel
// compiled once (calibrate simulates each microbenchmark hundreds of
// times), shares one result. f must not call Memo on the same kernel, and
// its result must not change once returned.
func (k *Kernel) Memo(key any, f func() any) any {
	k.memoMu.Lock()
	defer k.memoMu.Unlock()
	if v, ok := k.memo[key]; ok {
		return v
	}
	v := f()
	if k.memo == nil {
		k.memo = map[any]any{}
	}
	k.memo[key] = v
	return v
}
