// gls32 probe: one warp's coalesced stores of W bytes a lane ([R+imm], no
// address arithmetic, loop-invariant data) with K independent 32-bit adds
// between consecutive stores. Cycles a store of the second rep.
#include <cstdio>
#include <cuda_runtime.h>
#define U 16
template <int W> __device__ __forceinline__ void st(char* p, unsigned a, unsigned b, unsigned c, unsigned d);
template <> __device__ __forceinline__ void st<4>(char* p, unsigned a, unsigned, unsigned, unsigned) {
    asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(a) : "memory"); }
template <> __device__ __forceinline__ void st<8>(char* p, unsigned a, unsigned b, unsigned, unsigned) {
    asm volatile("st.global.v2.u32 [%0], {%1, %2};" :: "l"(p), "r"(a), "r"(b) : "memory"); }
template <> __device__ __forceinline__ void st<16>(char* p, unsigned a, unsigned b, unsigned c, unsigned d) {
    asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" :: "l"(p), "r"(a), "r"(b), "r"(c), "r"(d) : "memory"); }
template <int W, int K>
__global__ void probe(unsigned long long* clk, char* buf, unsigned* sink, int iters, unsigned d) {
    const unsigned lane = threadIdx.x & 31;
    char* p = buf + lane * W;
    unsigned a = d + lane, b = d ^ lane, c = d * lane, e = d - lane;
    unsigned x[8];
#pragma unroll
    for (int j = 0; j < 8; j++) x[j] = d + j * lane;
    for (int rep = 0; rep < 2; rep++) {
        __syncwarp();
        unsigned long long t0;
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0) :: "memory");
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
#pragma unroll
            for (int k = 0; k < U; k++) {
                st<W>(p + k * 32 * W, a, b, c, e);
#pragma unroll
                for (int j = 0; j < K; j++) asm volatile("add.u32 %0, %0, %1;" : "+r"(x[j]) : "r"(d));
            }
        }
        unsigned long long t1;
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1) :: "memory");
        if (lane == 0) clk[rep] = t1 - t0;
    }
    unsigned s = 0;
#pragma unroll
    for (int j = 0; j < 8; j++) s += x[j];
    sink[lane] = s;
}
template <int W, int K> void run1(unsigned long long* clk, char* buf, unsigned* sink) {
    const int iters = 16;
    unsigned long long h[2];
    for (int t = 0; t < 3; t++) {
        probe<W, K><<<1, 32>>>(clk, buf, sink, iters, 3);
        cudaMemcpy(h, clk, sizeof h, cudaMemcpyDeviceToHost);
        printf("W %2d K %d try %d rep0 %llu rep1 %llu cycles_a_store %.2f\n", W, K, t, h[0], h[1], (double)h[1] / (iters * U));
    }
}
#define ROW(W) run1<W,0>(clk,buf,sink); run1<W,1>(clk,buf,sink); run1<W,2>(clk,buf,sink); run1<W,4>(clk,buf,sink); run1<W,6>(clk,buf,sink); run1<W,8>(clk,buf,sink);
int main() {
    unsigned long long* clk; char* buf; unsigned* sink;
    cudaMalloc(&clk, 16); cudaMalloc(&buf, 1 << 20); cudaMalloc(&sink, 128);
    ROW(4) ROW(8) ROW(16)
    cudaError_t err = cudaDeviceSynchronize();
    printf("err %s\n", cudaGetErrorString(err));
    return 0;
}
