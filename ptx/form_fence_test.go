package ptx

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fences' SASS as ptxas 13 emitted it for sm_90a (microbench
// fence7_*, cuobjdump on an H100 and an H200): .cta scope one
// MEMBAR.ALL.CTA / MEMBAR.SC.CTA; .cluster and .gpu MEMBAR.ALL.GPU (or
// .SC.GPU) + ERRBAR + CGAERRBAR + CCTL.IVALL; fence.mbarrier_init nothing.
// The proxy fences get their own forms (their holds are in sim/sm/tma_hold.go).
func TestFormOfFences(t *testing.T) {
	src := `.version 8.0
.target sm_90a
.address_size 64
.visible .entry k()
{
	fence.acq_rel.cta;
	fence.sc.cta;
	membar.cta;
	fence.acq_rel.cluster;
	fence.acq_rel.gpu;
	fence.sc.gpu;
	membar.gl;
	fence.sc.sys;
	fence.mbarrier_init.release.cluster;
	fence.proxy.async.shared::cta;
	fence.proxy.async;
	ret;
}
`
	p, err := Load("fence.ptx", []byte(src))
	require.NoError(t, err)
	want := []Form{FormFenceCTA, FormFenceCTA, FormFenceCTA, FormFenceWide, FormFenceWide, FormFenceWide,
		FormFenceWide, FormFenceWide, FormFenceNone, FormFenceProxyAsync, FormFenceProxyAsync, FormNone}
	insts := p.Funcs[0].Insts
	require.Len(t, insts, len(want))
	for i := range insts {
		assert.Equal(t, want[i], FormOf(&insts[i]), "%s quals %v sub %q", insts[i].Text, insts[i].Quals, insts[i].Mods.Sub)
	}
}

// The instructions sim/sm/tma_hold.go holds its warp after, classified at
// decode from their PTX (microbench t6rep_*: each kind has its own hold),
// and what they are not: a bulk wait_group without .read, an mbarrier
// try_wait, a plain prefetch and a fence.proxy.alias.
func TestFormOfHolds(t *testing.T) {
	src := `.version 8.3
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b64 %rd<4>;
	.reg .pred %q<2>;
	.shared .align 128 .b8 map[128];
	.shared .align 8 .b64 bar;
	ld.param.u64 %rd1, [p];
	tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%rd1], [map], 128;
	tensormap.replace.tile.global_address.shared::cta.b1024.b64 [map], %rd1;
	tensormap.replace.tile.global_address.global.b1024.b64 [%rd1], %rd1;
	fence.proxy.tensormap::generic.release.gpu;
	fence.proxy.tensormap::generic.acquire.gpu [%rd1], 128;
	prefetch.tensormap [%rd1];
	prefetch.global.L2 [%rd1];
	cp.async.bulk.wait_group.read 0;
	cp.async.bulk.wait_group 0;
	mbarrier.arrive.shared::cta.b64 %rd2, [bar];
	mbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [bar], 128;
	mbarrier.complete_tx.shared::cta.b64 [bar], 128;
	mbarrier.try_wait.parity.shared::cta.b64 %q1, [bar], 0;
	fence.proxy.alias;
	ret;
}
`
	p, err := Load("holds.ptx", []byte(src))
	require.NoError(t, err)
	want := []Form{FormNone, FormTensormapCpFence, FormTensormapReplaceShared, FormTensormapReplaceGlobal,
		FormFenceTensormapRelease, FormFenceTensormapAcquire, FormPrefetchTensormap, FormNone,
		FormBulkWaitRead, FormNone, FormMbarArrive, FormMbarArrive, FormMbarArrive, FormNone, FormNone, FormNone}
	insts := p.Funcs[0].Insts
	require.Len(t, insts, len(want))
	for i := range insts {
		assert.Equal(t, want[i], FormOf(&insts[i]), "%s", insts[i].Text)
	}
}
