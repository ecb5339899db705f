package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// One thread reads kA[0], then (through the value it read, so in order)
// kB[0] and kC[128]: kA is 128 bytes, kB 48 bytes right after it in
// constant bank 3 (bytes 128-175: the next 128-byte line), kC[128] at bank
// byte 176 + 512.
const constBlockPTX = `
.version 8.0
.target sm_90
.address_size 64
.const .align 4 .b32 kA[32];
.const .align 4 .b32 kB[12];
.const .align 4 .b32 kC[256];
.visible .entry constblock(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [out];
	mov.u64 %rd9, kA;
	ld.const.u32 %r1, [%rd9];
	mul.wide.u32 %rd2, %r1, 4;
	mov.u64 %rd3, %clock64;
	mov.u64 %rd10, kB;
	add.u64 %rd4, %rd10, %rd2;
	ld.const.u32 %r2, [%rd4];
	mul.wide.u32 %rd5, %r2, 4;
	mov.u64 %rd6, %clock64;
	mov.u64 %rd11, kC;
	add.u64 %rd7, %rd11, %rd5;
	ld.const.u32 %r3, [%rd7+512];
	add.u32 %r4, %r3, 1;
	mov.u64 %rd8, %clock64;
	st.global.u32 [%rd1+24], %r4;
	st.global.v2.u64 [%rd1], {%rd3, %rd6};
	st.global.u64 [%rd1+16], %rd8;
	ret;
}
`

// A miss of ld.const brings its whole 256-byte block of the constant bank
// (sim/sm/constblock.go). On the H200 (validation/timing/constblock.md),
// after a miss at bank byte 0, reads at bytes 32 to 256 take 39-109 cycles
// and reads at 512 and beyond miss again (about 330 cycles with the bank
// in L2, 800-1200 after ncu's flush). Here kB[0] (bank byte 128: the
// first block's second line, though its own global address is elsewhere)
// is a hit and kC[128] (bank byte 688) is a miss.
func TestConstBankBlockHit(t *testing.T) {
	v := u64s(timedOne(t, "constblock", constBlockPTX, 1, 32)[0])
	hit, miss := v[1]-v[0], v[2]-v[1]
	assert.Less(t, hit, int64(120), "kB[0] shares kA's 256-byte block")
	assert.Greater(t, miss, int64(250), "kC[128] is two blocks on")
}
