package sm

// Stall is a warp state for one cycle, in the categories of Nsight
// Compute's warp-state sampling (smsp__pcsamp_warps_issue_stalled_*).
type Stall uint8

// Warp states. Every resident warp is in exactly one per cycle.
const (
	Selected              Stall = iota // issued an instruction this cycle
	StallNotSelected                   // could issue; another warp of its scheduler did
	StallWait                          // waiting on a fixed-latency result (ALU, FMA, FP64, conversions)
	StallShortScoreboard               // waiting on an MIO result: shared memory, MUFU, warp exchange
	StallLongScoreboard                // waiting on a global, local or constant memory result
	StallMathPipeThrottle              // its pipe is busy with earlier instructions
	StallMIOThrottle                   // the shared-memory port's queue is full
	StallBarrier                       // waiting at bar.sync / barrier / barrier.cluster
	StallMembar                        // waiting for a memory fence
	StallSleeping                      // suspended in mbarrier.try_wait or nanosleep
	StallBranchResolving               // waiting for a branch target
	StallTensor                        // waiting on a tensor-core result (mma, wgmma)
	StallDispatch                      // the warp's previous instruction still occupies its issue slot
	StallNoInstruction                 // its next instruction is not in the instruction cache yet
	StallLGThrottle                    // the L1's queue of global/local requests is full
	StallDrain                         // exited, waiting for its stores to complete
	StallIMCMiss                       // waiting on a kernel parameter the constant cache does not hold yet
	NumStalls
)

var stallNames = [NumStalls]string{
	"selected", "stall_not_selected", "stall_wait", "stall_short_scoreboard", "stall_long_scoreboard",
	"stall_math_pipe_throttle", "stall_mio_throttle", "stall_barrier", "stall_membar", "stall_sleeping",
	"stall_branch_resolving", "stall_tensor", "stall_dispatch", "stall_no_instruction",
	"stall_lg_throttle", "stall_drain", "stall_imc_miss",
}

// String is the report key of the state.
func (s Stall) String() string {
	if s < NumStalls {
		return stallNames[s]
	}
	return "?"
}

// Stalls counts warp-cycles per state.
type Stalls [NumStalls]int64

// Add adds x.
func (s *Stalls) Add(x *Stalls) {
	for i := range s {
		s[i] += x[i]
	}
}

// Total is the sum over states (a warp's resident cycles).
func (s *Stalls) Total() int64 {
	var t int64
	for _, v := range s {
		t += v
	}
	return t
}
