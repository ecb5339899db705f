// cpasync_pipeline: a 3-stage cp.async pipeline (CUTLASS multistage order) over n u32 (n = 3621:
// 7 full tiles of 512 words and a 37-word tail). Block of 128 threads, one CTA.
// Per tile k, thread t copies words 4t..4t+3 of the tile with cp.async.cg (16 B, src-size
// clamp(4*(n - idx), 0, 16): the bytes past the end are zero-filled), and words 2t, 2t+1 of in2's tile
// (256 words) with two cp.async.ca 4-byte copies (t even) or one 8-byte copy (t odd).
// commit_group per tile; wait_group 1 (STAGES - 2) before consuming tile k; wait_all after the loop.
// Consume: out[k*512 + j] = S[k%3][511 - j], out2[k*256 + j] = S2[k%3][255 - j] (reversed, so each thread
// reads words copied by other threads).
// Epilogue: cp.async.ca 16-byte copies of in2[4t..4t+3] into E, then cp.async.mbarrier.arrive.noinc on a
// barrier initialized with count 128; wait parity 0; out3[t*4 + i] = E[(t*4 + i + 7) % 512].
// Outputs: out u32[4096] (the tail past n shows the zero fill), out2 u32[2048], out3 u32[512], flags u32[1].
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

#define STAGES 3
#define TILE 512
#define TILE2 256

static __device__ __forceinline__ void cp_async_cg16(uint32_t dst, const void* src, uint32_t src_bytes)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src), "r"(src_bytes) : "memory");
}
static __device__ __forceinline__ void cp_async_ca4(uint32_t dst, const void* src)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(dst), "l"(src) : "memory");
}
static __device__ __forceinline__ void cp_async_ca8(uint32_t dst, const void* src)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(dst), "l"(src) : "memory");
}
static __device__ __forceinline__ void cp_async_ca16(uint32_t dst, const void* src)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
}
static __device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
static __device__ __forceinline__ void cp_async_wait1() { asm volatile("cp.async.wait_group 1;" ::: "memory"); }
static __device__ __forceinline__ void cp_async_wait_all() { asm volatile("cp.async.wait_all;" ::: "memory"); }

extern "C" __global__ void __launch_bounds__(128) cpasync_pipeline(const uint32_t* __restrict__ in,
    const uint32_t* __restrict__ in2, int n, uint32_t* __restrict__ out, uint32_t* __restrict__ out2,
    uint32_t* __restrict__ out3, uint32_t* __restrict__ flags)
{
    __shared__ __align__(128) uint32_t S[STAGES][TILE];
    __shared__ __align__(128) uint32_t S2[STAGES][TILE2];
    __shared__ __align__(128) uint32_t E[512];
    __shared__ __align__(8) uint64_t bar;
    const int t = threadIdx.x;
    const int tiles = (n + TILE - 1) / TILE;
    auto load = [&](int k) {
        const int s = k % STAGES;
        const int idx = k * TILE + 4 * t;
        int rem = n - idx;
        const uint32_t bytes = rem >= 4 ? 16u : (rem > 0 ? 4u * rem : 0u);
        cp_async_cg16(smem_addr(&S[s][4 * t]), in + (bytes ? idx : 0), bytes);
        const uint32_t* g2 = in2 + k * TILE2 + 2 * t;
        if ((t & 1) == 0) {
            cp_async_ca4(smem_addr(&S2[s][2 * t]), g2);
            cp_async_ca4(smem_addr(&S2[s][2 * t + 1]), g2 + 1);
        } else {
            cp_async_ca8(smem_addr(&S2[s][2 * t]), g2);
        }
    };
    for (int k = 0; k < STAGES - 1; ++k) {
        if (k < tiles) load(k);
        cp_async_commit();
    }
    for (int k = 0; k < tiles; ++k) {
        cp_async_wait1();
        __syncthreads();
        const int kn = k + STAGES - 1;
        if (kn < tiles) load(kn);
        cp_async_commit();
        const int s = k % STAGES;
        for (int j = t; j < TILE; j += 128) out[k * TILE + j] = S[s][TILE - 1 - j];
        for (int j = t; j < TILE2; j += 128) out2[k * TILE2 + j] = S2[s][TILE2 - 1 - j];
    }
    cp_async_wait_all();
    if (t == 0) {
        mbar_init(smem_addr(&bar), 128);
        fence_mbar_init();
    }
    __syncthreads();
    cp_async_ca16(smem_addr(&E[4 * t]), in2 + 4 * t);
    asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::"r"(smem_addr(&bar)) : "memory");
    const uint32_t ok = mbar_wait_bounded(smem_addr(&bar), 0);
    for (int i = 0; i < 4; ++i) out3[t * 4 + i] = E[(t * 4 + i + 7) % 512];
    if (t == 0) flags[0] = ok;
}
