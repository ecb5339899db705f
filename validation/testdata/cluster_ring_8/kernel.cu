// cluster_ring: a DSMEM ring exchange inside a thread-block cluster (the shape comes from the launch:
// cluster_ring_2 [2,1,1], cluster_ring_4 [2,2,1], cluster_ring_8 [4,1,2]). Block 128 threads.
// Each CTA fills src[256] with a value made of its block id, rank and index, and dst[256] with a
// sentinel; fence.acq_rel.cluster + barrier.cluster.arrive.relaxed + wait.acquire. Then:
//   pulled[blk][i]  = ld.shared::cluster of src[i] in rank next = (rank+1)%n (mapa.shared::cluster.u32)
//   pulled[blk][256+i] = generic load of src[i] in rank prev through mapa.u64 (generic DSMEM pointer)
//   st.shared::cluster src[i] + rank into dst[i] of rank next; red.shared::cluster.add.u32 rank+1 into
//   counter[0] of rank 0; atom.shared::cluster.max.u32 (blk*1000+i) into counter[1] of rank n-1; a generic
//   atomicAdd(1) through the mapped pointer of counter[2] of rank 0.
// barrier.cluster.arrive (release) + wait; pushed[blk][i] = dst[i] (rank prev's data + prev).
// info[blk][72] (thread 0):
//   0 %cluster_ctarank  1 %cluster_nctarank  2-4 %cluster_ctaid.xyz  5-7 %cluster_nctaid.xyz
//   8-10 %clusterid.xyz  11-13 %nclusterid.xyz  14 %is_explicit_cluster
//   15-17 counter[0..2] (after the last barrier)  18 shared::cta address of src  19 of dst
//   20+q mapa.shared::cluster.u32(src, q) for ranks q < 8 (0xffffffff for q >= n)
//   28+q / 36+q low / high 32 bits of mapa.u64(&src[0], q) - generic &src[0]
//   44+q getctarank.shared::cluster.u32 of mapa.shared::cluster(src, q)
//   52+q getctarank.u64 of the generic mapa.u64(&src[0], q)
//   60 isspacep.shared::cluster (generic mapped src of next)  61 isspacep.shared::cta of it
//   62 isspacep.shared::cta of own generic src  63 isspacep.shared::cluster of own generic src
//   64 getctarank.shared::cluster.u32 of the plain shared::cta address of src
//   65 isspacep.global of the generic mapped src of next
//   66/67 low/high of cvta.shared::cluster.u64(mapa.shared::cluster(src, next)) - mapa.u64(&src[0], next)
//   68/69 low/high of cvta.shared::cluster.u64(shared::cta address of src) - generic &src[0]
//   70 %cluster_ctarank read again after the barriers  71 0x600dc0de
#include <stdint.h>

static __device__ __forceinline__ uint32_t smem_addr(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
#define SREG(fn, reg) \
    static __device__ __forceinline__ uint32_t fn() { uint32_t r; asm volatile("mov.u32 %0, %%" reg ";" : "=r"(r)); return r; }
SREG(cl_rank, "cluster_ctarank")
SREG(cl_nrank, "cluster_nctarank")
SREG(cl_ctaid_x, "cluster_ctaid.x")
SREG(cl_ctaid_y, "cluster_ctaid.y")
SREG(cl_ctaid_z, "cluster_ctaid.z")
SREG(cl_nctaid_x, "cluster_nctaid.x")
SREG(cl_nctaid_y, "cluster_nctaid.y")
SREG(cl_nctaid_z, "cluster_nctaid.z")
SREG(clusterid_x, "clusterid.x")
SREG(clusterid_y, "clusterid.y")
SREG(clusterid_z, "clusterid.z")
SREG(nclusterid_x, "nclusterid.x")
SREG(nclusterid_y, "nclusterid.y")
SREG(nclusterid_z, "nclusterid.z")
static __device__ __forceinline__ uint32_t is_explicit()
{
    uint32_t r;
    asm volatile("{\n\t.reg .pred p;\n\tmov.pred p, %%is_explicit_cluster;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(r));
    return r;
}
static __device__ __forceinline__ uint32_t mapa_s(uint32_t a, uint32_t r)
{
    uint32_t d;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(r));
    return d;
}
static __device__ __forceinline__ uint64_t mapa_g(const void* p, uint32_t r)
{
    uint64_t d;
    asm volatile("mapa.u64 %0, %1, %2;" : "=l"(d) : "l"(p), "r"(r));
    return d;
}
static __device__ __forceinline__ uint32_t ctarank_s(uint32_t a)
{
    uint32_t d;
    asm volatile("getctarank.shared::cluster.u32 %0, %1;" : "=r"(d) : "r"(a));
    return d;
}
static __device__ __forceinline__ uint32_t ctarank_g(uint64_t a)
{
    uint32_t d;
    asm volatile("getctarank.u64 %0, %1;" : "=r"(d) : "l"(a));
    return d;
}
#define ISSPACE(fn, sp) \
    static __device__ __forceinline__ uint32_t fn(uint64_t a) { uint32_t r; \
        asm volatile("{\n\t.reg .pred p;\n\tisspacep." sp " p, %1;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(r) : "l"(a)); return r; }
ISSPACE(is_cluster, "shared::cluster")
ISSPACE(is_cta, "shared::cta")
ISSPACE(is_global, "global")
static __device__ __forceinline__ uint64_t cvta_cluster(uint32_t a)
{
    uint64_t d, w = a;
    asm volatile("cvta.shared::cluster.u64 %0, %1;" : "=l"(d) : "l"(w));
    return d;
}
static __device__ __forceinline__ uint32_t ld_cl(uint32_t a)
{
    uint32_t v;
    asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
    return v;
}
static __device__ __forceinline__ void st_cl(uint32_t a, uint32_t v)
{
    asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
}
static __device__ __forceinline__ void red_add_cl(uint32_t a, uint32_t v)
{
    asm volatile("red.shared::cluster.add.u32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
}
static __device__ __forceinline__ void atom_max_cl(uint32_t a, uint32_t v)
{
    uint32_t old;
    asm volatile("atom.shared::cluster.max.u32 %0, [%1], %2;" : "=r"(old) : "r"(a), "r"(v) : "memory");
}
static __device__ __forceinline__ void cl_arrive_relaxed() { asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory"); }
static __device__ __forceinline__ void cl_arrive() { asm volatile("barrier.cluster.arrive.aligned;" ::: "memory"); }
static __device__ __forceinline__ void cl_wait() { asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory"); }
static __device__ __forceinline__ void fence_cluster() { asm volatile("fence.acq_rel.cluster;" ::: "memory"); }

extern "C" __global__ void __launch_bounds__(128) cluster_ring(uint32_t* __restrict__ pulled,
    uint32_t* __restrict__ pushed, uint32_t* __restrict__ info)
{
    __shared__ __align__(16) uint32_t src[256];
    __shared__ __align__(16) uint32_t dst[256];
    __shared__ uint32_t counter[4];
    const uint32_t tid = threadIdx.x;
    const uint32_t rank = cl_rank(), n = cl_nrank();
    const uint32_t blk = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    for (uint32_t i = tid; i < 256; i += 128) {
        src[i] = (blk << 20) ^ (rank << 16) ^ (i * 2654435761u);
        dst[i] = 0xDEAD0000u | i;
    }
    if (tid < 4) counter[tid] = tid == 1 ? 7u : 0u;
    fence_cluster();
    cl_arrive_relaxed();
    cl_wait();
    const uint32_t next = (rank + 1) % n, prev = (rank + n - 1) % n;
    for (uint32_t i = tid; i < 256; i += 128) {
        pulled[blk * 512 + i] = ld_cl(mapa_s(smem_addr(&src[i]), next));
        const volatile uint32_t* gp = reinterpret_cast<const volatile uint32_t*>(mapa_g(&src[i], prev));
        pulled[blk * 512 + 256 + i] = *gp;
        st_cl(mapa_s(smem_addr(&dst[i]), next), src[i] + rank);
    }
    red_add_cl(mapa_s(smem_addr(&counter[0]), 0), rank + 1);
    atom_max_cl(mapa_s(smem_addr(&counter[1]), n - 1), blk * 1000 + tid);
    atomicAdd(reinterpret_cast<uint32_t*>(mapa_g(&counter[2], 0)), 1u);
    cl_arrive();
    cl_wait();
    for (uint32_t i = tid; i < 256; i += 128) pushed[blk * 256 + i] = dst[i];
    if (tid == 0) {
        uint32_t* o = info + blk * 72;
        o[0] = rank; o[1] = n;
        o[2] = cl_ctaid_x(); o[3] = cl_ctaid_y(); o[4] = cl_ctaid_z();
        o[5] = cl_nctaid_x(); o[6] = cl_nctaid_y(); o[7] = cl_nctaid_z();
        o[8] = clusterid_x(); o[9] = clusterid_y(); o[10] = clusterid_z();
        o[11] = nclusterid_x(); o[12] = nclusterid_y(); o[13] = nclusterid_z();
        o[14] = is_explicit();
        o[15] = counter[0]; o[16] = counter[1]; o[17] = counter[2];
        const uint32_t s0 = smem_addr(&src[0]);
        o[18] = s0; o[19] = smem_addr(&dst[0]);
        const uint64_t g0 = reinterpret_cast<uint64_t>(&src[0]);
        for (uint32_t q = 0; q < 8; ++q) {
            if (q < n) {
                const uint32_t a = mapa_s(s0, q);
                const uint64_t g = mapa_g(&src[0], q);
                o[20 + q] = a;
                o[28 + q] = static_cast<uint32_t>(g - g0);
                o[36 + q] = static_cast<uint32_t>((g - g0) >> 32);
                o[44 + q] = ctarank_s(a);
                o[52 + q] = ctarank_g(g);
            } else {
                o[20 + q] = o[28 + q] = o[36 + q] = o[44 + q] = o[52 + q] = 0xffffffffu;
            }
        }
        const uint64_t gn = mapa_g(&src[0], next);
        o[60] = is_cluster(gn); o[61] = is_cta(gn); o[62] = is_cta(g0); o[63] = is_cluster(g0);
        o[64] = ctarank_s(s0);
        o[65] = is_global(gn);
        const uint64_t d1 = cvta_cluster(mapa_s(s0, next)) - gn;
        o[66] = static_cast<uint32_t>(d1); o[67] = static_cast<uint32_t>(d1 >> 32);
        const uint64_t d2 = cvta_cluster(s0) - g0;
        o[68] = static_cast<uint32_t>(d2); o[69] = static_cast<uint32_t>(d2 >> 32);
        o[70] = cl_rank();
        o[71] = 0x600dc0deu;
    }
    cl_arrive();
    cl_wait();
}
