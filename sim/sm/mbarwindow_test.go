package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// Straight-line test_waits of one mbarrier, each read by a selp and an
// add, as microbench mbtput_test has them: ptxas issues three phase checks
// ahead of the first read (SASS: SYNCS.PHASECHK.TRANS64 over SB0-SB2). By
// hand: the schedule issues test_waits 0, 1, 2 before selp 0, and test_wait
// k (k >= 3) after selp k-3; the test_waits keep their order.
const mbarWindowPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pm)
{
	.reg .pred %p<8>;
	.reg .b32 %r<32>;
	.shared .align 8 .b64 bar;
	ld.param.u32 %r1, [pm];
	mov.u32 %r2, bar;
	mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r2], 0;
	selp.b32 %r11, 1, 0, %p1;
	add.s32 %r1, %r1, %r11;
	mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r2], 0;
	selp.b32 %r12, 1, 0, %p2;
	add.s32 %r1, %r1, %r12;
	mbarrier.test_wait.parity.shared::cta.b64 %p3, [%r2], 0;
	selp.b32 %r13, 1, 0, %p3;
	add.s32 %r1, %r1, %r13;
	mbarrier.test_wait.parity.shared::cta.b64 %p4, [%r2], 0;
	selp.b32 %r14, 1, 0, %p4;
	add.s32 %r1, %r1, %r14;
	mbarrier.test_wait.parity.shared::cta.b64 %p5, [%r2], 0;
	selp.b32 %r15, 1, 0, %p5;
	add.s32 %r1, %r1, %r15;
	st.shared.u32 [%r2], %r1;
	ret;
}
`

func TestMbarWindowSchedule(t *testing.T) {
	_, k, l := lowered(t, mbarWindowPTX)
	order := l.issueOrder()
	fi := l.sched.entry
	pos := map[int32]int{} // PC -> issue slot
	n := len(k.Infos())
	for i := 0; i < n; i++ {
		pc := int32(i)
		if order != nil && order[fi] != nil {
			pc = order[fi][i]
		}
		pos[pc] = i
	}
	var waits, selps []int32
	for _, inf := range k.Infos() {
		switch inf.Op {
		case ptx.OpMbarrier:
			waits = append(waits, inf.PC)
		case ptx.OpSelp:
			selps = append(selps, inf.PC)
		}
	}
	if !assert.Len(t, waits, 5) || !assert.Len(t, selps, 5) {
		return
	}
	for j := 0; j < 3; j++ {
		assert.Less(t, pos[waits[j]], pos[selps[0]], "test_wait %d before the first selp", j)
	}
	for j := 3; j < 5; j++ {
		assert.Greater(t, pos[waits[j]], pos[selps[j-3]], "test_wait %d after selp %d", j, j-3)
	}
	for j := 1; j < 5; j++ {
		assert.Greater(t, pos[waits[j]], pos[waits[j-1]], "test_waits keep their order")
	}
}
