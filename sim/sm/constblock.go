package sm

import "github.com/sm90sim/sm90sim/ptx/exec"

// constBlockLines is how many 128-byte lines of the constant bank one
// miss of an ld.const (SASS LDC c[0x3][..]) brings into the SM's constant
// cache: 256 bytes, measured on the H200 (validation/timing/constblock.md:
// after a miss at byte 0 of a __constant__ array, reads at 32, 64, 96, 128
// and 256 bytes take 39-109 cycles, at 512, 1024 and 1536 a miss each,
// 331-340 cycles warm and 800-1200 after ncu's cache flush). Structural:
// the model's L1 holds the block's lines, so a later read of any of them
// is an L1 hit.
const constBlockLines = 2

// constBankLines is where the model puts the constant bank's lines: above
// every global address (the bank is its own memory; ptxas packs the .const
// variables into it, exec.Kernel.ConstBank, so two small arrays share a
// block as they do on the GPU).
const constBankLines = uint64(1) << 50

// constBlock returns the Effect an ld.const asks the memory model for:
// e's lines, in the constant bank, widened to their whole 256-byte blocks,
// every sector.
func (s *SM) constBlock(e *exec.Effect) *exec.Effect {
	n := min(e.NumLines, len(e.GlobalLines))
	sub := &s.constSub
	memHeader(sub, e)
	sub.NumLines, sub.NumSectors = 0, 0
	for i := 0; i < n; i++ {
		ln := e.GlobalLines[i]
		if s.code != nil && s.code.kern != nil {
			// the line's first sector's place in the bank
			for b := uint8(0); b < 4; b++ {
				if e.LineSectors[i]&(1<<b) != 0 {
					if off, ok := s.code.kern.ConstBank(ln*128 + uint64(b)*32); ok {
						ln = constBankLines + off/128
					}
					break
				}
			}
		}
		base := ln &^ (constBlockLines - 1)
		for k := uint64(0); k < constBlockLines; k++ {
			ln := base + k
			dup := false
			for j := 0; j < sub.NumLines; j++ {
				if sub.GlobalLines[j] == ln {
					dup = true
					break
				}
			}
			if dup || sub.NumLines == len(sub.GlobalLines) {
				continue
			}
			sub.GlobalLines[sub.NumLines] = ln
			sub.LineSectors[sub.NumLines] = 0xf
			sub.LineBytes[sub.NumLines] = 0
			sub.NumLines++
			sub.NumSectors += 4
		}
	}
	sub.GlobalBytes = 32 * sub.NumSectors
	return sub
}

// memHeader gives dst, a scratch Effect for a memory request (Host.Memory),
// e's fields other than its lines: what the memory model reads (the caller
// fills the lines), without copying the whole Effect (its line arrays are
// a few KiB) on every request.
func memHeader(dst, e *exec.Effect) {
	dst.Info, dst.GlobalStore, dst.GlobalTMA, dst.TMAMap = e.Info, e.GlobalStore, e.GlobalTMA, e.TMAMap
	dst.GuardTrue, dst.Active = e.GuardTrue, e.Active
}
