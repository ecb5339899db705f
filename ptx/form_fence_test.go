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
// The proxy fences keep FormNone (their holds are in sim/sm/tma_hold.go).
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
		FormFenceWide, FormFenceWide, FormFenceNone, FormNone, FormNone, FormNone}
	insts := p.Funcs[0].Insts
	require.Len(t, insts, len(want))
	for i := range insts {
		assert.Equal(t, want[i], FormOf(&insts[i]), "%s quals %v sub %q", insts[i].Text, insts[i].Quals, insts[i].Mods.Sub)
	}
}
