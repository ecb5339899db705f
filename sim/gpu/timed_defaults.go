package gpu

// DefaultParam is a built-in parameter value and where it comes from.
type DefaultParam struct {
	Value    float64
	Source   string
	Residual *float64 // the fit's residual (nil: read directly or not fitted)
}

func f(x float64) *float64 { return &x }

// DefaultTimedParams are the built-in H200 profile's parameters
// (calibration/h200.yaml `params`; TestBuiltinProfileMatchesFile keeps
// the two equal): the output of `sm90sim calibrate --from-recordings
// validation/microbench` (calibration/h200-calibrated.yaml), each with the
// benchmark it was fitted to and its residual. Sources: "spec" (NVIDIA's published limits), a
// microbenchmark under validation/microbench (recorded on the GPU), or
// "hopper-numbers" (a published measurement, ../shared/docs) where we have
// not measured yet.
var DefaultTimedParams = map[string]DefaultParam{
	"alu_interval_cycles":               {2, "spec: 64 INT32 lanes/SM", nil},
	"alu_latency_cycles":                {5, "fit: closed form, chain_add_s32 cycles_per_op 5.106 (dependent add.s32 chain: IADD3 / IMAD.IADD)", f(0.0056)},
	"async_interval_cycles":             {1, "estimate: one async-unit instruction per cycle; 1 -> 2 moves 5 of 645 simulated H100 figures by more than 0.5% (bulkl_l1 issue_cycles +7.7%, cpasync_ca16_tput_w4 -3.7%, t6red_acq/none wait_cycles +2.8%), figures that are 10-80% off for other mechanisms (bulk copy loop, .ca fill rate) or fitted by bulk_wait_min_cycles: no microbenchmark isolates it (sensitivity check, session 5)", nil},
	"async_latency_cycles":              {32, "fit: Nelder-Mead (async_latency_cycles) on xchain_mbar_arrive, xchain_mbar_arrive_test, xchain_mbar_test", f(0.1247)},
	"atom_reduce_cycles":                {70, "fit: Nelder-Mead (atom_reduce_cycles) on atom7_const_dead_w1, atom7_param_dead_w1", f(0.0025)},
	"barrier_arrive_interval_cycles":    {2, "fit: closed form, least-squares slope 2.01 of cycles_per_barrier bar_sync_w1..bar_sync_w32 (cycles per arriving warp)", f(0.003)},
	"barrier_interval_cycles":           {1, "structural: one barrier-pipe instruction per cycle per sub-partition (no simulated figure of the H100 or H200 recordings moves by more than 0.5% between 1 and 2: sensitivity check, session 5)", nil},
	"barrier_latency_cycles":            {4, "structural: the barrier pipe's own latency under bar.sync's barrier_release_cycles (no simulated H100 figure moves by more than 0.5% between 4 and 8: sensitivity check, session 5)", nil},
	"barrier_release_cycles":            {13, "fit: Nelder-Mead (barrier_release_cycles) on bar_sync_w1, bar_sync_w2, bar_sync_w4", f(0.0037)},
	"branch_interval_cycles":            {1, "structural: one branch per cycle per sub-partition; 1 -> 2 moves 3 of 645 simulated H100 figures, by 0.9-1.1% (c6call_w16, idivtput_s64/_u64: the division subroutine's branches), none further (sensitivity check, session 5)", nil},
	"branch_latency_cycles":             {12, "fit: Nelder-Mead (branch_latency_cycles, branch_predicate_cycles) on brloop8_b1, brloop8_b4, fence7_mbinit", f(0.0335)},
	"branch_not_taken_cycles":           {4, "fit: Nelder-Mead (branch_not_taken_cycles) on brnt8_nm16, brnt8_nm64, brnt8_nt16, brnt8_nt64", f(0.0914)},
	"branch_or_chain_cycles":            {4, "fit: Nelder-Mead (branch_or_chain_cycles) on brnt8_na16, brnt8_na64", f(0.0772)},
	"branch_predicate_cycles":           {7, "fit: Nelder-Mead (branch_latency_cycles, branch_predicate_cycles) on brloop8_b1, brloop8_b4, fence7_mbinit", f(0.0335)},
	"bulk_branch_cycles":                {6, "fit: Nelder-Mead (bulk_branch_cycles) on t6st_add_p1, t6st_add_p2, t6st_add_p4, t6st_bulk_p1, t6st_bulk_p4, t6st_store_p1, t6st_store_p1_same, t6st_store_p2, t6st_store_p4, tmast4_add_m1_dist, tmast4_add_m1_same, tmast4_add_m4_dist, tmast4_add_m4_narrow, tmast4_add_m4_same, tmast4_store_m1_same, tmast4_store_m4_dist, tmast4_store_m4_same, tmast_add_256b_group, tmast_store_256b_group", f(0.1626)},
	"bulk_lane_cycles":                  {52, "fit: closed form, least-squares slope 52 of issue_cycles bulkl_l1..bulkl_l32 (cycles per lane of ptxas's bulk copy loop)", f(0.0698)},
	"bulk_prefetch_cycles":              {47, "fit: Nelder-Mead (bulk_prefetch_cycles) on t6rep_pf_tensor", f(0.002)},
	"bulk_reduce_issue_cycles":          {35, "fit: Nelder-Mead (bulk_reduce_issue_cycles) on tmast7_add_1k_group, tmast7_add_1k_tput, tmast7_bred_1k_group, tmast7_bred_1k_tput, tmast7_bred_256b_group", f(0.0487)},
	"bulk_wait_min_cycles":              {34, "fit: Nelder-Mead (bulk_wait_min_cycles) on t6red_acq, t6red_none", f(0)},
	"call_return_cycles":                {42, "fit: Nelder-Mead (call_return_cycles) on c6call_w1, c6call_w16", f(0.048)},
	"cluster_barrier_cycles":            {71, "fit: Nelder-Mead (cluster_barrier_cycles) on cluster_bar_c2_relaxed, cluster_bar_c4_relaxed", f(0.0219)},
	"cluster_fence_cycles":              {283, "fit: Nelder-Mead (cluster_fence_cycles) on cluster_bar_c1, cluster_bar_c2, cluster_bar_c4, cluster_bar_c8", f(0.0216)},
	"const_miss_cycles":                 {168, "fit: Nelder-Mead (const_miss_cycles, const_sector_interval_cycles) on coldc_s128, coldc_s32, coldc_s4", f(0.1445)},
	"const_sector_interval_cycles":      {37, "fit: Nelder-Mead (const_miss_cycles, const_sector_interval_cycles) on coldc_s128, coldc_s32, coldc_s4", f(0.1445)},
	"conv_interval_cycles":              {8, "spec: 16 lanes/SM", nil},
	"conv_latency_cycles":               {17, "fit: closed form, chain_cvt_s32_f32 cycles_per_op 17.04 (dependent F2I chain)", f(0.0094)},
	"conv_wide_latency_cycles":          {18, "fit: closed form, chain_cvt_f32_f64_pair cycles_per_op 36.03 / 2 (dependent pairs F2F.F64.F32 + F2F.F32.F64)", f(0.0008)},
	"cp_async_ca_bytes_per_cycle":       {48, "fit: Nelder-Mead (cp_async_ca_bytes_per_cycle) on cpasync_ca16_tput, cpasync_ca16_tput_w16", f(0.0134)},
	"cp_async_ca_hit_cycles":            {0, "fit: Nelder-Mead (cp_async_ca_hit_cycles) on cpasync_ca16_lat, cpasync_ca4_lat", f(0.0133)},
	"cp_async_cg_bytes_per_cycle":       {76, "fit: Nelder-Mead (cp_async_cg_bytes_per_cycle) on cpasync8_nosz_lin_tput, cpasync8_nosz_swz_tput, cpasync_cg16_tput, cpasync_cg16_tput_w16", f(0.0055)},
	"cp_async_zero_bytes_per_cycle":     {56, "fit: Nelder-Mead (cp_async_zero_bytes_per_cycle) on cpasync8_selp0_swz_tput", f(0.0024)},
	"dispatch_interval_cycles":          {1.83, "fit: Nelder-Mead (launch_cycles, tail_cycles, dispatch_interval_cycles, dispatch_latency_cycles) on empty_c1, empty_c1056, empty_c132, redisp7_c264", f(0.0022)},
	"dispatch_latency_cycles":           {78, "fit: Nelder-Mead (launch_cycles, tail_cycles, dispatch_interval_cycles, dispatch_latency_cycles) on empty_c1, empty_c1056, empty_c132, redisp7_c264", f(0.0022)},
	"dram_bytes_per_ns":                 {4000, "fit: closed form, gmem_copy_c132 GB_per_s 4000 (copy, read + write, 132 SMs)", nil},
	"dram_latency_ns":                   {346.5, "fit: closed form, gmem_chase_1g cycles_per_load 686 at 1980.0 MHz (pointer chase in HBM)", nil},
	"dsmem_bytes_per_cycle":             {28, "fit: closed form, 124 bytes more / (dsmem_remote_32lanes 192.8 - dsmem_remote_1lane 188.3 cycles_per_load)", f(0.0017)},
	"dsmem_latency_cycles":              {208, "fit: Nelder-Mead (dsmem_latency_cycles) on dsmem_remote_c4_r3_1lane", f(0.0003)},
	"dsmem_local_extra_cycles":          {10, "fit: Nelder-Mead (dsmem_local_extra_cycles) on dsmem_local_1lane, dsmem_local_32lanes", f(0.0014)},
	"dsmem_small_gpc_latency_cycles":    {188, "fit: Nelder-Mead (dsmem_small_gpc_latency_cycles) on dsmem_remote_1lane", f(0.0023)},
	"f16_conv_latency_cycles":           {6, "fit: closed form, chain_cvt_f16_f32_pair cycles_per_op 10.17 (dependent pairs F2FP.F16.F32.PACK_AB + HADD2.F32) - chain_fma_f32 4.153 (F2FP has FFMA's latency: fpalu_f2fp_lat)", f(0.0047)},
	"fence_cycles":                      {8, "fit: Nelder-Mead (fence_cycles) on fence7_acqrel_cta, fence7_sc_cta", f(0.0503)},
	"fence_gpu_cycles":                  {265, "fit: Nelder-Mead (fence_gpu_cycles) on fence7_acqrel_cluster, fence7_acqrel_gpu, fence7_sc_gpu", f(0.0012)},
	"fence_proxy_async_cycles":          {2, "fit: Nelder-Mead (fence_proxy_async_cycles) on t6rep_fence_async", f(0.13)},
	"fence_tensormap_acquire_cycles":    {47, "fit: Nelder-Mead (fence_tensormap_acquire_cycles) on t6rep_acq", f(0.0021)},
	"fence_tensormap_release_cycles":    {313, "fit: Nelder-Mead (fence_tensormap_release_cycles) on t6rep_rel", f(0.0009)},
	"fp32_interval_cycles":              {1, "spec: 128 FP32 lanes/SM", nil},
	"fp32_latency_cycles":               {4, "fit: closed form, chain_fma_f32 cycles_per_op 4.153 (dependent FFMA chain)", f(0.0006)},
	"fp64_interval_cycles":              {2, "spec: 64 FP64 lanes/SM", nil},
	"fp64_latency_cycles":               {8, "fit: closed form, chain_fma_f64 cycles_per_op 8.124 (dependent DFMA chain)", f(0.0044)},
	"global_interval_cycles":            {1, "estimate: one global-memory instruction per cycle per sub-partition; 1 -> 2 moves 2 of 645 simulated H100 figures (c6call_w16 -5.8%, c6call_w1 -1.6%: the call's stack traffic), on which call_return_cycles is fitted; the gls/gst load and store benchmarks do not move: no benchmark isolates it (sensitivity check, session 5)", nil},
	"global_latency_cycles":             {32, "hopper-numbers: L1 hit 32", nil},
	"icache_dram_cycles":                {393, "fit: Nelder-Mead (icache_dram_cycles) on flushj_n0, flushj_n4, flushj_n8", f(0.1399)},
	"icache_line_bytes":                 {128, "structural: 128-byte lines (the L2's); the icache_ffma_* stream fixes only bytes per cycle together with icache_line_interval_cycles (fitted): 256 at the same interval moves icache_ffma_w1/_w4 ncu cycles -20% (and t6red_* -3.6%), which a refit of the interval takes back (sensitivity check, H100, session 5)", nil},
	"icache_line_interval_cycles":       {19, "fit: Nelder-Mead (icache_line_interval_cycles) on icache_ffma_w1, icache_ffma_w4", f(0.0083)},
	"icache_miss_cycles":                {260, "hopper-numbers: L2 hit 260-280", nil},
	"icache_prefetch_lines":             {63, "microbench icache_512/_2048 (H100, validation/timing/async): cold minus warm straight-line code +246 / +1042 cycles for 64 / 256 lines: one L2 fetch latency per 64 lines", nil},
	"idiv_contention_cycles":            {1.95, "fit: Nelder-Mead (idiv_contention_cycles, idiv_pipe_hold) on idivtput_s64, idivtput_s64_w32, idivtput_s64_w4, idivtput_u64, idivtput_u64_w32, idivtput_u64_w4, idivtput_u64_w8, ihash9_div_alu32_w16, ihash9_div_alu32_w32, ihash9_div_alu32_w8, ihash9_div_imad32_w16, ihash9_div_imad32_w32, ihash9_div_imad32_w8, ihash9_div_imad8_w16, ihash9_div_imad8_w32, ihash9_div_imad8_w8", f(0.0931)},
	"idiv_cycles_per_slot":              {3.56, "fit: Nelder-Mead (idiv_cycles_per_slot) on idiv_div_s64, idiv_div_u64, idiv_rem_s64, idiv_rem_u64", f(0.0502)},
	"idiv_pipe_hold":                    {1.4, "fit: Nelder-Mead (idiv_contention_cycles, idiv_pipe_hold) on idivtput_s64, idivtput_s64_w32, idivtput_s64_w4, idivtput_u64, idivtput_u64_w32, idivtput_u64_w4, idivtput_u64_w8, ihash9_div_alu32_w16, ihash9_div_alu32_w32, ihash9_div_alu32_w8, ihash9_div_imad32_w16, ihash9_div_imad32_w32, ihash9_div_imad32_w8, ihash9_div_imad8_w16, ihash9_div_imad8_w32, ihash9_div_imad8_w8", f(0.0931)},
	"imad_hi_latency_cycles":            {9, "fit: closed form, xchain_mul_hi cycles_per_op 9.477 (dependent IMAD.HI chain)", f(0.0289)},
	"imad_interval_cycles":              {2, "fit: closed form, 4 sub-partitions / itput_mad_lo warp_inst_per_sm_cycle 1.876 (independent IMAD)", f(0.0444)},
	"imad_latency_cycles":               {4, "fit: closed form, chain_mad_lo_s32 cycles_per_op 4.173 (dependent IMAD chain)", f(0.0054)},
	"imad_wide_interval_cycles":         {4, "fit: closed form, 4 sub-partitions / itput_mul_hi warp_inst_per_sm_cycle 0.9843 (independent IMAD.HI)", f(0.0091)},
	"l1_cache_bytes":                    {235520, "fit: closed form, gmem_chase_256k cycles_per_load 106.6 between L1 32.03 and L2 280.5: 0.3 of the loads miss; 230 sets of 8 lines (512-byte granules, LRU) leave that share of a cyclic 256 KiB footprint without a way", f(0.0129)},
	"l1_cycles_per_line":                {1, "fit: Nelder-Mead (l1_request_cycles, l1_cycles_per_line) on gld_coal_w4, gld_line_w4, gld_s64_w4, gls2_ld32_coal_w16, gls_ld32_l4_w4, gls_ld32_l8_w4", f(0.2255)},
	"l1_hit_cycles":                     {32, "fit: closed form, gmem_chase_16k cycles_per_load 32.03 (pointer chase in L1)", f(0.0013)},
	"l1_port_bytes_per_cycle":           {64, "fit: Nelder-Mead (l1_port_bytes_per_cycle) on gls2_st32_coal_p04, gls2_st32_coal_w1, gls2_st64_coal_w1", f(0.1531)},
	"l1_port_cycles_per_line":           {2, "fit: Nelder-Mead (l1_port_cycles_per_line) on gld_line_w1, gls2_ld32_l32_w1, gls2_st64_epi_w1, gls_ld32_l16_w1, gls_ld32_l32_w1", f(0.0518)},
	"l1_request_cycles":                 {2, "fit: Nelder-Mead (l1_request_cycles, l1_cycles_per_line) on gld_coal_w4, gld_line_w4, gld_s64_w4, gls2_ld32_coal_w16, gls_ld32_l4_w4, gls_ld32_l8_w4", f(0.2255)},
	"l1_sectors_per_cycle":              {4, "spec: 128 B/clk/SM", nil},
	"l1_store_cycles_per_sector":        {1, "fit: Nelder-Mead (l1_store_cycles_per_sector, l1_store_partial_cycles) on gls_st128_coal_w4, gls_st128_r16g2_w4, gls_st32_coal_w16, gls_st32_r8g4_w4, gls_st64_epi_w8, gls_st64_r8g8_w4, gst_coal_w4, gst_line_w4, gst_row96_w4, gst_sector_w4", f(0.0573)},
	"l1_store_partial_cycles":           {1, "fit: Nelder-Mead (l1_store_cycles_per_sector, l1_store_partial_cycles) on gls_st128_coal_w4, gls_st128_r16g2_w4, gls_st32_coal_w16, gls_st32_r8g4_w4, gls_st64_epi_w8, gls_st64_r8g8_w4, gst_coal_w4, gst_line_w4, gst_row96_w4, gst_sector_w4", f(0.0573)},
	"l2_bytes_per_l2_cycle":             {5525, "fit: closed form, median of bytes_per_sm_cycle x SM MHz (%clock64 / %globaltimer) / L2 MHz (ncu) with all 132 SMs streaming L2: l2bw_ld_c132 4839 x 1950 / 1704 = 5536; l2bw_ld_c132_x2 4864 x 1949 / 1703 = 5566; l2bw_ld_c132_x4 4818 x 1950 / 1704 = 5514; l2bw_tma_c132 4712 x 1967 / 1705 = 5437", nil},
	"l2_cache_bytes":                    {6.3963136e+07, "fit: closed form, gmem_chase_l2s_* cycles_per_load (16m 280.5, 20m 280.5, 24m 280.5, 28m 284.7, 32m 479.3, 36m 511.7, 40m 512; middle level: mean of 36m, 40m 511.8): halfway 396.2 crossed at 30.3 MiB (linear between 28m and 32m), twice that rounded to MiB: one SM's near slice holds its footprint with the far lines' copies up to half the L2 (l2near.go)", nil},
	"l2_clock_mhz":                      {1702, "fit: closed form, median ncu lts__cycles_elapsed.avg.per_second of the 18 l2bw recordings: 1701.7 MHz (1696.6..1704.6)", nil},
	"l2_fabric_hit_cycles":              {338, "fit: closed form, 2 x gmem_chase_l2s_36m/40m middle level 511.8 - gmem_chase_1g 686 (HBM): half the loads of the middle level cross the fabric to the far slice, half go to HBM (l2near.go)", nil},
	"l2_far_extra_cycles":               {33, "fit: closed form, gmem_chase_hist_4m per-load latencies in two groups (least-squares cut): near 264.7, far 298 (62% of the loads): far - near", f(0.0133)},
	"l2_hit_cycles":                     {281, "fit: closed form, gmem_chase_1m cycles_per_load 280.5 (pointer chase in L2)", f(0.0035)},
	"l2_merge_forward_cycles":           {200, "fit: closed form, mean round-trip growth of 64 KiB in flight per SM, every CTA reading one region against one SM alone (bytes per SM cycle): 65536 / l2bw_sh_ld_g1 82.69 - 65536 / l2bw_ld_c1 110.6 = 200", f(0.2512)},
	"l2_merge_joins_count":              {2, "fit: closed form, median 2.9 - 1 of the L2 sectors from the SMs (ncu lts__t_sectors_srcunit_tex) with private regions over those with every CTA reading one region: l2bw_sh_ld_g132 9.209e+06 / l2bw_sh_ld_g1 3.297e+06 = 2.79; l2bw_sh_ld_g264_x2 9.209e+06 / l2bw_sh_ld_g1_x2 2.934e+06 = 3.14; l2bw_sh_tma_g132 9.192e+06 / l2bw_sh_tma_g1 3.829e+06 = 2.4; l2bw_sh_tma_g264_x2 9.193e+06 / l2bw_sh_tma_g1_x2 3.06e+06 = 3", nil},
	"l2_port_bytes_per_l2_cycle":        {732, "fit: closed form, mean of bytes_per_sm_cycle x SM MHz (%clock64 / %globaltimer) / L2 MHz (ncu) of the 8 SMs behind one GPC port (124..131): l2bw_ld_c8 630.8 x 1977 / 1700 = 733.4; l2bw_tma_c8 628.9 x 1976 / 1701 = 730.6", f(0.0197)},
	"l2_store_bytes_per_l2_cycle":       {3391, "fit: closed form, L2 cycles per stored line = a + b x sectors over gls_st128_coal_c132_w16 417.2 cycles per access / 8448 lines x 1702 / 1972.3 MHz = 0.04261 L2 cycles per line of 4 sectors; gls_st64_epi_c132_w8 140 cycles per access / 8448 lines x 1702 / 1972.3 MHz = 0.01430 L2 cycles per line of 1 sectors: a 0.00487, b 0.00944", f(0.094)},
	"l2_store_lines_per_l2_cycle":       {206, "fit: closed form, L2 cycles per stored line = a + b x sectors over gls_st128_coal_c132_w16 417.2 cycles per access / 8448 lines x 1702 / 1972.3 MHz = 0.04261 L2 cycles per line of 4 sectors; gls_st64_epi_c132_w8 140 cycles per access / 8448 lines x 1702 / 1972.3 MHz = 0.01430 L2 cycles per line of 1 sectors: a 0.00487, b 0.00944", f(0.094)},
	"l2_ways_count":                     {16, "structural, not measured: 16-way hashed sets, LRU in a set. gmem_chase_l2s_16m..64m (both GPUs) show three levels: near-slice hits up to about half the L2 (24 MiB H100, 28 H200), about 520 cycles from there to about the whole L2, HBM beyond (H100 from 48 MiB); the model has no middle level, so no associativity can be fitted to them; 16 -> 32 moves no simulated H100 figure by more than 0.5% (session 5)", nil},
	"launch_cycles":                     {1807, "fit: Nelder-Mead (launch_cycles, tail_cycles, dispatch_interval_cycles, dispatch_latency_cycles) on empty_c1, empty_c1056, empty_c132, redisp7_c264", f(0.0022)},
	"ld_bypass_interval_cycles":         {29, "fit: Nelder-Mead (ld_bypass_interval_cycles) on gls_ldcg_coal_w1, gls_ldcg_coal_w16, gls_ldcg_l32_w1, gls_ldcg_l32_w4", f(0.0513)},
	"lg_queue_cycles":                   {70, "fit: Nelder-Mead (lg_queue_cycles) on gls2_st32_coal_w1_i1, gls_st32_coal_w4_i1, gst_line_w1, gst_line_w4", f(0.0619)},
	"max_ctas_per_sm_count":             {32, "spec", nil},
	"max_threads_per_sm_count":          {2048, "spec", nil},
	"max_warps_per_sm_count":            {64, "spec", nil},
	"mbar_after_store_cycles":           {42, "fit: Nelder-Mead (mbar_after_store_cycles) on mbtput_test_st", f(0.0071)},
	"mbar_arrive_interval_cycles":       {4, "fit: Nelder-Mead (mbar_arrive_interval_cycles) on t6tx_ctx_u4", f(0.0172)},
	"mbar_arrive_wait_cycles":           {76, "fit: Nelder-Mead (mbar_arrive_wait_cycles) on t6tx_twctx_u4", f(0.0043)},
	"mbar_wake_cycles":                  {3, "fit: Nelder-Mead (mbar_wake_cycles) on mbar_pingpong_m0, mbar_pingpong_m1", f(0.0346)},
	"mufu_interval_cycles":              {8, "spec: 16 SFU lanes/SM", nil},
	"mufu_latency_cycles":               {17, "fit: closed form, chain_ex2_ftz_f32 cycles_per_op 17.04 (dependent MUFU.EX2 chain)", f(0.0018)},
	"prefetch_tensormap_cycles":         {60, "fit: Nelder-Mead (prefetch_tensormap_cycles) on t6rep_pf_map", f(0.0022)},
	"regbank_conflict_cycles":           {0.4, "fit: closed form, mean issue cycles per three-register LOP3 of itmix_imad_lop vs itmix_imad_lop2 (warp_inst_per_sm_cycle) at 4 / 16 / 32 warps: 2.731 vs 3.17: 0.406; 3.114 vs 3.735: 0.427; 2.947 vs 3.413: 0.371", f(0.0504)},
	"register_alloc_unit_count":         {256, "spec", nil},
	"registers_division_call":           {17, "fit: closed form, median over the distinct kernels with a 64-bit division ([gmem_chase_128k gmem_chase_l2s_16m idiv_div_s64 idiv_div_u64 idiv_rem_s64 idiv_rem_u64 idivtput_s64 idivtput_u64 idivtput_u64s ihash9_div_alu32_w16 ihash9_div_imad32_w16 ihash9_div_imad8_w16]) of the registers the driver's JIT allocated (provenance func_attributes.num_regs) minus registers_live_overhead (4) minus the values live across the division's CALL (differences [18 16 12 12 12 12 17 17 11 17 17 17])", f(0.0502)},
	"registers_live_overhead":           {4, "fit: closed form, median over regocc_k24..regocc_k216 of the registers the driver's JIT allocated (provenance func_attributes.num_regs) minus the PTX's peak of live 32-bit values (differences [4 4 4 4 4 4 12 20 34 66])", f(0.0651)},
	"registers_per_sm_count":            {65536, "spec", nil},
	"registers_per_thread_default":      {32, "structural: the registers of a kernel with none from its spec, .maxnreg, setmaxnreg or the PTX estimate (a PTX kernel always has the estimate): no simulated H100 figure moves between 32 and 64 (sensitivity check, session 5)", nil},
	"scheduler_lrr":                     {1, "microbench smem_ld*_tput, ldsm_x4_tput, stsm_x4_tput (H200): every warp takes about the whole run (fair arbitration)", nil},
	"shared_base_cycles":                {40, "fit: closed form, (tmast9_skip_s1 - tmast9_red) - (tmast9_skip_s0 - tmast9_alu) cycles_per_op (167.7 - 123.8) - (34.46 - 30.32): the S2UR SR_CgaCtaId + ULEA in the reduction's block", f(0.2889)},
	"shared_interval_cycles":            {1, "structural: one shared-memory instruction per cycle per sub-partition, as the recordings agree: smem_ld32_s1_tput and ldsm_x1_tput take 1.014 / 1.013 cycles a warp-instruction on the H100, and 2 would move them +3.4% (4 of 645 figures move by more than 0.5%: sensitivity check, session 5)", nil},
	"shared_latency_cycles":             {23, "hopper-numbers: LDS 23-24", nil},
	"shared_per_sm_bytes":               {233472, "spec: 228 KiB", nil},
	"shared_reserved_per_cta_bytes":     {1024, "spec", nil},
	"shfl_idx_extra_cycles":             {2, "fit: closed form, chain_shfl_idx cycles_per_op 26.03 - chain_shfl_bfly 24.03 (SHFL.IDX over SHFL.BFLY)", f(0.0016)},
	"shfl_interval_cycles":              {4, "fit: closed form, 4 sub-partitions / warp11_bfly_w32 warp_inst_per_sm_cycle 0.9879 (independent SHFL.BFLY, 32 warps)", f(0.0181)},
	"shfl_pred_extra_cycles":            {7, "fit: closed form, warp11_scan_chain cycles_per_op 35.72 (dependent SHFL.UP P0 + @P0 IADD) - chain_shfl_bfly 24.03 - chain_add_s32 5.106", f(0.0277)},
	"smem_atom_extra_cycles":            {3, "fit: closed form, atom_shared_distinct_lat cycles_per_inst 26.74 - smem_ld32_s1_lat 23.37 (an atomic's read-modify-write over a load)", f(0.0207)},
	"smem_atom_interval_cycles":         {4, "fit: Nelder-Mead (smem_atom_interval_cycles) on atom11_lanes_dead_w1, atom11_lanes_dead_w32, warp11_shfl_atom_w32", f(0.0232)},
	"smem_latency_cycles":               {23, "fit: Nelder-Mead (smem_latency_cycles) on ldsm_x1_lat, smem_ld32_s1_lat", f(0.0073)},
	"smem_latency_per_wavefront_cycles": {2, "fit: closed form, least-squares slope 1.991 of cycles_per_inst smem_ld32_s1_lat..smem_ld32_s32_lat (latency per wavefront)", f(0.0053)},
	"smem_queue_wavefronts":             {45, "fit: Nelder-Mead (smem_queue_wavefronts) on smem_ld128_s1_tput, smem_ld128_s2_tput, smem_ld128_s4_tput, smem_ld128_s8_tput, smem_ld32_s16_tput, smem_ld32_s1_tput, smem_ld32_s2_tput, smem_ld32_s32_tput, smem_ld32_s4_tput, smem_ld32_s8_tput, smem_ld64_s16_tput, smem_ld64_s1_tput, smem_ld64_s2_tput, smem_ld64_s4_tput, smem_ld64_s8_tput", f(0.016)},
	"smem_wavefront_cycles":             {1, "spec: 128 B/clk/SM", nil},
	"stmatrix_base_cycles":              {2, "fit: Nelder-Mead (stmatrix_base_cycles, stmatrix_cycles_per_matrix, stmatrix_min_interval_cycles) on stsm_x1_1w, stsm_x2_1w, stsm_x4_1w", f(0.0178)},
	"stmatrix_cycles_per_matrix":        {2, "fit: Nelder-Mead (stmatrix_base_cycles, stmatrix_cycles_per_matrix, stmatrix_min_interval_cycles) on stsm_x1_1w, stsm_x2_1w, stsm_x4_1w", f(0.0178)},
	"stmatrix_min_interval_cycles":      {4, "fit: Nelder-Mead (stmatrix_base_cycles, stmatrix_cycles_per_matrix, stmatrix_min_interval_cycles) on stsm_x1_1w, stsm_x2_1w, stsm_x4_1w", f(0.0178)},
	"sub_partitions_count":              {4, "spec", nil},
	"suspend_cycles":                    {7845, "fit: Nelder-Mead (suspend_cycles) on mbwait3_l32, mbwait_h1000, mbwait_nohint", f(0.0055)},
	"tail_cycles":                       {517, "fit: Nelder-Mead (launch_cycles, tail_cycles, dispatch_interval_cycles, dispatch_latency_cycles) on empty_c1, empty_c1056, empty_c132, redisp7_c264", f(0.0022)},
	"tensor_interval_cycles":            {8, "hopper-numbers: mma.sync interval 6 [F]", nil},
	"tensor_latency_cycles":             {24, "hopper-numbers: mma.sync m16n8k16 24.1", nil},
	"tensormap_cp_fenceproxy_cycles":    {247, "fit: Nelder-Mead (tensormap_cp_fenceproxy_cycles) on t6rep_cpfp", f(0.0015)},
	"tensormap_replace_global_cycles":   {36, "fit: Nelder-Mead (tensormap_replace_global_cycles) on t6rep_rep_g", f(0.0021)},
	"tensormap_replace_shared_cycles":   {51, "fit: Nelder-Mead (tensormap_replace_shared_cycles) on t6rep_rep_s", f(0.0019)},
	"tma_bulk_commit_cycles":            {0, "fit: closed form, mean of tmast7_{st,add,bst,bred}_1k_tput - _group cycles_per_op: 0.5 (a commit_group after each operation, right after it in the SASS)", f(0.1108)},
	"tma_bytes_per_cycle":               {109, "fit: closed form, 16384 B / (tma_load_none_32k_lat - _16k_lat cycles_per_load: 792.7 - 642.7)", f(0.0445)},
	"tma_desc_global_cycles":            {0, "fit: Nelder-Mead (tma_desc_global_cycles) on tmadesc_global, tmadesc_global_two", f(0.0796)},
	"tma_desc_store_cycles":             {42, "fit: closed form, tmadesc4_store first_cycles - next_cycles 220 - 178 (a store on a parameter map new to the SM)", f(0.3117)},
	"tma_fence_drain_bytes_per_cycle":   {57, "fit: closed form, 12 KiB / (t7mc_bar_16k - t7mc_bar_4k cycles_per_iteration: 1254 - 1040)", f(0.2594)},
	"tma_fence_drain_cycles":            {767, "fit: Nelder-Mead (tma_fence_drain_cycles) on t7mc_bar_16k, t7mc_bar_4k, t7mc_fence_4k, tma_nomcast2_16k, tma_nomcast2_4k", f(0.0829)},
	"tma_fill_bytes_per_cycle":          {79, "fit: closed form, one box alone above the flat latency 495.3 (median of the tma_load_*_lat of at most 64 rows): max(max(rows x 1, bytes / fill) - overlap, 0), fill 79 B/cycle and overlap 86 cycles of the least largest relative error (4.0%) over the 21 tma_load_*_lat", f(0.0259)},
	"tma_hbm_extra_cycles":              {194, "fit: Nelder-Mead (tma_hbm_extra_cycles) on tmacold_16k_s1, tmacold_16k_s4, tmacold_4k_s4", f(0.0461)},
	"tma_issue_cycles":                  {53, "fit: Nelder-Mead (tma_latency_cycles, tma_issue_cycles) on tma_load_none_16k_lat, tma_load_none_1k_lat, tma_load_none_1k_tput, tma_load_none_2k_lat, tma_load_none_2k_tput, tma_load_none_32k_lat, tma_load_none_4k_lat, tma_load_none_4k_tput, tma_load_none_8k_lat", f(0.0254)},
	"tma_latency_cycles":                {71, "fit: Nelder-Mead (tma_latency_cycles, tma_issue_cycles) on tma_load_none_16k_lat, tma_load_none_1k_lat, tma_load_none_1k_tput, tma_load_none_2k_lat, tma_load_none_2k_tput, tma_load_none_32k_lat, tma_load_none_4k_lat, tma_load_none_4k_tput, tma_load_none_8k_lat", f(0.0254)},
	"tma_min_cycles":                    {185, "fit: closed form, median cycles_per_load 184.8 of the 17 tma_load_*_tput with 8..128 rows on one SM (4 in flight, one mbarrier per load: a completion slot per new mbarrier)", f(0.0092)},
	"tma_reduce_cycles_per_kib":         {40, "fit: closed form, (tmast_add_16k_read - tmast_add_4k_read cycles_per_op) / 12 KiB: (765.7 - 285.7) / 12", f(0.0305)},
	"tma_reduce_min_cycles":             {50, "fit: closed form, tmast8_add_256b cycles_per_op 49.98 (256 B TMA .add reductions, 8 unrolled per loop iteration (SASS: ELECT around each UTMAREDG), in one bulk group)", f(0.0088)},
	"tma_request_overlap_cycles":        {86, "fit: closed form, one box alone above the flat latency 495.3 (median of the tma_load_*_lat of at most 64 rows): max(max(rows x 1, bytes / fill) - overlap, 0), fill 79 B/cycle and overlap 86 cycles of the least largest relative error (4.0%) over the 21 tma_load_*_lat", f(0.0259)},
	"tma_row_cycles":                    {1, "fit: closed form, tma_load_32b_8k_tput / _64b_16k_tput cycles_per_load 258.2 / 258.2 for 256 rows, over 256", f(0.0014)},
	"tma_store_cycles_per_kib":          {32, "fit: closed form, (tmast_store_16k_read - tmast_store_4k_read cycles_per_op) / 12 KiB: (633.7 - 249.7) / 12", f(0.0014)},
	"tma_store_latency_cycles":          {16, "fit: Nelder-Mead (tma_store_latency_cycles) on tmast_add_16k_write, tmast_add_1k_write, tmast_add_4k_write, tmast_store_16k_write, tmast_store_1k_write, tmast_store_4k_write", f(0.0185)},
	"tma_store_min_cycles":              {18, "fit: closed form, tmast8_store_256b cycles_per_op 18.17 (256 B TMA stores, 8 unrolled per loop iteration, in one bulk group)", f(0.0499)},
	"tma_store_write_cycles":            {11, "fit: closed form, tmast_store_4k_write - _read cycles_per_op 260.7 - 249.7", f(0.0069)},
	"vote_latency_cycles":               {12, "fit: closed form, warp11_vote_chain cycles_per_op 17.44 (dependent ISETP + VOTE.ANY) - chain_add_s32 5.106 (the ISETP: the ALU's latency)", f(0.0119)},
	"warp_interval_cycles":              {4, "fit: closed form, 4 sub-partitions / warp11_vote_w32 warp_inst_per_sm_cycle 0.9673 (independent ISETP + VOTE.ANY, 32 warps)", f(0.2205)},
	"warp_latency_cycles":               {24, "fit: closed form, chain_shfl_bfly cycles_per_op 24.03 (dependent SHFL.BFLY chain)", f(0.0031)},
	"wgmma_fma_per_cycle":               {2048, "fit: closed form, 64*16 MACs per unit of N / least-squares slope 0.5 of issue_interval_cycles over N of wgmma_f16_n64..n256 SS and RS", f(0.0081)},
	"wgmma_interval_cycles":             {1, "structural: no simulated H100 figure moves by more than 0.5% between 1 and 2 (the wgmma issue interval is wgmma_min_cycles and the MAC rate: sensitivity check, session 5)", nil},
	"wgmma_latency_cycles":              {64, "hopper-numbers: wgmma completion tail 64-66 [F]", nil},
	"wgmma_min_cycles":                  {21, "fit: Nelder-Mead (wgmma_min_cycles) on wgmma_bf16_n16_rs, wgmma_bf16_n16_ss, wgmma_bf16_n8_rs, wgmma_bf16_n8_ss, wgmma_e4m3_n16_rs, wgmma_e4m3_n16_ss, wgmma_e4m3_n8_rs, wgmma_e4m3_n8_ss, wgmma_f16_n16_rs, wgmma_f16_n16_ss, wgmma_f16_n8_rs, wgmma_f16_n8_ss, wgmma_s8_n16_rs, wgmma_s8_n16_ss, wgmma_s8_n8_rs, wgmma_s8_n8_ss, wgmma_tf32_n16_rs, wgmma_tf32_n16_ss, wgmma_tf32_n8_rs, wgmma_tf32_n8_ss", f(0.0264)},
	"wgmma_rs_tail_cycles":              {49, "fit: Nelder-Mead (wgmma_rs_tail_cycles) on wgmma_f16_n128_rs, wgmma_f16_n16_rs, wgmma_f16_n256_rs, wgmma_f16_n32_rs, wgmma_f16_n64_rs, wgmma_f16_n8_rs", f(0.0187)},
	"wgmma_serial_rs_tail_cycles":       {40, "fit: Nelder-Mead (wgmma_serial_rs_tail_cycles) on wg11_n128_rs_w1_d1_ser, wg11_n128_rs_w2_d1_ser, wg11_n64_rs_w1_d1_ser", f(0.0244)},
	"wgmma_serial_ss_tail_cycles":       {48, "fit: Nelder-Mead (wgmma_serial_ss_tail_cycles) on wg11_n128_ss_w1_d1_ser, wg11_n128_ss_w2_d1_ser, wg11_n128_ss_w3_d1_ser, wg11_n128_ss_w4_d1_ser, wg11_n256_ss_w1_d1_ser, wg11_n256_ss_w2_d1_ser, wg11_n32_ss_w1_d1_ser, wg11_n64_ss_w1_d1_ser, wg11_n64_ss_w2_d1_ser, wg11_n64_ss_w4_d1_ser", f(0.0342)},
	"wgmma_smem_bytes_per_cycle":        {128, "spec: 128 B/clk/SM", nil},
	"wgmma_ss_tail_cycles":              {57, "fit: Nelder-Mead (wgmma_ss_tail_cycles) on wgmma_f16_n128_ss, wgmma_f16_n16_ss, wgmma_f16_n256_ss, wgmma_f16_n32_ss, wgmma_f16_n64_ss, wgmma_f16_n8_ss", f(0.0082)},
}

// The built-in profile's clocks: the H200's SM and memory clocks during the
// corpus recordings (ncu sm__cycles_elapsed.avg.per_second, 2026-11-21).
const (
	DefaultSMClockMHz  = 1980
	DefaultMemClockMHz = 3201
)

// DefaultTimedConfig is the built-in H200 profile.
func DefaultTimedConfig() TimedConfig {
	c := TimedConfig{SMClockMHz: DefaultSMClockMHz, MemClockMHz: DefaultMemClockMHz}
	for _, p := range Params() {
		if d, ok := DefaultTimedParams[p.Name]; ok {
			p.Set(&c, d.Value)
		}
	}
	return c
}
