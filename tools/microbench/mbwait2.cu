// sm90sim microbenchmark family "mbwait2": one failing
// mbarrier.try_wait.parity at a time (phase 0 of an mbarrier of count
// 2^20 - 1 never completes), samples 4000 cycles apart, in the forms a
// straight-line kernel uses: with or without a st.global just before it
// (mode bit 0), with the suspend-time hint hint_ns (mode bit 1) or without,
// and in a CTA of one warp or of two (block 64: warp 1 waits at bar.sync
// meanwhile). Does an outstanding store or another warp end the sleep?
// params (u64 *clk, u64 *gt, u32 *dst, u32 *sink, s32 iters, u32 hint_ns, u32 mode)
// clk[rep] = sum over iters samples of %clock64 after - before (one
// try_wait, selp, add), gt[rep] the same in %globaltimer ns; rep 0 warms up.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned long long mb_gtime() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(8) unsigned long long wbar2[1];

extern "C" __global__ void mbwait2(unsigned long long* clk, unsigned long long* gt, unsigned* dst, unsigned* sink,
                                   int iters, unsigned hint_ns, unsigned mode) {
    unsigned a = (unsigned)__cvta_generic_to_shared(&wbar2[0]);
    const unsigned lane = threadIdx.x & 31;
    if (threadIdx.x == 0)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(a), "r"((1u << 20) - 1u) : "memory");
    __syncthreads();
    unsigned x = 0;
    if (threadIdx.x < 32) {
#pragma unroll 1
        for (int rep = 0; rep < 2; rep++) {
            unsigned long long sum = 0, gsum = 0;
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                unsigned long long s0 = mb_clock();
                while (mb_clock() - s0 < 4000ull) {}
                unsigned long long g0 = mb_gtime();
                unsigned long long t0 = mb_clock();
                if (mode & 1u)
                    asm volatile("st.global.u32 [%0], %1;" :: "l"(dst + lane + 32 * i), "r"(a) : "memory");
                if (mode & 2u)
                    asm volatile("{.reg .pred p; .reg .b32 z;\n\t"
                                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0, %1;\n\t"
                                 "selp.b32 z, 1, 0, p;\n\t"
                                 "add.u32 %0, %0, z;}" : "+r"(a) : "r"(hint_ns) : "memory");
                else
                    asm volatile("{.reg .pred p; .reg .b32 z;\n\t"
                                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n\t"
                                 "selp.b32 z, 1, 0, p;\n\t"
                                 "add.u32 %0, %0, z;}" : "+r"(a) :: "memory");
                unsigned long long t1 = mb_clock();
                unsigned long long g1 = mb_gtime();
                sum += t1 - t0;
                gsum += g1 - g0;
            }
            if (lane == 0) {
                clk[rep] = sum;
                gt[rep] = gsum;
            }
            x += a;
        }
    }
    __syncthreads();
    sink[threadIdx.x] = x;
}
