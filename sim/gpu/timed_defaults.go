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
	"global_latency_ns":             {300, "hopper-numbers: HBM pointer chase 315-345 ns (GH200)"},
	"global_bytes_per_ns":           {4000, "hopper-numbers: H200 HBM streaming 4.0-4.1 TB/s"},
	"launch_cycles":                 {2500, "estimate"},
	"tail_cycles":                   {500, "estimate"},
	"dispatch_interval_cycles":      {1, "estimate"},
	"dispatch_latency_cycles":       {100, "estimate"},
	"registers_per_thread_default":  {32, "estimate"},
	"sub_partitions_count":          {4, "spec"},
	"max_warps_per_sm_count":        {64, "spec"},
	"max_ctas_per_sm_count":         {32, "spec"},
	"max_threads_per_sm_count":      {2048, "spec"},
	"registers_per_sm_count":        {65536, "spec"},
	"register_alloc_unit_count":     {256, "spec"},
	"shared_per_sm_bytes":           {233472, "spec: 228 KiB"},
	"shared_reserved_per_cta_bytes": {1024, "spec"},
	"smem_latency_cycles":           {23, "hopper-numbers: LDS 32-bit RAW 23-24 (Ampere)"},
	"smem_wavefront_cycles":         {1, "spec: 128 B/clk/SM"},
	"smem_queue_wavefronts":         {32, "estimate"},
	"barrier_release_cycles":        {20, "hopper-numbers: CTA barrier release 15-30 [F]"},
	"mbar_wake_cycles":              {32, "hopper-numbers: try_wait release 32-43 [F]"},
	"suspend_cycles":                {10000, "estimate"},
	"fence_cycles":                  {20, "estimate"},
	"l1_sectors_per_cycle":          {4, "spec: 128 B/clk/SM"},
	"icache_line_bytes":             {128, "estimate"},
	"tma_issue_cycles":              {32, "hopper-numbers: TMA issue 32-33 [F]"},
	"tma_bytes_per_cycle":           {64, "estimate"},
	"wgmma_fma_per_cycle":           {2048, "spec: 2048 dense f16 FMA/clk/SM"},
	"wgmma_min_cycles":              {13, "hopper-numbers: dependent wgmma floor 13"},
	"wgmma_smem_bytes_per_cycle":    {128, "spec: 128 B/clk/SM"},
	"icache_miss_cycles":            {260, "hopper-numbers: L2 hit 260-280"},
	"icache_dram_cycles":            {300, "hopper-numbers: HBM miss 570-690 minus L2 hit"},
	"icache_prefetch_lines":         {2, "estimate"},
	"icache_line_interval_cycles":   {8, "estimate"},
	"alu_interval_cycles":           {2, "spec: 64 INT32 lanes/SM"},
	"alu_latency_cycles":            {4, "hopper-numbers: FP32/INT latency 4"},
	"imad_interval_cycles":          {2, "estimate"},
	"imad_latency_cycles":           {4, "estimate"},
	"fp32_interval_cycles":          {1, "spec: 128 FP32 lanes/SM"},
	"fp32_latency_cycles":           {4, "hopper-numbers: FP32 latency 4"},
	"fp64_interval_cycles":          {2, "spec: 64 FP64 lanes/SM"},
	"fp64_latency_cycles":           {8, "estimate"},
	"mufu_interval_cycles":          {8, "spec: 16 SFU lanes/SM"},
	"mufu_latency_cycles":           {18, "hopper-numbers: MUFU.EX2 chain 18.91"},
	"conv_interval_cycles":          {8, "spec: 16 lanes/SM"},
	"conv_latency_cycles":           {6, "estimate"},
	"warp_interval_cycles":          {2, "estimate"},
	"warp_latency_cycles":           {24, "estimate"},
	"shared_interval_cycles":        {1, "estimate"},
	"shared_latency_cycles":         {23, "hopper-numbers: LDS 23-24"},
	"global_interval_cycles":        {1, "estimate"},
	"global_latency_cycles":         {32, "hopper-numbers: L1 hit 32"},
	"tensor_interval_cycles":        {8, "hopper-numbers: mma.sync interval 6 [F]"},
	"tensor_latency_cycles":         {24, "hopper-numbers: mma.sync m16n8k16 24.1"},
	"wgmma_interval_cycles":         {1, "estimate"},
	"wgmma_latency_cycles":          {64, "hopper-numbers: wgmma completion tail 64-66 [F]"},
	"async_interval_cycles":         {1, "estimate"},
	"async_latency_cycles":          {16, "estimate"},
	"barrier_interval_cycles":       {1, "estimate"},
	"barrier_latency_cycles":        {4, "estimate"},
	"branch_interval_cycles":        {1, "estimate"},
	"branch_latency_cycles":         {4, "estimate"},
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
