package exec

// Wgmma serialization (ptxas advisory C7515): ptxas pipelines a function's
// wgmma.mma_async only when no ordinary instruction defines an accumulator
// register inside a pipeline stage; otherwise it inserts a wait after every
// HGMMA ("wgmma.mma_async instructions are serialized due to non wgmma
// instructions defining accumulator registers of a wgmma between start and
// end of the pipeline stage") and the function's wgmmas run one at a time,
// each at its full latency.
//
// The static rule here reproduces ptxas 13.0's verdict on every PTX file of
// the corpus (validation/timing/async/ptxas_c7515.txt): ptxas reads the
// code in layout order; a stage opens at a wgmma.mma_async and stays open
// until a wgmma.wait_group 0 (a wait_group N > 0 leaves groups in flight);
// an instruction other than wgmma.mma_async that writes an accumulator
// register of some wgmma.mma_async of the function while a stage is open
// serializes the function. Triton's TMA matmuls are flagged: their K loop
// ends with wait_group 1, and the block that zeroes the accumulators when
// the loop is skipped is laid out after it, before the final wait_group 0.
// Moves before the first wgmma (nvcc's C++ initialisation, also after an
// inline-asm wgmma.fence) and rescaling after a wait_group 0 (flash
// attention) are not.

// SerialWgmma describes a function whose wgmmas ptxas serializes: the
// first (lowest line) defining instruction found and how many there are.
type SerialWgmma struct {
	Func  string
	Entry bool // the function is an .entry
	Def   *InstInfo
	Count int
}

// markSerialWgmma applies the rule to xf: its wgmma.mma_async
// instructions get InstInfo.SerialWgmma and the result says why (nil
// when the function is pipelined).
func markSerialWgmma(xf *xfunc) *SerialWgmma {
	acc := map[int32]bool{}
	for i := range xf.insts {
		if inf := &xf.insts[i].info; inf.Async == AsyncWgmma {
			for _, r := range inf.Defs {
				acc[r] = true
			}
		}
	}
	if len(acc) == 0 {
		return nil
	}
	var out *SerialWgmma
	open := false
	for i := range xf.insts {
		inf := &xf.insts[i].info
		switch inf.Async {
		case AsyncWgmma:
			open = true
			continue
		case AsyncWgmmaWait:
			if inf.WaitN <= 0 {
				open = false
			}
			continue
		}
		if !open {
			continue
		}
		for _, r := range inf.Defs {
			if acc[r] {
				if out == nil {
					out = &SerialWgmma{Func: xf.fn.Name, Entry: xf.fn.Entry, Def: inf}
				}
				out.Count++
				break
			}
		}
	}
	if out != nil {
		for i := range xf.insts {
			if inf := &xf.insts[i].info; inf.Async == AsyncWgmma {
				inf.SerialWgmma = true
			}
		}
	}
	return out
}

// SerialWgmma lists the kernel's functions whose wgmmas ptxas serializes
// (C7515), in function order.
func (k *Kernel) SerialWgmma() []SerialWgmma {
	var out []SerialWgmma
	for _, xf := range k.funcs {
		if xf != nil && xf.serial != nil {
			out = append(out, *xf.serial)
		}
	}
	return out
}
