// warp_ops: warp-level primitives. 512 threads (2 blocks x 256), v = in[t].
// out[t][41] u32, slots:
//  0..3  shfl.idx   width 32/16/8/4          4..5  shfl.up   (3) / (2, width 16)
//  6..7  shfl.down  (5) / (3, width 8)       8..10 shfl.bfly (9) / (1, w4) / (6, w16)
//  11    shfl with partial masks (lower / upper half-warp groups)
//  12    f32 shfl.down     13..14 64-bit shfl (lo, hi)
//  15    ballot            16 all/any bits   17 vote.uni bits
//  18    match.any         19 match.all mask 20 match.all predicate bits
//  21..27 redux.sync add.u32 / min.u32 / max.s32 / min.s32 / and / or / xor
//  28    redux with partial masks (odd lanes add, even lanes max)
//  29    activemask in a divergent branch
//  30    elect.sync full mask: leader | is_elected << 8
//  31    elect.sync mask 0xffffffe0 (lanes 0..4 write 0xFFFFFFFF)
//  32    shfl + __syncwarp with a half-warp mask
//  33..37 %lanemask_eq/lt/le/gt/ge   38 %laneid
//  39..40 shfl.sync.up with clamp 0: value and the valid predicate
#define NS 41
#define FULL 0xffffffffu

extern "C" __global__ void warp_ops(const unsigned* __restrict__ in, unsigned* __restrict__ out)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned lane = threadIdx.x & 31u;
    const unsigned v = in[t];
    const unsigned w = in[(t * 5u + 17u) & 511u];
    unsigned* o = out + (size_t)t * NS;

    o[0] = __shfl_sync(FULL, v, (lane * 7u + 3u) & 31u);
    o[1] = __shfl_sync(FULL, v, (lane * 3u + 1u) & 15u, 16);
    o[2] = __shfl_sync(FULL, v, lane + 5u, 8);
    o[3] = __shfl_sync(FULL, v, 1, 4);
    o[4] = __shfl_up_sync(FULL, v, 3);
    o[5] = __shfl_up_sync(FULL, v, 2, 16);
    o[6] = __shfl_down_sync(FULL, v, 5);
    o[7] = __shfl_down_sync(FULL, v, 3, 8);
    o[8] = __shfl_xor_sync(FULL, v, 9);
    o[9] = __shfl_xor_sync(FULL, v, 1, 4);
    o[10] = __shfl_xor_sync(FULL, v, 6, 16);
    {
        unsigned r;
        if (lane < 16) r = __shfl_sync(0x0000ffffu, v, lane ^ 5u);
        else r = __shfl_xor_sync(0xffff0000u, v, 3);
        o[11] = r;
    }
    o[12] = __float_as_uint(__shfl_down_sync(FULL, __uint_as_float(v), 1));
    {
        unsigned long long q = ((unsigned long long)v << 32) | w;
        unsigned long long s = __shfl_sync(FULL, q, (lane + 1u) & 31u);
        o[13] = (unsigned)s;
        o[14] = (unsigned)(s >> 32);
    }
    o[15] = __ballot_sync(FULL, v & 1u);
    o[16] = (unsigned)(__all_sync(FULL, v > 0x10000000u) != 0) | ((unsigned)(__any_sync(FULL, v < 0x01000000u) != 0) << 1) |
            ((unsigned)(__all_sync(FULL, 1) != 0) << 2) | ((unsigned)(__any_sync(FULL, 0) != 0) << 3);
    {
        unsigned u1, u2;
        asm volatile("{\n\t.reg .pred p, q;\n\tsetp.ne.u32 p, %1, 0;\n\tvote.sync.uni.pred q, p, 0xffffffff;\n\tselp.u32 %0, 1, 0, q;\n\t}"
                     : "=r"(u1) : "r"(v & 1u));
        asm volatile("{\n\t.reg .pred p, q;\n\tsetp.ne.u32 p, %1, 0;\n\tvote.sync.uni.pred q, p, 0xffffffff;\n\tselp.u32 %0, 1, 0, q;\n\t}"
                     : "=r"(u2) : "r"(blockIdx.x + 1u));
        o[17] = u1 | (u2 << 1);
    }
    o[18] = __match_any_sync(FULL, v & 7u);
    {
        int p1 = 0, p2 = 0;
        unsigned m1 = __match_all_sync(FULL, blockIdx.x, &p1);
        unsigned m2 = __match_all_sync(FULL, v & 1u, &p2);
        o[19] = m2;
        o[20] = (unsigned)(p1 != 0) | ((unsigned)(p2 != 0) << 1) | ((unsigned)(m1 == FULL) << 2);
    }
    o[21] = __reduce_add_sync(FULL, v & 0xffffu);
    o[22] = __reduce_min_sync(FULL, v);
    o[23] = (unsigned)__reduce_max_sync(FULL, (int)v);
    o[24] = (unsigned)__reduce_min_sync(FULL, (int)v);
    o[25] = __reduce_and_sync(FULL, v | 0x0f0f0000u);
    o[26] = __reduce_or_sync(FULL, v & 0x00ff00ffu);
    o[27] = __reduce_xor_sync(FULL, v);
    {
        unsigned r;
        if (lane & 1u) r = __reduce_add_sync(0xAAAAAAAAu, v);
        else r = __reduce_max_sync(0x55555555u, v);
        o[28] = r;
    }
    {
        unsigned am;
        if (v & 1u) am = __activemask();
        else am = __activemask() ^ 0x80000000u;
        o[29] = am;
    }
    {
        unsigned leader, elected;
        asm volatile("{\n\t.reg .pred ep;\n\t.reg .b32 er;\n\telect.sync er|ep, %2;\n\tselp.u32 %1, 1, 0, ep;\n\tmov.b32 %0, er;\n\t}"
                     : "=r"(leader), "=r"(elected) : "r"(FULL));
        o[30] = leader | (elected << 8);
        if (lane >= 5u) {
            asm volatile("{\n\t.reg .pred ep;\n\t.reg .b32 er;\n\telect.sync er|ep, %2;\n\tselp.u32 %1, 1, 0, ep;\n\tmov.b32 %0, er;\n\t}"
                         : "=r"(leader), "=r"(elected) : "r"(0xffffffe0u));
            o[31] = leader | (elected << 8);
        } else {
            o[31] = 0xffffffffu;
        }
    }
    {
        unsigned s;
        if (lane < 16u) {
            s = __shfl_xor_sync(0x0000ffffu, v, 1);
            __syncwarp(0x0000ffffu);
        } else {
            s = __shfl_xor_sync(0xffff0000u, v, 2);
            __syncwarp(0xffff0000u);
        }
        o[32] = s;
    }
    {
        unsigned m;
        asm("mov.u32 %0, %%lanemask_eq;" : "=r"(m)); o[33] = m;
        asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m)); o[34] = m;
        asm("mov.u32 %0, %%lanemask_le;" : "=r"(m)); o[35] = m;
        asm("mov.u32 %0, %%lanemask_gt;" : "=r"(m)); o[36] = m;
        asm("mov.u32 %0, %%lanemask_ge;" : "=r"(m)); o[37] = m;
        asm("mov.u32 %0, %%laneid;" : "=r"(m));      o[38] = m;
    }
    {
        unsigned r, pv;
        asm volatile("{\n\t.reg .pred p;\n\tshfl.sync.up.b32 %0|p, %2, 4, 0, 0xffffffff;\n\tselp.u32 %1, 1, 0, p;\n\t}"
                     : "=r"(r), "=r"(pv) : "r"(v));
        o[39] = r;
        o[40] = pv;
    }
}
