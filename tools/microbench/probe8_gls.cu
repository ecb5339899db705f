// gls helper (issue 15, session 6): an ad-hoc probe, not a calibration
// benchmark (its numbers set no parameter; tools/microbench/gen8_gls.py's
// gls8_* directories are the recorded ones). One CTA; warp w stores from
// buf + w MiB; lane l at (l / group) * row + (l % group) * W + k * STEP,
// 16 stores an iteration with immediate offsets (ptxas: [R+imm]), 8
// iterations; prints max over warps of %clock64 of the second repetition
// per store. Part 1: N independent adds after each coalesced store (does a
// store hold the warp's issue?). Part 2: epilogue-shaped stores (8 rows x
// 32 B; 16 rows x 32 B) by row stride.
//   nvcc -arch=sm_90a -O3 -o probe8_gls probe8_gls.cu && ./probe8_gls
#include <cstdio>
#include <cuda_runtime.h>
#define UNROLL 16
__device__ __forceinline__ unsigned long long clk() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
template <int W> __device__ __forceinline__ void st(char* p, unsigned a) {
    if (W == 4) asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(a) : "memory");
    if (W == 8) asm volatile("st.global.v2.u32 [%0], {%1, %1};" :: "l"(p), "r"(a) : "memory");
    if (W == 16) asm volatile("st.global.v4.u32 [%0], {%1, %1, %1, %1};" :: "l"(p), "r"(a) : "memory");
}
#define ADD(x) asm volatile("add.u32 %0, %0, 1;" : "+r"(x))
template <int W, int N, int STEP, bool STORE>
__global__ void k(unsigned long long* out, char* buf, int iters, unsigned group, unsigned row, unsigned* sink) {
    unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    char* p = buf + (size_t)w * (1 << 20) + (lane / group) * (size_t)row + (lane % group) * W;
    unsigned x0 = lane, x1 = lane + 1, x2 = lane + 2, x3 = lane + 3, x4 = lane + 4, x5 = lane + 5, x6 = lane + 6,
             x7 = lane + 7;
    unsigned long long t0 = 0, t1 = 0;
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        t0 = clk();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            char* q = p + ((i * UNROLL * STEP) & 0xffff);
#pragma unroll
            for (int kk = 0; kk < UNROLL; kk++) {
                if (STORE) st<W>(q + kk * STEP, lane);
                if (N > 0) ADD(x0);
                if (N > 1) ADD(x1);
                if (N > 2) ADD(x2);
                if (N > 3) ADD(x3);
                if (N > 4) ADD(x4);
                if (N > 5) ADD(x5);
                if (N > 6) ADD(x6);
                if (N > 7) ADD(x7);
            }
        }
        t1 = clk();
    }
    if (lane == 0) out[w] = t1 - t0;
    sink[threadIdx.x] = x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7;
}
static char* buf;
static unsigned long long* out;
static unsigned* sink;
template <int W, int N, int STEP, bool STORE> void run(const char* name, int warps, unsigned group, unsigned row) {
    const int iters = 8;
    unsigned long long h[32];
    double best = 1e30;
    for (int r = 0; r < 3; r++) {
        k<W, N, STEP, STORE><<<1, 32 * warps>>>(out, buf, iters, group, row, sink);
        cudaMemcpy(h, out, 8 * warps, cudaMemcpyDeviceToHost);
        unsigned long long m = 0;
        for (int i = 0; i < warps; i++) m = h[i] > m ? h[i] : m;
        double v = (double)m / (iters * UNROLL);
        if (v < best) best = v;
    }
    printf("%-10s W %2d adds %d store %d warps %2d group %2u row %5u cycles_per_store %.2f\n", name, W, N, STORE, warps,
           group, row, best);
}
int main() {
    cudaMalloc(&buf, 64 << 20);
    cudaMalloc(&out, 256);
    cudaMalloc(&sink, 4096);
    cudaDeviceProp pr;
    cudaGetDeviceProperties(&pr, 0);
    printf("device %s\n", pr.name);
#define R(W, N, STEP, S, warps, g, row) run<W, N, STEP, S>("issue", warps, g, row);
    R(4, 0, 128, true, 1, 32, 0) R(4, 2, 128, true, 1, 32, 0) R(4, 4, 128, true, 1, 32, 0) R(4, 8, 128, true, 1, 32, 0)
    R(8, 0, 256, true, 1, 32, 0) R(8, 2, 256, true, 1, 32, 0) R(8, 4, 256, true, 1, 32, 0) R(8, 8, 256, true, 1, 32, 0)
    R(16, 0, 512, true, 1, 32, 0) R(16, 2, 512, true, 1, 32, 0) R(16, 4, 512, true, 1, 32, 0)
    R(16, 8, 512, true, 1, 32, 0) R(4, 8, 128, false, 1, 32, 0)
    for (unsigned row = 128; row <= 128 * 72; row += 128) run<8, 0, 32, true>("epi8_w4", 4, 4, row);
    for (unsigned row : {16384u, 32768u, 65536u, 4096u + 64u, 4096u + 32u}) run<8, 0, 32, true>("epi8_w4", 4, 4, row);
    for (unsigned row = 128; row <= 128 * 40; row += 128) run<16, 0, 32, true>("r16_w4", 4, 2, row);
    for (unsigned row : {1024u, 4096u, 4224u}) {
        run<8, 0, 32, true>("epi8_w1", 1, 4, row);
        run<8, 0, 32, true>("epi8_w8", 8, 4, row);
        run<16, 0, 32, true>("r16_w1", 1, 2, row);
    }
    cudaError_t e = cudaDeviceSynchronize();
    printf("done %s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
