package calibrate

// groups23GST fits the SM's store queue (sim/sm/storequeue.go, session 21,
// validation/timing/gst21.md): store_queue_requests, the global store
// requests the L1 holds before it starts them, searched on the issue of
// 16-64 KiB store bursts from an empty queue by 8 warps of one CTA
// (tailst_f32_k16_c1, _k32_c1: half-written sectors, 8 L1 cycles a
// request; tailst_f64_k64_c1: the wgmma epilogue's whole sectors, 8;
// tailst_v4_k64_c1: coalesced 16 bytes a lane, 16) and the 16-store
// bursts of coalesced 32-bit stores of 4 and 16 warps (gls_st32_coal_w4_i1,
// _w16_i1), where the warps' own issue is no faster than the L1 and the
// queue must not let them run ahead. Store microbenchmarks only. Since
// session 29 (sgp29.md) the value bounds each warp's own queued stores and
// store_queue_sm_requests (groups29_sgp.go, fitted after this group) the
// SM's: at its start (36) these figures of 4 to 16 warps no longer see
// this depth (the cost is flat above 9), so the search starts at gst21's
// value (24) and keeps it.
var groups23GST = []Group{
	{Name: "store_queue", Params: []string{"store_queue_requests"},
		Benches: []string{"tailst_f32_k16_c1", "tailst_f32_k32_c1", "tailst_f64_k64_c1", "tailst_v4_k64_c1",
			"gls_st32_coal_w4_i1", "gls_st32_coal_w16_i1"},
		Figures: []string{"issue_cycles", "cycles_per_access"},
		Start:   []float64{24}, Lo: []float64{0}, Hi: []float64{64}},
}

func init() { Groups = append(Groups, groups23GST...) }
