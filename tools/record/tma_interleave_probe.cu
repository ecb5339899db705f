// Probe: TMA tile loads, stores and reductions with INTERLEAVED tensor maps (cuTensorMapEncodeTiled with
// CU_TENSOR_MAP_INTERLEAVE_16B / _32B), on maps the driver encoded. Also records the driver's answer for
// encodings it rejects (every case is encoded first; a rejected one is not launched).
//   nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o tma_interleave_probe tools/record/tma_interleave_probe.cu -lcuda
//   ./tma_interleave_probe list              # the case table, one machine-readable line per case
//   ./tma_interleave_probe run A B DIR       # cases A..B-1, one launch each, images to DIR/cNNN.bin
// tools/record/tma_interleave_probe.sh runs them all on the device; a launch that faults (or hangs) ends
// the process after printing the CUresult, and the script goes on with the next case in a new process.
//
// Every launch is one CTA of 128 threads. Shared memory `img` (32 KiB, 1024-aligned) is filled first:
//   load: word i = 0xEEEE0000 | i (the sentinel), store/reduce: word i = shw(i) (every byte nonzero).
// Load: thread 0 runs mbarrier.expect_tx(E = 40000) on a fresh barrier (count 1, no arrive yet), reads the
// barrier's raw 64 bits, issues the tile load into img + soff, spins 2M cycles (the copy lands), reads the
// raw bits again, arrives, then does complete_tx(1) until test_wait.parity(0) says phase 0 completed:
// after n of them, the copy's complete_tx was T = E - n bytes (trailer word 1; word 0 = 1 when it
// completed). A second barrier gets expect_tx(E) and complete_tx(1234) as a calibration of the raw bits.
// Store / reduce-add: img + soff is stored with the map at c (bulk_group, wait_group 0); the file then
// holds the destination tensor dst (64 KiB, zero before the store; 0x01000000 per word before a reduce).
// Files: DIR/cNNN.bin = 8192 image words (stores: 16384 dst words) + 16 trailer words:
//   0 done, 1 T, 2 n, 3 E, 4-5 raw after expect_tx, 6-7 raw after the copy, 8-9 raw after arrive,
//   10-11 raw at the end, 12-13 calibration raw after expect_tx(E), 14-15 after complete_tx(1234).
// Source tensor src: 8 MiB of u32 words, word i = srcw(i) (every byte nonzero, unique for i < 2^21).
// Cases (buildCases): A u32 16B interleave (coordinates on every edge, box, dims, strides, element strides,
// shared offsets); B u32 32B interleave; C 16B with the swizzles; D element types (u8, u16, f16/bf16/f32 NaN
// fill, u64, f64, s32); E ranks 4-5 (NC/8HWC8, NC/32HW32); F stores and reduce-adds; G encodings the driver may
// refuse (launched when accepted); H globalDim[0] near 2^31 and 2^32, tf32 (the second device call).
// What the H200 did: tools/record/ASYNC_FINDINGS.md (2026-11-25); every case's result (driver verdict, fault,
// complete_tx and image hash) is replayed by ptx/exec/tma_interleave_test.go.
#include <cuda.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

enum { OP_LOAD, OP_STORE, OP_REDUCE };
constexpr int kImgWords = 8192;
constexpr int kDstWords = 16384;
constexpr int kTrail = 16;
constexpr uint32_t kE = 40000;
constexpr size_t kSrcWords = size_t(1) << 21;

static inline __host__ __device__ uint32_t srcw(uint32_t i)
{
    return 0x40000000u | (0x80u | (i & 0x7f)) | (0x80u | ((i >> 7) & 0x7f)) << 8 | (0x80u | ((i >> 14) & 0x7f)) << 16;
}
static inline __host__ __device__ uint32_t shw(uint32_t i)
{
    return 0x50000000u | (0x80u | (i & 0x7f)) | (0x80u | ((i >> 7) & 0x7f)) << 8 | (0x80u | ((i >> 14) & 0x7f)) << 16;
}

struct KArgs {
    int op, rank, soff, delay;
    int c[5];
};

static __device__ __forceinline__ uint32_t smem_u32(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
static __device__ __forceinline__ unsigned long long rawbar(uint32_t b)
{
    unsigned long long v;
    asm volatile("ld.volatile.shared.b64 %0, [%1];" : "=l"(v) : "r"(b) : "memory");
    return v;
}

static __device__ __forceinline__ void tma_load(int rank, uint32_t dst, const void* m, const int* c, uint32_t bar)
{
    switch (rank) {
    case 1:
        asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];"
                     ::"r"(dst), "l"(m), "r"(c[0]), "r"(bar) : "memory");
        break;
    case 2:
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                     ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(bar) : "memory");
        break;
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

static __device__ __forceinline__ void tma_store(int rank, bool red, const void* m, const int* c, uint32_t src)
{
    if (red) {
        switch (rank) {
        case 3:
            asm volatile("cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2, %3}], [%4];"
                         ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(src) : "memory");
            break;
        case 4:
            asm volatile("cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2, %3, %4}], [%5];"
                         ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(src) : "memory");
            break;
        }
        return;
    }
    switch (rank) {
    case 1:
        asm volatile("cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group [%0, {%1}], [%2];" ::"l"(m), "r"(c[0]), "r"(src) : "memory");
        break;
    case 2:
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                     ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(src) : "memory");
        break;
    case 3:
        asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3}], [%4];"
                     ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(src) : "memory");
        break;
    case 4:
        asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3, %4}], [%5];"
                     ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(src) : "memory");
        break;
    case 5:
        asm volatile("cp.async.bulk.tensor.5d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3, %4, %5}], [%6];"
                     ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]), "r"(src) : "memory");
        break;
    }
}

extern "C" __global__ void __launch_bounds__(128) probe(const __grid_constant__ CUtensorMap m, const KArgs k, uint32_t* out)
{
    __shared__ __align__(1024) uint32_t img[kImgWords];
    __shared__ __align__(8) uint64_t bar[2];
    const int tid = threadIdx.x;
    for (int i = tid; i < kImgWords; i += 128) img[i] = k.op == OP_LOAD ? (0xEEEE0000u | (uint32_t)i) : shw(i);
    const uint32_t b0 = smem_u32(&bar[0]), b1 = smem_u32(&bar[1]);
    if (tid == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b0) : "memory");
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b1) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    uint32_t* tr = out + (k.op == OP_LOAD ? kImgWords : kDstWords);
    if (tid == 0) {
        const uint32_t dst = smem_u32(img) + k.soff;
        if (k.op == OP_LOAD) {
            asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(b0), "r"(kE) : "memory");
            const unsigned long long r0 = rawbar(b0);
            tma_load(k.rank, dst, &m, k.c, b0);
            const long long t0 = clock64();
            while (clock64() - t0 < k.delay) {}
            const unsigned long long r1 = rawbar(b0);
            asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(b0) : "memory");
            const unsigned long long r2 = rawbar(b0);
            uint32_t n = 0, done = 0;
            for (; n <= kE; ++n) {
                asm volatile("{\n\t.reg .pred p;\n\tmbarrier.test_wait.parity.shared::cta.b64 p, [%1], 0;\n\t"
                             "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(done) : "r"(b0) : "memory");
                if (done) break;
                asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 1;" ::"r"(b0) : "memory");
            }
            const unsigned long long r3 = rawbar(b0);
            asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(b1), "r"(kE) : "memory");
            const unsigned long long c0 = rawbar(b1);
            asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 1234;" ::"r"(b1) : "memory");
            const unsigned long long c1 = rawbar(b1);
            tr[0] = done;
            tr[1] = done ? kE - n : 0xffffffffu;
            tr[2] = n;
            tr[3] = kE;
            const unsigned long long raws[6] = {r0, r1, r2, r3, c0, c1};
            for (int i = 0; i < 6; ++i) {
                tr[4 + 2 * i] = (uint32_t)raws[i];
                tr[5 + 2 * i] = (uint32_t)(raws[i] >> 32);
            }
        } else {
            tma_store(k.rank, k.op == OP_REDUCE, &m, k.c, dst);
            asm volatile("cp.async.bulk.commit_group;" ::: "memory");
            asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
            tr[0] = 1;
        }
    }
    __syncthreads();
    if (k.op == OP_LOAD)
        for (int i = tid; i < kImgWords; i += 128) out[i] = img[i];
}

// ---------------------------------------------------------------- cases
struct Case {
    std::string what;
    int op, dt, rank;
    uint64_t dims[5];
    uint64_t strides[4];
    uint32_t box[5], es[5];
    int il, sw, fill;
    int aoff, soff;
    int c[5];
};
static std::vector<Case> cases;

enum { U8 = 0, U16 = 1, U32 = 2, S32 = 3, U64 = 4, F16 = 6, F32 = 7, F64 = 8, BF16 = 9 };
enum { IN = 0, I16 = 1, I32 = 2 };
enum { SN = 0, S32B = 1, S64B = 2, S128B = 3 };

static const char* dtName(int d)
{
    static const char* n[] = {"u8", "u16", "u32", "s32", "u64", "s64", "f16", "f32", "f64", "bf16", "f32_ftz", "tf32", "tf32_ftz"};
    return d >= 0 && d < 13 ? n[d] : "?";
}

using L64 = std::initializer_list<uint64_t>;
using L32 = std::initializer_list<uint32_t>;
using LI = std::initializer_list<int>;

static void add(int op, int dt, L64 dims, L64 strides, L32 box, L32 es, int il, int sw, int fill, LI c, int aoff = 0,
                int soff = 0, const char* note = "")
{
    Case k{};
    k.op = op;
    k.dt = dt;
    k.rank = (int)dims.size();
    int i = 0;
    for (auto v : dims) k.dims[i++] = v;
    i = 0;
    for (auto v : strides) k.strides[i++] = v;
    i = 0;
    for (auto v : box) k.box[i++] = v;
    for (i = 0; i < 5; ++i) k.es[i] = 1;
    i = 0;
    for (auto v : es) k.es[i++] = v;
    i = 0;
    for (auto v : c) k.c[i++] = v;
    k.il = il;
    k.sw = sw;
    k.fill = fill;
    k.aoff = aoff;
    k.soff = soff;
    char buf[512];
    snprintf(buf, sizeof buf, "%s %s il%d sw%d%s%s", op == OP_LOAD ? "load" : op == OP_STORE ? "store" : "reduce",
             dtName(dt), il == 0 ? 0 : 8 << il, sw == 0 ? 0 : 16 << sw, fill ? " nan" : "", note);
    k.what = buf;
    cases.push_back(k);
}

static void buildCases()
{
    // A: u32, 16B interleave, no swizzle, rank 3, dims [16, 6, 5], strides [256, 2048], box [4, 3, 2].
    const L64 aD = {16, 6, 5}, aS = {256, 2048};
    const L32 aB = {4, 3, 2};
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0},  {0, 1, 1},  {1, 0, 0},  {2, 0, 0},   {3, 0, 0},  {4, 0, 0},
                                                {5, 1, 1},  {8, 0, 0},  {12, 0, 0}, {13, 0, 0},  {14, 0, 0}, {15, 0, 0},
                                                {16, 0, 0}, {17, 0, 0}, {-1, 0, 0}, {-2, 0, 0},  {-3, 0, 0}, {-4, 0, 0},
                                                {-8, 0, 0}, {0, -1, 0}, {0, -2, 0}, {0, 4, 0},   {0, 5, 0},  {0, 6, 0},
                                                {0, 0, -1}, {0, 0, 4},  {0, 0, 5},  {-2, -1, -1}, {14, 5, 4}, {64, 0, 0},
                                                {-64, 0, 0}})
        add(OP_LOAD, U32, aD, aS, aB, {}, I16, SN, 0, {c[0], c[1], c[2]});
    for (uint32_t b0 : {1u, 2u, 3u, 5u, 6u, 8u, 12u, 16u, 32u, 64u}) add(OP_LOAD, U32, aD, aS, {b0, 3, 2}, {}, I16, SN, 0, {0, 1, 1});
    for (int c0 : {4, 8, 12}) add(OP_LOAD, U32, aD, aS, {8, 3, 2}, {}, I16, SN, 0, {c0, 0, 0});
    for (int c0 : {1, 15}) add(OP_LOAD, U32, aD, aS, {2, 3, 2}, {}, I16, SN, 0, {c0, 0, 0});
    add(OP_LOAD, U32, aD, aS, {4, 6, 5}, {}, I16, SN, 0, {0, 0, 0});
    add(OP_LOAD, U32, aD, aS, {4, 1, 1}, {}, I16, SN, 0, {0, 2, 3});
    add(OP_LOAD, U32, aD, aS, {4, 3, 1}, {}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {4, 8, 2}, {}, I16, SN, 0, {0, -1, 0});
    for (uint64_t d0 : {1ull, 3ull, 4ull, 5ull, 8ull, 9ull, 64ull, 128ull})
        for (int c0 : {0, 2}) add(OP_LOAD, U32, {d0, 6, 5}, aS, aB, {}, I16, SN, 0, {c0, 0, 0});
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0}, {0, 1, 1}, {1, 0, 0}})
        add(OP_LOAD, U32, {4, 6, 5}, {16, 96}, aB, {}, I16, SN, 0, {c[0], c[1], c[2]}, 0, 0, " dense");
    add(OP_LOAD, U32, {8, 6, 5}, {32, 192}, aB, {}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, {12, 6, 5}, {48, 288}, aB, {}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, {16, 6, 5}, {1024, 8192}, aB, {}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, {16, 6, 5}, {272, 2048}, aB, {}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {4, 3, 2}, {2, 1, 1}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {8, 3, 2}, {2, 1, 1}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {4, 4, 2}, {1, 2, 1}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {4, 3, 4}, {1, 1, 2}, I16, SN, 0, {0, 1, 0});
    add(OP_LOAD, U32, aD, aS, {8, 3, 2}, {3, 1, 1}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {16, 4, 2}, {4, 2, 1}, I16, SN, 0, {0, 0, 0});
    add(OP_LOAD, U32, aD, aS, {16, 4, 2}, {4, 2, 1}, I16, SN, 0, {1, 1, 1});
    for (int so : {128, 256, 512}) add(OP_LOAD, U32, aD, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 0, so);
    add(OP_LOAD, U32, aD, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 16, 0, " addr+16");

    // B: u32, 32B interleave (needs 32B swizzle), same tensor.
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0}, {0, 1, 1}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0},
                                                {7, 0, 0}, {8, 0, 0}, {15, 0, 0}, {16, 0, 0}, {-1, 0, 0}, {-2, 0, 0},
                                                {-4, 0, 0}, {0, -1, 0}, {0, 5, 0}, {0, 0, 4}, {-1, -1, -1}})
        add(OP_LOAD, U32, aD, aS, aB, {}, I32, S32B, 0, {c[0], c[1], c[2]});
    for (uint32_t b0 : {1u, 2u, 8u, 16u, 32u}) add(OP_LOAD, U32, aD, aS, {b0, 3, 2}, {}, I32, S32B, 0, {0, 1, 1});
    for (uint64_t d0 : {4ull, 8ull, 9ull, 12ull}) add(OP_LOAD, U32, {d0, 6, 5}, aS, {8, 3, 2}, {}, I32, S32B, 0, {0, 0, 0});
    add(OP_LOAD, U32, aD, aS, {8, 3, 2}, {2, 1, 1}, I32, S32B, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {4, 4, 2}, {1, 2, 1}, I32, S32B, 0, {0, 1, 1});
    for (int so : {128, 256, 512}) add(OP_LOAD, U32, aD, aS, {8, 3, 2}, {}, I32, S32B, 0, {0, 1, 1}, 0, so);
    add(OP_LOAD, U32, {8, 6, 5}, {32, 192}, aB, {}, I32, S32B, 0, {0, 1, 1}, 0, 0, " dense");
    add(OP_LOAD, U32, aD, aS, aB, {}, I32, S32B, 0, {0, 1, 1}, 32, 0, " addr+32");

    // C: 16B interleave with the swizzles, u32 dims [64, 6, 5].
    for (int sw : {S32B, S64B, S128B}) {
        for (uint32_t b0 : {1u, 2u, 4u, 8u, 16u}) add(OP_LOAD, U32, {64, 6, 5}, aS, {b0, 3, 2}, {}, I16, sw, 0, {0, 1, 1});
        add(OP_LOAD, U32, {64, 6, 5}, aS, aB, {}, I16, sw, 0, {3, 1, 1});
        add(OP_LOAD, U32, {64, 6, 5}, aS, aB, {}, I16, sw, 0, {0, 1, 1}, 0, 128);
    }

    // D: element types.
    const L64 bS = aS;
    for (uint32_t b0 : {16u, 8u, 4u, 32u, 64u}) add(OP_LOAD, U8, {64, 6, 5}, bS, {b0, 3, 2}, {}, I16, SN, 0, {0, 1, 1});
    for (int c0 : {1, 4, 16, -16, 48, 56, 60}) add(OP_LOAD, U8, {64, 6, 5}, bS, {16, 3, 2}, {}, I16, SN, 0, {c0, 1, 1});
    for (uint32_t b0 : {32u, 16u, 64u}) add(OP_LOAD, U8, {64, 6, 5}, bS, {b0, 3, 2}, {}, I32, S32B, 0, {0, 1, 1});
    for (int c0 : {1, 32, -32, 48}) add(OP_LOAD, U8, {64, 6, 5}, bS, {32, 3, 2}, {}, I32, S32B, 0, {c0, 1, 1});
    for (uint32_t b0 : {8u, 4u, 16u, 2u}) add(OP_LOAD, U16, {32, 6, 5}, bS, {b0, 3, 2}, {}, I16, SN, 0, {0, 1, 1});
    for (int c0 : {1, 8, -8, 24, 28}) add(OP_LOAD, U16, {32, 6, 5}, bS, {8, 3, 2}, {}, I16, SN, 0, {c0, 1, 1});
    for (uint32_t b0 : {16u, 8u}) add(OP_LOAD, U16, {32, 6, 5}, bS, {b0, 3, 2}, {}, I32, S32B, 0, {0, 1, 1});
    for (int c0 : {16, -16, 24}) add(OP_LOAD, U16, {32, 6, 5}, bS, {16, 3, 2}, {}, I32, S32B, 0, {c0, 1, 1});
    add(OP_LOAD, F16, {32, 6, 5}, bS, {8, 3, 2}, {}, I16, SN, 1, {-8, -1, 0});
    add(OP_LOAD, F16, {32, 6, 5}, bS, {8, 3, 2}, {}, I16, SN, 1, {24, 4, 4});
    add(OP_LOAD, F16, {32, 6, 5}, bS, {8, 3, 2}, {}, I16, SN, 1, {1, 0, 0});
    add(OP_LOAD, BF16, {32, 6, 5}, bS, {8, 3, 2}, {}, I16, SN, 1, {-8, -1, 0});
    add(OP_LOAD, F32, aD, bS, aB, {}, I16, SN, 1, {-4, -1, 0});
    add(OP_LOAD, F32, aD, bS, aB, {}, I16, SN, 1, {14, 5, 4});
    add(OP_LOAD, F32, aD, bS, aB, {}, I16, SN, 1, {-1, 0, 0});
    add(OP_LOAD, F32, aD, bS, aB, {}, I16, SN, 0, {-4, -1, 0});
    add(OP_LOAD, F32, aD, bS, {8, 3, 2}, {}, I32, S32B, 1, {-8, -1, 0});
    add(OP_LOAD, F32, aD, bS, {8, 3, 2}, {}, I32, S32B, 1, {12, 5, 4});
    add(OP_LOAD, U64, {8, 6, 5}, bS, {2, 3, 2}, {}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U64, {8, 6, 5}, bS, {2, 3, 2}, {}, I16, SN, 0, {1, 1, 1});
    add(OP_LOAD, U64, {8, 6, 5}, bS, {4, 3, 2}, {}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U64, {8, 6, 5}, bS, {4, 3, 2}, {}, I16, SN, 0, {-2, 0, 0});
    add(OP_LOAD, F64, {8, 6, 5}, bS, {4, 3, 2}, {}, I32, S32B, 0, {0, 1, 1});
    add(OP_LOAD, F64, {8, 6, 5}, bS, {4, 3, 2}, {}, I32, S32B, 0, {2, 0, 0});
    add(OP_LOAD, F64, {8, 6, 5}, bS, {4, 3, 2}, {}, I32, S32B, 1, {-4, -1, 0});
    add(OP_LOAD, S32, aD, bS, aB, {}, I16, SN, 0, {0, 1, 1});

    // E: ranks 4 and 5 (NC/8HWC8 f16 N=2 C=16 H=3 W=5 as [8, W, H, N*C/8]; as [C, W, H, N]; NC/32HW32 u8).
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0, 0}, {0, 1, 1, 1}, {0, -1, -1, 0}, {0, 3, 2, 3}, {1, 0, 0, 0}})
        add(OP_LOAD, F16, {8, 5, 3, 4}, {16, 80, 240}, {8, 5, 3, 2}, {}, I16, SN, 0, {c[0], c[1], c[2], c[3]}, 0, 0, " nc8hwc8");
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0, 0}, {8, 0, 0, 0}, {1, 0, 0, 0}})
        add(OP_LOAD, F16, {16, 5, 3, 2}, {16, 80, 480}, {8, 5, 3, 1}, {}, I16, SN, 0, {c[0], c[1], c[2], c[3]}, 0, 0, " CWHN");
    add(OP_LOAD, F16, {16, 5, 3, 2}, {16, 80, 480}, {16, 5, 3, 1}, {}, I16, SN, 0, {0, 0, 0, 0}, 0, 0, " CWHN");
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0, 0, 0}, {0, 1, 1, 1, 1}, {0, -1, -1, 0, 0}, {0, 3, 2, 1, 1}})
        add(OP_LOAD, U8, {32, 4, 3, 2, 2}, {32, 128, 384, 768}, {32, 4, 3, 2, 1}, {}, I32, S32B, 0, {c[0], c[1], c[2], c[3], c[4]}, 0,
            0, " nc32hw32");
    add(OP_LOAD, U32, {4, 4, 3, 2, 2}, {16, 64, 192, 384}, {4, 2, 2, 2, 2}, {}, I16, SN, 0, {0, 0, 0, 0, 0});
    add(OP_LOAD, U32, {4, 4, 3, 2, 2}, {16, 64, 192, 384}, {4, 2, 2, 2, 2}, {}, I16, SN, 0, {0, 1, 1, 1, 1});
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0}, {0, 4, 1}, {0, 28, 3}})
        add(OP_LOAD, U32, {4, 32, 4}, {16, 512}, {4, 8, 2}, {}, I16, SN, 0, {c[0], c[1], c[2]}, 0, 0, " dense W32");
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0}, {0, 12, 3}})
        add(OP_LOAD, U8, {32, 16, 4}, {32, 512}, {32, 8, 2}, {}, I32, S32B, 0, {c[0], c[1], c[2]}, 0, 0, " dense W16");
    add(OP_LOAD, F16, {8, 5, 3, 4}, {16, 80, 240}, {8, 5, 3, 2}, {}, I16, S64B, 0, {0, 0, 0, 0});
    add(OP_LOAD, F16, {8, 5, 3, 4}, {16, 80, 240}, {8, 5, 3, 2}, {}, I16, S128B, 0, {0, 0, 0, 0});

    // F: stores (dst zero) and reductions (dst 0x01000000 per word).
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0}, {0, 1, 1}, {1, 0, 0}, {2, 1, 0}, {14, 0, 0}, {15, 5, 4},
                                                {0, 4, 3}, {64, 0, 0}, {-1, 0, 0}, {0, -1, 0}})
        add(OP_STORE, U32, aD, aS, aB, {}, I16, SN, 0, {c[0], c[1], c[2]});
    for (uint32_t b0 : {1u, 2u, 8u}) add(OP_STORE, U32, aD, aS, {b0, 3, 2}, {}, I16, SN, 0, {0, 1, 1});
    add(OP_STORE, U32, aD, aS, {8, 3, 2}, {2, 1, 1}, I16, SN, 0, {0, 1, 1});
    add(OP_STORE, U32, aD, aS, {4, 4, 2}, {1, 2, 1}, I16, SN, 0, {0, 1, 1});
    for (auto c : std::vector<std::vector<int>>{{0, 0, 0}, {1, 1, 1}, {7, 0, 0}, {15, 5, 4}})
        add(OP_STORE, U32, aD, aS, {8, 3, 2}, {}, I32, S32B, 0, {c[0], c[1], c[2]});
    add(OP_STORE, U32, aD, aS, {8, 3, 2}, {}, I32, S32B, 0, {0, 0, 0}, 0, 128);
    for (int sw : {S64B, S128B}) {
        add(OP_STORE, U32, {64, 6, 5}, aS, aB, {}, I16, sw, 0, {0, 1, 1});
        add(OP_STORE, U32, {64, 6, 5}, aS, {8, 3, 2}, {}, I16, sw, 0, {0, 1, 1});
    }
    add(OP_STORE, F16, {8, 5, 3, 4}, {16, 80, 240}, {8, 5, 3, 2}, {}, I16, SN, 0, {0, 1, 1, 1}, 0, 0, " nc8hwc8");
    add(OP_STORE, F16, {8, 5, 3, 4}, {16, 80, 240}, {8, 5, 3, 2}, {}, I16, SN, 0, {0, 3, 2, 3}, 0, 0, " nc8hwc8");
    add(OP_STORE, U8, {32, 4, 3, 2, 2}, {32, 128, 384, 768}, {32, 4, 3, 2, 1}, {}, I32, S32B, 0, {0, 0, 0, 0, 0}, 0, 0, " nc32hw32");
    add(OP_STORE, F32, aD, aS, aB, {}, I16, SN, 0, {14, 5, 4});
    add(OP_STORE, U8, {64, 6, 5}, aS, {16, 3, 2}, {}, I16, SN, 0, {16, 1, 1});
    add(OP_STORE, U16, {32, 6, 5}, aS, {8, 3, 2}, {}, I16, SN, 0, {8, 1, 1});
    add(OP_REDUCE, U32, aD, aS, aB, {}, I16, SN, 0, {0, 1, 1});
    add(OP_REDUCE, U32, aD, aS, {8, 3, 2}, {}, I32, S32B, 0, {1, 0, 0});

    // G: encodings the driver may refuse (launched as loads when accepted).
    add(OP_LOAD, U32, {16, 6}, {256}, {4, 3}, {}, I16, SN, 0, {0, 0}, 0, 0, " rank 2");
    add(OP_LOAD, U32, {16}, {}, {4}, {}, I16, SN, 0, {0}, 0, 0, " rank 1");
    for (int sw : {SN, S64B, S128B}) add(OP_LOAD, U32, aD, aS, aB, {}, I32, sw, 0, {0, 1, 1});
    add(OP_LOAD, U32, {64, 6, 5}, aS, {64, 3, 2}, {}, I16, S128B, 0, {0, 1, 1}, 0, 0, " 256-byte box0");
    add(OP_LOAD, U32, {64, 6, 5}, aS, {32, 3, 2}, {}, I16, S64B, 0, {0, 1, 1}, 0, 0, " 128-byte box0");
    add(OP_LOAD, U32, {64, 6, 5}, aS, {32, 3, 2}, {}, I16, S32B, 0, {0, 1, 1}, 0, 0, " 128-byte box0");
    add(OP_LOAD, U32, aD, aS, aB, {}, I32, S32B, 0, {0, 1, 1}, 16, 0, " addr+16");
    add(OP_LOAD, U32, aD, {272, 2048}, aB, {}, I32, S32B, 0, {0, 1, 1}, 0, 0, " stride 272");
    add(OP_LOAD, U32, aD, {264, 2048}, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " stride 264");
    add(OP_LOAD, U32, aD, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 8, 0, " addr+8");
    add(OP_LOAD, U32, aD, aS, {256, 1, 1}, {}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {257, 1, 1}, {}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {8, 3, 2}, {8, 1, 1}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U32, aD, aS, {8, 3, 2}, {9, 1, 1}, I16, SN, 0, {0, 1, 1});
    add(OP_LOAD, U8, {17, 6, 5}, aS, {16, 3, 2}, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " dims0 17");
    add(OP_LOAD, U32, {1ull << 32, 6, 5}, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " dims0 2^32");
    add(OP_LOAD, U32, {(1ull << 32) + 1, 6, 5}, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " dims0 2^32+1");
    add(OP_LOAD, U32, aD, aS, aB, {}, I16, SN, 1, {0, 1, 1}, 0, 0, " nan fill on u32");
    add(OP_LOAD, U64, {8, 6, 5}, aS, {8, 3, 2}, {}, I32, S32B, 0, {0, 1, 1}, 0, 0, " 64-byte box0");
    add(OP_LOAD, U16, {64, 6, 5}, aS, {32, 3, 2}, {}, I32, S32B, 0, {0, 1, 1}, 0, 0, " 64-byte box0");
    add(OP_LOAD, U32, {64, 6, 5}, {16, 2048}, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " stride 16 < dims0 bytes");
    add(OP_LOAD, U32, aD, aS, aB, {}, 3, SN, 0, {0, 1, 1}, 0, 0, " interleave 3");
    add(OP_LOAD, U32, aD, {256, 128}, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " stride1 < stride0");
    add(OP_LOAD, U32, aD, aS, {4, 3, 2}, {1, 1, 1}, IN, SN, 0, {1, 1, 1}, 0, 0, " control: no interleave c0 1");
    add(OP_LOAD, U32, aD, aS, {4, 3, 2}, {1, 1, 1}, IN, SN, 0, {4, 1, 1}, 0, 0, " control: no interleave");

    // H (second device call, cases 270-): which globalDim[0] faults (2^32 did with 16B interleave), and tf32.
    for (uint64_t d0 : {(1ull << 32) - 1, (1ull << 31) + 1, 1ull << 31, (1ull << 31) - 1, 1ull << 28})
        add(OP_LOAD, U32, {d0, 6, 5}, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " dims0 large");
    for (uint64_t d0 : {1ull << 32, 1ull << 31}) add(OP_LOAD, U32, {d0, 6, 5}, aS, aB, {}, I32, S32B, 0, {0, 1, 1}, 0, 0, " dims0 large");
    for (uint64_t d0 : {1ull << 32, (1ull << 32) - 1})
        add(OP_LOAD, U32, {d0, 6, 5}, aS, aB, {}, IN, SN, 0, {4, 1, 1}, 0, 0, " control: no interleave, dims0 large");
    add(OP_LOAD, U8, {1ull << 32, 6, 5}, aS, {16, 3, 2}, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " dims0 2^32");
    add(OP_STORE, U32, {1ull << 32, 6, 5}, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " dims0 2^32");
    add(OP_STORE, U32, {1ull << 31, 6, 5}, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " dims0 2^31");
    add(OP_LOAD, 11, aD, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " tf32");
    add(OP_LOAD, 11, aD, aS, aB, {}, I16, SN, 1, {-1, -1, 0}, 0, 0, " tf32");
    add(OP_LOAD, 11, aD, aS, {8, 3, 2}, {}, I32, S32B, 0, {1, 1, 1}, 0, 0, " tf32");
    add(OP_LOAD, F32, aD, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " f32 control for tf32");
    add(OP_STORE, 11, aD, aS, aB, {}, I16, SN, 0, {0, 1, 1}, 0, 0, " tf32");
}

// ---------------------------------------------------------------- host
static const char* errName(CUresult r)
{
    const char* s = "?";
    cuGetErrorName(r, &s);
    return s;
}

int main(int argc, char** argv)
{
    buildCases();
    const int nc = (int)cases.size();
    if (argc >= 2 && strcmp(argv[1], "list") == 0) {
        // index op dtype rank dims | strides | box | es | il sw fill aoff soff | coords | what
        for (int i = 0; i < nc; ++i) {
            const Case& k = cases[i];
            printf("%d %d %d %d", i, k.op, k.dt, k.rank);
            for (int j = 0; j < k.rank; ++j) printf(" %llu", (unsigned long long)k.dims[j]);
            printf(" |");
            for (int j = 0; j + 1 < k.rank; ++j) printf(" %llu", (unsigned long long)k.strides[j]);
            printf(" |");
            for (int j = 0; j < k.rank; ++j) printf(" %u", k.box[j]);
            printf(" |");
            for (int j = 0; j < k.rank; ++j) printf(" %u", k.es[j]);
            printf(" | %d %d %d %d %d |", k.il, k.sw, k.fill, k.aoff, k.soff);
            for (int j = 0; j < k.rank; ++j) printf(" %d", k.c[j]);
            printf(" | %s\n", k.what.c_str());
        }
        return 0;
    }
    if (argc < 5 || strcmp(argv[1], "run") != 0) {
        printf("usage: %s list | run A B DIR   (%d cases)\n", argv[0], nc);
        return 2;
    }
    const int a = atoi(argv[2]), bEnd = std::min(atoi(argv[3]), nc);
    const char* dir = argv[4];
    if (cudaFree(0) != cudaSuccess) {
        printf("no device\n");
        return 1;
    }
    CUfunction fn;
    if (cudaGetFuncBySymbol(reinterpret_cast<cudaFunction_t*>(&fn), reinterpret_cast<const void*>(probe)) != cudaSuccess) {
        printf("cudaGetFuncBySymbol failed\n");
        return 1;
    }
    std::vector<uint32_t> hsrc(kSrcWords);
    for (size_t i = 0; i < kSrcWords; ++i) hsrc[i] = srcw((uint32_t)i);
    uint32_t *src, *dst, *out;
    cudaMalloc(&src, kSrcWords * 4);
    cudaMalloc(&dst, kDstWords * 4);
    cudaMalloc(&out, (kDstWords + kTrail) * 4);
    cudaMemcpy(src, hsrc.data(), kSrcWords * 4, cudaMemcpyHostToDevice);
    std::vector<uint32_t> h(kDstWords + kTrail);
    char prog[512];
    snprintf(prog, sizeof prog, "%s/progress", dir);
    for (int i = a; i < bEnd; ++i) {
        const Case& k = cases[i];
        if (FILE* f = fopen(prog, "a")) {
            fprintf(f, "start %d\n", i);
            fclose(f);
        }
        CUtensorMap m;
        memset(&m, 0, sizeof m);
        uint8_t* base = reinterpret_cast<uint8_t*>(k.op == OP_LOAD ? src : dst) + k.aoff;
        cuuint64_t dims[5], strides[4];
        cuuint32_t box[5], es[5];
        for (int j = 0; j < 5; ++j) {
            dims[j] = k.dims[j];
            box[j] = k.box[j];
            es[j] = k.es[j];
            if (j < 4) strides[j] = k.strides[j];
        }
        const CUresult er = cuTensorMapEncodeTiled(&m, (CUtensorMapDataType)k.dt, k.rank, base, dims, strides, box, es,
                                                   (CUtensorMapInterleave)k.il, (CUtensorMapSwizzle)k.sw,
                                                   CU_TENSOR_MAP_L2_PROMOTION_NONE, (CUtensorMapFloatOOBfill)k.fill);
        printf("case %d %s: encode %s", i, k.what.c_str(), errName(er));
        if (er != CUDA_SUCCESS) {
            printf("\n");
            fflush(stdout);
            continue;
        }
        printf(" map ");
        const uint8_t* mb = reinterpret_cast<const uint8_t*>(&m);
        for (int j = 0; j < 128; ++j) printf("%02x", mb[j]);
        printf("\n");
        fflush(stdout);
        cudaMemset(out, 0, (kDstWords + kTrail) * 4);
        if (k.op == OP_STORE) cudaMemset(dst, 0, kDstWords * 4);
        if (k.op == OP_REDUCE) {
            std::vector<uint32_t> pre(kDstWords, 0x01000000u);
            cudaMemcpy(dst, pre.data(), kDstWords * 4, cudaMemcpyHostToDevice);
        }
        cudaDeviceSynchronize();
        KArgs ka{};
        ka.op = k.op;
        ka.rank = k.rank;
        ka.soff = k.soff;
        ka.delay = 2000000;
        for (int j = 0; j < 5; ++j) ka.c[j] = k.c[j];
        void* args[] = {(void*)&m, (void*)&ka, (void*)&out};
        CUresult e = cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, 0, args, nullptr);
        if (e == CUDA_SUCCESS) e = cuCtxSynchronize();
        if (e != CUDA_SUCCESS) {
            printf("case %d %s: FAULT %s\n", i, k.what.c_str(), errName(e));
            fflush(stdout);
            return 3;
        }
        const int words = k.op == OP_LOAD ? kImgWords : kDstWords;
        cudaMemcpy(h.data(), out, (kDstWords + kTrail) * 4, cudaMemcpyDeviceToHost);
        if (k.op != OP_LOAD) {
            std::vector<uint32_t> tr(h.begin() + kDstWords, h.begin() + kDstWords + kTrail);
            cudaMemcpy(h.data(), dst, kDstWords * 4, cudaMemcpyDeviceToHost);
            for (int j = 0; j < kTrail; ++j) h[kDstWords + j] = tr[j];
        }
        const uint32_t* tr = h.data() + words;
        char path[512];
        snprintf(path, sizeof path, "%s/c%03d.bin", dir, i);
        if (FILE* f = fopen(path, "wb")) {
            fwrite(h.data(), 4, words, f);
            fwrite(tr, 4, kTrail, f);
            fclose(f);
        }
        int written = 0, first = -1, last = -1;
        for (int j = 0; j < words; ++j) {
            const uint32_t pre = k.op == OP_LOAD ? (0xEEEE0000u | (uint32_t)j) : k.op == OP_STORE ? 0u : 0x01000000u;
            if (h[j] != pre) {
                ++written;
                if (first < 0) first = j;
                last = j;
            }
        }
        printf("case %d %s: ok done %u tx %d n %u written %d first %d last %d | raw %08x%08x %08x%08x %08x%08x cal %08x%08x %08x%08x |",
               i, k.what.c_str(), tr[0], (int)tr[1], tr[2], written, first, last, tr[5], tr[4], tr[7], tr[6], tr[9], tr[8], tr[13],
               tr[12], tr[15], tr[14]);
        for (int j = 0, shown = 0; j < words && shown < 8; ++j)
            if (j >= first && first >= 0) printf(" %08x", h[j]), ++shown;
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
