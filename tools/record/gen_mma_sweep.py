#!/usr/bin/env python3
"""Writes the tensor-core sweep corpus: validation/testdata/wg_<combo>/ (wgmma) and
validation/testdata/mma_<type>/ (mma.sync), kernel.cu + launch.yaml (+ cfg.npy for wgmma).

    python3 tools/record/gen_mma_sweep.py [--only PREFIX]

Each kernel generates its inputs in the kernel from a counter-based hash (mma_sweep_common.h,
inlined into every kernel.cu), so a directory needs no input files and the simulator, running
the same PTX, sees the same bits. Outputs are the D matrices (wgmma: de-fragmented 64 x N per
CTA; mma.sync: the raw D registers of every lane), recorded as sha256 + sample + per-64-KiB
block hashes. tools/record/record_mma_sweep.sh records them on the GPU and checks that
twin CTAs (the same inputs under different layouts, swizzles, majorness, SS/RS) agree.
"""
import argparse
import json
import os
import struct
import sys


HERE = os.path.dirname(os.path.abspath(__file__))
TD = os.path.join(HERE, "..", "..", "validation", "testdata")

# ----------------------------------------------------------------------------- wgmma
# element bytes in smem (b1: 32-bit words), K per instruction, PTX type name
ELEM = {"f16": 2, "bf16": 2, "tf32": 4, "e4m3": 1, "e5m2": 1, "s8": 1, "u8": 1, "b1": 4}
KDIM = {"f16": 16, "bf16": 16, "tf32": 8, "e4m3": 32, "e5m2": 32, "s8": 32, "u8": 32, "b1": 256}
FAMILY = {"f16": "h", "bf16": "h", "tf32": "t", "e4m3": "q", "e5m2": "q", "s8": "i", "u8": "i", "b1": "b"}

N_FLOAT = [8, 16, 24, 48, 64, 96, 128, 152, 200, 256]
N_INT = [8, 16, 24, 32, 48, 80, 128, 176, 224, 240, 256]
# layout choices per CTA: (swizzle A, swizzle B, alt A, alt B); swizzle codes as in the
# descriptor: 0 none, 1 128B, 2 64B, 3 32B
LAYOUTS = [(0, 0, 0, 0), (1, 1, 0, 0), (2, 2, 0, 0), (3, 3, 0, 0),
           (0, 0, 1, 1), (1, 3, 1, 0), (2, 1, 0, 1), (3, 2, 1, 1)]


def wg_combos():
    cs = [("f16", "f16", "f16"), ("f16", "f16", "f32"), ("bf16", "bf16", "f32"), ("tf32", "tf32", "f32")]
    for d in ("f32", "f16"):
        for a in ("e4m3", "e5m2"):
            for b in ("e4m3", "e5m2"):
                cs.append((a, b, d))
    for a in ("s8", "u8"):
        for b in ("s8", "u8"):
            cs.append((a, b, "s32"))
    cs.append(("b1", "b1", "s32"))
    return cs


def wg_variants(a):
    """(rs, trans-a, trans-b, scale-a, scale-b, satfinite) per family."""
    f = FAMILY[a]
    if f == "h":
        return [(0, 0, 0, 1, 1, 0), (0, 1, 0, 1, 1, 0), (0, 0, 1, 1, 1, 0), (0, 1, 1, -1, 1, 0),
                (1, 0, 0, 1, 1, 0), (1, 0, 1, 1, -1, 0)]
    if f in "tq":
        return [(0, 0, 0, 1, 1, 0), (0, 0, 0, -1, -1, 0), (1, 0, 0, 1, 1, 0), (1, 0, 0, 1, -1, 0)]
    if f == "i":
        return [(0, 0, 0, 1, 1, 0), (1, 0, 0, 1, 1, 0), (0, 0, 0, 1, 1, 1), (1, 0, 0, 1, 1, 1)]
    return [(0, 0, 0, 1, 1, 0), (1, 0, 0, 1, 1, 0)]


def gen_expr(t, acc16):
    return {"f16": f"sw_f16(z, kind, {acc16})", "bf16": "sw_bf16(z, kind)", "tf32": "sw_tf32(z, kind)",
            "e4m3": f"sw_e4m3(z, kind, {acc16})", "e5m2": f"sw_e5m2(z, kind, {acc16})",
            "s8": "sw_i8(z, kind)", "u8": "sw_i8(z, kind)", "b1": "(uint32_t)z"}[t]


def rs_code(a):
    """Per-thread A fragment (ptx-facts §1.5) from the logical A of step s."""
    f = FAMILY[a]
    if f == "h":
        return """    for (int i = 0; i < 8; i++) {
        uint32_t row = 16 * w + l / 4 + 8 * ((i >> 1) & 1), k = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
        ra[4 * s + i / 2] |= genA(sw_hash(seed, 1 + s, row * KE_A + k), kind) << (16 * (i & 1));
    }"""
    if f == "t":
        return """    for (int i = 0; i < 4; i++) {
        uint32_t row = 16 * w + l / 4 + 8 * (i & 1), k = 4 * (i >> 1) + l % 4;
        ra[4 * s + i] = genA(sw_hash(seed, 1 + s, row * KE_A + k), kind);
    }"""
    if f in "qi":
        return """    for (int i = 0; i < 16; i++) {
        uint32_t row = 16 * w + l / 4 + 8 * ((i >> 2) & 1), k = 16 * (i >> 3) + 4 * (l % 4) + (i & 3);
        ra[4 * s + i / 4] |= genA(sw_hash(seed, 1 + s, row * KE_A + k), kind) << (8 * (i & 3));
    }"""
    return """    for (int j = 0; j < 4; j++) {  // b1: 32-bit words (layout by analogy with mma.m16n8k256)
        uint32_t row = 16 * w + l / 4 + 8 * (j & 1), k = 4 * (j >> 1) + l % 4;
        ra[4 * s + j] = genA(sw_hash(seed, 1 + s, row * KE_A + k), kind);
    }"""


def wg_mma_fn(a, b, d, n, vi, v):
    rs, ta, tb, sa, sb, sat = v
    f = FAMILY[a]
    k = KDIM[a]
    if d == "f16":
        nr, cons, acc = n // 4, "+r", "uint32_t"
    elif d == "f32":
        nr, cons, acc = n // 2, "+f", "float"
    else:
        nr, cons, acc = n // 2, "+r", "uint32_t"
    regs = ", ".join(f"%{i}" for i in range(nr))
    ins = []
    if rs:
        aop = "{" + ", ".join(f"%{nr + i}" for i in range(4)) + "}"
        ins += [f'"r"(ra[{i}])' for i in range(4)]
        nxt = nr + 4
    else:
        aop = f"%{nr}"
        ins.append('"l"(da)')
        nxt = nr + 1
    bop = f"%{nxt}"
    ins.append('"l"(db)')
    pidx = nxt + 1
    ins.append('"r"(sc)')
    if f == "h":
        tail = f"p, {sa}, {sb}, {tb};" if rs else f"p, {sa}, {sb}, {ta}, {tb};"
    elif f in "tq":
        tail = f"p, {sa}, {sb};"
    else:
        tail = "p;"
    if f == "i":
        op = f"wgmma.mma_async.sync.aligned.m64n{n}k{k}{'.satfinite' if sat else ''}.s32.{a}.{b}"
    elif f == "b":
        op = f"wgmma.mma_async.sync.aligned.m64n{n}k{k}.s32.b1.b1.and.popc"
    else:
        op = f"wgmma.mma_async.sync.aligned.m64n{n}k{k}.{d}.{a}.{b}"
    outs = ", ".join(f'"{cons}"(d[{i}])' for i in range(nr))
    return f"""__device__ __forceinline__ void mma_{n}_{vi}({acc} (&d)[{nr}], uint64_t da, uint64_t db, const uint32_t* ra, uint32_t sc) {{
    asm volatile("{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{pidx}, 0;\\n{op} {{{regs}}}, {aop}, {bop}, {tail}\\n}}\\n"
        : {outs}
        : {", ".join(ins)});
}}
"""


WG_BODY = r"""
struct Lay { uint32_t start, lbo, sbo, swz, mn; };
__device__ __forceinline__ uint32_t sw_span(uint32_t s) { return s == 0 ? 16u : s == 1 ? 128u : s == 2 ? 64u : 32u; }
__device__ __forceinline__ uint32_t sw_xmask(uint32_t s) { return s == 0 ? 0u : s == 1 ? 7u : s == 2 ? 3u : 1u; }

// Shared address of element e (of the 32-byte K slice) of row `row` (an M row of A or an N
// column of B): the canonical layouts of ptx-facts §2.4, XOR on the absolute address.
__device__ __forceinline__ uint32_t lay_addr(const Lay& L, uint32_t row, uint32_t e, uint32_t eb) {
    uint32_t off, S = sw_span(L.swz);
    if (!L.mn) {
        uint32_t kb = e * eb;
        off = L.swz == 0 ? (row % 8) * 16 + (row / 8) * L.sbo + kb % 16 + (kb / 16) * L.lbo
                         : (row % 8) * S + (row / 8) * L.sbo + kb;
    } else {
        uint32_t nb = row * eb;
        off = L.swz == 0 ? nb % 16 + (nb / 16) * L.sbo + (e % 8) * 16 + (e / 8) * L.lbo
                         : nb % S + (nb / S) * L.lbo + (e % 8) * S + (e / 8) * L.sbo;
    }
    uint32_t a = L.start + off;
    return a ^ (((a >> 7) & sw_xmask(L.swz)) << 4);
}
__device__ __forceinline__ uint64_t lay_desc(const Lay& L) {
    return (uint64_t)((L.start & 0x3FFFF) >> 4) | ((uint64_t)((L.lbo & 0x3FFFF) >> 4) << 16) |
           ((uint64_t)((L.sbo & 0x3FFFF) >> 4) << 32) | ((uint64_t)L.swz << 62);
}
// The layouts of the two k-steps of an operand of R rows in the region at rb (tile bytes per
// step). alt picks a second valid LBO/SBO choice; K-major swizzled >= 64B with alt 0 puts
// step 1 32 bytes into the same rows (CUTLASS's descriptor iteration).
__device__ __forceinline__ void mk_lay(Lay* L, uint32_t rb, uint32_t tile, uint32_t R, uint32_t mn, uint32_t swz,
                                       uint32_t alt, uint32_t eb) {
    uint32_t S = sw_span(swz), lbo, sbo, step = tile;
    if (!mn) {
        if (swz == 0) { if (!alt) { lbo = 128; sbo = 256; } else { sbo = 128; lbo = (R / 8) * 128; } }
        else { sbo = 8 * S; lbo = 16; if (!alt && S >= 64) step = 32; }
    } else {
        uint32_t nb = R * eb;
        if (swz == 0) { if (!alt) { sbo = 128; lbo = (nb / 16) * 128; } else { lbo = 128; sbo = 256; } }
        else { uint32_t nblk = (nb + S - 1) / S; if (!alt) { lbo = 8 * S; sbo = nblk * 8 * S; } else { sbo = 8 * S; lbo = 16 * S; } }
    }
    for (int s = 0; s < 2; s++) { L[s].start = rb + s * step; L[s].lbo = lbo; L[s].sbo = sbo; L[s].swz = swz; L[s].mn = mn; }
}
__device__ __forceinline__ void put(uint8_t* sm, uint32_t base, uint32_t a, uint32_t v, uint32_t eb) {
    uint8_t* p = sm + (a - base);
    if (eb == 1) *p = (uint8_t)v;
    else if (eb == 2) *(uint16_t*)p = (uint16_t)v;
    else *(uint32_t*)p = v;
}

#define A_REGION 0u
#define A_TILE 8192u
#define B_REGION 16384u
#define B_TILE 32768u
#define SMEM_USED 81920u

// Everything that does not depend on the instruction form, shared by all cases (noinline keeps
// the PTX small): zero the smem, write the smem operands, generate the register A fragments
// (ra[2][4]) and write this thread's C elements into out (read back as the accumulators).
__device__ __noinline__ void prep(const uint32_t* c, uint8_t* sm, out_t* out, uint32_t N, uint32_t rs, uint32_t ta,
                                  uint32_t tb, uint32_t* ra, uint64_t* desc) {
    const uint32_t t = threadIdx.x, w = t / 32, l = t % 32;
    const uint32_t seed = c[2], swzA = c[3], swzB = c[4], altA = c[5], altB = c[6], kind = c[7], off = c[9];
    const uint32_t base = (uint32_t)__cvta_generic_to_shared(sm);
    for (uint32_t i = t; i < SMEM_USED / 16; i += 128) reinterpret_cast<uint4*>(sm)[i] = make_uint4(0, 0, 0, 0);
    __syncthreads();
    Lay LA[2], LB[2];
    mk_lay(LA, base + A_REGION, A_TILE, 64, ta, swzA, altA, EB_A);
    mk_lay(LB, base + B_REGION, B_TILE, N, tb, swzB, altB, EB_B);
    if (!rs) {
        for (uint32_t idx = t; idx < 64 * KE_A; idx += 128)
            for (int s = 0; s < 2; s++)
                put(sm, base, lay_addr(LA[s], idx / KE_A, idx % KE_A, EB_A), genA(sw_hash(seed, 1 + s, idx), kind), EB_A);
    }
    for (uint32_t idx = t; idx < N * KE_B; idx += 128)
        for (int s = 0; s < 2; s++)
            put(sm, base, lay_addr(LB[s], idx / KE_B, idx % KE_B, EB_B), genB(sw_hash(seed, 3 + s, idx), kind), EB_B);
    for (int s = 0; s < 2; s++) {
        desc[2 * s] = lay_desc(LA[s]);
        desc[2 * s + 1] = lay_desc(LB[s]);
        for (int j = 0; j < 4; j++) ra[4 * s + j] = 0;
        if (rs) {
RS_CODE
        }
    }
    for (uint32_t i = 0; i < N / 2; i++) {
        uint32_t row = 16 * w + l / 4 + 8 * ((i >> 1) & 1), col = 8 * (i >> 2) + 2 * (l % 4) + (i & 1);
        out[off + row * N + col] = (out_t)genC(sw_hash(seed, 5, row * N + col), kind);
    }
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
}

template <int N, int RS, int TA, int TB, typename ACC, int NR, typename F>
__device__ __forceinline__ void body(const uint32_t* c, uint8_t* sm, out_t* out, F mma) {
    const uint32_t t = threadIdx.x, w = t / 32, l = t % 32;
    uint32_t ra[8];
    uint64_t desc[4];
    prep(c, sm, out, N, RS, TA, TB, ra, desc);
    // this thread's accumulator elements: p[8*((i>>1)&1)*N + 8*(i>>2) + (i&1)] (ptx-facts §1.4)
    out_t* p = out + c[9] + (16 * w + l / 4) * N + 2 * (l % 4);
    ACC d[NR];
#pragma unroll
    for (int i = 0; i < NR; i++) d[i] = 0;
#pragma unroll
    for (int i = 0; i < N / 2; i++) {
        uint32_t v = p[8 * ((i >> 1) & 1) * N + 8 * (i >> 2) + (i & 1)];
        SET_C
    }
    // the A fragments in registers before the fence (an ordinary write of a wgmma operand
    // register after wgmma.fence is a hazard, ptx-facts §1.6)
    uint32_t a[8];
#pragma unroll
    for (int j = 0; j < 8; j++) a[j] = ra[j];
    const uint32_t sc = c[8];
    asm volatile("" : "+r"(a[0]), "+r"(a[1]), "+r"(a[2]), "+r"(a[3]), "+r"(a[4]), "+r"(a[5]), "+r"(a[6]), "+r"(a[7]));
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
    mma(d, desc[0], desc[1], a, sc);
    mma(d, desc[2], desc[3], a + 4, 1u);
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
    for (int i = 0; i < N / 2; i++) p[8 * ((i >> 1) & 1) * N + 8 * (i >> 2) + (i & 1)] = GET_D;
}
"""


def wg_kernel(a, b, d, name=None, ns=None, vsel=None, layouts=None):
    """The kernel source, cfg rows, output count and D type of one directory; the optional
    arguments restrict the N values, variants (indices) and layout choices (the gmma
    counter directories)."""
    acc16 = 1 if d == "f16" else 0
    variants = wg_variants(a)
    ns = ns or (N_INT if FAMILY[a] in "ib" else N_FLOAT)
    vsel = vsel if vsel is not None else list(range(len(variants)))
    layouts = layouts or LAYOUTS
    if d == "f16":
        acc, nrf, setc, getd, out_t = "uint32_t", "N / 4", "d[i / 2] |= v << (16 * (i & 1));", \
            "(uint16_t)(d[i / 2] >> (16 * (i & 1)))", "uint16_t"
    elif d == "f32":
        acc, nrf, setc, getd, out_t = "float", "N / 2", "d[i] = __uint_as_float(v);", "__float_as_uint(d[i])", "uint32_t"
    else:
        acc, nrf, setc, getd, out_t = "uint32_t", "N / 2", "d[i] = v;", "d[i]", "uint32_t"
    genc = {"f16": "sw_c16(z, kind)", "f32": "sw_c32(z, kind)", "s32": "sw_cs32(z)"}[d]
    name = name or f"wg_{a}_{b}_{d}"
    src = [f"// {name}: wgmma.mma_async sweep, A {a}, B {b}, D {d} (generated by tools/record/gen_mma_sweep.py).",
           "// One warpgroup per CTA; cfg[16*cta + ...] = {case, N, seed, swizzle A, swizzle B, alt layout A, alt layout B,",
           "// kind, scale-d, output offset}. Each CTA runs two chained wgmmas (k-steps 0 and 1) with C generated",
           "// in the kernel and writes D (64 x N, row-major) at out[offset]. Cases (N, variant) and the",
           "// variant table (rs, trans-a, trans-b, scale-a, scale-b, satfinite) are in the switch below.",
           "#include <stdint.h>", "",
           open(os.path.join(HERE, "mma_sweep_common.h")).read().replace("#pragma once\n", ""),
           f"typedef {out_t} out_t;",
           f"#define EB_A {ELEM[a]}u", f"#define EB_B {ELEM[b]}u",
           f"#define KE_A (32u / EB_A)", f"#define KE_B (32u / EB_B)",
           f"__device__ __forceinline__ uint32_t genA(uint64_t z, uint32_t kind) {{ return {gen_expr(a, acc16)}; }}",
           f"__device__ __forceinline__ uint32_t genB(uint64_t z, uint32_t kind) {{ return {gen_expr(b, acc16)}; }}",
           f"__device__ __forceinline__ uint32_t genC(uint64_t z, uint32_t kind) {{ return {genc}; }}",
           WG_BODY.replace("RS_CODE", rs_code(a)).replace("SET_C", setc).replace("GET_D", getd)]
    cases = []
    ci = 0
    for n in ns:
        for vi, v in enumerate(variants):
            if vi not in vsel:
                continue
            src.append(wg_mma_fn(a, b, d, n, vi, v))
            nr = n // 4 if d == "f16" else n // 2
            cases.append(f"    case {ci}: body<{n}, {v[0]}, {v[1]}, {v[2]}, {acc}, {nr}>(c, sm, out, "
                         f"[](auto& dd, uint64_t da, uint64_t db, const uint32_t* ra, uint32_t sc) {{ mma_{n}_{vi}(dd, da, db, ra, sc); }}); break;")
            ci += 1
    src.append(f"""extern "C" __global__ void __launch_bounds__(128) {name}(const uint32_t* __restrict__ cfg, out_t* __restrict__ out) {{
    extern __shared__ __align__(1024) uint8_t smem_raw[];
    uint8_t* sm = smem_raw + ((1024 - ((uint32_t)__cvta_generic_to_shared(smem_raw) & 1023)) & 1023);
    const uint32_t* c = cfg + 16 * blockIdx.x;
    switch (c[0]) {{
{chr(10).join(cases)}
    default: break;
    }}
}}
""")
    # configuration table
    rows = []
    off = 0
    ci = 0
    for n in ns:
        for vi, v in enumerate(variants):
            if vi not in vsel:
                continue
            for li, lay in enumerate(layouts):
                cls = (li + vi) % len(LAYOUTS)
                unit = v[3] == 1 and v[4] == 1
                # twins: same N, class, satfinite and unit scales share seed, kind and scale-d
                seed = (n * 131 + cls * 7 + v[5] * 3 + (0 if unit else 1000 + vi)) * 2654435761 % (1 << 32)
                kind = cls % 2
                scaled = 0 if cls == 3 else 1
                swa, swb, alta, altb = lay
                rows.append([ci, n, seed, swa, swb, alta, altb, kind, scaled, off, vi, li, 0, 0, 0, 0])
                off += 64 * n
            ci += 1
    cfg = rows
    return name, "\n".join(src), cfg, off, d


def write_npy_u32(path, rows):
    """A 2-D little-endian u32 .npy (no numpy needed here)."""
    hdr = "{'descr': '<u4', 'fortran_order': False, 'shape': (%d, %d), }" % (len(rows), len(rows[0]))
    hdr += " " * ((64 - (10 + len(hdr) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        for r in rows:
            f.write(struct.pack("<%dI" % len(r), *r))


def write_wg(name, src, cfg, total, d):
    dd = os.path.join(TD, name)
    os.makedirs(dd, exist_ok=True)
    open(os.path.join(dd, "kernel.cu"), "w").write(src)
    write_npy_u32(os.path.join(dd, "cfg.npy"), cfg)
    odt = "u16" if d == "f16" else "u32"
    ctas = len(cfg)
    spec = f"""# {name}: wgmma sweep (tools/record/gen_mma_sweep.py): {ctas} CTAs, {total} outputs; inputs generated
# in the kernel; cfg.npy rows: case, N, seed, swizzle A/B (0 none, 1 128B, 2 64B, 3 32B), alt layout A/B,
# kind (1: specials), scale-d, output offset, variant, layout choice.
kernel: {name}
grid: [{ctas}, 1, 1]
block: [128, 1, 1]
shared_bytes: 82944
buffers:
  cfg: {{file: cfg.npy}}
  out: {{dtype: {odt}, shape: [{total}]}}
params:
  - {{buffer: cfg}}
  - {{buffer: out}}
outputs: [out]
"""
    open(os.path.join(dd, "launch.yaml"), "w").write(spec)
    return dd


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    for a, b, d in wg_combos():
        name, src, cfg, total, dt = wg_kernel(a, b, d)
        if not name.startswith(args.only):
            continue
        dd = write_wg(name, src, cfg, total, dt)
        print(f"{dd}: {len(cfg)} CTAs, {total} outputs")
    # shared-memory counter directories: f16 -> f32, N = 64 and 256, one variant and one
    # swizzle mode (for A and B) each, so ncu's op_gmma wavefronts are per layout
    for vi, vname in ((0, "kk"), (3, "mm"), (4, "rk"), (5, "rm")):
        for sw, sname in ((0, "none"), (3, "32b"), (2, "64b"), (1, "128b")):
            name = f"wg_gmma_{vname}_{sname}"
            if not name.startswith(args.only):
                continue
            name, src, cfg, total, dt = wg_kernel("f16", "f16", "f32", name=name, ns=[64, 256], vsel=[vi],
                                                  layouts=[(sw, sw, 0, 0), (sw, sw, 1, 1)])
            dd = write_wg(name, src, cfg, total, dt)
            print(f"{dd}: {len(cfg)} CTAs, {total} outputs")
    import gen_mma_sync  # noqa: E402  (mma.sync half)
    gen_mma_sync.main(args.only)


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    main()
