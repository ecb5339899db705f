package ptx

import "strings"

// Pipe is the execution unit class an instruction issues to on an SM90
// sub-partition, as a timing model sees it. It refines the opcode table's
// executor Class by type and qualifiers: `add.s32` is integer (ALU), `add.f32`
// is fp32 (FMA), `add.f64` is fp64, `mul.lo.s32` is an integer multiply
// (IMAD, which Hopper runs on the FMA pipe), `ex2.approx` is the MUFU.
type Pipe uint8

// Pipes.
const (
	PipeNone    Pipe = iota // no execution unit (labels never reach here)
	PipeALU                 // integer add/logic/shift/compare/select/moves (IADD3, LOP3, ISETP, SEL, MOV)
	PipeIMAD                // integer multiply and multiply-add (IMAD, IMAD.WIDE)
	PipeFP32                // fp32 and packed f16/bf16 arithmetic (FFMA, FADD, HFMA2)
	PipeFP64                // fp64 arithmetic (DFMA, DADD, DMUL)
	PipeMUFU                // special functions (MUFU.EX2/RCP/RSQ/SQRT/LG2/SIN/COS/TANH)
	PipeConv                // conversions (F2F, F2I, I2F, FRND) and POPC, FLO, BREV (16 lanes/SM)
	PipeWarp                // warp-wide exchange: shfl, vote, match, redux, activemask, elect
	PipeShared              // shared memory through the LSU/MIO: ld/st/atom.shared, ldmatrix, stmatrix
	PipeGlobal              // global, local, constant and generic memory: ld/st/atom/red, prefetch
	PipeTensor              // warp-level MMA (mma.sync: HMMA/IMMA/DMMA)
	PipeWgmma               // warpgroup MMA (wgmma.mma_async and its fence/commit/wait)
	PipeAsync               // TMA, bulk copies, cp.async, mbarrier operations, tensormap ops
	PipeBarrier             // bar/barrier, membar, fence
	PipeBranch              // bra, call, ret, exit, trap and other control
	numPipes
)

// NumPipes is the number of pipe classes (for arrays indexed by Pipe).
const NumPipes = int(numPipes)

var pipeNames = [numPipes]string{
	PipeNone: "none", PipeALU: "alu", PipeIMAD: "imad", PipeFP32: "fp32", PipeFP64: "fp64",
	PipeMUFU: "mufu", PipeConv: "conv", PipeWarp: "warp", PipeShared: "shared", PipeGlobal: "global",
	PipeTensor: "tensor", PipeWgmma: "wgmma", PipeAsync: "async", PipeBarrier: "barrier", PipeBranch: "branch",
}

// String is the pipe's short name (used as a report key).
func (p Pipe) String() string {
	if p < numPipes {
		return pipeNames[p]
	}
	return "?"
}

// PipeByName maps a name from String back to its Pipe.
func PipeByName(s string) (Pipe, bool) {
	for i, n := range pipeNames {
		if n == s {
			return Pipe(i), true
		}
	}
	return PipeNone, false
}

// PipeOf classifies an instruction: the opcode table's base pipe, refined
// by the instruction's type, state space and qualifiers.
func PipeOf(in *Inst) Pipe {
	base := opTable[in.Op].Pipe
	t := Type(0)
	if len(in.Mods.Types) > 0 {
		t = in.Mods.Types[0]
	}
	switch base {
	case PipeALU:
		return arithPipe(in, t)
	case PipeGlobal:
		switch in.Op {
		case OpLd, OpLdu, OpSt, OpAtom, OpRed:
			switch in.Mods.Space {
			case SpaceShared, SpaceSharedCluster:
				return PipeShared
			case SpaceParam, SpaceParamEntry:
				if in.Op == OpLd {
					return PipeALU // a constant-bank operand or move (kernel parameters)
				}
			}
		}
	case PipeFP32:
		return floatPipe(in, t)
	}
	return base
}

// arithPipe splits the integer family by type and operation.
func arithPipe(in *Inst, t Type) Pipe {
	switch in.Op {
	case OpMul, OpMad, OpMul24, OpMad24, OpSad, OpMadc, OpDp4a, OpDp2a:
		if t.IsFloat() {
			return floatPipe(in, t)
		}
		return PipeIMAD
	case OpDiv, OpRem:
		if t.IsFloat() {
			return floatPipe(in, t)
		}
		return PipeIMAD // a multiply-based sequence (IMAD.HI, I2F, MUFU.RCP, ...)
	case OpPopc, OpClz, OpBfind, OpBrev:
		// POPC, FLO, BREV: the 16-lane unit conversions use (microbench
		// itput_popc/brev/bfind: 16 per SM-cycle; xchain_*: 17.4 cycles,
		// F2I's latency)
		return PipeConv
	case OpAdd, OpSub, OpMin, OpMax, OpAbs, OpNeg, OpSetp, OpSet, OpSelp, OpSlct:
		if t.IsFloat() {
			return floatPipe(in, t)
		}
	}
	return PipeALU
}

// floatPipe splits the float family by type: f64 to the FP64 unit,
// approximate transcendental functions to the MUFU, the rest to the FMA pipe.
func floatPipe(in *Inst, t Type) Pipe {
	switch in.Op {
	case OpRcp, OpSqrt, OpRsqrt, OpEx2, OpLg2, OpSin, OpCos, OpTanh:
		if t == F64 && in.Op != OpRcp && in.Op != OpRsqrt {
			return PipeFP64
		}
		return PipeMUFU
	case OpCvt:
		return cvtPipe(in)
	case OpTestp, OpCopysign:
		return PipeALU
	case OpMin, OpMax:
		if t == F32 {
			// FMNMX runs on the ALU at its half rate, beside FFMA
			// (microbench fpalu_max_tput 1.93 warp-instructions per
			// SM-cycle, fpalu_max_fma_tput 3.86 with FFMAs interleaved)
			return PipeALU
		}
	}
	if t == F64 {
		return PipeFP64
	}
	return PipeFP32
}

// cvtPipe splits conversions as the microbenchmarks found them on an H200:
// int to f32/f16 (I2FP, 4 cycles) and f16/bf16 to f32 (HADD2.F32) run on
// the FMA pipe, f32 to f16/bf16 (F2FP) on the ALU; float to int (F2I), f64 conversions (F2F) and
// 64-bit integer sources (I2F.S64) on the conversion unit (17-18 cycles);
// int to int is a move or a sign extension.
func cvtPipe(in *Inst) Pipe {
	if len(in.Mods.Types) < 2 {
		return PipeConv
	}
	d, s := in.Mods.Types[0], in.Mods.Types[1]
	switch {
	case !d.IsFloat() && !s.IsFloat():
		return PipeALU
	case d == F64 || s == F64:
		return PipeConv
	case d.IsFloat() && !s.IsFloat():
		if s.Size() == 8 {
			return PipeConv
		}
		return PipeFP32
	case !d.IsFloat():
		return PipeConv
	case s == F32 && (d == F16 || d == F16x2 || d == BF16 || d == BF16x2):
		// F2FP.*.F32.PACK_AB runs on the ALU at its half rate
		// (microbench fpalu_f2fp_tput: 1.93 warp-instructions per SM-cycle)
		return PipeALU
	}
	return PipeFP32
}

// Form marks instructions whose SASS form has a latency other than its
// pipe's (sim/sm/forms.go), decided once from the types and qualifiers.
type Form uint8

const (
	FormNone     Form = iota
	FormConvWide      // a conversion with a 64-bit operand (F2F.F64, I2F.U64, F2I.U64)
	FormF16Conv       // a conversion on the FMA pipe with an f16/bf16 operand (HADD2.F32)
	FormALUFloat      // a float op on the ALU: FMNMX, F2FP (FFMA's latency)
	FormShflIdx       // shfl.sync.idx (SHFL.IDX)
	// fences (fence.sc/acq_rel, membar), by the SASS ptxas emits
	// (microbench fence7_*): a CTA-scope fence is one MEMBAR.*.CTA; a
	// cluster-, GPU- or system-scope one MEMBAR.*.GPU with ERRBAR,
	// CGAERRBAR and CCTL.IVALL; fence.mbarrier_init is a NOP
	FormFenceCTA
	FormFenceWide
	FormFenceNone
	// instructions that hold their warp for a fixed time (sim/sm/tma_hold.go;
	// microbenchmarks t6rep_*, tmadesc*, tmast*): tensormap.cp_fenceproxy,
	// tensormap.replace of a map in shared or global memory, the tensormap
	// proxy fences (.release, .acquire), fence.proxy.async,
	// prefetch.tensormap
	FormTensormapCpFence
	FormTensormapReplaceShared
	FormTensormapReplaceGlobal
	FormFenceTensormapRelease
	FormFenceTensormapAcquire
	FormFenceProxyAsync
	FormPrefetchTensormap
	FormBulkWaitRead // cp.async.bulk.wait_group.read (waits for reads only)
	FormMbarArrive   // mbarrier.arrive*, mbarrier.complete_tx
	FormBulkReduce   // cp.reduce.async.bulk (tensor or not): ptxas's ELECT loop (sim/sm/tma_store.go)
	// mma.sync by the SASS ptxas emits for it on sm_90 (microbench mma28_*,
	// sim/sm/mmaform.go; other shapes, types and mma.sp: FormNone, the
	// tensor pipe's own latency and interval)
	FormMmaF16K16 // m16n8k16 f16/bf16 inputs, f16 or f32 accumulator: HMMA.16816
	FormMmaF16K8  // m16n8k8 f16/bf16 inputs: HMMA.1688
	FormMmaTF32K8 // m16n8k8 tf32: HMMA.1688.F32.TF32
	FormMmaS8K32  // m16n8k32 s8/u8: IMMA.16832
	FormMmaF64K4  // m8n8k4 f64: DMMA.8x8x4
	FormMmaFP8K32 // m16n8k32 e4m3/e5m2: emulated (F2FP unpacks to f16, two HMMA.16816.F32, FADDs)
)

// NumMmaForms is the number of mma.sync forms of one SASS instruction
// (FormMmaF16K16 to FormMmaF64K4; FormMmaFP8K32 is ptxas's emulation,
// exec.MmaFP8Emulation, timed as its parts).
const NumMmaForms = int(FormMmaF64K4-FormMmaF16K16) + 1

// MmaFormNames are the mma.sync forms' parameter names (mma_NAME_latency_cycles).
var MmaFormNames = [NumMmaForms]string{"f16_m16n8k16", "f16_m16n8k8", "tf32_m16n8k8", "s8_m16n8k32", "f64_m8n8k4"}

// MmaIndex is the form's index in MmaFormNames (-1: not an mma.sync form
// of one SASS instruction).
func (f Form) MmaIndex() int {
	if f >= FormMmaF16K16 && f <= FormMmaF64K4 {
		return int(f - FormMmaF16K16)
	}
	return -1
}

// mmaForm classifies an mma.sync by its shape and A type.
func mmaForm(in *Inst) Form {
	if len(in.Mods.Types) != 4 {
		return FormNone
	}
	shape := ""
	for _, q := range in.Quals {
		switch {
		case q == "sp" || strings.HasPrefix(q, "sp::") || strings.HasPrefix(q, "kind::") || q == "block_scale":
			return FormNone
		case strings.HasPrefix(q, "m") && strings.Contains(q, "n") && strings.Contains(q, "k"):
			shape = q
		}
	}
	switch a := in.Mods.Types[1]; {
	case shape == "m16n8k16" && (a == F16 || a == BF16):
		return FormMmaF16K16
	case shape == "m16n8k8" && (a == F16 || a == BF16):
		return FormMmaF16K8
	case shape == "m16n8k8" && a == TF32:
		return FormMmaTF32K8
	case shape == "m16n8k32" && (a == S8 || a == U8):
		return FormMmaS8K32
	case shape == "m8n8k4" && a == F64:
		return FormMmaF64K4
	case shape == "m16n8k32" && (a == E4M3 || a == E5M2):
		return FormMmaFP8K32
	}
	return FormNone
}

// FormOf classifies an instruction's SASS form for its latency.
func FormOf(in *Inst) Form {
	ts := in.Mods.Types
	switch in.Op {
	case OpCvt:
		switch PipeOf(in) {
		case PipeConv:
			for _, t := range ts {
				if t.Size() == 8 {
					return FormConvWide
				}
			}
		case PipeFP32:
			for _, t := range ts {
				if t == F16 || t == F16x2 || t == BF16 || t == BF16x2 {
					return FormF16Conv
				}
			}
		case PipeALU:
			if len(ts) > 0 && ts[0].IsFloat() {
				return FormALUFloat // F2FP
			}
		}
	case OpMin, OpMax:
		if PipeOf(in) == PipeALU && len(ts) > 0 && ts[0].IsFloat() {
			return FormALUFloat // FMNMX
		}
	case OpShfl:
		if strings.Contains(in.Text, ".idx") {
			return FormShflIdx
		}
	case OpFence, OpMembar:
		return fenceForm(in)
	case OpTensormap:
		switch {
		case strings.Contains(in.Text, "cp_fenceproxy"):
			return FormTensormapCpFence
		case strings.Contains(in.Text, ".shared::cta"):
			return FormTensormapReplaceShared
		}
		return FormTensormapReplaceGlobal
	case OpPrefetch:
		if strings.Contains(in.Text, "tensormap") {
			return FormPrefetchTensormap
		}
	case OpMbarrier:
		if strings.Contains(in.Text, ".arrive") || strings.Contains(in.Text, ".complete_tx") {
			return FormMbarArrive
		}
	case OpMma:
		return mmaForm(in)
	}
	if strings.HasPrefix(in.Text, "cp.async.bulk.wait_group.read") {
		return FormBulkWaitRead
	}
	if strings.HasPrefix(in.Text, "cp.reduce.async.bulk") || strings.Contains(in.Text, " cp.reduce.async.bulk") {
		return FormBulkReduce
	}
	return FormNone
}

// fenceForm classifies a fence or membar by its qualifiers; the proxy
// fences have their own hold costs (sim/sm/tma_hold.go).
func fenceForm(in *Inst) Form {
	form := FormFenceWide // fence.sc/acq_rel without a scope is .gpu; membar.gl, .sys
	for _, q := range in.Quals {
		switch q {
		case "proxy":
			return proxyFenceForm(in.Text)
		case "mbarrier_init":
			return FormFenceNone
		case "cta":
			form = FormFenceCTA
		}
	}
	return form
}

// proxyFenceForm classifies a fence.proxy.
func proxyFenceForm(text string) Form {
	switch {
	case strings.Contains(text, "tensormap::generic") && strings.Contains(text, ".release"):
		return FormFenceTensormapRelease
	case strings.Contains(text, "tensormap::generic") && strings.Contains(text, ".acquire"):
		return FormFenceTensormapAcquire
	case strings.Contains(text, "proxy.async"):
		return FormFenceProxyAsync
	}
	return FormNone
}
