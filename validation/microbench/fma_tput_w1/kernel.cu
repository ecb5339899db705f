// sm90sim microbenchmark family "fma_tput": issue throughput of independent
// fma.rn.f32. Each thread keeps ILP=8 independent accumulators; the body
// has 8 x 8 = 64 FMAs; `iters` iterations; the timed region runs twice
// (rep 0 warm-up, rep 1 measured), each after a __syncthreads.
//
// params (u64 *clk, u32 *smid, u32 *wfin, u32 *cnt, u32 *sink, s32 iters, u32 expect)
// Before timing, the CTAs on one SM meet: each adds 1 to cnt[%smid] and
// waits (at most 2^21 cycles) until it reaches `expect` (1 for a one-CTA
// launch, 2 for 2 CTAs per SM), so that all warps of the SM start together.
// clk[cta][4] = absolute %clock64 {min t0 rep0, max t1 rep0, min t0 rep1,
// max t1 rep1} over the CTA's warps (same SM: comparable); smid[cta] = %smid.
// wfin[slot][warp] = t1 - (the CTA's min t0) of rep 1 per warp, for CTAs
// with blockIdx.x % 132 < 2 (slot = 2 * (blockIdx.x / 132) + blockIdx.x % 132):
// shows how the warp scheduler shares the pipe (equal finish times: fair;
// staggered: oldest-first).
// sink[cta] = thread 0's accumulator sum (a functional check).
// FMA warp-instructions per SM-cycle (rep 1) = sum over the SM's CTAs of
// warps * iters * 64 / (max t1 - min t0 over the SM's CTAs).
#define ILP 8
#define UNROLL 8

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void fma_tput(unsigned long long* clk, unsigned* smid, unsigned* wfin, unsigned* cnt,
                                    unsigned* sink, int iters, unsigned expect) {
    __shared__ unsigned long long t0s[32], t1s[32];
    float acc[ILP];
#pragma unroll
    for (int j = 0; j < ILP; j++) acc[j] = (float)(threadIdx.x + j);
    const float a = __uint_as_float(0x3f7ff000u | (iters & 0xf));
    const float b = __uint_as_float(0x3a800000u);
    const unsigned w = threadIdx.x >> 5, nw = (blockDim.x + 31) / 32;
    unsigned sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    if (threadIdx.x == 0) {
        smid[blockIdx.x] = sm;
        atomicAdd(&cnt[sm], 1u);
        unsigned long long s = mb_clock();
        while (*(volatile unsigned*)&cnt[sm] < expect && mb_clock() - s < (1ull << 21)) {
        }
    }
    const unsigned slot = (blockIdx.x % 132 < 2) ? 2 * (blockIdx.x / 132) + blockIdx.x % 132 : 0xffffffffu;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
#pragma unroll
            for (int k = 0; k < UNROLL; k++) {
#pragma unroll
                for (int j = 0; j < ILP; j++)
                    asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(acc[j]) : "f"(a), "f"(b));
            }
        }
        unsigned long long t1 = mb_clock();
        if ((threadIdx.x & 31) == 0) { t0s[w] = t0; t1s[w] = t1; }
        __syncthreads();
        if (threadIdx.x == 0) {
            unsigned long long lo = t0s[0], hi = t1s[0];
            for (unsigned v = 1; v < nw; v++) {
                lo = min(lo, t0s[v]);
                hi = max(hi, t1s[v]);
            }
            clk[blockIdx.x * 4 + rep * 2] = lo;
            clk[blockIdx.x * 4 + rep * 2 + 1] = hi;
            if (rep == 1 && slot < 4)
                for (unsigned v = 0; v < nw; v++) wfin[slot * nw + v] = (unsigned)(t1s[v] - lo);
        }
    }
    float r = 0.f;
#pragma unroll
    for (int j = 0; j < ILP; j++) r += acc[j];
    if (threadIdx.x == 0) sink[blockIdx.x] = __float_as_uint(r);
}
