package sm

// The first tensor load an SM's TMA unit sees holds its warp longer
// (family tmaqx, tools/microbench/gen17_tmaqx.py: gemm_wgmma's producer
// alone, cold, thread 0 stamped before and after each step of stage 0).
// Stage 0's first UTMALDG (after its arrive.expect_tx) holds thread 0's
// warp 117 cycles on the H200 and 103 on the H100 (first_cycles of
// tmaqx_s3, _f0, _ct, _ctfar, _cta, _mc: the same in all six), 52 on both
// when the kernel issued prefetch.tensormap for its two parameter maps at
// entry (tmaqx_s3_pf), and the second UTMALDG, the first on the other
// map, right after it 88 in every variant (a0 to i0, prefetch or not): so
// the cost belongs to the SM's first tensor-map instruction, not to each
// map new to it, and a prefetch.tensormap before the load takes it. The
// model: a tensor load that is the first tensor-map instruction of its SM
// (tma_desc.go's tmaDescs.used) holds its warp TMAFirstLoadCycles more than
// tma_load_issue_cycles; a prefetch, a store or a bulk prefetch first
// takes the cost away. One CTA per SM in every variant: whether it is per
// SM or per CTA is not measured. The load itself starts no sooner either
// (tma.go; session 26, validation/timing/tmah26.md): after ncu's flush
// stage 0 of tmaq / tmaqx completes ~100 cycles sooner with the prefetch
// (tmaq_s3_pf 1830 against tmaq_s3 1955, tmaqx_s3_pf 1846 against
// tmaqx_s3 2099 / _f0 1928), where the model had them equal. (tmadesc_param,
// warm: the first load on a parameter map completes as fast as a warm one;
// its figures do not move with this.)

// tmaFirstLoad is the extra hold of the tensor load just issued: its SM's
// first tensor-map instruction (once).
func (s *SM) tmaFirstLoad() int {
	d := &s.tmaDesc
	if !d.firstLoad {
		return 0
	}
	d.firstLoad = false
	return s.cfg.Hold.TMAFirstLoadCycles
}
