// sm90sim microbenchmark family "icache": instruction fetch of straight-line
// code. The timed region is NFMA independent fma.rn.f32 on 8 registers
// (FFMA, 16 bytes each, one issue per cycle when the code is cached: the
// dependency distance 8 exceeds the FMA latency), no loop. It runs twice:
// rep 0 fetches the code cold (from L2: the runs before left it there; ncu
// flushes it), rep 1 runs it warm when it fits the instruction cache.
// params (u64 *clk, u32 *sink, u32 seed); clk[w][rep] (lane 0 of warp w);
// sink[thread] = a value of the chain (deterministic).
#ifndef NFMA
#define NFMA 2048
#endif

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define F1(i) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x[i]) : "f"(a), "f"(b));
#define F8 F1(0) F1(1) F1(2) F1(3) F1(4) F1(5) F1(6) F1(7)
#define F64 F8 F8 F8 F8 F8 F8 F8 F8
#define F512 F64 F64 F64 F64 F64 F64 F64 F64
#define F2048 F512 F512 F512 F512

extern "C" __global__ void icache_ffma(unsigned long long* clk, unsigned* sink, unsigned seed) {
    const unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31;
    float x[8];
    for (int i = 0; i < 8; i++) x[i] = (float)(seed + threadIdx.x + i) * 0.001f;
    const float a = 0.999f + (float)(seed & 7) * 1e-6f, b = 0.0625f;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#if NFMA == 2048
        F2048
#else
        F2048 F2048 F2048 F2048
#endif
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
    float s = 0;
    for (int i = 0; i < 8; i++) s += x[i];
    sink[threadIdx.x] = __float_as_uint(s);
}
