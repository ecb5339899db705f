// smem_addrs: the addresses the GPU gives to shared (and local) memory.
// Three file-scope static __shared__ arrays with different alignments, one
// function-scope static __shared__ array, and the dynamic extern __shared__
// base (shared_bytes = 1000). 2 blocks x 64 threads; thread g = block*64 + tid.
// gen[g][8] u64 generic addresses:
//  0 sa (u8[7], align 1)   1 sb (f32[33], align 128)   2 sc (u64[3], align 8)
//  3 sd (u16[5], function scope)   4 dyn (extern, align 16)   5 &dyn[tid]
//  6 &loc[0] (per-thread local array, generic)   7 &sb[tid % 33]
// win[g][14] u32:
//  0..4 __cvta_generic_to_shared of sa, sb, sc, sd, dyn   5 mov.u32 r, sb   6 mov.u32 r, dyn
//  7 %dynamic_smem_size  8 %total_smem_size  9 mapa.shared::cluster.u32 of sb's address, rank 0
//  10 __cvta_generic_to_local(&loc[0])  11 space bits: isShared(sa) | isGlobal(sa)<<1 |
//     isLocal(&loc)<<2 | isShared(&loc)<<3 | isGlobal(gen out ptr)<<4
//  12 data check: sa[(tid+1)%7] + sb[(tid+2)%33] + sc[tid%3] + sd[tid%5] + dyn[(tid+3)%64]
//  13 loc[(tid + 1) & 3] (read back through the local window)
// The generic window bases change from process to process (seen on an H200:
// shared window at 0x7f4b00000000, 0x7f4000000000, 0x7f5600000000 in three
// processes), so `gen` is recorded but ignored by compare; rel[g][8] u64 holds
// what does not change, with sbase = generic(sa) - window(sa) and
// lbase = generic(&loc[0]) - window(&loc[0]):
//  0 sbase & 0xFFFFFFFF   1..5 generic(sb, sc, sd, dyn, &dyn[tid]) - sbase
//  6 lbase & 0xFFFFFF     7 bits: generic(&loc[0]) - lbase == window(&loc[0]) (always, by
//    construction) | __isShared(sbase + window(sb)) << 1 | __isLocal(lbase + window(&loc[1])) << 2
//    | (sbase > lbase) << 3 | (window(&loc[1]) == window(&loc[0]) + 4) << 4
#define NG 8
#define NW 14

__shared__ unsigned char sa[7];
__shared__ __align__(128) float sb[33];
__shared__ unsigned long long sc[3];
extern __shared__ __align__(16) unsigned char dyn[];

extern "C" __global__ void smem_addrs(unsigned long long* __restrict__ gen, unsigned* __restrict__ win,
                                      unsigned long long* __restrict__ rel)
{
    __shared__ unsigned short sd[5];
    const unsigned tid = threadIdx.x;
    const unsigned g = blockIdx.x * blockDim.x + tid;
    if (tid < 7) sa[tid] = (unsigned char)(tid + 1);
    if (tid < 33) sb[tid] = (float)tid * 0.5f;
    if (tid < 3) sc[tid] = 0x100000000ull + tid;
    if (tid < 5) sd[tid] = (unsigned short)(0x1000 + tid);
    dyn[tid] = (unsigned char)(tid * 3u);
    volatile unsigned loc[4];
    loc[tid & 3u] = tid;
    loc[(tid + 1u) & 3u] = tid * 7u;
    loc[(tid + 2u) & 3u] = tid * 11u;
    loc[(tid + 3u) & 3u] = tid * 13u;
    __syncthreads();

    unsigned long long* o = gen + (size_t)g * NG;
    o[0] = (unsigned long long)(size_t)sa;
    o[1] = (unsigned long long)(size_t)sb;
    o[2] = (unsigned long long)(size_t)sc;
    o[3] = (unsigned long long)(size_t)sd;
    o[4] = (unsigned long long)(size_t)dyn;
    o[5] = (unsigned long long)(size_t)&dyn[tid];
    o[6] = (unsigned long long)(size_t)&loc[0];
    o[7] = (unsigned long long)(size_t)&sb[tid % 33u];

    unsigned* w = win + (size_t)g * NW;
    w[0] = (unsigned)__cvta_generic_to_shared(sa);
    w[1] = (unsigned)__cvta_generic_to_shared(sb);
    w[2] = (unsigned)__cvta_generic_to_shared(sc);
    w[3] = (unsigned)__cvta_generic_to_shared(sd);
    w[4] = (unsigned)__cvta_generic_to_shared(dyn);
    unsigned r;
    asm volatile("mov.u32 %0, sb;" : "=r"(r));
    w[5] = r;
    asm volatile("mov.u32 %0, dyn;" : "=r"(r));
    w[6] = r;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r));
    w[7] = r;
    asm("mov.u32 %0, %%total_smem_size;" : "=r"(r));
    w[8] = r;
    asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"((unsigned)__cvta_generic_to_shared(sb)), "r"(0u));
    w[9] = r;
    w[10] = (unsigned)__cvta_generic_to_local((const void*)&loc[0]);
    w[11] = (__isShared(sa) ? 1u : 0u) | (__isGlobal(sa) ? 2u : 0u) | (__isLocal((const void*)&loc[0]) ? 4u : 0u) |
            (__isShared((const void*)&loc[0]) ? 8u : 0u) | (__isGlobal(gen) ? 16u : 0u);
    w[12] = (unsigned)sa[(tid + 1u) % 7u] + (unsigned)sb[(tid + 2u) % 33u] + (unsigned)sc[tid % 3u] +
            (unsigned)sd[tid % 5u] + (unsigned)dyn[(tid + 3u) & 63u];
    w[13] = loc[(tid + 1u) & 3u];

    const unsigned long long sbase = (unsigned long long)(size_t)sa - (unsigned long long)__cvta_generic_to_shared(sa);
    const unsigned long long lwin = (unsigned long long)__cvta_generic_to_local((const void*)&loc[0]);
    const unsigned long long lgen = (unsigned long long)(size_t)&loc[0];
    const unsigned long long lbase = lgen - lwin;
    const unsigned long long lwin1 = (unsigned long long)__cvta_generic_to_local((const void*)&loc[1]);
    unsigned long long* q = rel + (size_t)g * 8;
    q[0] = sbase & 0xFFFFFFFFull;
    q[1] = (unsigned long long)(size_t)sb - sbase;
    q[2] = (unsigned long long)(size_t)sc - sbase;
    q[3] = (unsigned long long)(size_t)sd - sbase;
    q[4] = (unsigned long long)(size_t)dyn - sbase;
    q[5] = (unsigned long long)(size_t)&dyn[tid] - sbase;
    q[6] = lbase & 0xFFFFFFull;
    q[7] = (unsigned long long)((lgen - lbase) == lwin) |
           ((unsigned long long)(__isShared((const void*)(size_t)(sbase + __cvta_generic_to_shared(sb))) != 0) << 1) |
           ((unsigned long long)(__isLocal((const void*)(size_t)(lbase + lwin1)) != 0) << 2) |
           ((unsigned long long)(sbase > lbase) << 3) |
           ((unsigned long long)(lwin1 == lwin + 4ull) << 4);
}
