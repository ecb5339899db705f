// tma_load_interleave: TMA tile loads and stores with interleaved tensor maps (cuTensorMapEncodeTiled with
// CU_TENSOR_MAP_INTERLEAVE_16B / _32B), one operation per CTA (tools/record/tma_interleave_probe.cu has the
// probe; what the GPU showed is in tools/record/ASYNC_FINDINGS.md, 2026-11-25).
// kernel.ptx: nvcc -ptx -arch=compute_90a -O3 kernel.cu (nvcc 13.0), recorded with `sm90sim validate --record`
// (tools/record/tma_interleave_probe.sh).
// Grid [NCASE], one warp per CTA. Shared memory `sm` (8 KiB, 1024-aligned) holds the sentinel 0xEEEE0000 | word
// (loads) or 0x50000000 | word (stores). maps = the spec's {tensormaps: [...]} buffer (host-encoded, no fence).
// Load: lane 0 arrives on a fresh mbarrier with expect_tx(E = 8256), issues the tile load of maps[map] at c
// into sm + soff, spins 100000 cycles (the copy lands), then runs complete_tx(1) until test_wait.parity(0)
// says phase 0 completed: after n of them the copy's complete_tx was E - n bytes, written to txs[cta]
// (0xffffffff if the phase never completed). Every lane then waits on the barrier and the image goes to
// img[cta] (u32[2048]).
// Store: lane 0 stores sm + soff with maps[map] at c (bulk_group, wait_group 0); the destination buffers are
// outputs of the spec; txs[cta] = 0 and img[cta] stays zero.
#include <cuda.h>
#include <stdint.h>

#define NCASE 32
#define E_TX 8256u

struct KCase {
    int op, map, rank, soff;
    int c[5];
};

// map: index into `maps` (launch.yaml): m0 u32 16B [16,6,5] box [4,3,2]; m1 u32 32B/sw32 box [8,3,2]; m2 f16 16B
// NC/8HWC8 [8,5,3,4] box [8,5,3,2]; m3 u8 32B/sw32 NC/32HW32 [32,4,3,2,2] box [32,2,2,1,1]; m4 f32 16B NaN fill;
// m5 u32 16B sw64 [64,6,5] box [8,3,2]; m6 the same with sw128; m7 u32 16B element strides [2,2,1] box [8,4,2];
// m8 u16 16B [32,6,5] box [8,3,2]; m9 u32 16B sw128 [64,6,5] box [4,3,2] (64-byte rows); m10 u32 32B without
// swizzle (the driver takes it); m11 u8 16B [64,6,5] box [16,3,2]; s0-s3 store maps over d0-d3 (the shapes of
// m0, m1, m2, m9).
// CTAs 0-27 load, 28-31 store.
__constant__ KCase kCases[NCASE] = {
    {0, 0, 3, 0, {0, 0, 0}},       {0, 0, 3, 0, {4, 1, 1}},       {0, 0, 3, 0, {-4, -1, 0}},   {0, 0, 3, 0, {12, 4, 3}},
    {0, 1, 3, 0, {0, 0, 0}},       {0, 1, 3, 0, {8, 1, 1}},       {0, 1, 3, 0, {-8, 0, 0}},    {0, 2, 4, 0, {0, 0, 0, 0}},
    {0, 2, 4, 0, {0, 1, 1, 1}},    {0, 2, 4, 0, {0, -1, -1, 0}},  {0, 3, 5, 0, {0, 0, 0, 0, 0}}, {0, 3, 5, 0, {0, 1, 1, 1, 1}},
    {0, 4, 3, 0, {-4, -1, 0}},     {0, 4, 3, 0, {12, 5, 4}},      {0, 5, 3, 0, {0, 1, 1}},     {0, 5, 3, 128, {4, 1, 1}},
    {0, 6, 3, 0, {0, 1, 1}},       {0, 6, 3, 512, {0, 1, 1}},     {0, 7, 3, 0, {0, 1, 1}},     {0, 8, 3, 0, {0, 1, 1}},
    {0, 8, 3, 0, {8, 1, 1}},       {0, 9, 3, 128, {0, 1, 1}},     {0, 9, 3, 0, {3, 1, 1}},     {0, 10, 3, 0, {1, 1, 1}},
    {0, 0, 3, 0, {1, 1, 1}},       {0, 0, 3, 0, {15, 5, 4}},      {0, 11, 3, 0, {-1, 1, 1}},   {0, 11, 3, 0, {60, 0, 4}},
    {1, 12, 3, 0, {4, 1, 1}},      {1, 13, 3, 0, {8, 1, 1}},      {1, 14, 4, 0, {0, 1, 1, 1}}, {1, 15, 3, 0, {1, 1, 1}},
};

static __device__ __forceinline__ uint32_t smem_u32(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

static __device__ __forceinline__ void tma_load(int rank, uint32_t dst, const void* m, const int* c, uint32_t bar)
{
    switch (rank) {
    case 3:
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];"
                     ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(bar) : "memory");
        break;
    case 4:
        asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6];"
                     ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(bar) : "memory");
        break;
    case 5:
        asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7];"
                     ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]), "r"(bar) : "memory");
        break;
    }
}

static __device__ __forceinline__ void tma_store(int rank, const void* m, const int* c, uint32_t src)
{
    switch (rank) {
    case 3:
        asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3}], [%4];"
                     ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(src) : "memory");
        break;
    case 4:
        asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3, %4}], [%5];"
                     ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(src) : "memory");
        break;
    }
}

static __device__ __forceinline__ uint32_t test_wait(uint32_t b)
{
    uint32_t done;
    asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.parity.shared::cta.b64 p, [%1], 0;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(done) : "r"(b) : "memory");
    return done;
}

extern "C" __global__ void __launch_bounds__(32) tma_load_interleave(const CUtensorMap* maps, uint32_t* img, uint32_t* txs)
{
    __shared__ __align__(1024) uint32_t sm[2048];
    __shared__ __align__(8) uint64_t bar;
    const KCase k = kCases[blockIdx.x];
    const int lane = threadIdx.x;
    for (int i = lane; i < 2048; i += 32) sm[i] = (k.op == 0 ? 0xEEEE0000u : 0x50000000u) | (uint32_t)i;
    const uint32_t b = smem_u32(&bar);
    if (lane == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncwarp();
    const CUtensorMap* m = maps + k.map;
    uint32_t tx = 0;
    if (lane == 0) {
        if (k.op == 0) {
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(E_TX) : "memory");
            tma_load(k.rank, smem_u32(sm) + k.soff, m, k.c, b);
            const long long t0 = clock64();
            while (clock64() - t0 < 100000) {}
            uint32_t n = 0;
            for (; n <= E_TX; ++n) {
                if (test_wait(b)) break;
                asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
            }
            tx = n <= E_TX ? E_TX - n : 0xffffffffu;
        } else {
            tma_store(k.rank, m, k.c, smem_u32(sm) + k.soff);
            asm volatile("cp.async.bulk.commit_group;" ::: "memory");
            asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        }
        txs[blockIdx.x] = tx;
    }
    tx = __shfl_sync(0xffffffffu, tx, 0);
    if (k.op == 0 && tx != 0xffffffffu) {
        while (!test_wait(b)) {}
        for (int i = lane; i < 2048; i += 32) img[blockIdx.x * 2048 + i] = sm[i];
    }
}
