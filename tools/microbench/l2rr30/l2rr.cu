// l2rr30 probe (session 30, lane g4096, issue 14): does the L2 keep part of a footprint larger than
// itself when the whole GPU re-reads it? One launch = 132 CTAs x 1024 threads; each CTA reads its
// chunk of a footprint of F bytes twice (pass 0, then pass 1: the same lines in the same order) with
// ld.global.cg v4 (L2 only, four loads in flight a thread), %clock64 stamps before, between and after
// the passes (t0, t1, t2; __syncthreads around each). share 0: 132 distinct chunks of F/132; share 1:
// CTAs c and c+66 read the same chunk (66 chunks of F/66: each line read from two SMs, as a GEMM's
// tiles are). Under ncu (caches flushed before the launch: pass 0 misses every line), the L2 lookup
// hits are pass 1's hits: hit fraction = hits / (F/32) (share 0). wr 1: pass 0 also writes each
// chunk's copy to a second buffer (dirty lines in the L2 as a GEMM's C), pass 1 only reads.
// Host: `l2rr REPS` runs every (F, share, wr) point REPS times and prints JSON lines (stamps medians).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void __launch_bounds__(1024, 1)
l2rr(const uint4* __restrict__ src, uint4* __restrict__ dst, unsigned long long bytes_per_chunk, int share, int wr,
     unsigned long long* clk, unsigned* sink) {
    const unsigned long long n = bytes_per_chunk / 16;
    const unsigned chunk = share ? blockIdx.x % (gridDim.x / 2) : blockIdx.x;
    const uint4* s = src + chunk * n;
    uint4* d = dst + chunk * n;
    const unsigned bd = blockDim.x;
    unsigned acc = 0;
    unsigned long long t[3];
    __syncthreads();
    t[0] = mb_clock();
    for (int p = 0; p < 2; p++) {
        for (unsigned long long i = threadIdx.x; i + 3 * bd < n; i += 4 * bd) {
            uint4 a = __ldcg(s + i), b = __ldcg(s + i + bd), c = __ldcg(s + i + 2 * bd), e = __ldcg(s + i + 3 * bd);
            acc ^= a.x ^ b.y ^ c.z ^ e.w;
            if (wr && p == 0 && !(share && blockIdx.x >= gridDim.x / 2)) {
                d[i] = a; d[i + bd] = b; d[i + 2 * bd] = c; d[i + 3 * bd] = e;
            }
        }
        __syncthreads();
        t[p + 1] = mb_clock();
    }
    if (acc == 0x12345678u) sink[blockIdx.x * bd + threadIdx.x] = acc;
    if (threadIdx.x == 0) {
        unsigned sm;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        clk[4 * blockIdx.x] = sm;
        for (int j = 0; j < 3; j++) clk[4 * blockIdx.x + 1 + j] = t[j];
    }
}

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)

int main(int argc, char** argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    int only = argc > 2 ? atoi(argv[2]) : 0; // 1: the ncu list (one launch a point)
    const int ctas = 132, threads = 1024;
    const unsigned long long MiB = 1ull << 20, maxF = 192 * MiB;
    uint4 *src, *dst, *flush;
    unsigned long long* clk;
    unsigned* sink;
    CK(cudaMalloc(&src, maxF)); CK(cudaMalloc(&dst, maxF)); CK(cudaMalloc(&flush, 512 * MiB));
    CK(cudaMalloc(&clk, 4 * ctas * sizeof(unsigned long long))); CK(cudaMalloc(&sink, ctas * threads * 4));
    CK(cudaMemset(src, 1, maxF));
    int fs[] = {16, 24, 32, 40, 48, 56, 64, 72, 80, 96, 128, 160};
    std::vector<unsigned long long> h(4 * ctas);
    for (int r = 0; r < reps; r++)
        for (int wr = 0; wr < 2; wr++)
            for (int share = 0; share < 2; share++)
                for (int fm : fs) {
                    if (wr && fm > 96) continue;
                    unsigned long long F = fm * MiB;
                    int chunks = share ? ctas / 2 : ctas;
                    unsigned long long per = (F / chunks) & ~(unsigned long long)(16 * threads * 4 - 1);
                    if (!only) CK(cudaMemset(flush, r, 512 * MiB)); // evict the L2 (ncu flushes on its own)
                    CK(cudaDeviceSynchronize());
                    l2rr<<<ctas, threads>>>(src, dst, per, share, wr, clk, sink);
                    CK(cudaDeviceSynchronize());
                    CK(cudaMemcpy(h.data(), clk, h.size() * 8, cudaMemcpyDeviceToHost));
                    std::vector<double> p0, p1;
                    for (int c = 0; c < ctas; c++) {
                        p0.push_back(double(h[4 * c + 2] - h[4 * c + 1]));
                        p1.push_back(double(h[4 * c + 3] - h[4 * c + 2]));
                    }
                    std::sort(p0.begin(), p0.end()); std::sort(p1.begin(), p1.end());
                    printf("{\"rep\":%d,\"F_MiB\":%d,\"share\":%d,\"wr\":%d,\"bytes_per_chunk\":%llu,\"pass0_med\":%.0f,\"pass1_med\":%.0f,"
                           "\"pass0_max\":%.0f,\"pass1_max\":%.0f,\"pass1_min\":%.0f}\n",
                           r, fm, share, wr, per, p0[ctas / 2], p1[ctas / 2], p0[ctas - 1], p1[ctas - 1], p1[0]);
                    fflush(stdout);
                }
    return 0;
}
