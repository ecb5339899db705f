package exec

// AsyncClass says what an instruction does to asynchronous work, for a
// timing model that tracks when that work completes.
type AsyncClass uint8

// Async classes.
const (
	AsyncNone        AsyncClass = iota
	AsyncCopy                   // cp.async (LDGSTS): a global read into shared memory, in the warp's cp.async group
	AsyncCommit                 // cp.async.commit_group
	AsyncWait                   // cp.async.wait_group N / wait_all (WaitN -1)
	AsyncCopyArrive             // cp.async.mbarrier.arrive: an arrive when the warp's copies land
	AsyncBulkLoad               // TMA / bulk copy into shared memory completing on an mbarrier
	AsyncBulkStore              // TMA / bulk store or reduction from shared memory (bulk group)
	AsyncBulkCommit             // cp.async.bulk.commit_group
	AsyncBulkWait               // cp.async.bulk.wait_group(.read) N
	AsyncMbarWait               // mbarrier.try_wait / test_wait
	AsyncMbarOther              // other mbarrier operations (init, arrive, expect_tx, ...)
	AsyncWgmma                  // wgmma.mma_async
	AsyncWgmmaCommit            // wgmma.commit_group
	AsyncWgmmaWait              // wgmma.wait_group N
	AsyncWgmmaFence             // wgmma.fence
	AsyncPrefetch               // TMA / bulk prefetch into L2
)

// The compilers set these fields as they dispatch (compileCp, the bulk
// and tensor copies, compileMbarrier, compileWgmma); buildInfo keeps them.

// setAsync records x's async class and wait_group N (-1: wait_all).
func (x *xinst) setAsync(a AsyncClass, waitN int32) {
	x.info.Async, x.info.WaitN = a, waitN
}

// setWgmmaShape records a wgmma.mma_async's N, K, A/B element width (of
// the PTX type), RS form and sparsity.
func (x *xinst) setWgmmaShape(n, k int, rs, sparse bool) {
	inf := &x.info
	inf.MMAN, inf.MMAK, inf.MMARS, inf.MMASparse = int32(n), int32(k), rs, sparse
	if t := x.in.Mods.Types; len(t) >= 2 {
		inf.MMABits = int32(t[1].Bits())
	}
}
