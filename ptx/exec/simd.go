package exec

import "github.com/sm90sim/sm90sim/ptx"

// compileSIMD16 handles add/sub/min/max on .u16x2/.s16x2 (sm_90).
func compileSIMD16(c *compiler, x *xinst) error {
	in := x.in
	signed := x.t == ptx.S16x2
	relu := in.Mods.Flags&ptx.FRelu != 0
	var f func(a, b uint64) uint64
	switch in.Op {
	case ptx.OpAdd:
		f = func(a, b uint64) uint64 { return (a + b) & 0xffff }
	case ptx.OpSub:
		f = func(a, b uint64) uint64 { return (a - b) & 0xffff }
	case ptx.OpMin, ptx.OpMax:
		isMax := in.Op == ptx.OpMax
		f = func(a, b uint64) uint64 {
			var gt bool
			if signed {
				gt = sext(a, 16) > sext(b, 16)
			} else {
				gt = a > b
			}
			r := b
			if gt == isMax {
				r = a
			}
			if relu && signed && sext(r, 16) < 0 {
				r = 0
			}
			return r
		}
	default:
		return errUnsupported(in)
	}
	x.f2, x.fn = packed2(f), hBin
	return needOps(x, 3)
}

// compileVideo returns the compiler for the legacy video instructions
// (vadd, vadd2, vadd4, ...) or nil.
func compileVideo(op ptx.Opcode) compileFn {
	switch op {
	case ptx.OpVadd2, ptx.OpVsub2, ptx.OpVavrg2, ptx.OpVabsdiff2, ptx.OpVmin2, ptx.OpVmax2, ptx.OpVset2,
		ptx.OpVadd4, ptx.OpVsub4, ptx.OpVavrg4, ptx.OpVabsdiff4, ptx.OpVmin4, ptx.OpVmax4, ptx.OpVset4:
		return compileVideoSIMD
	}
	return nil
}

// compileVideoSIMD handles the packed video instructions.
func compileVideoSIMD(c *compiler, x *xinst) error {
	return errUnsupported(x.in)
}
