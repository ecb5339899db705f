#!/usr/bin/env python3
"""Writes validation/testdata/tma_reduce_ops/{kernel.cu, launch.yaml, src.npy, dst.npy}.

One CTA per variant: the CTA copies its 1 KiB row of `src` into a 1024-aligned shared tile, runs
fence.proxy.async.shared::cta + __syncthreads, and thread 0 issues one reduction (or two halves, or the
same reduction twice in two bulk groups for inc/dec) onto its 1 KiB row of `dst` (which starts with
the generated values of dst.npy), commits, waits with cp.async.bulk.wait_group 0 and sets flags[v] = 1.
Forms: `bulk` = cp.reduce.async.bulk.global.shared::cta.bulk_group.OP.TYPE [dst], [src], size; `tNd` =
cp.reduce.async.bulk.tensor.Nd.global.shared::cta.OP.tile.bulk_group with a map of the spec's
{tensormaps: [...]} buffer (all maps lie over `dst`; a variant's box is its own row).
The data of each (op, type) puts the cross product of that type's special values (zeros, -0, infinities,
NaNs with payloads, subnormals, extreme integers, inc/dec wrap values) on the elements the reduction
reaches first, then generated random pairs (rounding ties, cancellation, tiny and huge sums, random bits).
Only the standard library: python3 tools/record/gen_tma_reduce_ops.py
"""
import os
import struct
import sys

NAME = "tma_reduce_ops"
ROW = 1024  # bytes per variant
M64 = (1 << 64) - 1

ESIZE = {"u32": 4, "s32": 4, "b32": 4, "f32": 4, "u64": 8, "s64": 8, "b64": 8, "f64": 8, "f16": 2, "bf16": 2}
# tensor-map dtypes of the launch spec
MAPTYPE = {"u32": "u32", "s32": "s32", "u64": "u64", "s64": "s64", "f32": "f32", "f64": "f64", "f16": "f16", "bf16": "bf16"}

# (form, op, type, extra): form bulk | t1 | t2 | t3 | t2sw (2D, 128B swizzle); extra: set of
# "split" (bulk: two 512-byte halves, crossed), "hint" (.L2::cache_hint with a createpolicy policy),
# "probe" (tensor (op, map type) pair outside the PTX ISA table).
VARIANTS = [
    # non-tensor: every (op, type) pair of the PTX ISA table for .global destinations
    ("bulk", "add", "u32", ()), ("bulk", "add", "s32", ()), ("bulk", "add", "u64", ()),
    ("bulk", "add", "f32", ()), ("bulk", "add", "f64", ()),
    ("bulk", "add.noftz", "f16", ()), ("bulk", "add.noftz", "bf16", ()),
    ("bulk", "min", "u32", ()), ("bulk", "min", "s32", ()), ("bulk", "min", "u64", ()),
    ("bulk", "min", "s64", ()), ("bulk", "min", "f16", ()), ("bulk", "min", "bf16", ()),
    ("bulk", "max", "u32", ()), ("bulk", "max", "s32", ()), ("bulk", "max", "u64", ()),
    ("bulk", "max", "s64", ()), ("bulk", "max", "f16", ()), ("bulk", "max", "bf16", ()),
    ("bulk", "inc", "u32", ()), ("bulk", "dec", "u32", ()),
    ("bulk", "and", "b32", ()), ("bulk", "or", "b32", ()), ("bulk", "xor", "b32", ()),
    ("bulk", "and", "b64", ()), ("bulk", "or", "b64", ()), ("bulk", "xor", "b64", ("split",)),
    ("bulk", "add", "u32", ("split", "hint")),
    # tensor: every (op, element type) pair of the PTX ISA table, ranks 1-3
    ("t1", "add", "u32", ()), ("t3", "add", "s32", ()), ("t2", "add", "u64", ()),
    ("t1", "add", "f32", ()), ("t2", "add", "f16", ()), ("t3", "add", "bf16", ()),
    ("t2", "min", "u32", ()), ("t1", "min", "s32", ()), ("t3", "min", "u64", ()),
    ("t1", "min", "s64", ()), ("t1", "min", "f16", ()), ("t2", "min", "bf16", ()),
    ("t3", "max", "u32", ()), ("t2", "max", "s32", ()), ("t1", "max", "u64", ()),
    ("t3", "max", "s64", ()), ("t3", "max", "f16", ()), ("t1", "max", "bf16", ()),
    ("t1", "inc", "u32", ()), ("t3", "dec", "u32", ()),
    ("t2", "and", "u32", ()), ("t3", "and", "u64", ()), ("t3", "or", "u32", ()),
    ("t1", "or", "u64", ()), ("t1", "xor", "u32", ("hint",)), ("t2", "xor", "u64", ()),
    ("t2sw", "add", "u32", ()),
    # tensor probes: pairs the table leaves out (kept only if the GPU runs them: see the mask param)
    ("t1", "add", "f64", ("probe",)), ("t2", "add", "s64", ("probe",)), ("t2", "min", "f32", ("probe",)),
    ("t1", "max", "f32", ("probe",)), ("t1", "and", "s32", ("probe",)), ("t3", "xor", "s64", ("probe",)),
    ("t2", "inc", "s32", ("probe",)),
]


# variants an H200 faulted on (CUDA_ERROR_ILLEGAL_INSTRUCTION, each alone, 2026-11-25): left out of the mask
FAULTED = {56: "add on an s64 map", 57: "min on an f32 map", 58: "max on an f32 map",
           60: "xor on an s64 map", 61: "inc on an s32 map"}


def base_type(t):
    return {"b32": "u32", "b64": "u64"}.get(t, t)


# ---- deterministic generator (splitmix64)
class Rng:
    def __init__(self, seed):
        self.s = seed & M64

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & M64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def bits(self, n):
        return self.next() & ((1 << n) - 1)


# ---- float formats: (exponent bits, fraction bits, total bits)
FMT = {"f16": (5, 10, 16), "bf16": (8, 7, 16), "f32": (8, 23, 32), "f64": (11, 52, 64)}


def fbits(t, sign, exp, frac):
    e, f, n = FMT[t]
    return (sign << (n - 1)) | (exp << f) | (frac & ((1 << f) - 1))


def fspecials(t):
    e, f, n = FMT[t]
    emax = (1 << e) - 1
    top = 1 << (f - 1)  # quiet bit
    s = [
        fbits(t, 0, 0, 0), fbits(t, 1, 0, 0),              # +0, -0
        fbits(t, 0, emax, 0), fbits(t, 1, emax, 0),        # +inf, -inf
        fbits(t, 0, emax, top),                            # canonical-looking quiet NaN
        fbits(t, 0, emax, top | 0x15),                     # quiet NaN with a payload
        fbits(t, 1, emax, top | 0x23),                     # negative quiet NaN with a payload
        fbits(t, 0, emax, 0x11),                           # signaling NaN with a payload
        fbits(t, 1, emax, 0x05),                           # negative signaling NaN
        fbits(t, 0, 0, 1),                                 # smallest subnormal
        fbits(t, 0, 0, (1 << f) - 1),                      # largest subnormal
        fbits(t, 1, 0, top),                               # negative subnormal
        fbits(t, 0, 1, 0),                                 # smallest normal
        fbits(t, 0, emax - 1, (1 << f) - 1),               # largest finite
        fbits(t, 1, emax - 1, (1 << f) - 1),               # most negative finite
        fbits(t, 0, (1 << (e - 1)) - 1, 0),                # 1.0
    ]
    if t == "f32":
        s = s[:14]  # 196 pairs + 60 random in 256 elements
    if t == "f64":
        s = [s[i] for i in (0, 1, 2, 3, 5, 6, 7, 9, 11, 13)]  # 100 pairs + 28 random
    return s


def fpair_random(t, r, k, op):
    """A generated (global, shared) pair of float bits; category k."""
    e, f, n = FMT[t]
    emax = (1 << e) - 1
    bias = (1 << (e - 1)) - 1
    sg = lambda: r.bits(1)
    if op.startswith("add"):
        c = k % 6
        if c == 0:  # general: nearby exponents, random signs
            ea = bias - 8 + r.below(17)
            eb = max(1, ea - r.below(f + 3))
            return fbits(t, sg(), ea, r.bits(f)), fbits(t, sg(), eb, r.bits(f))
        if c == 1:  # cancellation: b = -a +- a few ulps
            ea = 1 + r.below(emax - 1)
            a = fbits(t, sg(), ea, r.bits(f))
            b = (a ^ (1 << (n - 1)))
            d = r.below(5)
            b = b + d if r.bits(1) else b - d
            return a, b & ((1 << n) - 1)
        if c == 2:  # tiny: subnormal and smallest normal operands (subnormal sums)
            return fbits(t, sg(), r.below(3), r.bits(f)), fbits(t, sg(), r.below(3), r.bits(f))
        if c == 3:  # huge: largest binade, mostly the same sign (overflow to inf)
            s = sg()
            return fbits(t, s, emax - 1 - r.below(2), r.bits(f)), fbits(t, s ^ (r.below(4) == 0), emax - 1, r.bits(f))
        if c == 4:  # random bits (NaN/inf now and then)
            return r.bits(n), r.bits(n)
        # exact ties: b is half an ulp of a (both parities of a's last bit)
        ea = f + 3 + r.below(emax - f - 4)
        s = sg()
        return fbits(t, s, ea, r.bits(f)), fbits(t, s ^ (r.below(3) == 0), ea - f - 1, 0)
    c = k % 4
    if c == 0:  # same magnitude, opposite signs
        a = fbits(t, sg(), r.below(emax), r.bits(f))
        return a, a ^ (1 << (n - 1))
    if c == 1:  # equal
        a = r.bits(n)
        return a, a
    if c == 2:  # close values
        a = fbits(t, sg(), r.below(emax), r.bits(f))
        return a, (a + r.below(7) - 3) & ((1 << n) - 1)
    return r.bits(n), r.bits(n)


def ispecials(t, op):
    n = 8 * ESIZE[t]
    top = 1 << (n - 1)
    mask = (1 << n) - 1
    if op in ("inc", "dec"):
        return [0, 1, 2, 3, 7, top - 1, top, mask - 1, mask]
    if op in ("and", "or", "xor"):
        return [0, mask, 1, top, 0x5555555555555555 & mask, 0xAAAAAAAAAAAAAAAA & mask, 0x0F0F0F0F0F0F0F0F & mask]
    s = [0, 1, 2, top - 1, top, top + 1, mask - 1, mask, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 12345]
    if n == 32:
        return s[:8] + [0x10000, 0xFFFF, 0x7FFFFFFE, 12345]
    return s[:9]  # 81 pairs


def ipair_random(t, r, k, op):
    n = 8 * ESIZE[t]
    mask = (1 << n) - 1
    c = k % 4
    if op in ("inc", "dec"):
        if c < 2:  # small: old and limit close to each other, equal now and then
            return r.below(9), r.below(9)
        if c == 2:
            a = r.bits(n)
            return a, (a + r.below(5) - 2) & mask
        return r.bits(n), r.bits(n)
    if c == 0:
        return r.bits(n), r.bits(n)
    if c == 1:
        return r.below(16), r.below(16)
    if c == 2:
        a = r.bits(n)
        return a, (a + r.below(9) - 4) & mask
    # around the sign boundary
    a = ((1 << (n - 1)) + r.below(9) - 4) & mask
    return a, (a + r.below(1 << 20) - (1 << 19)) & mask


def inbounds(form, es):
    """Element indices of a row that the reduction reaches, in row order."""
    n = ROW // es
    if form == "t2":
        return [i for i in range(n) if (i * es) % 128 < 112]
    if form == "t3":
        return [i for i in range(n) if ((i * es) // 64) % 4 < 3]
    return list(range(n))


def row_data(v, form, op, t, extra):
    """(dst row, src row) as lists of element bit patterns."""
    dt = base_type(t)
    es = ESIZE[dt]
    n = ROW // es
    r = Rng(0x7E5D0000 + v)
    isf = dt in FMT
    bop = op.split(".")[0]
    if form == "t2sw":
        pairs = [(r.bits(32), r.bits(32)) for _ in range(n)]
        return [p[0] for p in pairs], [p[1] for p in pairs]
    sp = fspecials(dt) if isf else ispecials(dt, bop)
    plist = [(a, b) for a in sp for b in sp]
    order = inbounds(form, es)
    order += [i for i in range(n) if i not in set(order)]
    k = 0
    while len(plist) < n:
        plist.append(fpair_random(dt, r, k, bop) if isf else ipair_random(dt, r, k, bop))
        k += 1
    dst, pair_src = [0] * n, [0] * n
    for pos, (a, b) in zip(order, plist):
        dst[pos], pair_src[pos] = a, b
    src = pair_src
    if "split" in extra:  # dst element i is reduced with src element (i + n/2) % n
        src = [pair_src[(i + n // 2) % n] for i in range(n)]
    return dst, src


def row_words(vals, es):
    b = b"".join(struct.pack({2: "<H", 4: "<I", 8: "<Q"}[es], x) for x in vals)
    return list(struct.unpack("<256I", b))


def write_npy(path, rows):
    hdr = "{'descr': '<u4', 'fortran_order': False, 'shape': (%d, 256), }" % len(rows)
    hdr += " " * (127 - 10 - len(hdr)) + "\n"
    with open(path, "wb") as fh:
        fh.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        for row in rows:
            fh.write(struct.pack("<256I", *row))


# ---- maps: one per (map dtype, rank) used, plus the swizzled one
def map_key(form, t):
    return f"{form}_{MAPTYPE[base_type(t)]}"


def map_spec(key, nv):
    form, t = key.split("_")
    es = ESIZE[t]
    if form == "t1":
        n = ROW // es
        return f"{{buffer: dst, dtype: {t}, dims: [{nv * n}], strides: [], box: [{min(n, 256)}]}}"
    if form == "t2":
        return f"{{buffer: dst, dtype: {t}, dims: [{112 // es}, {8 * nv}], strides: [128], box: [{128 // es}, 8]}}"
    if form == "t3":
        return f"{{buffer: dst, dtype: {t}, dims: [{64 // es}, 3, {4 * nv}], strides: [64, 256], box: [{64 // es}, 4, 4]}}"
    return f"{{buffer: dst, dtype: {t}, dims: [{128 // es}, {8 * nv}], strides: [128], box: [{128 // es}, 8], swizzle: 128B}}"


def describe(v, form, op, t, extra):
    what = {"bulk": "bulk", "t1": "tensor.1d", "t2": "tensor.2d", "t3": "tensor.3d", "t2sw": "tensor.2d sw128"}[form]
    s = f"{v:2d} {what} {op}.{t}" if form == "bulk" else f"{v:2d} {what} {op}, {base_type(t)} map"
    for x in extra:
        s += {"split": " (two crossed 512-byte halves)", "hint": " .L2::cache_hint", "probe": " PROBE (not in the PTX table)"}[x]
    if op in ("inc", "dec"):
        s += " (twice, two bulk groups)"
    return s


def kernel_cu(maps, nv):
    L = []
    w = L.append
    w(f"// {NAME}: GENERATED by tools/record/gen_tma_reduce_ops.py -- do not edit by hand.")
    w("// cp.reduce.async.bulk (non-tensor, .global.shared::cta.bulk_group) and cp.reduce.async.bulk.tensor")
    w("// (tile, ranks 1-3) for every (op, type) pair of the PTX ISA tables: one variant per CTA (blockIdx.x).")
    w("// CTA v copies src[v] (1 KiB) into a 1024-aligned shared tile, fence.proxy.async.shared::cta,")
    w("// __syncthreads, then thread 0 reduces the tile onto dst[v] (1 KiB, starting with dst.npy's row v):")
    w("// bulk: [dst[v]], [tile], 1024 (split: [dst[v]] <- tile+512 and [dst[v]+512] <- tile, 512 bytes each);")
    w("// tensor maps (maps[] over the whole dst buffer, fence.proxy.tensormap::generic.acquire first):")
    w("//   t1 dims [V*n] box [min(n,256)] at c0 = v*n (f16/bf16: two boxes of 256, tile +0 and +512);")
    w("//   t2 dims [112/es, 8V] stride 128 B box [128/es, 8] at (0, 8v): the last 16 bytes of every 128-byte row")
    w("//      lie outside the tensor and are skipped;")
    w("//   t3 dims [64/es, 3, 4V] strides [64, 256] box [64/es, 4, 4] at (0, 0, 4v): row 3 of every plane is skipped;")
    w("//   t2sw: u32 dims [32, 8V] box [32, 8], 128B swizzle (the tile read through the swizzle).")
    w("// inc/dec variants run their reduction twice, in two bulk groups. Then commit, cp.async.bulk.wait_group 0,")
    w("// flags[v] = 1. A CTA whose bit in `mask` is clear does nothing (its dst row keeps dst.npy's values,")
    w("// flags[v] = 0): the launch spec's mask leaves out variants the GPU faulted on.")
    w("// Variants:")
    for v, (form, op, t, extra) in enumerate(VARIANTS):
        w("//   " + describe(v, form, op, t, extra))
    w("// maps[]: " + ", ".join(f"{i}={k}" for i, k in enumerate(maps)))
    w("#include <cuda.h>")
    w("#include <stdint.h>")
    w("")
    w("static __device__ __forceinline__ uint32_t smem_addr(const void* p)")
    w("{")
    w("    return static_cast<uint32_t>(__cvta_generic_to_shared(p));")
    w("}")
    w('static __device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }')
    w('static __device__ __forceinline__ void bulk_wait0() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }')
    w("static __device__ __forceinline__ uint64_t policy_evict_last()")
    w("{")
    w("    uint64_t p;")
    w('    asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));')
    w("    return p;")
    w("}")
    w("")
    done = set()
    for form, op, t, extra in VARIANTS:
        hint = "hint" in extra
        if form == "bulk":
            fn = f"bulk_{op.replace('.', '_')}_{t}" + ("_hint" if hint else "")
            if fn in done:
                continue
            done.add(fn)
            if hint:
                w(f"static __device__ __forceinline__ void {fn}(void* d, uint32_t s, uint32_t n, uint64_t pol)")
                w("{")
                w(f'    asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.{op}.{t} [%0], [%1], %2, %3;"')
                w('                 ::"l"(d), "r"(s), "r"(n), "l"(pol) : "memory");')
            else:
                w(f"static __device__ __forceinline__ void {fn}(void* d, uint32_t s, uint32_t n)")
                w("{")
                w(f'    asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.{op}.{t} [%0], [%1], %2;"')
                w('                 ::"l"(d), "r"(s), "r"(n) : "memory");')
            w("}")
        else:
            rank = int(form[1])
            fn = f"red{rank}d_{op}" + ("_hint" if hint else "")
            if fn in done:
                continue
            done.add(fn)
            cs = ", ".join(f"int c{i}" for i in range(rank))
            cv = ", ".join(f"%{i + 1}" for i in range(rank))
            ca = ", ".join(f'"r"(c{i})' for i in range(rank))
            if hint:
                w(f"static __device__ __forceinline__ void {fn}(const CUtensorMap* m, {cs}, uint32_t s, uint64_t pol)")
                w("{")
                w(f'    asm volatile("cp.reduce.async.bulk.tensor.{rank}d.global.shared::cta.{op}.tile.bulk_group.L2::cache_hint'
                  f' [%0, {{{cv}}}], [%{rank + 1}], %{rank + 2};"')
                w(f'                 ::"l"(m), {ca}, "r"(s), "l"(pol) : "memory");')
            else:
                w(f"static __device__ __forceinline__ void {fn}(const CUtensorMap* m, {cs}, uint32_t s)")
                w("{")
                w(f'    asm volatile("cp.reduce.async.bulk.tensor.{rank}d.global.shared::cta.{op}.tile.bulk_group'
                  f' [%0, {{{cv}}}], [%{rank + 1}];"')
                w(f'                 ::"l"(m), {ca}, "r"(s) : "memory");')
            w("}")
    w("")
    w(f"extern \"C\" __global__ void __launch_bounds__(128) {NAME}(const CUtensorMap* __restrict__ maps,")
    w("    const uint32_t* __restrict__ src, uint32_t* dst, uint32_t* __restrict__ flags, uint64_t mask)")
    w("{")
    w("    __shared__ __align__(1024) uint32_t tile[256];")
    w("    const int v = blockIdx.x;")
    w("    if (!((mask >> v) & 1)) return;")
    w("    for (int i = threadIdx.x; i < 256; i += blockDim.x) tile[i] = src[v * 256 + i];")
    w('    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");')
    w("    __syncthreads();")
    w("    if (threadIdx.x != 0) return;")
    w("    const uint32_t s = smem_addr(tile);")
    w("    uint32_t* d = dst + v * 256;")
    w("    switch (v) {")
    for v, (form, op, t, extra) in enumerate(VARIANTS):
        hint = "hint" in extra
        pol = ", policy_evict_last()" if hint else ""
        calls = []
        if form == "bulk":
            fn = f"bulk_{op.replace('.', '_')}_{t}" + ("_hint" if hint else "")
            if "split" in extra:
                calls = [f"{fn}(d, s + 512, 512{pol})", f"{fn}(d + 128, s, 512{pol})"]
            else:
                calls = [f"{fn}(d, s, 1024{pol})"]
        else:
            mi = maps.index(map_key(form, t))
            m = f"maps + {mi}"
            rank = int(form[1])
            fn = f"red{rank}d_{op}" + ("_hint" if hint else "")
            es = ESIZE[base_type(t)]
            pre = f'asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"({m}) : "memory")'
            calls = [pre]
            if rank == 1:
                n = ROW // es
                if n > 256:
                    calls += [f"{fn}({m}, v * {n}, s{pol})", f"{fn}({m}, v * {n} + 256, s + 512{pol})"]
                else:
                    calls += [f"{fn}({m}, v * {n}, s{pol})"]
            elif rank == 2:
                calls += [f"{fn}({m}, 0, 8 * v, s{pol})"]
            else:
                calls += [f"{fn}({m}, 0, 0, 4 * v, s{pol})"]
        body = calls
        if op in ("inc", "dec"):
            red = [c for c in calls if not c.startswith("asm")]
            body = calls + ["bulk_commit()", "bulk_wait0()"] + red
        w(f"    case {v}: // {describe(v, form, op, t, extra).strip()}")
        for c in body:
            w(f"        {c};")
        w("        break;")
    w("    }")
    w("    bulk_commit();")
    w("    bulk_wait0();")
    w("    flags[v] = 1;")
    w("}")
    return "\n".join(L) + "\n"


def launch_yaml(maps, nv):
    L = []
    w = L.append
    w(f"# {NAME}: cp.reduce.async.bulk (non-tensor) and cp.reduce.async.bulk.tensor (ranks 1-3) for every (op, type)")
    w("# pair of the PTX ISA tables plus tensor probes, one variant per CTA onto its 1 KiB row of dst; edge-case data")
    w("# (NaN payloads, -0, infinities, subnormals, extreme integers, inc/dec wrap) from tools/record/gen_tma_reduce_ops.py.")
    w("# mask: bit v runs variant v (kernel.cu lists them). Left out: the probes an H200 faulted on with")
    w("# ILLEGAL_INSTRUCTION: " + ", ".join(f"{v} ({why})" for v, why in sorted(FAULTED.items())) + ".")
    w(f"kernel: {NAME}")
    w(f"grid: [{nv}, 1, 1]")
    w("block: [128, 1, 1]")
    w("buffers:")
    w("  src: {file: src.npy}")
    w("  dst: {file: dst.npy}")
    w(f"  maps: {{tensormaps: [{', '.join(maps)}]}}")
    w(f"  flags: {{dtype: u32, shape: [{nv}]}}")
    w("tensormaps:")
    for k in maps:
        w(f"  {k}: {map_spec(k, nv)}")
    w("params:")
    w("  - {buffer: maps}")
    w("  - {buffer: src}")
    w("  - {buffer: dst}")
    w("  - {buffer: flags}")
    mask = sum(1 << v for v in range(nv) if v not in FAULTED)
    w(f'  - {{u64: "0x{mask:016x}"}}')
    w("outputs: [dst, flags]")
    return "\n".join(L) + "\n"


def main(out_dir):
    nv = len(VARIANTS)
    assert nv <= 64
    maps = []
    for form, op, t, extra in VARIANTS:
        if form != "bulk" and map_key(form, t) not in maps:
            maps.append(map_key(form, t))
    srows, drows = [], []
    for v, (form, op, t, extra) in enumerate(VARIANTS):
        d, s = row_data(v, form, op, t, extra)
        es = ESIZE[base_type(t)]
        drows.append(row_words(d, es))
        srows.append(row_words(s, es))
    os.makedirs(out_dir, exist_ok=True)
    write_npy(os.path.join(out_dir, "src.npy"), srows)
    write_npy(os.path.join(out_dir, "dst.npy"), drows)
    with open(os.path.join(out_dir, "kernel.cu"), "w") as fh:
        fh.write(kernel_cu(maps, nv))
    with open(os.path.join(out_dir, "launch.yaml"), "w") as fh:
        fh.write(launch_yaml(maps, nv))
    print(f"{nv} variants, {len(maps)} maps -> {out_dir}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "validation", "testdata", NAME))
