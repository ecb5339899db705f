// Probe: device-side tensor-map edits (tensormap.replace, tensormap.cp_fenceproxy,
// fence.proxy.tensormap::generic, prefetch.tensormap, cp.async.bulk.prefetch.tensor) on maps the
// driver encoded (cuTensorMapEncodeTiled), checked by what a TMA tile load with the edited map
// brings into shared memory. One case per process (a fault poisons the context):
//   nvcc -gencode arch=compute_90a,code=sm_90a -O3 -o tmap_replace_probe tools/record/tmap_replace_probe.cu -lcuda
//   ./tmap_replace_probe list                  # the case table
//   ./tmap_replace_probe N [DIR]               # run case N; DIR/case_N.bin = the 1024-word image + flag
//   PROBE_CUBIN=x.cubin PROBE_TAG=v83 ./tmap_replace_probe N DIR   # the same case with kernel `probe` of a cubin
// tools/record/tmap_replace_probe.sh runs them all (and the PTX-version cubins) on the device.
//
// Every case is one CTA of one warp. Shared memory `img` (4096 bytes, 1024-aligned) is filled with the
// sentinel 0xEEEE0000 | word, then lane 0 issues one tile load (rank `dim`, coordinates c) of the
// case's map into img + 0 completing on an mbarrier with expect_tx = the case's tx; every lane waits
// (bounded; a wrong tx shows as flag 0, then a long delay lets the copy land), and the image is
// written out. Paths:
//   P  the by-value (__grid_constant__) map param, no edit;
//   M  the driver's map copied by the host into global memory (gmaps[base]), fence.proxy.tensormap acquire;
//   S  CUTLASS's way: the map (gmaps[base]) copied into shared memory by 8 lanes (16 bytes each),
//      lane 0 edits it with tensormap.replace...shared::cta, the warp copies it to a global slot with
//      tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned, lane 0
//      runs fence.proxy.tensormap::generic.acquire.gpu [slot], 128 and loads with the slot;
//   Sp the same, the map copied from the by-value param;
//   G  lane 0 copies gmaps[base] into the global slot (generic stores), edits it in place with
//      tensormap.replace...global, then fence.proxy.tensormap::generic.release.gpu and
//      fence.proxy.tensormap::generic.acquire.gpu [slot], 128.
// pf bit 0: prefetch.tensormap [map] before the load; bit 1: cp.async.bulk.prefetch.tensor of the box.
// Source tensor `src`: u32 [512][256] holding its flat index (row pitch 1024 bytes); `spec`: u32 [32][256]
// of float specials (specWord below). Base maps (all over src unless named):
//   0 u32  dims [64, 32]  strides [1024]  box [16, 8]
//   1 f32  same, zero fill        2 f32 same, NaN fill
//   3 u32  dims [64, 16, 4]  strides [1024, 16384]  box [16, 8, 2]
//   4 u32  dims [64, 32]  box [8, 8]  (32-byte rows)
//   5 u32  dims [64, 32]  box [32, 8]  128B swizzle
//   6 f32_ftz over spec   7 tf32 over spec   8 tf32 over spec, NaN fill   9 tf32_ftz over spec
//   10 tf32 over dst (u32 [32][256], zero)   11 f32 over dst
// T  (stores): img[0..127] = spec[0..127], fence.proxy.async, a TMA store of box [16, 8] at c with
//    gmaps[base]; the image file then holds dst's box read back by the host (h[16 r + c] = dst[r][c]).
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

enum { F_ADDR, F_RANK, F_BOX, F_GDIM, F_GSTRIDE, F_ESTRIDE, F_ELEM, F_INTER, F_SWZ, F_FILL };
enum { P_PARAM, P_GMAP, P_SMEM, P_SMEM_PARAM, P_GLOBAL, P_STORE };

struct KEdit {
    int f, ord;
    unsigned long long v;  // literal, or a byte offset into src (rel 1) or spec (rel 2)
    int rel;
};
struct KCase {
    int path, base, dim, tx, pf, n;
    int c[5];
    KEdit e[5];
};

// ---------------------------------------------------------------- device
static __device__ __forceinline__ uint32_t smem_u32(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

template <int ORD>
static __device__ __forceinline__ void rep_ord_s(int f, uint32_t a, unsigned long long v)
{
    switch (f) {
    case F_BOX:
        asm volatile("tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%0], %1, %2;" ::"r"(a), "n"(ORD), "r"((uint32_t)v) : "memory");
        break;
    case F_GDIM:
        asm volatile("tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%0], %1, %2;" ::"r"(a), "n"(ORD), "r"((uint32_t)v) : "memory");
        break;
    case F_GSTRIDE:
        if constexpr (ORD < 4)
            asm volatile("tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%0], %1, %2;" ::"r"(a), "n"(ORD), "l"(v) : "memory");
        break;
    case F_ESTRIDE:
        asm volatile("tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [%0], %1, %2;" ::"r"(a), "n"(ORD), "r"((uint32_t)v) : "memory");
        break;
    }
}

template <int ORD>
static __device__ __forceinline__ void rep_ord_g(int f, unsigned long long a, unsigned long long v)
{
    switch (f) {
    case F_BOX:
        asm volatile("tensormap.replace.tile.box_dim.global.b1024.b32 [%0], %1, %2;" ::"l"(a), "n"(ORD), "r"((uint32_t)v) : "memory");
        break;
    case F_GDIM:
        asm volatile("tensormap.replace.tile.global_dim.global.b1024.b32 [%0], %1, %2;" ::"l"(a), "n"(ORD), "r"((uint32_t)v) : "memory");
        break;
    case F_GSTRIDE:
        if constexpr (ORD < 4)
            asm volatile("tensormap.replace.tile.global_stride.global.b1024.b64 [%0], %1, %2;" ::"l"(a), "n"(ORD), "l"(v) : "memory");
        break;
    case F_ESTRIDE:
        asm volatile("tensormap.replace.tile.element_stride.global.b1024.b32 [%0], %1, %2;" ::"l"(a), "n"(ORD), "r"((uint32_t)v) : "memory");
        break;
    }
}

template <int V>
static __device__ __forceinline__ void rep_imm_s(int f, uint32_t a)
{
    switch (f) {
    case F_ELEM:
        asm volatile("tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%0], %1;" ::"r"(a), "n"(V) : "memory");
        break;
    case F_INTER:
        if constexpr (V <= 2)
            asm volatile("tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [%0], %1;" ::"r"(a), "n"(V) : "memory");
        break;
    case F_SWZ:
        if constexpr (V <= 3)
            asm volatile("tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%0], %1;" ::"r"(a), "n"(V) : "memory");
        break;
    case F_FILL:
        if constexpr (V <= 1)
            asm volatile("tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [%0], %1;" ::"r"(a), "n"(V) : "memory");
        break;
    }
}

template <int V>
static __device__ __forceinline__ void rep_imm_g(int f, unsigned long long a)
{
    switch (f) {
    case F_ELEM:
        asm volatile("tensormap.replace.tile.elemtype.global.b1024.b32 [%0], %1;" ::"l"(a), "n"(V) : "memory");
        break;
    case F_INTER:
        if constexpr (V <= 2)
            asm volatile("tensormap.replace.tile.interleave_layout.global.b1024.b32 [%0], %1;" ::"l"(a), "n"(V) : "memory");
        break;
    case F_SWZ:
        if constexpr (V <= 3)
            asm volatile("tensormap.replace.tile.swizzle_mode.global.b1024.b32 [%0], %1;" ::"l"(a), "n"(V) : "memory");
        break;
    case F_FILL:
        if constexpr (V <= 1)
            asm volatile("tensormap.replace.tile.fill_mode.global.b1024.b32 [%0], %1;" ::"l"(a), "n"(V) : "memory");
        break;
    }
}

#define IMM_CASES(FN, ...)                                                                                          \
    switch (v) {                                                                                                    \
    case 0: FN<0>(__VA_ARGS__); break;   case 1: FN<1>(__VA_ARGS__); break;   case 2: FN<2>(__VA_ARGS__); break;    \
    case 3: FN<3>(__VA_ARGS__); break;   case 4: FN<4>(__VA_ARGS__); break;   case 5: FN<5>(__VA_ARGS__); break;    \
    case 6: FN<6>(__VA_ARGS__); break;   case 7: FN<7>(__VA_ARGS__); break;   case 8: FN<8>(__VA_ARGS__); break;    \
    case 9: FN<9>(__VA_ARGS__); break;   case 10: FN<10>(__VA_ARGS__); break; case 11: FN<11>(__VA_ARGS__); break;  \
    case 12: FN<12>(__VA_ARGS__); break;                                                                            \
    }
#define ORD_CASES(FN, ...)                                                                                          \
    switch (ord) {                                                                                                  \
    case 0: FN<0>(__VA_ARGS__); break; case 1: FN<1>(__VA_ARGS__); break; case 2: FN<2>(__VA_ARGS__); break;        \
    case 3: FN<3>(__VA_ARGS__); break; case 4: FN<4>(__VA_ARGS__); break;                                           \
    }

// One edit of the map at shared address a (shared) or global address g (global).
static __device__ __noinline__ void replace_shared(uint32_t a, int f, int ord, unsigned long long v)
{
    if (f == F_ADDR)
        asm volatile("tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%0], %1;" ::"r"(a), "l"(v) : "memory");
    else if (f == F_RANK)
        asm volatile("tensormap.replace.tile.rank.shared::cta.b1024.b32 [%0], %1;" ::"r"(a), "r"((uint32_t)v) : "memory");
    else if (f <= F_ESTRIDE) {
        ORD_CASES(rep_ord_s, f, a, v)
    } else {
        IMM_CASES(rep_imm_s, f, a)
    }
}
static __device__ __noinline__ void replace_global(unsigned long long g, int f, int ord, unsigned long long v)
{
    if (f == F_ADDR)
        asm volatile("tensormap.replace.tile.global_address.global.b1024.b64 [%0], %1;" ::"l"(g), "l"(v) : "memory");
    else if (f == F_RANK)
        asm volatile("tensormap.replace.tile.rank.global.b1024.b32 [%0], %1;" ::"l"(g), "r"((uint32_t)v) : "memory");
    else if (f <= F_ESTRIDE) {
        ORD_CASES(rep_ord_g, f, g, v)
    } else {
        IMM_CASES(rep_imm_g, f, g)
    }
}

static __device__ __forceinline__ void tma_load(int dim, uint32_t dst, const void* m, const int* c, uint32_t bar)
{
    switch (dim) {
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
    }
}
static __device__ __forceinline__ void tma_prefetch(int dim, const void* m, const int* c)
{
    switch (dim) {
    case 1: asm volatile("cp.async.bulk.prefetch.tensor.1d.L2.global.tile [%0, {%1}];" ::"l"(m), "r"(c[0]) : "memory"); break;
    case 2: asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];" ::"l"(m), "r"(c[0]), "r"(c[1]) : "memory"); break;
    case 3:
        asm volatile("cp.async.bulk.prefetch.tensor.3d.L2.global.tile [%0, {%1, %2, %3}];" ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]) : "memory");
        break;
    }
}

extern "C" __global__ void __launch_bounds__(32) probe(const __grid_constant__ CUtensorMap pm, const CUtensorMap* gmaps,
    CUtensorMap* work, const KCase k, const uint32_t* src, const uint32_t* spec, uint32_t* out)
{
    __shared__ __align__(1024) uint32_t img[1024];
    __shared__ __align__(128) CUtensorMap smap;
    __shared__ __align__(8) uint64_t bar;
    const int lane = threadIdx.x;
    for (int i = lane; i < 1024; i += 32) img[i] = 0xEEEE0000u | (uint32_t)i;
    const uint32_t b = smem_u32(&bar);
    if (lane == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncwarp();

    if (k.path == P_STORE) {  // img[0..127] = spec[0..127], then a TMA store of box [16, 8] at c with gmaps[base]
        for (int i = lane; i < 128; i += 32) img[i] = spec[i];
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        __syncwarp();
        if (lane == 0) {
            asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                         ::"l"(&gmaps[k.base]), "r"(k.c[0]), "r"(k.c[1]), "r"(smem_u32(img)) : "memory");
            asm volatile("cp.async.bulk.commit_group;" ::: "memory");
            asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
            out[1024] = 1;
        }
        return;
    }
    const CUtensorMap* use = &pm;
    if (k.path == P_GMAP) {
        use = &gmaps[k.base];
        if (lane == 0) asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(use) : "memory");
    } else if (k.path == P_SMEM || k.path == P_SMEM_PARAM) {
        const uint4* from = reinterpret_cast<const uint4*>(k.path == P_SMEM ? &gmaps[k.base] : &pm);
        if (lane < 8) reinterpret_cast<uint4*>(&smap)[lane] = from[lane];
        __syncwarp();
        if (lane == 0)
            for (int i = 0; i < k.n; ++i) {
                unsigned long long v = k.e[i].v;
                if (k.e[i].rel == 1) v += reinterpret_cast<unsigned long long>(src);
                if (k.e[i].rel == 2) v += reinterpret_cast<unsigned long long>(spec);
                replace_shared(smem_u32(&smap), k.e[i].f, k.e[i].ord, v);
            }
        __syncwarp();
        asm volatile("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%0], [%1], 128;"
                     ::"l"(static_cast<unsigned long long>(__cvta_generic_to_global(work))), "r"(smem_u32(&smap)) : "memory");
        if (lane == 0) asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(work) : "memory");
        use = work;
    } else if (k.path == P_GLOBAL) {
        if (lane == 0) {
            const uint4* from = reinterpret_cast<const uint4*>(&gmaps[k.base]);
            for (int i = 0; i < 8; ++i) reinterpret_cast<uint4*>(work)[i] = from[i];
            const unsigned long long g = static_cast<unsigned long long>(__cvta_generic_to_global(work));
            for (int i = 0; i < k.n; ++i) {
                unsigned long long v = k.e[i].v;
                if (k.e[i].rel == 1) v += reinterpret_cast<unsigned long long>(src);
                if (k.e[i].rel == 2) v += reinterpret_cast<unsigned long long>(spec);
                replace_global(g, k.e[i].f, k.e[i].ord, v);
            }
            asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
            asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(work) : "memory");
        }
        use = work;
    }
    __syncwarp();
    if (lane == 0) {
        if (k.pf & 1) asm volatile("prefetch.tensormap [%0];" ::"l"(use) : "memory");
        if (k.pf & 2) tma_prefetch(k.dim, use, k.c);
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(k.tx) : "memory");
        tma_load(k.dim, smem_u32(img), use, k.c, b);
    }
    uint32_t ok = 0;
    for (int i = 0; i < (1 << 16) && !ok; ++i)
        asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(ok) : "r"(b) : "memory");
    if (!ok) {  // tx mismatch: give the copy time to land
        const long long t0 = clock64();
        while (clock64() - t0 < 20000000) {}
    }
    __syncwarp();
    for (int i = lane; i < 1024; i += 32) out[i] = img[i];
    if (lane == 0) out[1024] = ok;
}

// ---------------------------------------------------------------- cases
// (nvcc: -gencode arch=compute_90a,code=sm_90a; a plain -arch=sm_90a also emitted compute_90 PTX,
// which ptxas rejected: "Instruction 'tensormap.replace' not supported on .target 'sm_90'")
#define E(f, o, v, r) KEdit{f, o, (unsigned long long)(v), r}
struct Case {
    const char* what;
    int ver;  // 1: also run with the PTX-version cubins
    KCase k;
};
static const Case kCases[] = {
    // references without an edit
    {"P u32 (16,4) no edit", 0, {P_PARAM, 0, 2, 512, 0, 0, {16, 4}}},
    {"M u32 host map in global + acquire", 0, {P_GMAP, 0, 2, 512, 0, 0, {16, 4}}},
    {"S u32 no edit", 1, {P_SMEM, 0, 2, 512, 0, 0, {16, 4}}},
    {"Sp u32 no edit (from the param)", 0, {P_SMEM_PARAM, 0, 2, 512, 0, 0, {16, 4}}},
    {"G u32 no edit", 0, {P_GLOBAL, 0, 2, 512, 0, 0, {16, 4}}},
    // global_address
    {"S addr := src+8192", 1, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_ADDR, 0, 8192, 1)}}},
    {"Sp addr := src+8192", 0, {P_SMEM_PARAM, 0, 2, 512, 0, 1, {16, 4}, {E(F_ADDR, 0, 8192, 1)}}},
    {"G addr := src+8192", 0, {P_GLOBAL, 0, 2, 512, 0, 1, {16, 4}, {E(F_ADDR, 0, 8192, 1)}}},
    {"S addr := src+16", 0, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_ADDR, 0, 16, 1)}}},
    {"S addr := src+8 (not 16-aligned)", 0, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_ADDR, 0, 8, 1)}}},
    // global_dim
    {"S gdim0 := 20", 1, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_GDIM, 0, 20, 0)}}},
    {"S gdim1 := 6", 0, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_GDIM, 1, 6, 0)}}},
    {"G gdim0 := 20", 0, {P_GLOBAL, 0, 2, 512, 0, 1, {16, 4}, {E(F_GDIM, 0, 20, 0)}}},
    {"S gdim0 := 0", 0, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_GDIM, 0, 0, 0)}}},
    {"S gdim0 := 300 (past the base 64)", 0, {P_SMEM, 0, 2, 512, 0, 1, {240, 4}, {E(F_GDIM, 0, 300, 0)}}},
    // global_stride (ord 0 = the stride of dim 1)
    {"S gstride0 := 64", 1, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_GSTRIDE, 0, 64, 0)}}},
    {"S gstride0 := 2048", 1, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_GSTRIDE, 0, 2048, 0)}}},
    {"G gstride0 := 2048", 0, {P_GLOBAL, 0, 2, 512, 0, 1, {16, 4}, {E(F_GSTRIDE, 0, 2048, 0)}}},
    {"S gstride0 := 16", 0, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_GSTRIDE, 0, 16, 0)}}},
    {"S gstride0 := 1032 (not a multiple of 16)", 0, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_GSTRIDE, 0, 1032, 0)}}},
    {"S r3 gstride1 := 4096 (3d)", 0, {P_SMEM, 3, 3, 1024, 0, 1, {16, 4, 1}, {E(F_GSTRIDE, 1, 4096, 0)}}},
    // box_dim
    {"S box1 := 4", 1, {P_SMEM, 0, 2, 256, 0, 1, {16, 4}, {E(F_BOX, 1, 4, 0)}}},
    {"S box0 := 8", 0, {P_SMEM, 0, 2, 256, 0, 1, {16, 4}, {E(F_BOX, 0, 8, 0)}}},
    {"G box1 := 4", 0, {P_GLOBAL, 0, 2, 256, 0, 1, {16, 4}, {E(F_BOX, 1, 4, 0)}}},
    {"S box0 := 32, box1 := 16 (0,0)", 0, {P_SMEM, 0, 2, 2048, 0, 2, {0, 0}, {E(F_BOX, 0, 32, 0), E(F_BOX, 1, 16, 0)}}},
    {"S box1 := 0", 0, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_BOX, 1, 0, 0)}}},
    // element_stride
    {"S estride1 := 2", 1, {P_SMEM, 0, 2, 256, 0, 1, {16, 4}, {E(F_ESTRIDE, 1, 2, 0)}}},
    {"S estride1 := 3", 0, {P_SMEM, 0, 2, 192, 0, 1, {16, 4}, {E(F_ESTRIDE, 1, 3, 0)}}},
    {"G estride1 := 2", 0, {P_GLOBAL, 0, 2, 256, 0, 1, {16, 4}, {E(F_ESTRIDE, 1, 2, 0)}}},
    {"S estride0 := 2 (no interleave)", 0, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_ESTRIDE, 0, 2, 0)}}},
    // rank
    {"P r3 (16,4,1) reference", 0, {P_PARAM, 3, 3, 1024, 0, 0, {16, 4, 1}}},
    {"S r3 rank := 1, 2d load", 1, {P_SMEM, 3, 2, 512, 0, 1, {16, 4}, {E(F_RANK, 0, 1, 0)}}},
    {"S r3 rank := 2, 3d load", 1, {P_SMEM, 3, 3, 1024, 0, 1, {16, 4, 1}, {E(F_RANK, 0, 2, 0)}}},
    {"S r3 rank := 2, 2d load", 0, {P_SMEM, 3, 2, 512, 0, 1, {16, 4}, {E(F_RANK, 0, 2, 0)}}},
    {"G r3 rank := 1, 2d load", 0, {P_GLOBAL, 3, 2, 512, 0, 1, {16, 4}, {E(F_RANK, 0, 1, 0)}}},
    {"S u32 rank := 2 + dim2 (gdim 4, gstride 1024, box 2, estride 1), 3d", 0,
     {P_SMEM, 0, 3, 1024, 0, 5, {16, 4, 1},
      {E(F_RANK, 0, 2, 0), E(F_GDIM, 2, 4, 0), E(F_GSTRIDE, 1, 1024, 0), E(F_BOX, 2, 2, 0), E(F_ESTRIDE, 2, 1, 0)}}},
    {"S u32 rank := 0, 1d load", 1, {P_SMEM, 0, 1, 64, 0, 1, {16}, {E(F_RANK, 0, 0, 0)}}},
    // elemtype on the u32 base (box [16, 8] in the new elements), load (0,1)
    {"S elemtype := 0", 0, {P_SMEM, 0, 2, 128, 0, 1, {0, 1}, {E(F_ELEM, 0, 0, 0)}}},
    {"S elemtype := 1", 0, {P_SMEM, 0, 2, 256, 0, 1, {0, 1}, {E(F_ELEM, 0, 1, 0)}}},
    {"S elemtype := 2", 0, {P_SMEM, 0, 2, 512, 0, 1, {0, 1}, {E(F_ELEM, 0, 2, 0)}}},
    {"S elemtype := 3", 0, {P_SMEM, 0, 2, 512, 0, 1, {0, 1}, {E(F_ELEM, 0, 3, 0)}}},
    {"S elemtype := 4", 0, {P_SMEM, 0, 2, 1024, 0, 1, {0, 1}, {E(F_ELEM, 0, 4, 0)}}},
    {"S elemtype := 5", 0, {P_SMEM, 0, 2, 1024, 0, 1, {0, 1}, {E(F_ELEM, 0, 5, 0)}}},
    {"S elemtype := 6", 0, {P_SMEM, 0, 2, 256, 0, 1, {0, 1}, {E(F_ELEM, 0, 6, 0)}}},
    {"S elemtype := 7", 0, {P_SMEM, 0, 2, 512, 0, 1, {0, 1}, {E(F_ELEM, 0, 7, 0)}}},
    {"S elemtype := 8", 1, {P_SMEM, 0, 2, 512, 0, 1, {0, 1}, {E(F_ELEM, 0, 8, 0)}}},
    {"S elemtype := 9", 1, {P_SMEM, 0, 2, 1024, 0, 1, {0, 1}, {E(F_ELEM, 0, 9, 0)}}},
    {"S elemtype := 10", 0, {P_SMEM, 0, 2, 256, 0, 1, {0, 1}, {E(F_ELEM, 0, 10, 0)}}},
    {"S elemtype := 11", 0, {P_SMEM, 0, 2, 512, 0, 1, {0, 1}, {E(F_ELEM, 0, 11, 0)}}},
    {"S elemtype := 12", 0, {P_SMEM, 0, 2, 512, 0, 1, {0, 1}, {E(F_ELEM, 0, 12, 0)}}},
    {"G elemtype := 6", 0, {P_GLOBAL, 0, 2, 256, 0, 1, {0, 1}, {E(F_ELEM, 0, 6, 0)}}},
    // elemtype over the float specials (addr := spec), load (0,0)
    {"S spec elemtype := 7 (f32)", 0, {P_SMEM, 0, 2, 512, 0, 2, {0, 0}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 7, 0)}}},
    {"S spec elemtype := 8 (f32.ftz)", 0, {P_SMEM, 0, 2, 512, 0, 2, {0, 0}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 8, 0)}}},
    {"S spec elemtype := 11 (tf32)", 0, {P_SMEM, 0, 2, 512, 0, 2, {0, 0}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 11, 0)}}},
    {"S spec elemtype := 12 (tf32.ftz)", 0, {P_SMEM, 0, 2, 512, 0, 2, {0, 0}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 12, 0)}}},
    {"S spec elemtype := 6 (f16)", 0, {P_SMEM, 0, 2, 256, 0, 2, {0, 0}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 6, 0)}}},
    {"S spec elemtype := 10 (bf16)", 0, {P_SMEM, 0, 2, 256, 0, 2, {0, 0}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 10, 0)}}},
    {"S spec elemtype := 9 (f64)", 0, {P_SMEM, 0, 2, 1024, 0, 2, {0, 0}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 9, 0)}}},
    {"P spec f32_ftz map (driver) reference", 0, {P_PARAM, 6, 2, 512, 0, 0, {0, 0}}},
    {"P spec tf32 map (driver) reference", 0, {P_PARAM, 7, 2, 512, 0, 0, {0, 0}}},
    // interleave_layout
    {"S r3 interleave := 0", 0, {P_SMEM, 3, 3, 1024, 0, 1, {16, 4, 1}, {E(F_INTER, 0, 0, 0)}}},
    {"S r3 interleave := 1 (16B)", 0, {P_SMEM, 3, 3, 1024, 0, 1, {16, 4, 1}, {E(F_INTER, 0, 1, 0)}}},
    {"S r3 interleave := 2 (32B) + swizzle 1", 0, {P_SMEM, 3, 3, 1024, 0, 2, {16, 4, 1}, {E(F_INTER, 0, 2, 0), E(F_SWZ, 0, 1, 0)}}},
    // swizzle_mode
    {"P b8 (0,0) reference", 0, {P_PARAM, 4, 2, 256, 0, 0, {0, 0}}},
    {"S b8 swizzle := 1", 0, {P_SMEM, 4, 2, 256, 0, 1, {0, 0}, {E(F_SWZ, 0, 1, 0)}}},
    {"S b8 swizzle := 2", 0, {P_SMEM, 4, 2, 256, 0, 1, {0, 0}, {E(F_SWZ, 0, 2, 0)}}},
    {"S b8 swizzle := 3", 0, {P_SMEM, 4, 2, 256, 0, 1, {0, 0}, {E(F_SWZ, 0, 3, 0)}}},
    {"G b8 swizzle := 3", 0, {P_GLOBAL, 4, 2, 256, 0, 1, {0, 0}, {E(F_SWZ, 0, 3, 0)}}},
    {"P sw128 (0,0) reference", 0, {P_PARAM, 5, 2, 1024, 0, 0, {0, 0}}},
    {"S sw128 swizzle := 0", 0, {P_SMEM, 5, 2, 1024, 0, 1, {0, 0}, {E(F_SWZ, 0, 0, 0)}}},
    {"S sw128 swizzle := 1 (128-byte rows, 32B span)", 0, {P_SMEM, 5, 2, 1024, 0, 1, {0, 0}, {E(F_SWZ, 0, 1, 0)}}},
    {"S u32 swizzle := 3 (64-byte rows)", 0, {P_SMEM, 0, 2, 512, 0, 1, {16, 4}, {E(F_SWZ, 0, 3, 0)}}},
    // fill_mode, load (56,28): columns 64.. and rows 32.. out of bounds
    {"P f32 (56,28) zero-fill reference", 0, {P_PARAM, 1, 2, 512, 0, 0, {56, 28}}},
    {"P f32nan (56,28) NaN-fill reference", 0, {P_PARAM, 2, 2, 512, 0, 0, {56, 28}}},
    {"S f32 fill := 1", 0, {P_SMEM, 1, 2, 512, 0, 1, {56, 28}, {E(F_FILL, 0, 1, 0)}}},
    {"S f32nan fill := 0", 0, {P_SMEM, 2, 2, 512, 0, 1, {56, 28}, {E(F_FILL, 0, 0, 0)}}},
    {"G f32 fill := 1", 0, {P_GLOBAL, 1, 2, 512, 0, 1, {56, 28}, {E(F_FILL, 0, 1, 0)}}},
    {"S u32 fill := 1 (integer type)", 0, {P_SMEM, 0, 2, 512, 0, 1, {56, 28}, {E(F_FILL, 0, 1, 0)}}},
    {"S f32 elemtype := 2 (u32) on the NaN-fill map", 0, {P_SMEM, 2, 2, 512, 0, 1, {56, 28}, {E(F_ELEM, 0, 2, 0)}}},
    // prefetches
    {"P u32 + prefetch.tensormap", 0, {P_PARAM, 0, 2, 512, 1, 0, {16, 4}}},
    {"P u32 + cp.async.bulk.prefetch.tensor", 0, {P_PARAM, 0, 2, 512, 2, 0, {16, 4}}},
    {"M u32 + prefetch.tensormap (map in global)", 0, {P_GMAP, 0, 2, 512, 1, 0, {16, 4}}},
    {"S addr := src+8192 + both prefetches", 0, {P_SMEM, 0, 2, 512, 3, 1, {16, 4}, {E(F_ADDR, 0, 8192, 1)}}},
    {"G gdim0 := 20 + both prefetches", 0, {P_GLOBAL, 0, 2, 512, 3, 1, {16, 4}, {E(F_GDIM, 0, 20, 0)}}},
    {"P r3 + both prefetches (3d)", 0, {P_PARAM, 3, 3, 1024, 3, 0, {16, 4, 1}}},
    // tf32 element types (the TMA rounds f32 to tf32 on loads: which rounding, NaN, fill, stores?)
    {"P spec tf32_ftz map (driver) reference", 0, {P_PARAM, 9, 2, 512, 0, 0, {0, 0}}},
    {"P spec tf32 map (driver) rows 8..15", 0, {P_PARAM, 7, 2, 512, 0, 0, {0, 8}}},
    {"P spec tf32 NaN-fill map (driver) (56,28)", 0, {P_PARAM, 8, 2, 512, 0, 0, {56, 28}}},
    {"S spec u32 elemtype := 11 + fill := 1 (56,28)", 0,
     {P_SMEM, 0, 2, 512, 0, 3, {56, 28}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 11, 0), E(F_FILL, 0, 1, 0)}}},
    {"S spec tf32 map elemtype := 7 (f32)", 0, {P_SMEM, 7, 2, 512, 0, 1, {0, 0}, {E(F_ELEM, 0, 7, 0)}}},
    {"T store spec words with a tf32 map over dst", 0, {P_STORE, 10, 2, 0, 0, 0, {0, 0}}},
    {"T store spec words with an f32 map over dst", 0, {P_STORE, 11, 2, 0, 0, 0, {0, 0}}},
    {"S spec u32 elemtype := 11 then := 7", 0, {P_SMEM, 0, 2, 512, 0, 3, {0, 0}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 11, 0), E(F_ELEM, 0, 7, 0)}}},
    {"S spec f32 map elemtype := 11", 0, {P_SMEM, 1, 2, 512, 0, 2, {0, 0}, {E(F_ADDR, 0, 0, 2), E(F_ELEM, 0, 11, 0)}}},
    // interleave with a 16-byte inner box
    {"S r3 interleave := 1 + box0 := 4, (0,4,1)", 0, {P_SMEM, 3, 3, 256, 0, 2, {0, 4, 1}, {E(F_INTER, 0, 1, 0), E(F_BOX, 0, 4, 0)}}},
    {"S r3 interleave := 1 + box0 := 4, (4,4,1)", 0, {P_SMEM, 3, 3, 256, 0, 2, {4, 4, 1}, {E(F_INTER, 0, 1, 0), E(F_BOX, 0, 4, 0)}}},
    // CUTLASS grouped GEMM: a new tensor (address, dims, stride) in one map
    {"S grouped: addr src+4096, gdim 40x20, gstride0 2048, (32,16)", 1,
     {P_SMEM, 0, 2, 512, 0, 4, {32, 16}, {E(F_ADDR, 0, 4096, 1), E(F_GDIM, 0, 40, 0), E(F_GDIM, 1, 20, 0), E(F_GSTRIDE, 0, 2048, 0)}}},
    {"G grouped: addr src+4096, gdim 40x20, gstride0 2048, (32,16)", 0,
     {P_GLOBAL, 0, 2, 512, 0, 4, {32, 16}, {E(F_ADDR, 0, 4096, 1), E(F_GDIM, 0, 40, 0), E(F_GDIM, 1, 20, 0), E(F_GSTRIDE, 0, 2048, 0)}}},
};
static const int kNumCases = sizeof(kCases) / sizeof(kCases[0]);

// The float specials of `spec` (word i of u32 [32][256]).
static uint32_t specWord(uint32_t i)
{
    switch (i % 8) {
    case 0: return 0x00000001u + i;              // positive denormal
    case 1: return 0x80000000u | (i << 4);       // negative denormal
    case 2: return 0x7f800001u + i;              // NaN (signalling payloads)
    case 3: return 0xffc00000u | i;              // negative quiet NaN with payload
    case 4: return 0x3f800000u + i * 0x1001u;    // normal, low mantissa bits set (tf32 drops 13)
    case 5: {                                    // +inf and rounding at the top of the range
        const uint32_t top[4] = {0x7f800000u, 0x7f7ff000u, 0x7f7fefffu, 0xff7ff001u};
        return top[(i >> 3) & 3];
    }
    case 6: return 0x3f801000u | (((i >> 3) & 0x3ffu) << 13);  // exact tf32 ties, even and odd kept parts
    default: return 0x3fffffffu;                 // 1.99999988 (rounds up in tf32)
    }
}

#define CK(x)                                                                    \
    do {                                                                         \
        CUresult r_ = (x);                                                       \
        if (r_ != CUDA_SUCCESS) {                                                \
            const char* s_ = "?";                                                \
            cuGetErrorName(r_, &s_);                                             \
            printf("case %d %s: %s FAILED %s\n", n, c.what, #x, s_);             \
            return 1;                                                            \
        }                                                                        \
    } while (0)

static CUresult encode(CUtensorMap* m, CUtensorMapDataType t, int rank, void* a, const cuuint64_t* d, const cuuint64_t* s,
                       const cuuint32_t* bx, CUtensorMapSwizzle sw, CUtensorMapFloatOOBfill fill)
{
    cuuint32_t es[5] = {1, 1, 1, 1, 1};
    return cuTensorMapEncodeTiled(m, t, rank, a, d, s, bx, es, CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
                                  CU_TENSOR_MAP_L2_PROMOTION_NONE, fill);
}

int main(int argc, char** argv)
{
    if (argc >= 2 && strcmp(argv[1], "list") == 0) {
        for (int i = 0; i < kNumCases; ++i) printf("%d %d %s\n", i, kCases[i].ver, kCases[i].what);
        return 0;
    }
    if (argc < 2) {
        printf("usage: %s list | CASE [DIR]  (0..%d)\n", argv[0], kNumCases - 1);
        return 2;
    }
    const int n = atoi(argv[1]);
    if (n < 0 || n >= kNumCases) return 2;
    const char* dir = argc >= 3 ? argv[2] : ".";
    const Case& c = kCases[n];
    const char* cubin = getenv("PROBE_CUBIN");
    const char* tag = getenv("PROBE_TAG") ? getenv("PROBE_TAG") : "nvcc";
    if (cudaFree(0) != cudaSuccess) {
        printf("case %d %s: no device\n", n, c.what);
        return 1;
    }
    CUfunction fn;
    if (cubin) {
        CUmodule mod;
        CK(cuModuleLoad(&mod, cubin));
        CK(cuModuleGetFunction(&fn, mod, "probe"));
    } else if (cudaGetFuncBySymbol(reinterpret_cast<cudaFunction_t*>(&fn), reinterpret_cast<const void*>(probe)) != cudaSuccess) {
        printf("case %d %s: cudaGetFuncBySymbol failed\n", n, c.what);
        return 1;
    }
    const size_t srcWords = 512 * 256, specWords = 32 * 256;
    uint32_t* hsrc = (uint32_t*)malloc(srcWords * 4);
    for (size_t i = 0; i < srcWords; ++i) hsrc[i] = (uint32_t)i;
    uint32_t hspec[32 * 256];
    for (uint32_t i = 0; i < specWords; ++i) hspec[i] = specWord(i);
    uint32_t *src, *spec, *out, *dst;
    CUtensorMap *gmaps, *work;
    cudaMalloc(&src, srcWords * 4);
    cudaMalloc(&spec, specWords * 4);
    cudaMalloc(&out, 1025 * 4);
    cudaMalloc(&dst, specWords * 4);
    cudaMemset(dst, 0, specWords * 4);
    cudaMalloc(&gmaps, 12 * sizeof(CUtensorMap));
    cudaMalloc(&work, sizeof(CUtensorMap));
    cudaMemcpy(src, hsrc, srcWords * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(spec, hspec, specWords * 4, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, 1025 * 4);
    cudaMemset(work, 0, sizeof(CUtensorMap));

    CUtensorMap maps[12];
    memset(maps, 0, sizeof maps);
    {
        cuuint64_t d[2] = {64, 32}, s[1] = {1024}, d3[3] = {64, 16, 4}, s3[2] = {1024, 16384};
        cuuint32_t bx[2] = {16, 8}, bx3[3] = {16, 8, 2}, bx8[2] = {8, 8}, bx32[2] = {32, 8};
        const CUtensorMapSwizzle N = CU_TENSOR_MAP_SWIZZLE_NONE;
        const CUtensorMapFloatOOBfill Z = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
        CK(encode(&maps[0], CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, src, d, s, bx, N, Z));
        CK(encode(&maps[1], CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, src, d, s, bx, N, Z));
        CK(encode(&maps[2], CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, src, d, s, bx, N, CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA));
        CK(encode(&maps[3], CU_TENSOR_MAP_DATA_TYPE_UINT32, 3, src, d3, s3, bx3, N, Z));
        CK(encode(&maps[4], CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, src, d, s, bx8, N, Z));
        CK(encode(&maps[5], CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, src, d, s, bx32, CU_TENSOR_MAP_SWIZZLE_128B, Z));
        CK(encode(&maps[6], CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ, 2, spec, d, s, bx, N, Z));
        CK(encode(&maps[7], CU_TENSOR_MAP_DATA_TYPE_TFLOAT32, 2, spec, d, s, bx, N, Z));
        CK(encode(&maps[8], CU_TENSOR_MAP_DATA_TYPE_TFLOAT32, 2, spec, d, s, bx, N, CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA));
        CK(encode(&maps[9], CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ, 2, spec, d, s, bx, N, Z));
        CK(encode(&maps[10], CU_TENSOR_MAP_DATA_TYPE_TFLOAT32, 2, dst, d, s, bx, N, Z));
        CK(encode(&maps[11], CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, dst, d, s, bx, N, Z));
    }
    cudaMemcpy(gmaps, maps, sizeof maps, cudaMemcpyHostToDevice);
    cudaDeviceSynchronize();

    const CUtensorMap pm = maps[c.k.base];
    KCase k = c.k;
    void* args[] = {(void*)&pm, (void*)&gmaps, (void*)&work, (void*)&k, (void*)&src, (void*)&spec, (void*)&out};
    CK(cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 0, 0, args, nullptr));
    CUresult e = cuCtxSynchronize();
    if (e != CUDA_SUCCESS) {
        const char* s = "?";
        cuGetErrorName(e, &s);
        printf("[%s] case %d %s: FAULT %s\n", tag, n, c.what, s);
        return 1;
    }
    uint32_t h[1025];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    if (c.k.path == P_STORE) {  // the stored box, read back: h[16 r + c] = dst[r][c]; the rest 0
        uint32_t* hd = (uint32_t*)malloc(specWords * 4);
        cudaMemcpy(hd, dst, specWords * 4, cudaMemcpyDeviceToHost);
        for (int i = 0; i < 1024; ++i) h[i] = i < 128 ? hd[(i / 16) * 256 + i % 16] : 0;
        free(hd);
    }
    char path[512];
    snprintf(path, sizeof path, "%s/%s_case%02d.bin", dir, tag, n);
    if (FILE* f = fopen(path, "wb")) {
        fwrite(h, 4, 1025, f);
        fclose(f);
    }
    int written = 0, last = -1;
    for (int i = 0; i < 1024; ++i)
        if (h[i] != (0xEEEE0000u | (uint32_t)i)) ++written, last = i;
    printf("[%s] case %d %s: ok flag %u written %d last %d | %08x %08x %08x %08x %08x %08x %08x %08x | w16 %08x w64 %08x w128 %08x\n",
           tag, n, c.what, h[1024], written, last, h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[16], h[64], h[128]);
    return 0;
}
