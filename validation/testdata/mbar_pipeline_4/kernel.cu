// mbar_pipeline_4: TMA producer/consumer pipeline with 4 stages (CUTLASS PipelineTmaAsync pattern).
// Block of 96 threads: warp 0 is the producer (one elected lane), warps 1-2 are the consumers.
// A u32 matrix [128][64] (values 0..1000) is cut into 16 tiles of 16 rows x 32 columns (2 KiB),
// tile t = (column block t % 2, row block t / 2), loaded by TMA into a ring of 4 stages.
// full[s] (count 1): producer arrive.expect_tx(2048) + TMA; consumers try_wait.parity (k & 1) with a
// suspend-time hint. empty[s]: lane 0 of each consumer warp arrives with count 32 (empty count 64); the producer waits on it with parity (k & 1) ^ 1 (the first
// pass succeeds at once). Consumer thread c (0..63) sums column c % 32 over rows 8*(c/32) .. +7 of each
// tile, as u32 and as f32 (exact: the sums are integers below 2^24).
// Outputs: su u32[16][64], sf f32[16][64], facts u32[16]: [0] failed (timed-out) waits of the producer,
// [1] of the consumers (0 expected); at the end, per stage s: facts[4+3s] = test_wait.parity(full[s], 0)
// | test_wait.parity(full[s], 1) << 1, facts[4+3s+1] = the same for empty[s], facts[4+3s+2] = 0xF0 + s.
#include <cuda.h>
#include <stdint.h>

// ---- helpers (inline PTX), shared by the async corpus kernels (tools/record/gen_async.py)
static __device__ __forceinline__ uint32_t smem_addr(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
static __device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
static __device__ __forceinline__ void fence_mbar_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
static __device__ __forceinline__ void fence_proxy_async_smem()
{
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
static __device__ __forceinline__ void mbar_arrive_expect_tx(uint32_t bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
static __device__ __forceinline__ uint32_t mbar_try_wait_parity(uint32_t bar, uint32_t parity)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}
// Bounded wait: 1 once the phase with this parity has completed, 0 after the spin limit
// (a wrong tx count then shows as a 0 flag instead of a hung kernel).
static __device__ __forceinline__ uint32_t mbar_wait_bounded(uint32_t bar, uint32_t parity)
{
    for (int i = 0; i < (1 << 16); ++i)
        if (mbar_try_wait_parity(bar, parity)) return 1;
    return 0;
}

#define STAGES 4
#define TILES 16
#define TILE_BYTES 2048

static __device__ __forceinline__ void tma_load_2d(uint32_t dst, const void* tmap, int c0, int c1, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(dst), "l"(tmap), "r"(c0), "r"(c1), "r"(bar) : "memory");
}
static __device__ __forceinline__ void mbar_arrive(uint32_t bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}
static __device__ __forceinline__ void mbar_arrive_cnt(uint32_t bar, uint32_t n)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(n) : "memory");
}
// try_wait with a suspend-time hint (ns), looped with a bound; returns 1 on success
static __device__ __forceinline__ uint32_t mbar_wait_hint(uint32_t bar, uint32_t parity)
{
    for (int i = 0; i < (1 << 16); ++i) {
        uint32_t ok;
        asm volatile("{\n\t.reg .pred p;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2, %3;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(ok) : "r"(bar), "r"(parity), "r"(0x989680) : "memory");
        if (ok) return 1;
    }
    return 0;
}
static __device__ __forceinline__ uint32_t mbar_test_parity(uint32_t bar, uint32_t parity)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}
static __device__ __forceinline__ uint32_t elect_one()
{
    uint32_t pred = 0;
    asm volatile("{\n\t.reg .b32 rx;\n\t.reg .pred px;\n\t"
                 "elect.sync rx|px, %1;\n\t"
                 "selp.u32 %0, 1, 0, px;\n\t}"
                 : "=r"(pred) : "r"(0xffffffffu));
    return pred;
}

extern "C" __global__ void __launch_bounds__(96) mbar_pipeline_4(const __grid_constant__ CUtensorMap tmap,
    uint32_t* __restrict__ su, float* __restrict__ sf, uint32_t* __restrict__ facts)
{
    __shared__ __align__(1024) uint32_t stage[STAGES][TILE_BYTES / 4];
    __shared__ __align__(8) uint64_t full_bar[STAGES];
    __shared__ __align__(8) uint64_t empty_bar[STAGES];
    __shared__ uint32_t fails[2];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    if (tid == 0) {
        for (int s = 0; s < STAGES; ++s) {
            mbar_init(smem_addr(&full_bar[s]), 1);
            mbar_init(smem_addr(&empty_bar[s]), 64);
        }
        fails[0] = 0;
        fails[1] = 0;
        fence_mbar_init();
    }
    __syncthreads();
    if (warp == 0) {
        if (elect_one()) {
            uint32_t bad = 0;
            for (int t = 0; t < TILES; ++t) {
                const int s = t % STAGES, k = t / STAGES;
                bad += 1 - mbar_wait_hint(smem_addr(&empty_bar[s]), (k & 1) ^ 1);
                const uint32_t full = smem_addr(&full_bar[s]);
                mbar_arrive_expect_tx(full, TILE_BYTES);
                tma_load_2d(smem_addr(&stage[s][0]), &tmap, 32 * (t % 2), 16 * (t / 2), full);
            }
            atomicAdd(&fails[0], bad);
        }
    } else {
        const int c = tid - 32, col = c % 32, r0 = 8 * (c / 32);
        uint32_t bad = 0;
        for (int t = 0; t < TILES; ++t) {
            const int s = t % STAGES, k = t / STAGES;
            bad += 1 - mbar_wait_hint(smem_addr(&full_bar[s]), k & 1);
            uint32_t u = 0;
            float f = 0.0f;
            for (int r = r0; r < r0 + 8; ++r) {
                const uint32_t v = stage[s][r * 32 + col];
                u += v;
                f += (float)v;
            }
            su[t * 64 + c] = u;
            sf[t * 64 + c] = f;
            const uint32_t empty = smem_addr(&empty_bar[s]);
            __syncwarp();
            if (lane == 0) mbar_arrive_cnt(empty, 32);
        }
        atomicAdd(&fails[1], bad);
    }
    __syncthreads();
    if (tid == 0) {
        facts[0] = fails[0];
        facts[1] = fails[1];
        for (int s = 0; s < STAGES; ++s) {
            facts[4 + 3 * s + 0] = mbar_test_parity(smem_addr(&full_bar[s]), 0) | (mbar_test_parity(smem_addr(&full_bar[s]), 1) << 1);
            facts[4 + 3 * s + 1] = mbar_test_parity(smem_addr(&empty_bar[s]), 0) | (mbar_test_parity(smem_addr(&empty_bar[s]), 1) << 1);
            facts[4 + 3 * s + 2] = 0xF0 + s;
        }
    }
}
