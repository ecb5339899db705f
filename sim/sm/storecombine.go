package sm

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Combining a warp's partly written sectors across its consecutive stores
// (session 24, validation/timing/gls24.md).
//
// A plain global store whose lanes write at least 32 bits each and whose
// request spans at most store_combine_lines lines leaves the lines it
// writes only in part in the L1, where the warp's next store can complete
// them: a line of the next store whose sectors are the same and whose
// bytes make them whole (the two halves of a sector, say) combines with
// it, and neither store pays the partly-written surcharge
// (l1_store_partial_cycles) for that line. A held line the next store does
// not complete leaves for the L2 as a byte-masked write and its surcharge
// is paid then, on that next store's L1 time. Stores of more lines, 16- or
// 8-bit lanes, and .cg/.cs stores pay the surcharge at once, as before.
//
// H200, 8 warps of one CTA, 16 stores an iteration (gls23.cu), cycles a
// store SM-wide, with ncu's L2 write sectors per request
// (lts__t_sectors_srcunit_tex_op_write) against the L1's sectors: u32,
// 4 lines x 16 B, the next store the other halves: 4.4 (4 warps 4.07), 2.7
// (4 warps 2.0) of 4 sectors reach the L2; u32 4 lines x two 16-byte
// halves 6.2, 4.8 of 8; 6 lines x 16 B 10.0, 5.1 of 6; 8 lines x 16 B
// (32 lanes, 16 lanes on 8 rows, even lanes) 15.3, 7.9 of 8; u16 4 lines x
// 16 B (4 warps) 7.9, 3.8 of 4: the halves combine at <= 4 lines of 32-bit
// lanes and not at 8 lines or with 16-bit lanes, and the surcharge goes
// with the L2's byte-masked writes. The GPU combines only ~70% of the
// 4-line halves with 8 warps and ~30% at 6 lines; the rule is all or none.
// store_combine_lines fitted 5 on the H200 (group store_combine,
// validation/calibrate/groups24_gls.go; 4 and 5 differ only on rows of
// 16 B 64 B apart, whose stores span 4 or 5 lines).
// storeCombineMax bounds store_combine_lines (warpState.comb's size).
const storeCombineMax = 8

// combLine is a line a warp's last store wrote in part and the L1 holds
// for its next store: its sector mask and the bytes written in them.
type combLine struct {
	line    uint64
	sectors uint8
	bytes   uint16
}

// storePartialLines is how many partly-written-line surcharges the L1
// charges store e of warp ws now: its own partial lines that it cannot
// hold for combining, plus the lines the warp's previous store held that e
// does not complete. It updates the warp's held lines. Loads leave them.
// pay marks e's own partly written lines among them (storemerge.go).
func (s *SM) storePartialLines(ws *warpState, e *exec.Effect) (count int, pay uint64) {
	k := min(s.cfg.StoreCombineLines, storeCombineMax)
	s.combDone, s.combHeld = 0, 0
	if k <= 0 || ws == nil {
		for i := range min(e.NumLines, len(e.GlobalLines), 64) {
			if int(e.LineBytes[i]) < 32*bits.OnesCount8(e.LineSectors[i]) {
				pay |= 1 << i
			}
		}
		return e.PartialStoreLines(), pay
	}
	n := min(e.NumLines, len(e.GlobalLines))
	held := e.Info != nil && e.Info.Op == ptx.OpSt && !e.Info.BypassL1 &&
		e.GuardTrue > 0 && e.GlobalBytes >= 4*e.GuardTrue && e.NumLines <= k
	var done uint8 // this store's lines that complete a held one
	owed := 0
	for _, c := range ws.comb[:ws.combN] {
		hit := false
		if held {
			for i := range n {
				if e.GlobalLines[i] == c.line && e.LineSectors[i] == c.sectors &&
					int(e.LineBytes[i])+int(c.bytes) == 32*bits.OnesCount8(c.sectors) {
					done |= 1 << i
					hit = true
					break
				}
			}
		}
		if !hit {
			owed++
		}
	}
	ws.combN = 0
	s.combDone, s.combHeld = done, 0
	now := owed
	for i := range n {
		if int(e.LineBytes[i]) >= 32*bits.OnesCount8(e.LineSectors[i]) || done&(1<<i) != 0 {
			continue
		}
		if held {
			ws.comb[ws.combN] = combLine{line: e.GlobalLines[i], sectors: e.LineSectors[i], bytes: e.LineBytes[i]}
			ws.combN++
			s.combHeld |= 1 << i
			continue
		}
		now++
		if i < 64 {
			pay |= 1 << i
		}
	}
	return now, pay
}

// combinedEffect is what store e, just through the L1 (storePartialLines),
// sends the L2: a line it completes from the warp's previous store went
// with that store, and a line it holds goes as whole sectors (the two
// halves are one write of the sector, ncu's L2 write sectors); e itself
// when it neither completes nor holds any.
func (s *SM) combinedEffect(e *exec.Effect) *exec.Effect {
	if s.combDone|s.combHeld == 0 || !e.GlobalStore {
		return e
	}
	sub := &s.combSub
	memHeader(sub, e)
	sub.NumLines, sub.NumSectors, sub.GlobalBytes = 0, 0, e.GlobalBytes
	for i := range min(e.NumLines, len(e.GlobalLines)) {
		if i < storeCombineMax && s.combDone&(1<<i) != 0 {
			continue
		}
		j := sub.NumLines
		sub.GlobalLines[j], sub.LineSectors[j], sub.LineBytes[j] = e.GlobalLines[i], e.LineSectors[i], e.LineBytes[i]
		if i < storeCombineMax && s.combHeld&(1<<i) != 0 {
			sub.LineBytes[j] = uint16(32 * bits.OnesCount8(e.LineSectors[i]))
		}
		sub.NumLines++
		sub.NumSectors += bits.OnesCount8(e.LineSectors[i])
	}
	s.combDone, s.combHeld = 0, 0
	return sub
}
