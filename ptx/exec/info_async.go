package exec

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
)

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

// asyncInfo fills the async fields of inf from the instruction.
func asyncInfo(in *ptx.Inst, inf *InstInfo) {
	has := func(s string) bool { return slices.Contains(in.Quals, s) }
	imm := func(i int) int32 {
		if i < len(in.Ops) && in.Ops[i].Kind == ptx.OpdImm {
			return int32(in.Ops[i].Imm)
		}
		return -1
	}
	switch in.Op {
	case ptx.OpCp:
		switch {
		case has("commit_group"):
			inf.Async = AsyncCommit
			if has("bulk") {
				inf.Async = AsyncBulkCommit
			}
		case has("wait_all"):
			inf.Async, inf.WaitN = AsyncWait, -1
		case has("wait_group"):
			inf.Async, inf.WaitN = AsyncWait, imm(0)
			if has("bulk") {
				inf.Async = AsyncBulkWait
			}
		case has("prefetch"):
			inf.Async = AsyncPrefetch
		case has("mbarrier") && has("arrive"):
			inf.Async = AsyncCopyArrive
		case has("bulk") || has("tensor"):
			inf.Async = AsyncBulkStore
			if in.Mods.Space == ptx.SpaceShared || in.Mods.Space == ptx.SpaceSharedCluster {
				inf.Async = AsyncBulkLoad
			}
			if has("reduce") {
				inf.Async = AsyncBulkStore
			}
		default:
			inf.Async = AsyncCopy
		}
	case ptx.OpMbarrier:
		inf.Async = AsyncMbarOther
		if in.Mods.Sub == "try_wait" || in.Mods.Sub == "test_wait" {
			inf.Async = AsyncMbarWait
		}
	case ptx.OpWgmma:
		switch in.Mods.Sub {
		case "mma_async":
			inf.Async = AsyncWgmma
			wgmmaShape(in, inf)
		case "commit_group":
			inf.Async = AsyncWgmmaCommit
		case "wait_group":
			inf.Async, inf.WaitN = AsyncWgmmaWait, imm(0)
		case "fence":
			inf.Async = AsyncWgmmaFence
		}
	}
}

// wgmmaShape reads N and K from the shape qualifier (m64nNkK), the A/B
// element width and whether A comes from registers (RS).
func wgmmaShape(in *ptx.Inst, inf *InstInfo) {
	for _, q := range in.Quals {
		if !strings.HasPrefix(q, "m64n") {
			continue
		}
		n, k, ok := strings.Cut(q[4:], "k")
		if !ok {
			continue
		}
		nn, err1 := strconv.Atoi(n)
		kk, err2 := strconv.Atoi(k)
		if err1 == nil && err2 == nil {
			inf.MMAN, inf.MMAK = int32(nn), int32(kk)
		}
	}
	if len(in.Mods.Types) >= 2 {
		inf.MMABits = int32(in.Mods.Types[1].Bits())
	}
	// SS: A is a descriptor (a 64-bit register or immediate); RS: a vector.
	if len(in.Ops) > 1 && in.Ops[1].Kind == ptx.OpdVec {
		inf.MMARS = true
	}
	if slices.Contains(in.Quals, "sp") {
		inf.MMASparse = true
	}
}
