// sm90sim microbenchmark family "regocc" (issue 14, helper flash): how many
// CTAs the GPU keeps on an SM when registers limit it, and how many registers
// ptxas gives a kernel that holds K values live.
//
// regocc_kK: params (u32 *buf, f32 *out)        block 128, grid 4224 (132 x 32)
// Warp w (global index) chases a chain of K dependent loads in its own
// 128-byte line of buf (line w mod 4096; buf is zero, so every load reads
// word 0 of the line, and its result is the next load's offset):
//   v[i] = p = ld.volatile.global.u32 [line + 4 * p]        i = 0 .. K-1
// then folds the K results in reverse order with a floating-point chain
// (s = fma(s, 0.5, v[i]) for i = K-1 .. 0), which ptxas may not reassociate:
// all K values are live between the chase and the fold, so ptxas allocates
// about K registers plus the addresses. out[thread] = s (0.5^K: buf is 0).
// A CTA takes about K L2 round trips whatever the occupancy, so the launch
// takes about ceil(4224 / (132 x CTAs per SM)) times that: the CTAs per SM
// that the allocated registers allow (65536 / (128 x registers rounded up to
// 8)), at most 16 (64 warps). Figure: ncu sm__cycles_elapsed.max; the
// launch's registers per thread come from the driver's JIT (provenance
// func_attributes.num_regs) and ncu launch__registers_per_thread.

template <int K>
__device__ __forceinline__ void regocc_body(const unsigned* buf, float* out) {
    unsigned w = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    const unsigned* line = buf + (w & 4095u) * 32u;
    unsigned v[K];
    unsigned p = 0;
#pragma unroll
    for (int i = 0; i < K; i++) {
        asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(p) : "l"(line + p) : "memory");
        v[i] = p;
    }
    float s = 1.0f;
#pragma unroll
    for (int i = K - 1; i >= 0; i--) s = fmaf(s, 0.5f, __uint_as_float(v[i]));
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

#define REGOCC(K) \
    extern "C" __global__ void regocc_k##K(const unsigned* buf, float* out) { regocc_body<K>(buf, out); }
REGOCC(24)
REGOCC(40)
REGOCC(56)
REGOCC(72)
REGOCC(88)
REGOCC(104)
REGOCC(120)
REGOCC(152)
REGOCC(184)
REGOCC(216)
