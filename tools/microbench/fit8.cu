// sm90sim microbenchmark families of helper fit8 (issue 15, session 5):
// the parameters the H100 profile still copied from the H200 and the
// estimates that change time. Built with nvcc -arch=sm_90a -ptx -O3.
//
// fit8_fence_*: params (u64 *clk, u32 *sink, s32 iters, u32 seed), one warp
// (the "chain" family's layout): `iters` iterations of UNROLL back-to-back
// fences of one kind, run twice (rep 0 warms the instruction cache);
// clk[rep] (lane 0) = %clock64 after - before. cycles per fence =
// clk[1] / (iters * UNROLL). sink[lane] = seed + lane (a functional check).
//
// fit8_chase: params (u64 *clk, u64 *buf, u64 footprint, u64 stride,
// s32 warm, s32 timed), grid 1, block 1024: gmem.cu's gmem_chase for a
// footprint that need not be a power of two (a multiple of stride):
// position k holds the address of position (k + 1) mod n, n = footprint /
// stride; thread 0 chases `warm` loads untimed, then `timed` loads between
// two %clock64 reads: clk[0] = their cycles, clk[1] = where the chase ended.
//
// fit8_redisp: params (u64 *clk, u32 *smid, s32 spin), one warp per CTA,
// dynamic shared memory enough for one CTA per SM, grid a multiple of the
// SM count: each CTA reads %clock64 at its start (t0), runs `spin`
// dependent adds, reads %clock64 again (t1) and writes clk[cta] = {t0, t1}
// and smid[cta]. On one SM, the next CTA's t0 minus the previous CTA's t1
// is the time from a CTA's last instructions to the next CTA's first: its
// exit and the CTA dispatch in between.
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define FENCE_KERNEL(NAME, ASM)                                                  \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink,         \
                                int iters, unsigned seed) {                      \
    _Pragma("unroll 1")                                                          \
    for (int rep = 0; rep < 2; rep++) {                                          \
        unsigned long long t0 = mb_clock();                                      \
        _Pragma("unroll 1")                                                      \
        for (int i = 0; i < iters; i++) {                                        \
            _Pragma("unroll")                                                    \
            for (int k = 0; k < UNROLL; k++) asm volatile(ASM ::: "memory");     \
        }                                                                        \
        unsigned long long t1 = mb_clock();                                      \
        if (threadIdx.x == 0) clk[rep] = t1 - t0;                                \
    }                                                                            \
    sink[threadIdx.x] = seed + threadIdx.x;                                      \
}

FENCE_KERNEL(fit8_fence_mbinit, "fence.mbarrier_init.release.cluster;")
FENCE_KERNEL(fit8_fence_acqrel_cta, "fence.acq_rel.cta;")
FENCE_KERNEL(fit8_fence_acqrel_cluster, "fence.acq_rel.cluster;")
FENCE_KERNEL(fit8_fence_acqrel_gpu, "fence.acq_rel.gpu;")
FENCE_KERNEL(fit8_fence_sc_cta, "fence.sc.cta;")
FENCE_KERNEL(fit8_fence_sc_gpu, "fence.sc.gpu;")

extern "C" __global__ void fit8_chase(unsigned long long* clk, unsigned long long* buf,
                                      unsigned long long footprint, unsigned long long stride,
                                      int warm, int timed) {
    const unsigned long long n = footprint / stride;
    const unsigned long long base = (unsigned long long)buf;
    for (unsigned long long k = threadIdx.x; k < n; k += blockDim.x) {
        unsigned long long k2 = k + 1 == n ? 0 : k + 1;
        buf[k * stride / 8] = base + k2 * stride;
    }
    __syncthreads();
    if (threadIdx.x != 0) return;
    unsigned long long p = base;
#pragma unroll 1
    for (int i = 0; i < warm; i++) asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory");
    unsigned long long t0 = mb_clock();
#pragma unroll 1
    for (int i = 0; i < timed / 8; i++) {
#pragma unroll
        for (int k = 0; k < 8; k++) asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory");
    }
    unsigned long long t1 = mb_clock();
    clk[0] = t1 - t0;
    clk[1] = p - base;   // where the chase ended (deterministic)
}

extern "C" __global__ void fit8_redisp(unsigned long long* clk, unsigned* smid, int spin) {
    unsigned long long t0 = mb_clock();
    unsigned x = threadIdx.x;
#pragma unroll 1
    for (int i = 0; i < spin; i++) asm volatile("add.u32 %0, %0, 1;" : "+r"(x));
    unsigned long long t1 = mb_clock();
    if (threadIdx.x == 0) {
        unsigned s;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
        clk[2 * blockIdx.x] = t0;
        clk[2 * blockIdx.x + 1] = t1 + (x == 0xffffffffu);   // keeps the adds
        smid[blockIdx.x] = s;
    }
}
