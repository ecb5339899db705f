// side31 probe (session 31, lane side): which L2 partition (side of the chip) is near each SM, on COLD lines.
// For each rep and each target SM t (0..131): a flush kernel reads a 256 MiB buffer (.cg: evicts the 60 MiB L2),
// then the probe kernel runs 132 CTAs of 32 threads with 120 KiB of dynamic shared memory (one CTA an SM);
// only the CTA on SM t works: thread 0 touches one line of the probe region (TLB), then for each of NB 4 KiB blocks
// (the same blocks for every SM of a rep; rep r uses its own blocks) times a chain of 8 dependent ld.global.cg
// over 8 lines of the block (512-byte steps: distinct lines, each a cold HBM miss) -> cold[b], then the same chain
// again -> warm[b] (the lines now in L2, read by this SM alone). %clock64 and %globaltimer around the whole pass
// give the SM clock. A block whose partition is far from SM t costs ~8 x dram_far_extra more in the cold chain.
// SMs that agree block by block (near/far) are on one side. Host: `side31 REPS` prints one JSON line per (rep, t):
// {"rep","t","smid","clk","ns","cold":[NB],"warm":[NB]}.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#define NB 96
#define STRIDE (20 * 1024)  // bytes between blocks (5 x 4 KiB: the blocks mix both partitions' hashes)
#define REGION (4u << 20)   // one rep's region (NB * STRIDE < 2 MiB)
__device__ __forceinline__ unsigned ldcg(const unsigned* p) {
    unsigned v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}
extern "C" __global__ void flush(const uint4* __restrict__ big, size_t n, unsigned* sink) {
    uint4 acc = make_uint4(0, 0, 0, 0);
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint4 v;
        asm volatile("ld.global.cg.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(big + i));
        acc.x ^= v.x; acc.y ^= v.y; acc.z ^= v.z; acc.w ^= v.w;
    }
    if ((acc.x ^ acc.y ^ acc.z ^ acc.w) == 0x9e3779b9u) sink[0] = 1;
}
extern "C" __global__ void probe(const unsigned* __restrict__ buf, unsigned target, unsigned* out, unsigned long long* meta) {
    extern __shared__ unsigned pad[];
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    if (s != target || threadIdx.x != 0) return;
    unsigned v = ldcg(buf + (2u << 20) / 4 - 1024) & 0;  // TLB: a line past the blocks, same 2 MiB page
    pad[0] = v;
    long long c0, c1; unsigned long long g0, g1;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0) :: "memory");
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0) :: "memory");
    for (int b = 0; b < NB; b++) {
        const unsigned* blk = buf + b * (STRIDE / 4);
        long long t0, t1, t2;
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0) :: "memory");
        for (int i = 0; i < 8; i++) v = ldcg(blk + i * 128 + (v & 1));
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1) :: "memory");
        for (int i = 0; i < 8; i++) v = ldcg(blk + i * 128 + (v & 1));
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t2) :: "memory");
        out[2 * b] = (unsigned)(t1 - t0) + (v & 1);
        out[2 * b + 1] = (unsigned)(t2 - t1);
    }
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1) :: "memory");
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1) :: "memory");
    meta[0] = s; meta[1] = c1 - c0; meta[2] = g1 - g0;
}
int main(int argc, char** argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    const size_t bigBytes = 256u << 20;
    uint4* big; unsigned *buf, *out, *sink; unsigned long long* meta;
    cudaMalloc(&big, bigBytes); cudaMemset(big, 1, bigBytes);
    cudaMalloc(&buf, (size_t)REGION * reps); cudaMemset(buf, 0, (size_t)REGION * reps);
    cudaMalloc(&out, NB * 2 * 4); cudaMalloc(&sink, 4); cudaMalloc(&meta, 3 * 8);
    const int smem = 120 * 1024;
    cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    int nsm = 0; cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0);
    std::vector<unsigned> h(NB * 2); unsigned long long hm[3];
    for (int r = 0; r < reps; r++) {
        for (int t = 0; t < nsm; t++) {
            cudaMemset(meta, 0xff, 24);
            flush<<<nsm * 4, 512>>>(big, bigBytes / 16, sink);
            probe<<<nsm, 32, smem>>>(buf + (size_t)r * (REGION / 4), t, out, meta);
            if (cudaDeviceSynchronize() != cudaSuccess) { fprintf(stderr, "launch failed\n"); return 1; }
            cudaMemcpy(h.data(), out, h.size() * 4, cudaMemcpyDeviceToHost);
            cudaMemcpy(hm, meta, 24, cudaMemcpyDeviceToHost);
            printf("{\"rep\":%d,\"t\":%d,\"smid\":%lld,\"clk\":%llu,\"ns\":%llu,\"cold\":[", r, t, (long long)hm[0], hm[1], hm[2]);
            for (int b = 0; b < NB; b++) printf("%s%u", b ? "," : "", h[2 * b]);
            printf("],\"warm\":[");
            for (int b = 0; b < NB; b++) printf("%s%u", b ? "," : "", h[2 * b + 1]);
            printf("]}\n");
        }
        fflush(stdout);
    }
    return 0;
}
