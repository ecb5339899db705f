// sm90sim microbenchmark family "chain": dependent chains of one operation
// in one warp (block 32, grid 1). Built with nvcc -arch=sm_90a -ptx -O3.
//
// Every entry: params (u64 *clk, u32 *sink, s32 iters, u32 seed).
// The timed region runs `iters` iterations of a body of UNROLL dependent
// operations (each op's input is the previous op's output); it runs twice:
// rep 0 warms the instruction cache, rep 1 is the measurement.
// clk[rep] (lane 0) = %clock64 after - before; sink[lane] = the chain's value
// (deterministic: a functional check).
// cycles per op = clk[1] / (iters * UNROLL).  A few entries chain PAIRS of
// operations (cvt there and back); then the figure is per pair.
#define UNROLL 64

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define CHAIN_KERNEL(NAME, T, INIT, BODY, OUTBITS)                               \
extern "C" __global__ void NAME(unsigned long long* clk, unsigned* sink,         \
                                int iters, unsigned seed) {                      \
    T x = INIT;                                                                  \
    T y = INIT;                                                                  \
    (void)y;                                                                     \
    _Pragma("unroll 1")                                                          \
    for (int rep = 0; rep < 2; rep++) {                                          \
        unsigned long long t0 = mb_clock();                                      \
        _Pragma("unroll 1")                                                      \
        for (int i = 0; i < iters; i++) {                                        \
            _Pragma("unroll")                                                    \
            for (int k = 0; k < UNROLL; k++) { BODY; }                           \
        }                                                                        \
        unsigned long long t1 = mb_clock();                                      \
        if (threadIdx.x == 0) clk[rep] = t1 - t0;                                \
    }                                                                            \
    sink[threadIdx.x] = OUTBITS;                                                 \
}

// add.s32: a Fibonacci pair (x += y; y += x): each intermediate has two uses,
// so ptxas cannot fuse two adds into one IADD3. UNROLL ops = UNROLL/2 pairs.
extern "C" __global__ void chain_add_s32(unsigned long long* clk, unsigned* sink, int iters, unsigned seed) {
    unsigned x = seed + threadIdx.x, y = seed ^ 0x9e3779b9u;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
#pragma unroll
            for (int k = 0; k < UNROLL / 2; k++) {
                asm volatile("add.s32 %0, %0, %1;" : "+r"(x) : "r"(y));
                asm volatile("add.s32 %0, %0, %1;" : "+r"(y) : "r"(x));
            }
        }
        unsigned long long t1 = mb_clock();
        if (threadIdx.x == 0) clk[rep] = t1 - t0;
    }
    sink[threadIdx.x] = x ^ y;
}

// mad.lo.s32 x = x * y + y (IMAD)
CHAIN_KERNEL(chain_mad_lo_s32, unsigned, seed + threadIdx.x,
    { asm volatile("mad.lo.s32 %0, %0, %1, %1;" : "+r"(x) : "r"(seed)); }, x)

// fma.rn.f32 x = x * a + b with a, b from seed (run-time values)
CHAIN_KERNEL(chain_fma_f32, float, __uint_as_float(0x3f000000u + (seed & 0xff) + threadIdx.x),
    { asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(__uint_as_float(0x3f7ff000u | (seed & 0xf))), "f"(__uint_as_float(0x3a800000u))); },
    __float_as_uint(x))

// fma.rn.f64
CHAIN_KERNEL(chain_fma_f64, double, (double)(seed & 0xff) * 0.001 + threadIdx.x,
    { asm volatile("fma.rn.f64 %0, %0, %1, %2;" : "+d"(x) : "d"(0.999 + (double)(seed & 0xf) * 1e-6), "d"(0.0625)); },
    (unsigned)(__double_as_longlong(x) >> 20))

// mul.wide.s32: x = low32(x * y) through a 64-bit product (IMAD.WIDE)
CHAIN_KERNEL(chain_mul_wide_s32, unsigned, seed + 2 * threadIdx.x + 1,
    { asm volatile("{.reg .b64 t; mul.wide.s32 t, %0, %1; cvt.u32.u64 %0, t;}" : "+r"(x) : "r"(seed | 1u)); }, x)

// ex2.approx.f32 (not ftz: ptxas adds a denormal fix-up around MUFU.EX2)
CHAIN_KERNEL(chain_ex2_f32, float, -126.0f - (float)(threadIdx.x & 7) - (float)(seed & 1),
    { asm volatile("ex2.approx.f32 %0, %0;" : "+f"(x)); }, __float_as_uint(x))

// ex2.approx.ftz.f32 (one MUFU.EX2)
CHAIN_KERNEL(chain_ex2_ftz_f32, float, -126.0f - (float)(threadIdx.x & 7) - (float)(seed & 1),
    { asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(x)); }, __float_as_uint(x))

// cvt.rn.f32.s32 chained through a bit move (mov.b32 is free): I2F latency
CHAIN_KERNEL(chain_cvt_f32_s32, unsigned, seed + threadIdx.x,
    { asm volatile("{.reg .f32 t; cvt.rn.f32.s32 t, %0; mov.b32 %0, t;}" : "+r"(x)); }, x)

// cvt.rzi.s32.f32 chained through a bit move: F2I latency
CHAIN_KERNEL(chain_cvt_s32_f32, unsigned, 0x4b000000u + seed + threadIdx.x,
    { asm volatile("{.reg .s32 t; .reg .f32 f; mov.b32 f, %0; cvt.rzi.s32.f32 t, f; mov.b32 %0, t;}" : "+r"(x)); }, x)

// cvt.f64.f32 then cvt.rn.f32.f64: one op = the PAIR
CHAIN_KERNEL(chain_cvt_f32_f64_pair, float, 1.5f + (float)threadIdx.x + (float)(seed & 3),
    { asm volatile("{.reg .f64 t; cvt.f64.f32 t, %0; cvt.rn.f32.f64 %0, t;}" : "+f"(x)); }, __float_as_uint(x))

// cvt.rn.f16.f32 then cvt.f32.f16: one op = the PAIR
CHAIN_KERNEL(chain_cvt_f16_f32_pair, float, 1.5f + (float)threadIdx.x + (float)(seed & 3),
    { asm volatile("{.reg .b16 h; cvt.rn.f16.f32 h, %0; cvt.f32.f16 %0, h;}" : "+f"(x)); }, __float_as_uint(x))

// shfl.sync.bfly.b32 (lane mask 1, full warp)
CHAIN_KERNEL(chain_shfl_bfly, unsigned, seed + threadIdx.x,
    { asm volatile("shfl.sync.bfly.b32 %0, %0, 1, 0x1f, 0xffffffff;" : "+r"(x)); }, x)

// shfl.sync.idx.b32 with a run-time source lane
CHAIN_KERNEL(chain_shfl_idx, unsigned, seed + threadIdx.x,
    { asm volatile("shfl.sync.idx.b32 %0, %0, %1, 0x1f, 0xffffffff;" : "+r"(x) : "r"((threadIdx.x + seed) & 31)); }, x)
