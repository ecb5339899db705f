// sm90sim microbenchmark "icache": instruction fetch of cold straight-line code.
// icache_N: each warp runs N independent FFMAs (8 rotating registers: every
// FFMA's inputs were written 7-8 instructions earlier, so a warm run issues one
// per cycle) twice (rep 0: cold code, rep 1: the same code again, warm),
// timing each pass with %clock64. clk[(block * warps + warp) * 2 + rep].
// sink[thread] = sum of the registers (deterministic).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define F8 asm volatile( \
  "fma.rn.f32 %0, %0, %1, %2;\n\tfma.rn.f32 %1, %1, %2, %3;\n\tfma.rn.f32 %2, %2, %3, %4;\n\tfma.rn.f32 %3, %3, %4, %5;\n\t" \
  "fma.rn.f32 %4, %4, %5, %6;\n\tfma.rn.f32 %5, %5, %6, %7;\n\tfma.rn.f32 %6, %6, %7, %0;\n\tfma.rn.f32 %7, %7, %0, %1;" \
  : "+f"(a0), "+f"(a1), "+f"(a2), "+f"(a3), "+f"(a4), "+f"(a5), "+f"(a6), "+f"(a7));
#define F64 F8 F8 F8 F8 F8 F8 F8 F8
#define F512 F64 F64 F64 F64 F64 F64 F64 F64
#define F2048 F512 F512 F512 F512
#define F8192 F2048 F2048 F2048 F2048

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

#define KERNEL(N) \
extern "C" __global__ void icache_##N(unsigned long long* clk, float* sink) { \
    float a0 = 1.0f + threadIdx.x * 1e-6f, a1 = 0.5f, a2 = 0.25f, a3 = -0.5f, a4 = 0.125f, a5 = -0.25f, a6 = 0.0625f, a7 = 0.75f; \
    const unsigned w = threadIdx.x / 32, nw = blockDim.x / 32; \
    _Pragma("unroll 1") \
    for (int rep = 0; rep < 2; rep++) { \
        unsigned long long t0 = mb_clock(); \
        F##N \
        unsigned long long t1 = mb_clock(); \
        if ((threadIdx.x & 31) == 0) clk[(blockIdx.x * nw + w) * 2 + rep] = t1 - t0; \
    } \
    sink[blockIdx.x * blockDim.x + threadIdx.x] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7; \
}
KERNEL(512)
KERNEL(2048)
KERNEL(8192)

#ifndef NO_MAIN
typedef void (*kfn)(unsigned long long*, float*);
int main() {
    struct K { const char* name; int n; kfn f; } ks[] = {{"icache_512", 512, icache_512}, {"icache_2048", 2048, icache_2048}, {"icache_8192", 8192, icache_8192}};
    int cfg[][2] = {{1, 32}, {1, 128}, {1, 512}, {132, 128}};
    unsigned long long* clk; float* sink; char* big;
    cudaMalloc(&clk, 132 * 32 * 2 * 8); cudaMalloc(&sink, 132 * 1024 * 4);
    size_t bigsz = 512u << 20; cudaMalloc(&big, bigsz);
    std::vector<unsigned long long> h(132 * 32 * 2);
    printf("[\n");
    bool first = true;
    for (int flush = 0; flush < 2; flush++)
    for (auto& k : ks) for (auto& c : cfg) for (int l = 0; l < 3; l++) {
        if (flush) cudaMemset(big, l + 1, bigsz);
        cudaMemset(clk, 0, h.size() * 8);
        cudaDeviceSynchronize();
        k.f<<<c[0], c[1]>>>(clk, sink);
        cudaError_t e = cudaDeviceSynchronize();
        if (e != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(e)); return 1; }
        int nw = c[0] * c[1] / 32;
        cudaMemcpy(h.data(), clk, nw * 2 * 8, cudaMemcpyDeviceToHost);
        std::vector<unsigned long long> r0, r1;
        for (int i = 0; i < nw; i++) { r0.push_back(h[2 * i]); r1.push_back(h[2 * i + 1]); }
        printf("%s{\"kernel\":\"%s\",\"n\":%d,\"grid\":%d,\"block\":%d,\"flush\":%d,\"launch\":%d,\"rep0\":[", first ? "" : ",\n", k.name, k.n, c[0], c[1], flush, l);
        first = false;
        for (int i = 0; i < nw && i < 16; i++) printf("%s%llu", i ? "," : "", r0[i]);
        printf("],\"rep1\":[");
        for (int i = 0; i < nw && i < 16; i++) printf("%s%llu", i ? "," : "", r1[i]);
        std::sort(r0.begin(), r0.end()); std::sort(r1.begin(), r1.end());
        printf("],\"rep0_min_med_max\":[%llu,%llu,%llu],\"rep1_min_med_max\":[%llu,%llu,%llu]}", r0[0], r0[nw / 2], r0[nw - 1], r1[0], r1[nw / 2], r1[nw - 1]);
    }
    printf("\n]\n");
    return 0;
}
#endif
