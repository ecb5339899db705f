// grid3d: 3-D grid [3,4,5] and 3-D block [8,4,2] (64 threads); every thread
// writes its special registers. Linear id lin = bid * 64 + tib with
// bid = ctaid.x + 3*(ctaid.y + 4*ctaid.z), tib = tid.x + 8*(tid.y + 4*tid.z).
// out[lin][32] u32:
//  0..2 tid.xyz  3..5 ntid.xyz  6..8 ctaid.xyz  9..11 nctaid.xyz  12 lin
//  13 %laneid  14..18 %lanemask_eq/lt/le/gt/ge  19 %dynamic_smem_size
//  20 %total_smem_size  21 s_dyn[(tib+1) % 64] (value written by the next thread)
//  22 %cluster_ctarank  23 %cluster_nctarank  24 %cluster_ctaid x|y<<8|z<<16
//  25 %cluster_nctaid (packed)  26 %clusterid (packed)  27 %nclusterid (packed)
//  28 %is_explicit_cluster  29 %nsmid  30 %nwarpid
//  31 facts (non-deterministic registers reduced to deterministic bits):
//     bit0 %smid < %nsmid, bit1 %warpid < %nwarpid, bit2 clock64 after > before,
//     bit3 %globaltimer after >= before, bit4 %clock (32-bit) after != before,
//     bit5 s_static[tib] == lin (static shared round trip)
#define NS 32

__device__ __forceinline__ unsigned sreg_pack3(unsigned x, unsigned y, unsigned z) { return x | (y << 8) | (z << 16); }

extern "C" __global__ void grid3d(unsigned* __restrict__ out)
{
    __shared__ unsigned s_static[64];
    extern __shared__ unsigned s_dyn[];
    const unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const unsigned nthr = blockDim.x * blockDim.y * blockDim.z;
    const unsigned tib = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned lin = bid * nthr + tib;

    unsigned long long c0 = clock64();
    unsigned c32a, c32b;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(c32a));
    unsigned long long g0;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));

    s_static[tib] = lin;
    s_dyn[tib] = lin * 3u + 1u;
    __syncthreads();

    unsigned* o = out + (size_t)lin * NS;
    o[0] = threadIdx.x; o[1] = threadIdx.y; o[2] = threadIdx.z;
    o[3] = blockDim.x;  o[4] = blockDim.y;  o[5] = blockDim.z;
    o[6] = blockIdx.x;  o[7] = blockIdx.y;  o[8] = blockIdx.z;
    o[9] = gridDim.x;   o[10] = gridDim.y;  o[11] = gridDim.z;
    o[12] = lin;
    unsigned r, x, y, z;
    asm("mov.u32 %0, %%laneid;" : "=r"(r));            o[13] = r;
    asm("mov.u32 %0, %%lanemask_eq;" : "=r"(r));       o[14] = r;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r));       o[15] = r;
    asm("mov.u32 %0, %%lanemask_le;" : "=r"(r));       o[16] = r;
    asm("mov.u32 %0, %%lanemask_gt;" : "=r"(r));       o[17] = r;
    asm("mov.u32 %0, %%lanemask_ge;" : "=r"(r));       o[18] = r;
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r)); o[19] = r;
    asm("mov.u32 %0, %%total_smem_size;" : "=r"(r));   o[20] = r;
    o[21] = s_dyn[(tib + 1u) % nthr];
    asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));   o[22] = r;
    asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(r));  o[23] = r;
    asm("mov.u32 %0, %%cluster_ctaid.x;" : "=r"(x));
    asm("mov.u32 %0, %%cluster_ctaid.y;" : "=r"(y));
    asm("mov.u32 %0, %%cluster_ctaid.z;" : "=r"(z));   o[24] = sreg_pack3(x, y, z);
    asm("mov.u32 %0, %%cluster_nctaid.x;" : "=r"(x));
    asm("mov.u32 %0, %%cluster_nctaid.y;" : "=r"(y));
    asm("mov.u32 %0, %%cluster_nctaid.z;" : "=r"(z));  o[25] = sreg_pack3(x, y, z);
    asm("mov.u32 %0, %%clusterid.x;" : "=r"(x));
    asm("mov.u32 %0, %%clusterid.y;" : "=r"(y));
    asm("mov.u32 %0, %%clusterid.z;" : "=r"(z));       o[26] = sreg_pack3(x, y, z);
    asm("mov.u32 %0, %%nclusterid.x;" : "=r"(x));
    asm("mov.u32 %0, %%nclusterid.y;" : "=r"(y));
    asm("mov.u32 %0, %%nclusterid.z;" : "=r"(z));      o[27] = sreg_pack3(x, y, z);
    asm("{\n\t.reg .pred p;\n\tmov.pred p, %%is_explicit_cluster;\n\tselp.u32 %0, 1, 0, p;\n\t}" : "=r"(r));
    o[28] = r;
    unsigned nsmid, nwarpid, smid, warpid;
    asm("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
    asm("mov.u32 %0, %%nwarpid;" : "=r"(nwarpid));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
    o[29] = nsmid;
    o[30] = nwarpid;
    unsigned long long c1 = clock64();
    asm volatile("mov.u32 %0, %%clock;" : "=r"(c32b));
    unsigned long long g1;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1));
    unsigned facts = 0;
    facts |= (unsigned)(smid < nsmid) << 0;
    facts |= (unsigned)(warpid < nwarpid) << 1;
    facts |= (unsigned)(c1 > c0) << 2;
    facts |= (unsigned)(g1 >= g0) << 3;
    facts |= (unsigned)(c32b != c32a) << 4;
    facts |= (unsigned)(s_static[tib] == lin) << 5;
    o[31] = facts;
}
