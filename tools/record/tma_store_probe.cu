// Probe: which TMA store / reduce / load shapes fault on the GPU. One case per process (a fault
// poisons the context):
//   nvcc -arch=sm_90a -O2 -o tma_store_probe tools/record/tma_store_probe.cu -lcuda
//   for i in $(seq 0 29); do ./tma_store_probe $i; done
// Each case prints "case N <what>: ok <first output words>" or "case N <what>: FAULT <error>".
// Maps: u32 [20][72] box [32, 8] (no swizzle), f16 [16][128] box [64, 8] (128B swizzle).
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstdint>

struct Case {
    const char* what;
    int op;      // 0 store, 1 reduce add, 2 load, 3 store without fence
    int sw;      // 0: u32 map, 1: f16 128B-swizzled map
    int c0, c1;  // coordinates
    int soff;    // byte offset of the shared source/destination from a 1024-aligned base
};

static const Case kCases[] = {
    {"store u32 (0,0)", 0, 0, 0, 0, 0},
    {"store u32 (-8,-3)", 0, 0, -8, -3, 0},
    {"store u32 (56,16) clipped", 0, 0, 56, 16, 0},
    {"store u32 (100,100) outside", 0, 0, 100, 100, 0},
    {"store u32 (4,0): c0*4 = 16", 0, 0, 4, 0, 0},
    {"store u32 (1,0): c0*4 = 4", 0, 0, 1, 0, 0},
    {"store u32 (2,0): c0*4 = 8", 0, 0, 2, 0, 0},
    {"store u32 (-1,0): c0*4 = -4", 0, 0, -1, 0, 0},
    {"store u32 src +16", 0, 0, 0, 0, 16},
    {"store u32 src +64", 0, 0, 0, 0, 64},
    {"store u32 src +128", 0, 0, 0, 0, 128},
    {"store f16 sw128 (0,0)", 0, 1, 0, 0, 0},
    {"store f16 sw128 (104,12)", 0, 1, 104, 12, 0},
    {"store f16 sw128 src +128", 0, 1, 0, 0, 128},
    {"store f16 sw128 src +512", 0, 1, 0, 0, 512},
    {"store f16 sw128 (4,0): c0*2 = 8", 0, 1, 4, 0, 0},
    {"reduce add u32 (0,0)", 1, 0, 0, 0, 0},
    {"reduce add u32 (-4,-1)", 1, 0, -4, -1, 0},
    {"reduce add u32 (1,0): c0*4 = 4", 1, 0, 1, 0, 0},
    {"store u32 (0,0) without fence.proxy.async", 3, 0, 0, 0, 0},
    {"load u32 (0,0) dst +16", 2, 0, 0, 0, 16},
    {"load u32 (0,0) dst +64", 2, 0, 0, 0, 64},
    {"load u32 (0,0) dst +128", 2, 0, 0, 0, 128},
    {"load f16 sw128 (0,0) dst +128", 2, 1, 0, 0, 128},
    // which negative coordinate makes a store fault (first run: (-8,-3) and reduce (-4,-1) faulted)
    {"store u32 (0,-3): c1 negative", 0, 0, 0, -3, 0},
    {"store u32 (-8,0): c0 negative", 0, 0, -8, 0, 0},
    {"store u32 (0,-8): wholly above", 0, 0, 0, -8, 0},
    {"reduce add u32 (0,-1)", 1, 0, 0, -1, 0},
    {"reduce add u32 (-4,0)", 1, 0, -4, 0, 0},
    {"store f16 sw128 (-64,0): wholly left", 0, 1, -64, 0, 0},
};
static const int kNumCases = sizeof(kCases) / sizeof(kCases[0]);

__global__ void __launch_bounds__(128) probe(const __grid_constant__ CUtensorMap m, int op, int c0, int c1, int soff,
                                             uint32_t* flags)
{
    __shared__ __align__(1024) uint8_t buf[4096];
    __shared__ __align__(8) uint64_t bar;
    uint32_t* w = reinterpret_cast<uint32_t*>(buf);
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) w[i] = 0x10000000u + i;
    const uint32_t src = static_cast<uint32_t>(__cvta_generic_to_shared(buf)) + soff;
    const uint32_t b = static_cast<uint32_t>(__cvta_generic_to_shared(&bar));
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    if (op != 3) asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        if (op == 2) {
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 1024;" ::"r"(b) : "memory");
            asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                         " [%0], [%1, {%2, %3}], [%4];" ::"r"(src), "l"(&m), "r"(c0), "r"(c1), "r"(b) : "memory");
            uint32_t ok = 0;
            for (int i = 0; i < (1 << 16) && !ok; ++i)
                asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0;\n\t"
                             "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(ok) : "r"(b) : "memory");
            flags[0] = ok;
            flags[1] = w[soff / 4];
        } else {
            if (op == 1)
                asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2}], [%3];"
                             ::"l"(&m), "r"(c0), "r"(c1), "r"(src) : "memory");
            else
                asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                             ::"l"(&m), "r"(c0), "r"(c1), "r"(src) : "memory");
            asm volatile("cp.async.bulk.commit_group;" ::: "memory");
            asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
            flags[0] = 1;
        }
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
    cudaFree(0);
    uint32_t *o = nullptr, *flags = nullptr;
    cudaMalloc(&o, 20 * 72 * 4);
    cudaMalloc(&flags, 64);
    uint32_t host[20 * 72];
    for (int i = 0; i < 20 * 72; ++i) host[i] = i;
    cudaMemcpy(o, host, sizeof host, cudaMemcpyHostToDevice);
    cudaMemset(flags, 0, 64);
    CUtensorMap m;
    cuuint32_t es[2] = {1, 1};
    CUresult r;
    if (c.sw) {
        cuuint64_t d[2] = {128, 16}, s[1] = {256};
        cuuint32_t bx[2] = {64, 8};
        r = cuTensorMapEncodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, o, d, s, bx, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                   CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                   CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    } else {
        cuuint64_t d[2] = {72, 20}, s[1] = {288};
        cuuint32_t bx[2] = {32, 8};
        r = cuTensorMapEncodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, o, d, s, bx, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                   CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                   CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    }
    if (r != CUDA_SUCCESS) {
        printf("case %d %s: ENCODE FAILED %d\n", k, c.what, (int)r);
        return 1;
    }
    probe<<<1, 128>>>(m, c.op, c.c0, c.c1, c.soff, flags);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        printf("case %d %s: FAULT %s\n", k, c.what, cudaGetErrorName(e));
        return 1;
    }
    uint32_t f[2];
    cudaMemcpy(f, flags, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, o, sizeof host, cudaMemcpyDeviceToHost);
    printf("case %d %s: ok flags %u 0x%x | o[0..3] %x %x %x %x | o[72..73] %x %x\n", k, c.what, f[0], f[1], host[0],
           host[1], host[2], host[3], host[72], host[73]);
    return 0;
}
