// Probe: what im2col_no_offs TMA stores / reductions do at the shapes the corpus avoids (negative
// coordinates, pixel boxes with a negative lower corner, misaligned channel coordinates, swizzles).
// One case per process (a fault poisons the context):
//   nvcc -arch=sm_90a -O2 -o im2c_probe tools/record/im2c_probe.cu -lcuda
//   for i in $(seq 0 40); do ./im2c_probe $i; done
// Cases 0-19: first device call (2026-11-21); 20-40: second (what faults; ASYNC_FINDINGS.md).
// Tensor: u32 NHWC [2][4][5][8] (dims [8, 5, 4, 2]) pre-filled with iota; shared word i = 0xA0000000 | i
// (reduce: 0x100 + i). Each case prints "case N <what>: ok | <i>:<value> ..." (every element that is no
// longer its index) or "case N <what>: FAULT <error>" / "ENCODE FAILED <rc>".
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstdint>

struct Case {
    const char* what;
    int red;           // 0 store, 1 reduce add
    int lower[2], upper[2];
    int cpp, ppc;
    int estr[4];
    int swz;           // CUtensorMapSwizzle value
    int c[4];          // C, W, H, N
    int soff;          // byte offset of the source from a 1024-aligned base
};

static const Case kCases[] = {
    {"store baseline lower 0 upper 0 (0,0,0,0)", 0, {0, 0}, {0, 0}, 8, 20, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store lower -1 upper -1 (0,0,0,0) ppc 12", 0, {-1, -1}, {-1, -1}, 8, 12, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store lower -1 upper 0 (0,-1,0,0): W negative", 0, {-1, -1}, {0, 0}, 8, 12, {1, 1, 1, 1}, 0, {0, -1, 0, 0}, 0},
    {"store lower -1 upper 0 (0,0,-1,0): H negative", 0, {-1, -1}, {0, 0}, 8, 12, {1, 1, 1, 1}, 0, {0, 0, -1, 0}, 0},
    {"store (0,0,0,-1): N negative", 0, {0, 0}, {0, 0}, 8, 12, {1, 1, 1, 1}, 0, {0, 0, 0, -1}, 0},
    {"store (-8,0,0,0): C negative", 0, {0, 0}, {0, 0}, 8, 12, {1, 1, 1, 1}, 0, {-8, 0, 0, 0}, 0},
    {"store (1,0,0,0): C*4 = 4 bytes", 0, {0, 0}, {0, 0}, 8, 12, {1, 1, 1, 1}, 0, {1, 0, 0, 0}, 0},
    {"store (4,0,0,0) cpp 8: channels 4..11 of 8", 0, {0, 0}, {0, 0}, 8, 12, {1, 1, 1, 1}, 0, {4, 0, 0, 0}, 0},
    {"store (0,6,0,0): W start past the box (hi 4)", 0, {0, 0}, {0, 0}, 8, 12, {1, 1, 1, 1}, 0, {0, 6, 0, 0}, 0},
    {"reduce add lower -1 upper 0 (0,0,0,0) ppc 30", 1, {-1, -1}, {0, 0}, 8, 30, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store swizzle 64B cpp 16 (0,0,0,0) ppc 8", 0, {0, 0}, {0, 0}, 16, 8, {1, 1, 1, 1}, 2, {0, 0, 0, 0}, 0},
    {"store swizzle 32B cpp 8 src +128", 0, {0, 0}, {0, 0}, 8, 16, {1, 1, 1, 1}, 1, {0, 0, 0, 0}, 128},
    {"store cpp 4 ppc 1 (4,2,1,1)", 0, {0, 0}, {0, 0}, 4, 1, {1, 1, 1, 1}, 0, {4, 2, 1, 1}, 0},
    {"store (0,0,0,2): wholly past N", 0, {0, 0}, {0, 0}, 8, 12, {1, 1, 1, 1}, 0, {0, 0, 0, 2}, 0},
    {"store lower 1 upper 0 (0,0,0,0): start below the box", 0, {1, 1}, {0, 0}, 8, 12, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store strides [1,2,2,1] lower -1 upper 0 (0,1,1,0)", 0, {-1, -1}, {0, 0}, 8, 12, {1, 2, 2, 1}, 0, {0, 1, 1, 0}, 0},
    {"store src +16", 0, {0, 0}, {0, 0}, 8, 4, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 16},
    {"store swizzle 128B cpp 32 (0,0,0,0) ppc 4 (channels 8..31 clipped)", 0, {0, 0}, {0, 0}, 32, 4, {1, 1, 1, 1}, 3, {0, 0, 0, 0}, 0},
    {"store (0,4,3,1): the last pixel, then past N", 0, {0, 0}, {0, 0}, 8, 4, {1, 1, 1, 1}, 0, {0, 4, 3, 1}, 0},
    {"reduce add (0,0,0,0) ppc 20 twice", 1, {0, 0}, {0, 0}, 8, 20, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    // second device call (cases 20..): which box / walk shapes fault
    {"store baseline again", 0, {0, 0}, {0, 0}, 8, 20, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store upper 1,0 (0,0,0,0) ppc 5: stays in W 0..4", 0, {0, 0}, {1, 0}, 8, 5, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store upper 1,0 (0,0,0,0) ppc 6: visits w = 5", 0, {0, 0}, {1, 0}, 8, 6, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store upper -1,-1 (0,0,0,0) ppc 4", 0, {0, 0}, {-1, -1}, 8, 4, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store upper -1,-1 (0,0,0,0) ppc 12: the whole 4x3 box", 0, {0, 0}, {-1, -1}, 8, 12, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store upper -1,-1 (0,0,0,0) ppc 13: into n 1", 0, {0, 0}, {-1, -1}, 8, 13, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store lower 1,1 (0,1,1,0) ppc 4", 0, {1, 1}, {0, 0}, 8, 4, {1, 1, 1, 1}, 0, {0, 1, 1, 0}, 0},
    {"store lower 1,1 (0,1,1,0) ppc 5: wraps to w 1", 0, {1, 1}, {0, 0}, 8, 5, {1, 1, 1, 1}, 0, {0, 1, 1, 0}, 0},
    {"store strides 2 (0,0,0,0) ppc 3", 0, {0, 0}, {0, 0}, 8, 3, {1, 2, 2, 1}, 0, {0, 0, 0, 0}, 0},
    {"store strides 2 (0,0,0,0) ppc 6", 0, {0, 0}, {0, 0}, 8, 6, {1, 2, 2, 1}, 0, {0, 0, 0, 0}, 0},
    {"store strides 2 (0,1,0,0) ppc 2", 0, {0, 0}, {0, 0}, 8, 2, {1, 2, 2, 1}, 0, {0, 1, 0, 0}, 0},
    {"store lower -1,-1 upper -1,-1 (0,0,0,0) ppc 1", 0, {-1, -1}, {-1, -1}, 8, 1, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store lower -1,-1 (0,0,0,0) ppc 5: stays in W 0..4", 0, {-1, -1}, {0, 0}, 8, 5, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store (0,0,4,0): h = 4 past the tensor", 0, {0, 0}, {0, 0}, 8, 2, {1, 1, 1, 1}, 0, {0, 0, 4, 0}, 0},
    {"store (0,5,0,0): w = 5 past the tensor", 0, {0, 0}, {0, 0}, 8, 2, {1, 1, 1, 1}, 0, {0, 5, 0, 0}, 0},
    {"store upper 0,1 (0,0,3,0) ppc 5: stays in H 0..3", 0, {0, 0}, {0, 1}, 8, 5, {1, 1, 1, 1}, 0, {0, 0, 3, 0}, 0},
    {"store upper 0,1 (0,0,3,0) ppc 6: visits h = 4", 0, {0, 0}, {0, 1}, 8, 6, {1, 1, 1, 1}, 0, {0, 0, 3, 0}, 0},
    {"reduce add upper -1,-1 (0,0,0,0) ppc 12", 1, {0, 0}, {-1, -1}, 8, 12, {1, 1, 1, 1}, 0, {0, 0, 0, 0}, 0},
    {"store upper -1,-1 (0,3,2,0) ppc 1: the box's last pixel", 0, {0, 0}, {-1, -1}, 8, 1, {1, 1, 1, 1}, 0, {0, 3, 2, 0}, 0},
    {"store upper -2,-2 (0,4,0,0): w past the box, inside the tensor", 0, {0, 0}, {-2, -2}, 8, 1, {1, 1, 1, 1}, 0, {0, 4, 0, 0}, 0},
    {"store upper -1,-1 (0,0,3,0): h past the box, inside the tensor", 0, {0, 0}, {-1, -1}, 8, 1, {1, 1, 1, 1}, 0, {0, 0, 3, 0}, 0},
};
static const int kNumCases = sizeof(kCases) / sizeof(kCases[0]);

__global__ void __launch_bounds__(128) probe(const __grid_constant__ CUtensorMap m, int red, int c0, int c1, int c2,
                                             int c3, int soff, int twice, uint32_t* flags)
{
    __shared__ __align__(1024) uint32_t buf[2048];
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) buf[i] = red ? 0x100u + i : (0xA0000000u | i);
    const uint32_t src = static_cast<uint32_t>(__cvta_generic_to_shared(buf)) + soff;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int k = 0; k <= twice; ++k) {
            if (red)
                asm volatile("cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.im2col_no_offs.bulk_group"
                             " [%0, {%1, %2, %3, %4}], [%5];"
                             ::"l"(&m), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(src) : "memory");
            else
                asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group"
                             " [%0, {%1, %2, %3, %4}], [%5];"
                             ::"l"(&m), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(src) : "memory");
            asm volatile("cp.async.bulk.commit_group;" ::: "memory");
            asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        }
        flags[0] = 1;
    }
}

int main(int argc, char** argv)
{
    if (argc < 2) {
        printf("usage: %s CASE (0..%d)\n", argv[0], kNumCases - 1);
        return 2;
    }
    const int k = atoi(argv[1]);
    if (k < 0 || k >= kNumCases) return 2;
    const Case& c = kCases[k];
    const int n = 2 * 4 * 5 * 8;
    cudaFree(0);
    uint32_t *o = nullptr, *flags = nullptr;
    cudaMalloc(&o, n * 4);
    cudaMalloc(&flags, 64);
    uint32_t host[n];
    for (int i = 0; i < n; ++i) host[i] = i;
    cudaMemcpy(o, host, sizeof host, cudaMemcpyHostToDevice);
    cudaMemset(flags, 0, 64);
    CUtensorMap m;
    cuuint64_t d[4] = {8, 5, 4, 2}, s[3] = {32, 160, 640};
    cuuint32_t es[4];
    for (int i = 0; i < 4; ++i) es[i] = c.estr[i];
    CUresult r = cuTensorMapEncodeIm2col(&m, CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, o, d, s, c.lower, c.upper, c.cpp, c.ppc,
                                         es, CU_TENSOR_MAP_INTERLEAVE_NONE, (CUtensorMapSwizzle)c.swz,
                                         CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
        printf("case %d %s: ENCODE FAILED %d\n", k, c.what, (int)r);
        return 1;
    }
    const int twice = (k == 19) ? 1 : 0;
    probe<<<1, 128>>>(m, c.red, c.c[0], c.c[1], c.c[2], c.c[3], c.soff, twice, flags);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        printf("case %d %s: FAULT %s\n", k, c.what, cudaGetErrorName(e));
        return 1;
    }
    uint32_t f = 0;
    cudaMemcpy(&f, flags, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, o, sizeof host, cudaMemcpyDeviceToHost);
    printf("case %d %s: ok flag %u |", k, c.what, f);
    int changed = 0;
    for (int i = 0; i < n; ++i)
        if (host[i] != (uint32_t)i) {
            printf(" %d:%x", i, host[i]);
            ++changed;
        }
    printf(" | %d changed\n", changed);
    return 0;
}
