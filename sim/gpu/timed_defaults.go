package gpu

import (
	"github.com/sm90sim/sm90sim/sim/sm"
)

// DefaultParam is a built-in parameter value and where it comes from.
type DefaultParam struct {
	Value  float64
	Source string
}

// DefaultTimedParams are the built-in H200 profile's parameters
// (calibration/h200.yaml `params`; TestBuiltinProfileMatchesFile keeps
// the two equal). Sources: "spec" (NVIDIA's published limits), a
// microbenchmark under validation/microbench (recorded on the GPU), or
// "hopper-numbers" (a published measurement, ../shared/docs) where we have
// not measured yet.
var DefaultTimedParams = map[string]DefaultParam{
	"launch_cycles":                     {2585, "microbench empty_c1/c132/c1056 (H200): 3046 / 3272 / 4339 elapsed"},
	"tail_cycles":                       {100, "estimate"},
	"dispatch_interval_cycles":          {1.5, "microbench empty_c1/c132/c1056 (H200)"},
	"dispatch_latency_cycles":           {100, "estimate"},
	"registers_per_thread_default":      {32, "estimate"},
	"l2_hit_cycles":                     {281, "microbench gmem_chase_512k..16m (H200): 280-282 cycles load to use"},
	"l2_bytes_per_cycle":                {5000, "hopper-numbers: H200 L2 9.7-10 TB/s at 1.98 GHz"},
	"dram_latency_ns":                   {349, "microbench gmem_chase_64m..1g (H200): 686 cycles at 1966.7 MHz"},
	"dram_bytes_per_ns":                 {4000, "microbench gmem_copy_c132 (H200): 4000 GB/s read+write"},
	"l1_hit_cycles":                     {32, "microbench gmem_chase_16k..128k (H200): 32 cycles"},
	"smem_latency_per_wavefront_cycles": {2, "microbench smem_ld32_s*_lat (H200): +2.0 per wavefront"},
	"barrier_arrive_interval_cycles":    {2, "microbench bar_sync_w* (H200): +2.0 per warp"},
	"tma_latency_cycles":                {180, "microbench tma_load_none_*_lat (H200): 476-793 = 32 + bytes/109 + 281 + 180"},
	"wgmma_ss_tail_cycles":              {114, "microbench wgmma_*_ss latency (H200): 114 + N/2"},
	"wgmma_rs_tail_cycles":              {102, "microbench wgmma_*_rs latency (H200): 102 + N/2"},
	"stmatrix_base_cycles":              {2, "microbench stsm_x1/x2/x4_1w (H200): 4.46 / 6.22 / 10.07 cycles"},
	"stmatrix_cycles_per_matrix":        {2, "microbench stsm_x1/x2/x4_1w (H200): +1.9 per matrix"},
	"scheduler_lrr":                     {1, "microbench smem_ld*_tput, ldsm_x4_tput, stsm_x4_tput (H200): every warp takes about the whole run (fair arbitration)"},
	"l1_cycles_per_line":                {2, "corpus cvt_all (development): uncoalesced 8-byte stores, ~2.1 cycles per line"},
	"cluster_barrier_cycles":            {88, "microbench cluster_bar_c2/c4_relaxed (H200): 90 / 94 per arrive + wait"},
	"cluster_fence_cycles":              {272, "microbench cluster_bar_c2 (H200): 362-384 with the default .release arrive (MEMBAR.ALL.GPU) minus relaxed"},
	"dsmem_latency_cycles":              {188, "microbench dsmem_* (H200): 188 remote (cluster 2), 209 (rank 3 of 4)"},
	"l1_cache_bytes":                    {262144, "microbench gmem_chase_16k..128k (H200): L1 hits up to 128 KiB (256 KiB: a mix)"},
	"l2_cache_bytes":                    {50331648, "microbench gmem_chase_16m/32m/64m (H200): L2 hits at 16 MiB, a mix at 32, HBM from 64"},
	"sub_partitions_count":              {4, "spec"},
	"max_warps_per_sm_count":            {64, "spec"},
	"max_ctas_per_sm_count":             {32, "spec"},
	"max_threads_per_sm_count":          {2048, "spec"},
	"registers_per_sm_count":            {65536, "spec"},
	"register_alloc_unit_count":         {256, "spec"},
	"shared_per_sm_bytes":               {233472, "spec: 228 KiB"},
	"shared_reserved_per_cta_bytes":     {1024, "spec"},
	"smem_latency_cycles":               {23, "microbench smem_ld32_s1_lat (H200): 23.4"},
	"smem_wavefront_cycles":             {1, "spec: 128 B/clk/SM"},
	"smem_queue_wavefronts":             {32, "estimate"},
	"barrier_release_cycles":            {14, "microbench bar_sync_w1 (H200): 14.8 cycles per barrier"},
	"mbar_wake_cycles":                  {78, "microbench mbar_pingpong_m1 (H200): 116.8 cycles per arrive-to-wake handoff"},
	"suspend_cycles":                    {10000, "estimate"},
	"fence_cycles":                      {20, "estimate"},
	"l1_sectors_per_cycle":              {4, "spec: 128 B/clk/SM"},
	"icache_line_bytes":                 {128, "estimate"},
	"tma_issue_cycles":                  {32, "hopper-numbers: TMA issue 32-33 [F]"},
	"tma_bytes_per_cycle":               {109, "microbench tma_load_*_16k/32k_lat (H200): 150 cycles per 16 KiB"},
	"wgmma_fma_per_cycle":               {2048, "spec: 2048 dense f16 FMA/clk/SM"},
	"wgmma_min_cycles":                  {21, "microbench wgmma_*_n8/n16 issue interval (H200): 20.5-21.6"},
	"wgmma_smem_bytes_per_cycle":        {128, "spec: 128 B/clk/SM"},
	"icache_miss_cycles":                {260, "hopper-numbers: L2 hit 260-280"},
	"icache_dram_cycles":                {0, "microbench empty_c1/c132 (H200): code fetches hit L2"},
	"icache_prefetch_lines":             {2, "estimate"},
	"icache_line_interval_cycles":       {8, "estimate"},
	"alu_interval_cycles":               {2, "spec: 64 INT32 lanes/SM"},
	"alu_latency_cycles":                {5, "microbench chain_add_s32 (H200): 5.11 per add.s32"},
	"imad_interval_cycles":              {2, "estimate"},
	"imad_latency_cycles":               {4, "microbench chain_mad_lo_s32, chain_mul_wide_s32 (H200): 4.17"},
	"fp32_interval_cycles":              {1, "spec: 128 FP32 lanes/SM"},
	"fp32_latency_cycles":               {4, "microbench chain_fma_f32 (H200): 4.15"},
	"fp64_interval_cycles":              {2, "spec: 64 FP64 lanes/SM"},
	"fp64_latency_cycles":               {8, "microbench chain_fma_f64 (H200): 8.12"},
	"mufu_interval_cycles":              {8, "spec: 16 SFU lanes/SM"},
	"mufu_latency_cycles":               {17, "microbench chain_ex2_ftz_f32 (H200): 17.04"},
	"conv_interval_cycles":              {8, "spec: 16 lanes/SM"},
	"conv_latency_cycles":               {17, "microbench chain_cvt_s32_f32 (H200): 17.04; chain_cvt_f32_f64_pair 36 per pair"},
	"warp_interval_cycles":              {2, "estimate"},
	"warp_latency_cycles":               {24, "microbench chain_shfl_bfly (H200): 24.03 (idx 26.03)"},
	"shared_interval_cycles":            {1, "estimate"},
	"shared_latency_cycles":             {23, "hopper-numbers: LDS 23-24"},
	"global_interval_cycles":            {1, "estimate"},
	"global_latency_cycles":             {32, "hopper-numbers: L1 hit 32"},
	"tensor_interval_cycles":            {8, "hopper-numbers: mma.sync interval 6 [F]"},
	"tensor_latency_cycles":             {24, "hopper-numbers: mma.sync m16n8k16 24.1"},
	"wgmma_interval_cycles":             {1, "estimate"},
	"wgmma_latency_cycles":              {64, "hopper-numbers: wgmma completion tail 64-66 [F]"},
	"async_interval_cycles":             {1, "estimate"},
	"async_latency_cycles":              {16, "estimate"},
	"barrier_interval_cycles":           {1, "estimate"},
	"barrier_latency_cycles":            {4, "estimate"},
	"branch_interval_cycles":            {1, "estimate"},
	"branch_latency_cycles":             {4, "estimate"},
}

// The built-in profile's clocks: the H200's SM and memory clocks during the
// corpus recordings (ncu sm__cycles_elapsed.avg.per_second, 2026-11-21).
const (
	DefaultSMClockMHz  = 1980
	DefaultMemClockMHz = 3201
)

// DefaultTimedConfig is the built-in H200 profile.
func DefaultTimedConfig() TimedConfig {
	c := TimedConfig{SM: sm.Config{Policy: sm.GTO}, SMClockMHz: DefaultSMClockMHz, MemClockMHz: DefaultMemClockMHz}
	for _, p := range Params() {
		if d, ok := DefaultTimedParams[p.Name]; ok {
			p.Set(&c, d.Value)
		}
	}
	return c
}
