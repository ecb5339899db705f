// sm90sim microbenchmark family "fpalu" (issue 14, helper flash): which pipe
// runs the float operations of a softmax that are not FFMA/FADD/FMUL:
// max.f32 (FMNMX) and cvt.rn.f16x2.f32 (F2FP.F16.F32.PACK_AB), against
// add.f32 (FADD, the FMA pipe) and with integer ALU work (LOP3) or FFMA beside
// them. Issue throughput of independent operations (16 warps in one CTA, 4
// per scheduler, NCH independent chains per thread) and, with one warp and
// one chain, their latency.
// params (u64 *clk, u32 *sink, s32 iters, u32 seed)
// clk[w][rep] = %clock64 after - before (rep 0 warms up);
// warp-instructions per SM-cycle = warps * iters * UNROLL * NCH * ops_per_step / max_w clk[w][1].
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define FPALU_KERNEL(NAME, NCH, STEP)                                                  \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,    \
                                unsigned seed) {                                       \
    const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;                      \
    float x[8];                                                                        \
    unsigned y[8];                                                                     \
    for (int i = 0; i < 8; i++) {                                                      \
        x[i] = __uint_as_float(0x3f800000u | ((seed * (threadIdx.x + 1) + i) & 0xffff)); \
        y[i] = seed * (threadIdx.x + 1) + 0x9e3779b9u * i;                             \
    }                                                                                  \
    const float m = __uint_as_float(0x3f000000u | (seed & 0xff));                      \
    const unsigned k = seed | 1u;                                                      \
    _Pragma("unroll 1")                                                                \
    for (int rep = 0; rep < 2; rep++) {                                                \
        __syncthreads();                                                               \
        unsigned long long t0 = mb_clock();                                            \
        _Pragma("unroll 1")                                                            \
        for (int i = 0; i < iters; i++) {                                              \
            _Pragma("unroll")                                                          \
            for (int u = 0; u < UNROLL; u++) {                                         \
                _Pragma("unroll")                                                      \
                for (int c = 0; c < NCH; c++) { STEP(c) }                              \
            }                                                                          \
        }                                                                              \
        unsigned long long t1 = mb_clock();                                            \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                     \
    }                                                                                  \
    unsigned s = 0;                                                                    \
    for (int i = 0; i < 8; i++) s ^= __float_as_uint(x[i]) ^ y[i];                     \
    sink[threadIdx.x] = s;                                                             \
}

#define S_MAX(i) asm volatile("max.f32 %0, %0, %1;" : "+f"(x[i]) : "f"(m));
#define S_ADD(i) asm volatile("add.f32 %0, %0, %1;" : "+f"(x[i]) : "f"(m));
#define S_F2FP(i) asm volatile("{.reg .b32 t; cvt.rn.f16x2.f32 t, %0, %1; mov.b32 %0, t;}" : "+f"(x[i]) : "f"(m));
#define S_MAX_LOP(i) asm volatile("max.f32 %0, %0, %2; xor.b32 %1, %1, %3;" : "+f"(x[i]), "+r"(y[i]) : "f"(m), "r"(k));
#define S_MAX_FMA(i) asm volatile("max.f32 %0, %0, %2; fma.rn.f32 %1, %1, %2, %2;" : "+f"(x[i]), "+f"(x[7 - i]) : "f"(m));

FPALU_KERNEL(fpalu_max, 8, S_MAX)
FPALU_KERNEL(fpalu_add, 8, S_ADD)
FPALU_KERNEL(fpalu_f2fp, 8, S_F2FP)
FPALU_KERNEL(fpalu_max_lop, 8, S_MAX_LOP)
FPALU_KERNEL(fpalu_max_fma, 4, S_MAX_FMA)
FPALU_KERNEL(fpalu_max_chain, 1, S_MAX)
FPALU_KERNEL(fpalu_f2fp_chain, 1, S_F2FP)
