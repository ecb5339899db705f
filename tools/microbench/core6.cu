// sm90sim microbenchmark family gen6 "core6" (issue 13: the SASS forms behind
// int_hash's 64-bit divisions): the call and return of a ptxas subroutine
// and the 64-bit conversions its reciprocal uses, alone.
//   call:    x = c6_add(x, m), a __noinline__ function (CALL.REL.NOINC, the
//            argument and result moves, IADD3, RET.REL.NODEC)
//   cvt64:   x = cvt.rzi.u64.f32(cvt.rn.f32.u64(x)) (I2F.U64 + F2I.U64.TRUNC)
//   i2f64:   x = zext(bits(cvt.rn.f32.u64(x)))       (I2F.U64)
//   f2i64:   x = cvt.rzi.u64.f32(bits(low word of x)) (F2I.U64.TRUNC)
// WARPS warps in one CTA, ILP independent chains per thread.
// params (u64 *clk, u32 *sink, s32 iters, u32 seed)
// clk[w][rep] = %clock64 after - before (rep 0 warms the caches);
// ops per SM-cycle = warps * iters * UNROLL * ILP / max_w clk[w][1].
#define UNROLL 16

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__device__ __noinline__ unsigned c6_add(unsigned x, unsigned m) { return x + m; }

#define C6_KERNEL(NAME, T, ILP, STEP)                                                  \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink, int iters,    \
                                unsigned seed) {                                       \
    const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;                      \
    T x[ILP];                                                                          \
    for (int i = 0; i < ILP; i++)                                                      \
        x[i] = (T)(seed * (threadIdx.x + 1) + 0x9e3779b9u * i) | ((T)1 << (sizeof(T) * 8 - 9)); \
    const unsigned m = seed | 1u;                                                      \
    (void)m;                                                                           \
    _Pragma("unroll 1")                                                                \
    for (int rep = 0; rep < 2; rep++) {                                                \
        __syncthreads();                                                               \
        unsigned long long t0 = mb_clock();                                            \
        _Pragma("unroll 1")                                                            \
        for (int i = 0; i < iters; i++) {                                              \
            _Pragma("unroll")                                                          \
            for (int k = 0; k < UNROLL; k++) {                                         \
                _Pragma("unroll")                                                      \
                for (int j = 0; j < ILP; j++) { STEP(j) }                              \
            }                                                                          \
        }                                                                              \
        unsigned long long t1 = mb_clock();                                            \
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;                                     \
    }                                                                                  \
    unsigned s = 0;                                                                    \
    for (int i = 0; i < ILP; i++) s ^= (unsigned)x[i] ^ (unsigned)((unsigned long long)x[i] >> 32); \
    sink[threadIdx.x] = s;                                                             \
}

#define S_CALL(i) x[i] = c6_add(x[i], m);
#define S_CVT64(i) asm volatile("{.reg .f32 f; cvt.rn.f32.u64 f, %0; cvt.rzi.u64.f32 %0, f;}" : "+l"(x[i]));
#define S_I2F64(i) asm volatile("{.reg .f32 f; .reg .b32 r; cvt.rn.f32.u64 f, %0; mov.b32 r, f; cvt.u64.u32 %0, r;}" : "+l"(x[i]));
#define S_F2I64(i) asm volatile("{.reg .f32 f; .reg .b32 lo, hi; mov.b64 {lo, hi}, %0; mov.b32 f, lo; cvt.rzi.u64.f32 %0, f;}" : "+l"(x[i]));

C6_KERNEL(c6_call_ilp1, unsigned, 1, S_CALL)
C6_KERNEL(c6_cvt64_ilp1, unsigned long long, 1, S_CVT64)
C6_KERNEL(c6_i2f64_ilp8, unsigned long long, 8, S_I2F64)
C6_KERNEL(c6_f2i64_ilp8, unsigned long long, 8, S_F2I64)
