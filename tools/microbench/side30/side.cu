// side30 probe (session 30, lane g4096): which L2 partition is near each SM. 132 CTAs of 32 threads (one a SM);
// thread 0 of each, for each of NB 4 KiB blocks of one buffer (the same blocks for every CTA): warms the block's
// 8 lines at 512-byte steps (ld.global.cg: L2, not L1), then times a chain of 8 dependent ld.global.cg loads
// over the same lines (%clock64); out[cta][b] = cycles, smid[cta]. A near block answers an SM at the L2's
// near latency, a far one (or its near copy) at the far latency. Host: `side REPS` prints JSON lines
// {"rep", "smid": [...], "lat": [[NB] x 132]}.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#define NB 64
__device__ __forceinline__ unsigned ldcg(const unsigned* p) {
    unsigned v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
extern "C" __global__ void side(const unsigned* __restrict__ buf, unsigned* out, unsigned* smid) {
    if (threadIdx.x != 0) return;
    unsigned v = 0;
    for (int b = 0; b < NB; b++) {
        const unsigned* blk = buf + b * 1024 * 3;  // blocks 12 KiB apart (every third 4 KiB block)
        for (int i = 0; i < 8; i++) v += ldcg(blk + i * 128 + (v & 1));
        long long t0, t1;
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0) :: "memory");
        for (int i = 0; i < 8; i++) v = ldcg(blk + i * 128 + (v & 1));
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1) :: "memory");
        out[blockIdx.x * NB + b] = (unsigned)(t1 - t0) + (v & 1);
    }
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    smid[blockIdx.x] = s;
}
int main(int argc, char** argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    unsigned *buf, *out, *sm;
    cudaMalloc(&buf, NB * 12288 + 4096); cudaMemset(buf, 0, NB * 12288 + 4096);
    cudaMalloc(&out, 132 * NB * 4); cudaMalloc(&sm, 132 * 4);
    std::vector<unsigned> h(132 * NB), hs(132);
    for (int r = 0; r < reps; r++) {
        side<<<132, 32>>>(buf, out, sm);
        if (cudaDeviceSynchronize() != cudaSuccess) { fprintf(stderr, "launch failed\n"); return 1; }
        cudaMemcpy(h.data(), out, h.size() * 4, cudaMemcpyDeviceToHost);
        cudaMemcpy(hs.data(), sm, hs.size() * 4, cudaMemcpyDeviceToHost);
        printf("{\"rep\":%d,\"smid\":[", r);
        for (int c = 0; c < 132; c++) printf("%s%u", c ? "," : "", hs[c]);
        printf("],\"lat\":[");
        for (int c = 0; c < 132; c++) {
            printf("%s[", c ? "," : "");
            for (int b = 0; b < NB; b++) printf("%s%u", b ? "," : "", h[c * NB + b]);
            printf("]");
        }
        printf("]}\n");
        fflush(stdout);
    }
    return 0;
}
