// mbar_ops: mbarrier semantics as observable facts (tokens are opaque and never written out).
// Block of 64 threads. Output out u32[320]; slot meanings (expected values per the PTX ISA in brackets):
//  A (init 3): [0] pending_count of arrive.noComplete #1 [3: count before the arrive], [1] test_wait(token #1) [0],
//   [2] test_wait.parity 0 [0], [3] test_wait.parity 1 [1: the phase before phase 0 counts as complete],
//   [4] pending_count of arrive.noComplete #2 [2], then a plain arrive completes phase 0:
//   [5] test_wait(token #1) [1], [6] test_wait(token #3) [1], [7] parity 0 [1], [8] parity 1 [0];
//   arrive count 3 completes phase 1: [9] test_wait(its token) [1], [10] parity 1 [1], [11] parity 0 [0],
//   [12] try_wait(token, no parity) [1], [13] try_wait.parity 0 with a 1000 ns hint on the incomplete
//   phase 2 [0], [14] try_wait.parity 1 with hint [1].
//  B (init 4): arrive_drop (expected 4 -> 3), arrive.noComplete: [15] its pending_count [3], arrive count 2
//   completes phase 0: [16] parity 0 [1]; phase 1 expects 3: arrive count 2: [17] parity 1 [0]; arrive:
//   [18] parity 1 [1]; arrive_drop count 2 (expected 3 -> 1): [19] parity 0 [0]; arrive: [20] parity 0 [1];
//   phase 3 expects 1: arrive: [21] parity 1 [1].
//  C (init 1): expect_tx 64, arrive: [22] parity 0 [0]; complete_tx 32: [23] [0]; complete_tx 32: [24] [1];
//   complete_tx 16 before the expect_tx (tx negative): [25] parity 1 [0]; arrive.expect_tx 16: [26] [1];
//   expect_tx 128 + a 128-byte bulk copy + arrive: [27] bounded wait parity 0 [1].
//  A again: inval, init 1: [28] parity 0 [0], [29] parity 1 [1]; arrive: [30] parity 0 [1];
//   inval, init 5: arrive.noComplete 2: [31] pending_count [5]; again: [32] [3]; arrive: [33] parity 0 [1].
//  [34] 0xC0FFEE (end marker of thread 0's part).
//  D (init 64, all threads arrive, then bar.sync): [64 + tid] = test_wait(token) | parity0 << 1 | parity1 << 2 [3].
//  E (init 32): warp 1 arrives, warp 0 waits: [128 + lane] bounded wait [1] for lanes of warp 0.
//  F (init 64): each thread arrive.expect_tx 16 + a 16-byte bulk copy of src[4*tid..] into buf2:
//   [192 + tid] bounded wait parity 0 [1].
//  [256 .. 256+31]: buf (the 128-byte bulk copy of src[0..31]); buf2 goes to out2 u32[256].
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

static __device__ __forceinline__ uint64_t arrive(uint32_t bar)
{
    uint64_t t;
    asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(t) : "r"(bar) : "memory");
    return t;
}
static __device__ __forceinline__ uint64_t arrive_cnt(uint32_t bar, uint32_t n)
{
    uint64_t t;
    asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1], %2;" : "=l"(t) : "r"(bar), "r"(n) : "memory");
    return t;
}
static __device__ __forceinline__ uint64_t arrive_nocomplete(uint32_t bar, uint32_t n)
{
    uint64_t t;
    asm volatile("mbarrier.arrive.noComplete.shared::cta.b64 %0, [%1], %2;" : "=l"(t) : "r"(bar), "r"(n) : "memory");
    return t;
}
static __device__ __forceinline__ uint64_t arrive_drop(uint32_t bar)
{
    uint64_t t;
    asm volatile("mbarrier.arrive_drop.shared::cta.b64 %0, [%1];" : "=l"(t) : "r"(bar) : "memory");
    return t;
}
static __device__ __forceinline__ uint64_t arrive_drop_cnt(uint32_t bar, uint32_t n)
{
    uint64_t t;
    asm volatile("mbarrier.arrive_drop.shared::cta.b64 %0, [%1], %2;" : "=l"(t) : "r"(bar), "r"(n) : "memory");
    return t;
}
static __device__ __forceinline__ uint32_t pending_count(uint64_t t)
{
    uint32_t n;
    asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(n) : "l"(t));
    return n;
}
static __device__ __forceinline__ uint32_t test_wait(uint32_t bar, uint64_t t)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(ok) : "r"(bar), "l"(t) : "memory");
    return ok;
}
static __device__ __forceinline__ uint32_t test_parity(uint32_t bar, uint32_t parity)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}
static __device__ __forceinline__ uint32_t try_wait_token(uint32_t bar, uint64_t t)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(ok) : "r"(bar), "l"(t) : "memory");
    return ok;
}
static __device__ __forceinline__ uint32_t try_parity_hint(uint32_t bar, uint32_t parity, uint32_t ns)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2, %3;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(ok) : "r"(bar), "r"(parity), "r"(ns) : "memory");
    return ok;
}
static __device__ __forceinline__ void expect_tx(uint32_t bar, uint32_t n)
{
    asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(n) : "memory");
}
static __device__ __forceinline__ void complete_tx(uint32_t bar, uint32_t n)
{
    asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(n) : "memory");
}
static __device__ __forceinline__ void inval(uint32_t bar)
{
    asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(bar) : "memory");
}
static __device__ __forceinline__ void bulk_g2s(uint32_t dst, const void* src, uint32_t bytes, uint32_t bar)
{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(dst), "l"(src), "r"(bytes), "r"(bar) : "memory");
}

extern "C" __global__ void __launch_bounds__(64) mbar_ops(const uint32_t* __restrict__ src,
    uint32_t* __restrict__ out, uint32_t* __restrict__ out2)
{
    __shared__ __align__(8) uint64_t bars[6];
    __shared__ __align__(128) uint32_t buf[32];
    __shared__ __align__(128) uint32_t buf2[256];
    const int tid = threadIdx.x;
    const uint32_t A = smem_addr(&bars[0]), B = smem_addr(&bars[1]), C = smem_addr(&bars[2]);
    const uint32_t D = smem_addr(&bars[3]), E = smem_addr(&bars[4]), F = smem_addr(&bars[5]);
    if (tid == 0) {
        uint32_t* o = out;
        mbar_init(A, 3);
        mbar_init(B, 4);
        mbar_init(C, 1);
        fence_mbar_init();
        const uint64_t t1 = arrive_nocomplete(A, 1);
        o[0] = pending_count(t1);
        o[1] = test_wait(A, t1);
        o[2] = test_parity(A, 0);
        o[3] = test_parity(A, 1);
        const uint64_t t2 = arrive_nocomplete(A, 1);
        o[4] = pending_count(t2);
        const uint64_t t3 = arrive(A);
        o[5] = test_wait(A, t1);
        o[6] = test_wait(A, t3);
        o[7] = test_parity(A, 0);
        o[8] = test_parity(A, 1);
        const uint64_t t4 = arrive_cnt(A, 3);
        o[9] = test_wait(A, t4);
        o[10] = test_parity(A, 1);
        o[11] = test_parity(A, 0);
        o[12] = try_wait_token(A, t4);
        o[13] = try_parity_hint(A, 0, 1000);
        o[14] = try_parity_hint(A, 1, 1000);
        // B: arrive_drop
        arrive_drop(B);
        const uint64_t d1 = arrive_nocomplete(B, 1);
        o[15] = pending_count(d1);
        arrive_cnt(B, 2);
        o[16] = test_parity(B, 0);
        arrive_cnt(B, 2);
        o[17] = test_parity(B, 1);
        arrive(B);
        o[18] = test_parity(B, 1);
        arrive_drop_cnt(B, 2);
        o[19] = test_parity(B, 0);
        arrive(B);
        o[20] = test_parity(B, 0);
        arrive(B);
        o[21] = test_parity(B, 1);
        // C: transaction counts
        expect_tx(C, 64);
        arrive(C);
        o[22] = test_parity(C, 0);
        complete_tx(C, 32);
        o[23] = test_parity(C, 0);
        complete_tx(C, 32);
        o[24] = test_parity(C, 0);
        complete_tx(C, 16);
        o[25] = test_parity(C, 1);
        mbar_arrive_expect_tx(C, 16);
        o[26] = test_parity(C, 1);
        expect_tx(C, 128);
        bulk_g2s(smem_addr(buf), src, 128, C);
        arrive(C);
        o[27] = mbar_wait_bounded(C, 0);
        // A: inval and re-init
        inval(A);
        mbar_init(A, 1);
        o[28] = test_parity(A, 0);
        o[29] = test_parity(A, 1);
        arrive(A);
        o[30] = test_parity(A, 0);
        inval(A);
        mbar_init(A, 5);
        const uint64_t p1 = arrive_nocomplete(A, 2);
        o[31] = pending_count(p1);
        const uint64_t p2 = arrive_nocomplete(A, 2);
        o[32] = pending_count(p2);
        arrive(A);
        o[33] = test_parity(A, 0);
        o[34] = 0xC0FFEEu;
        mbar_init(D, 64);
        mbar_init(E, 32);
        mbar_init(F, 64);
        fence_mbar_init();
    }
    __syncthreads();
    const uint64_t tk = arrive(D);
    __syncthreads();
    out[64 + tid] = test_wait(D, tk) | (test_parity(D, 0) << 1) | (test_parity(D, 1) << 2);
    if (tid >= 32)
        arrive(E);
    else
        out[128 + tid] = mbar_wait_bounded(E, 0);
    mbar_arrive_expect_tx(F, 16);
    bulk_g2s(smem_addr(&buf2[4 * tid]), src + 4 * tid, 16, F);
    out[192 + tid] = mbar_wait_bounded(F, 0);
    __syncthreads();
    if (tid < 32) out[256 + tid] = buf[tid];
    for (int i = tid; i < 256; i += 64) out2[i] = buf2[i];
}
