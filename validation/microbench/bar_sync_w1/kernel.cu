// sm90sim microbenchmark family "sync": bar.sync across W warps and
// mbarrier arrive-to-wake between two warps.
//
// bar_sync: params (u64 *clk, u32 *sink, s32 iters, u32 unused)
// every warp of the CTA (block 32*W) runs iters x UNROLL `bar.sync 0`.
// clk[warp][rep] = t1 - t0 (rep 0 warm-up, rep 1 measured); cycles per
// barrier = clk / (iters * UNROLL).
//
// mbar_pingpong: params (u64 *clk, u32 *sink, s32 iters, u32 mode), block 64.
// Two mbarriers A, B. Warp 0: arrive(A), wait(B, parity); warp 1: wait(A,
// parity), arrive(B). One iteration = two arrive-to-wake hand-offs.
// mode 0: lane 0 arrives (count 1), all lanes wait with try_wait.parity;
// mode 1: all 32 lanes arrive (count 32), try_wait.parity;
// mode 2: lane 0 arrives (count 1), all lanes spin on test_wait.parity.
// clk[warp][rep]; hand-off latency = clk[0][1] / (2 * iters).
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void bar_sync(unsigned long long* clk, unsigned* sink, int iters, unsigned unused) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("bar.sync 0;" ::: "memory");
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
#pragma unroll
            for (int k = 0; k < UNROLL; k++) asm volatile("bar.sync 0;" ::: "memory");
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
    if (lane == 0) sink[w] = w + (unsigned)iters;
}

__shared__ __align__(8) unsigned long long mbar[2];

__device__ __forceinline__ void mb_arrive(unsigned bar) {
    asm volatile("{.reg .b64 st; mbarrier.arrive.shared::cta.b64 st, [%0];}" :: "r"(bar) : "memory");
}
__device__ __forceinline__ void mb_wait_try(unsigned bar, unsigned parity) {
    asm volatile("{.reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W;}"
                 :: "r"(bar), "r"(parity) : "memory");
}
__device__ __forceinline__ void mb_wait_test(unsigned bar, unsigned parity) {
    asm volatile("{.reg .pred p; W: mbarrier.test_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W;}"
                 :: "r"(bar), "r"(parity) : "memory");
}

extern "C" __global__ void mbar_pingpong(unsigned long long* clk, unsigned* sink, int iters, unsigned mode) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const unsigned A = (unsigned)__cvta_generic_to_shared(&mbar[0]);
    const unsigned B = (unsigned)__cvta_generic_to_shared(&mbar[1]);
    const unsigned count = mode == 1 ? 32u : 1u;
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(A), "r"(count) : "memory");
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(B), "r"(count) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
    const bool arrives = mode == 1 || lane == 0;
    unsigned phase = 0;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
        if (w == 0) {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                if (arrives) mb_arrive(A);
                if (mode == 2) mb_wait_test(B, phase); else mb_wait_try(B, phase);
                phase ^= 1;
            }
        } else {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                if (mode == 2) mb_wait_test(A, phase); else mb_wait_try(A, phase);
                if (arrives) mb_arrive(B);
                phase ^= 1;
            }
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
    if (lane == 0) sink[w] = phase + 2 * w;
}
