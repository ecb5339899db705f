package exec_test

import "testing"

// bulkReadSrc: warp 0 fills buf, fences, and its lane 0 copies buf to
// global memory with a bulk copy (bulk_group) and commits; then {WAIT}
// (lane 0), {OWN} (all of warp 0), bar.sync, {LATE}. Warp 1 passes the
// barrier and does {OTHER}.
const bulkReadSrc = header + `
.visible .entry k({MAPPARAM}.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<30>;
	.reg .b64 %rd<8>;
	.shared .align 1024 .b8 buf[1024];
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, buf;
	setp.ge.u32 %p1, %r1, 32;
	@%p1 bra W1;
	shl.b32 %r4, %r1, 2;
	add.u32 %r5, %r2, %r4;
	st.shared.u32 [%r5], %r1;
	fence.proxy.async.shared::cta;
	setp.ne.u32 %p2, %r1, 0;
	@%p2 bra J0;
	{COPY}
	cp.async.bulk.commit_group;
	{WAIT}
J0:
	{OWN}
	bar.sync 0;
	{LATE}
	bra END;
W1:
	bar.sync 0;
	{OTHER}
END:
	ret;
}`

func TestHazardBulkRead(t *testing.T) {
	const (
		wait0   = "cp.async.bulk.wait_group.read 0;"
		own     = "st.shared.u32 [%r5], 7;"
		other   = "st.shared.u32 [%r2], 9;"
		pending = "may still be reading: warp 0 has not executed a cp.async.bulk.wait_group.read covering its bulk group 1"
	)
	cases := []hzCase{
		{"wait.read 0, then the issuer rewrites", map[string]string{"WAIT": wait0, "OWN": own}, nil},
		{"wait_group 0 (full completion) also ends the read", map[string]string{"WAIT": "cp.async.bulk.wait_group 0;", "OWN": own}, nil},
		{"wait before the barrier, another warp rewrites after it", map[string]string{"WAIT": wait0, "OTHER": other}, nil},
		{"no wait", map[string]string{"OWN": own},
			[]string{"line 27: async hazard: warp 0 (st.shared.u32) overwrites shared [0x400, 0x410) that the bulk copy of warp 0 at line 23 " + pending}},
		{"wait_group.read 1 leaves the last group reading", map[string]string{"WAIT": "cp.async.bulk.wait_group.read 1;", "OWN": own},
			[]string{"overwrites shared [0x400, 0x410) that the bulk copy of warp 0 at line 23 " + pending}},
		{"no wait, another warp after the barrier", map[string]string{"OTHER": other},
			[]string{"line 33: async hazard: warp 1 (st.shared.u32) overwrites shared [0x400, 0x410) that the bulk copy of warp 0 at line 23 " + pending}},
		{"the issuer waits only after the barrier", map[string]string{"LATE": wait0, "OTHER": other},
			[]string{"warp 1 (st.shared.u32) overwrites shared [0x400, 0x410) that the bulk copy of warp 0 at line 23 may still be reading"}},
	}
	runHzCases(t, bulkReadSrc, map[string]string{"COPY": "cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], 128;"},
		cases, [3]int{1, 1, 1}, [3]int{64, 1, 1}, [3]int{1, 1, 1}, false)
}

// The source of a TMA store (the [32, 8] f32 box of hzRun's map: 1 KiB) is
// read until the issuer's wait_group.read as well.
func TestHazardBulkReadTMAStore(t *testing.T) {
	cases := []hzCase{
		{"wait.read 0", map[string]string{"WAIT": "cp.async.bulk.wait_group.read 0;", "OWN": "st.shared.u32 [%r5], 7;"}, nil},
		{"no wait", map[string]string{"OWN": "st.shared.u32 [%r5], 7;"},
			[]string{"async hazard: warp 0 (st.shared.u32) overwrites shared [0x400, 0x410) that the TMA store of warp 0 at line 26 may still be reading: " +
				"warp 0 has not executed a cp.async.bulk.wait_group.read covering its bulk group 1"}},
		{"no wait, the last chunk of the box", map[string]string{"OTHER": "st.shared.u32 [%r2+1020], 9;"},
			[]string{"warp 1 (st.shared.u32) overwrites shared [0x7f0, 0x800) that the TMA store of warp 0"}},
	}
	base := map[string]string{"MAPPARAM": ".param .align 64 .b8 tmap[128], ", "COPY": tmaStore}
	runHzCases(t, bulkReadSrc, base, cases, [3]int{1, 1, 1}, [3]int{64, 1, 1}, [3]int{1, 1, 1}, true)
}
