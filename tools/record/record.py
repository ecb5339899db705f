#!/usr/bin/env python3
"""Hardware recorder for the sm90sim validation corpus.

Runs the PTX of a corpus directory (validation/testdata/<name>/) on a real GPU
through the CUDA driver API (ctypes on libcuda.so.1) and records what the GPU
produced.  The corpus format is described in validation/testdata/README.md.

Sub-commands
  run DIR...        build inputs, launch twice on fresh buffers, compare the two
                    runs, save gpu/<output>.npy (or .meta.json + .sample.npy for
                    outputs over 1 MiB), write provenance.json; elements that
                    differ between the runs are added to compare.<out>.ignore in
                    launch.yaml.
  once DIR...       launch each kernel once (the mode ncu profiles).
  finalize ...      merge tool outputs (nvcc, ptxas -v, SASS, ncu csv) into
                    provenance.json and counters.json; print the summary table.
  dry DIR...        no GPU: build inputs and pack parameters, print them.
  vectors           print init test vectors (for the Go implementation).

Needs python3, numpy and pyyaml; `run`/`once` need libcuda.so.1.
"""
import argparse
import csv
import ctypes
import datetime
import hashlib
import io
import json
import os
import re
import struct
import sys

import numpy as np

import gzcompat
import yaml

MASK64 = (1 << 64) - 1
BIG_OUTPUT_BYTES = 1 << 20      # outputs over this are stored as sha256 + sample
BLOCK_BYTES = 1 << 16           # and per-block hashes of this many bytes
SAMPLE_COUNT = 4096

# ---------------------------------------------------------------- dtypes
# spec dtype -> (numpy storage dtype, kind)
DTYPES = {
    "u8": ("|u1", "int"), "u16": ("<u2", "int"), "u32": ("<u4", "int"), "u64": ("<u8", "int"),
    "s8": ("|i1", "int"), "s16": ("<i2", "int"), "s32": ("<i4", "int"), "s64": ("<i8", "int"),
    "f16": ("<f2", "float"), "f32": ("<f4", "float"), "f64": ("<f8", "float"),
    "bf16": ("<u2", "small"), "e4m3": ("|u1", "small"), "e5m2": ("|u1", "small"),
}
INT_RANGE = {
    "u8": (0, 2**8 - 1), "u16": (0, 2**16 - 1), "u32": (0, 2**32 - 1), "u64": (0, 2**64 - 1),
    "s8": (-2**7, 2**7 - 1), "s16": (-2**15, 2**15 - 1), "s32": (-2**31, 2**31 - 1),
    "s64": (-2**63, 2**63 - 1),
}
# small float formats rounded by hand: (exponent bits, mantissa bits, bias, max finite, saturate)
SMALL = {
    "bf16": (8, 7, 127, (2 - 2**-7) * 2.0**127, False),
    "e4m3": (4, 3, 7, 448.0, True),
    "e5m2": (5, 2, 15, 57344.0, True),
}


def np_dtype(name):
    if name not in DTYPES:
        raise SpecError(f"unknown dtype {name!r}")
    return np.dtype(DTYPES[name][0])


class SpecError(Exception):
    pass


# ---------------------------------------------------------------- seeded init
def splitmix64_int(x):
    z = (x + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def splitmix64_np(x):
    with np.errstate(over="ignore"):
        z = x + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))


def random_stream(seed, b, n):
    kb = splitmix64_int(splitmix64_int(seed & MASK64) ^ b)
    idx = np.arange(n, dtype=np.uint64)
    return splitmix64_np(np.uint64(kb) ^ idx)


def round_small(x, fmt):
    """Round float64 array x to bf16/e4m3/e5m2 bits, nearest-even, directly from float64."""
    ebits, mbits, bias, maxfin, sat = SMALL[fmt]
    x = np.asarray(x, dtype=np.float64)
    sign = np.signbit(x).astype(np.uint64)
    nan = np.isnan(x)
    a = np.where(nan, 0.0, np.abs(x))
    emin = 1 - bias
    _, e = np.frexp(a)
    E = np.maximum(e.astype(np.int64) - 1, emin)
    q = np.ldexp(1.0, (E - mbits).astype(np.int32))
    with np.errstate(over="ignore", invalid="ignore"):
        r = np.rint(a / q) * q
    if sat:
        r = np.minimum(r, maxfin)
    inf = r > maxfin
    r = np.where(inf, 0.0, r)
    sub = r < 2.0 ** emin
    sub_field = np.rint(np.where(sub, r, 0.0) / 2.0 ** (emin - mbits)).astype(np.uint64)
    _, e2 = np.frexp(np.where(sub, 1.0, r))
    E2 = e2.astype(np.int64) - 1
    mant = np.rint((np.where(sub, 1.0, r) / np.ldexp(1.0, E2.astype(np.int32)) - 1.0) * 2**mbits)
    norm_field = (((E2 + bias).astype(np.uint64)) << np.uint64(mbits)) | mant.astype(np.uint64)
    bits = np.where(sub, sub_field, norm_field)
    inf_bits = np.uint64(((1 << ebits) - 1) << mbits)
    bits = np.where(inf, inf_bits, bits)
    nan_bits = {"bf16": 0x7FC0, "e4m3": 0x7F, "e5m2": 0x7E}[fmt]
    bits = np.where(nan, np.uint64(nan_bits), bits)
    bits = bits | (sign << np.uint64(ebits + mbits))
    return bits.astype(np_dtype(fmt))


def float64_to_dtype(v, dtype):
    kind = DTYPES[dtype][1]
    if kind == "small":
        return round_small(v, dtype)
    return np.asarray(v, dtype=np.float64).astype(np_dtype(dtype))


def make_init(spec_buf, dtype, shape, seed, b):
    n = int(np.prod(shape)) if shape else 1
    init = spec_buf.get("init", "zeros")
    kind = DTYPES[dtype][1]
    if init == "zeros":
        return np.zeros(shape, dtype=np_dtype(dtype))
    if init == "iota":
        i = np.arange(n, dtype=np.uint64)
        if kind == "int":
            bits = DTYPES[dtype][0]
            width = np_dtype(dtype).itemsize * 8
            u = (i & np.uint64((1 << width) - 1)).astype(np.dtype(bits.replace("i", "u")))
            return u.view(np_dtype(dtype)).reshape(shape)
        return float64_to_dtype(i.astype(np.float64), dtype).reshape(shape)
    if init == "uniform":
        r = random_stream(seed, b, n)
        if kind == "int":
            lo_d, hi_d = INT_RANGE[dtype]
            lo = int(spec_buf.get("low", lo_d))
            hi = int(spec_buf.get("high", hi_d))
            span = (hi - lo + 1) % (1 << 64)
            with np.errstate(over="ignore"):
                if span == 0:
                    val = r
                else:
                    val = (r % np.uint64(span)) + np.uint64(lo % (1 << 64))
            width = np_dtype(dtype).itemsize * 8
            udt = np.dtype(DTYPES[dtype][0].replace("i", "u"))
            val = (val & np.uint64((1 << width) - 1)).astype(udt)
            return val.view(np_dtype(dtype)).reshape(shape)
        low = float(spec_buf.get("low", 0.0))
        high = float(spec_buf.get("high", 1.0))
        u = (r >> np.uint64(11)).astype(np.float64) * (2.0 ** -53)
        span = np.float64(high) - np.float64(low)
        v = np.float64(low) + (span * u)       # separate multiply and add, float64
        return float64_to_dtype(v, dtype).reshape(shape)
    raise SpecError(f"unknown init {init!r}")


# ---------------------------------------------------------------- spec
class Buffer:
    def __init__(self, name, index, host, dtype):
        self.name = name
        self.index = index
        self.host = host          # numpy array (storage dtype), C order
        self.dtype = dtype        # spec dtype name or None (file)
        self.tensormaps = None    # names of encoded maps this buffer holds, or None


def load_spec(d):
    # launch.yaml, or the member of d's bundle (validation/microbench: tools/microbench/pack.py)
    spec = yaml.safe_load(gzcompat.read_text(os.path.join(d, "launch.yaml")))
    for key in ("kernel", "grid", "block", "buffers", "params", "outputs"):
        if key not in spec:
            raise SpecError(f"{d}/launch.yaml: missing {key}")
    return spec


def build_buffers(d, spec):
    seed = int(spec.get("seed", 0))
    bufs = {}
    for b, (name, bs) in enumerate(spec["buffers"].items()):
        if "tensormaps" in bs:
            # encoded maps, 128 bytes each (64-byte aligned), written at launch time
            n = len(bs["tensormaps"])
            bufs[name] = Buffer(name, b, np.zeros([128 * n], dtype=np.uint8), "u8")
            bufs[name].tensormaps = list(bs["tensormaps"])
        elif "file" in bs:
            arr = gzcompat.np_load(os.path.join(d, bs["file"]))
            arr = np.ascontiguousarray(arr.astype(arr.dtype.newbyteorder("<")))
            bufs[name] = Buffer(name, b, arr, bs.get("dtype"))
        else:
            dtype = bs["dtype"]
            shape = [int(s) for s in bs["shape"]]
            arr = make_init(bs, dtype, shape, seed, b)
            bufs[name] = Buffer(name, b, np.ascontiguousarray(arr), dtype)
        if bufs[name].host.nbytes == 0:
            raise SpecError(f"buffer {name} is empty")
    return bufs


PTX_SIZES = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "bf16": 2,
             "b32": 4, "u32": 4, "s32": 4, "f32": 4, "b64": 8, "u64": 8, "s64": 8, "f64": 8}


def entry_params(ptx, kernel):
    m = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*\(", ptx)
    if not m:
        m2 = re.search(r"\.entry\s+" + re.escape(kernel) + r"\s*(\{|$)", ptx, re.M)
        if m2:
            return []
        raise SpecError(f"entry {kernel} not found in PTX")
    end = ptx.index(")", m.end())
    body = ptx[m.end():end]
    params = []
    for decl in body.split(","):
        toks = decl.split()
        if not toks:
            continue
        if toks[0] != ".param":
            raise SpecError(f"cannot parse param {decl.strip()!r}")
        align = None
        typ = None
        i = 1
        while i < len(toks):
            t = toks[i]
            if t == ".align" and typ is None:
                align = int(toks[i + 1])
                i += 2
                continue
            if t.startswith(".") and t[1:] in PTX_SIZES and typ is None:
                typ = t[1:]
            i += 1
        name = toks[-1]
        count = 1
        mm = re.match(r"(\w+)\[(\d+)\]$", name)
        if mm:
            name, count = mm.group(1), int(mm.group(2))
        if typ is None:
            raise SpecError(f"no type in param {decl.strip()!r}")
        size = PTX_SIZES[typ] * count
        params.append({"name": name, "type": typ, "size": size,
                       "align": align if align is not None else PTX_SIZES[typ]})
    return params


SCALARS = {"u8": "<B", "u16": "<H", "u32": "<I", "u64": "<Q", "s8": "<b", "s16": "<h",
           "s32": "<i", "s64": "<q", "f32": "<f", "f64": "<d", "f16": None, "bf16": None}


def scalar_bytes(typ, value):
    size = {"u8": 1, "s8": 1, "u16": 2, "s16": 2, "f16": 2, "bf16": 2, "u32": 4, "s32": 4,
            "f32": 4, "u64": 8, "s64": 8, "f64": 8}[typ]
    if isinstance(value, str) and value.lower().startswith("0x"):
        return (int(value, 16) & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
    if typ[0] in "us":
        return (int(value) & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
    v = float(value)   # accepts "inf", "-inf", "nan" and yaml floats
    if typ == "f32":
        return struct.pack("<f", v)
    if typ == "f64":
        return struct.pack("<d", v)
    if typ == "f16":
        return np.array([v], dtype=np.float64).astype("<f2").tobytes()
    return round_small(np.array([v]), "bf16").tobytes()


def tmap_bytes(maps, name):
    if maps is None or name not in maps:
        raise SpecError(f"unknown tensormap {name!r}")
    return bytes(maps[name])


def pack_params(spec, ptx, addrs, maps=None):
    """addrs: buffer name -> device address (int); maps: tensormap name -> 128 encoded bytes.
    Returns (bytes, layout)."""
    plist = entry_params(ptx, spec["kernel"])
    sp = spec["params"] or []
    if len(plist) != len(sp):
        raise SpecError(f"kernel {spec['kernel']} has {len(plist)} params, spec gives {len(sp)}")
    blob = bytearray()
    layout = []
    for p, s in zip(plist, sp):
        if len(s) == 1 and "buffer" in s:
            data = int(addrs[s["buffer"]]).to_bytes(8, "little")
        elif len(s) == 1 and "tensormap" in s:
            data = tmap_bytes(maps, s["tensormap"])
        elif "bytes" in s:
            n = int(s["bytes"])
            data = bytearray(bytes.fromhex(s["hex"]) if "hex" in s else bytes(n))
            if len(data) != n:
                raise SpecError(f"param {p['name']}: hex is {len(data)} bytes, bytes: {s['bytes']}")
            for fld in s.get("fields", []) or []:
                fld = dict(fld)
                off = int(fld.pop("offset"))
                if len(fld) != 1:
                    raise SpecError(f"param {p['name']}: field at {off} needs exactly one value key")
                (typ, value), = fld.items()
                if typ == "tensormap":
                    fb = tmap_bytes(maps, value)
                elif typ == "buffer":
                    fb = int(addrs[value]).to_bytes(8, "little")
                else:
                    fb = scalar_bytes(typ, value)
                if off < 0 or off + len(fb) > n:
                    raise SpecError(f"param {p['name']}: field {typ} at {off} does not fit in {n} bytes")
                data[off:off + len(fb)] = fb
            data = bytes(data)
        else:
            (typ, value), = s.items()
            data = scalar_bytes(typ, value)
        if len(data) != p["size"]:
            raise SpecError(f"param {p['name']} is {p['size']} bytes in the PTX, spec gives {len(data)}")
        off = (len(blob) + p["align"] - 1) // p["align"] * p["align"]
        blob.extend(b"\0" * (off - len(blob)))
        blob.extend(data)
        layout.append({"name": p["name"], "offset": off, "size": p["size"], "align": p["align"]})
    return bytes(blob), layout


# ---------------------------------------------------------------- tensor maps
# Enum values of cuda.h (CUDA 12/13), all sequential from 0. record_all.sh checks them
# against the device's cuda.h (tools/record/tmap_enums.c) and exports the result as
# TMAP_ENUMS_JSON; a mismatch is an error.
TMAP_DTYPE = {"u8": 0, "u16": 1, "u32": 2, "s32": 3, "u64": 4, "s64": 5, "f16": 6, "f32": 7,
              "f64": 8, "bf16": 9, "f32_ftz": 10, "tf32": 11, "tf32_ftz": 12}
TMAP_ESIZE = {"u8": 1, "u16": 2, "u32": 4, "s32": 4, "u64": 8, "s64": 8, "f16": 2, "f32": 4,
              "f64": 8, "bf16": 2, "f32_ftz": 4, "tf32": 4, "tf32_ftz": 4}
TMAP_INTERLEAVE = {"none": 0, "16B": 1, "32B": 2}
TMAP_SWIZZLE = {"none": 0, "32B": 1, "64B": 2, "128B": 3}
TMAP_L2 = {"none": 0, "64B": 1, "128B": 2, "256B": 3}
TMAP_OOB = {"zero": 0, "nan": 1}     # nan = CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
TMAP_KEYS = ("buffer", "dtype", "dims", "strides", "box", "element_strides", "interleave",
             "swizzle", "l2_promotion", "oob_fill",
             # im2col maps (cuTensorMapEncodeIm2col): mode: im2col and its four arguments
             "mode", "pixel_box_lower", "pixel_box_upper", "channels_per_pixel", "pixels_per_column")
IM2COL_KEYS = ("pixel_box_lower", "pixel_box_upper", "channels_per_pixel", "pixels_per_column")


def check_tmap_enums():
    """Compare the tables above with the device's cuda.h values (TMAP_ENUMS_JSON), if given."""
    path = os.environ.get("TMAP_ENUMS_JSON")
    if not path or not os.path.exists(path):
        return
    with open(path) as f:
        dev = json.load(f)
    ours = {"dtype": TMAP_DTYPE, "interleave": TMAP_INTERLEAVE, "swizzle": TMAP_SWIZZLE,
            "l2_promotion": TMAP_L2, "oob_fill": TMAP_OOB}
    for group, table in ours.items():
        for k, v in table.items():
            if dev.get(group, {}).get(k, v) != v:
                raise SpecError(f"tensor map enum {group}.{k}: recorder has {v}, cuda.h has {dev[group][k]}")


def tensormap_specs(spec):
    """Validate `tensormaps:` and fill defaults. Returns {name: dict} in spec order."""
    out = {}
    for name, t in (spec.get("tensormaps") or {}).items():
        for k in t:
            if k not in TMAP_KEYS:
                raise SpecError(f"tensormap {name}: unknown key {k!r}")
        im2col = str(t.get("mode", "tiled")) == "im2col"
        if str(t.get("mode", "tiled")) not in ("tiled", "im2col"):
            raise SpecError(f"tensormap {name}: unknown mode {t['mode']!r} (tiled or im2col)")
        for k in ("buffer", "dtype", "dims") + (IM2COL_KEYS if im2col else ("box",)):
            if k not in t:
                raise SpecError(f"tensormap {name}: missing {k}")
        for k in (("box",) if im2col else IM2COL_KEYS):
            if k in t:
                raise SpecError(f"tensormap {name}: {k} belongs to " + ("tiled" if im2col else "im2col") + " maps")
        if t["dtype"] not in TMAP_DTYPE:
            raise SpecError(f"tensormap {name}: unknown dtype {t['dtype']!r}")
        rank = len(t["dims"])
        m = {
            "buffer": t["buffer"], "dtype": t["dtype"], "rank": rank,
            "dims": [int(x) for x in t["dims"]],
            "strides": [int(x) for x in t.get("strides", [])],
            "box": [int(x) for x in t["box"]] if not im2col else [1] * len(t["dims"]),
            "mode": "im2col" if im2col else "tiled",
            "element_strides": [int(x) for x in t.get("element_strides", [1] * rank)],
            "interleave": str(t.get("interleave", "none")), "swizzle": str(t.get("swizzle", "none")),
            "l2_promotion": str(t.get("l2_promotion", "none")), "oob_fill": str(t.get("oob_fill", "zero")),
        }
        if not 1 <= rank <= 5 or len(m["strides"]) != rank - 1 or len(m["box"]) != rank \
                or len(m["element_strides"]) != rank:
            raise SpecError(f"tensormap {name}: rank {rank} needs {rank - 1} strides, {rank} box and element_strides")
        if im2col:
            m["pixel_box_lower"] = [int(x) for x in t["pixel_box_lower"]]
            m["pixel_box_upper"] = [int(x) for x in t["pixel_box_upper"]]
            m["channels_per_pixel"] = int(t["channels_per_pixel"])
            m["pixels_per_column"] = int(t["pixels_per_column"])
            if not 3 <= rank <= 5 or len(m["pixel_box_lower"]) != rank - 2 or len(m["pixel_box_upper"]) != rank - 2:
                raise SpecError(f"tensormap {name}: an im2col map has rank 3..5 and rank-2 pixel box corners")
        for k, table in (("interleave", TMAP_INTERLEAVE), ("swizzle", TMAP_SWIZZLE),
                         ("l2_promotion", TMAP_L2), ("oob_fill", TMAP_OOB)):
            if m[k] not in table:
                raise SpecError(f"tensormap {name}: unknown {k} {m[k]!r}")
        m["enums"] = {"dtype": TMAP_DTYPE[m["dtype"]], "interleave": TMAP_INTERLEAVE[m["interleave"]],
                      "swizzle": TMAP_SWIZZLE[m["swizzle"]], "l2_promotion": TMAP_L2[m["l2_promotion"]],
                      "oob_fill": TMAP_OOB[m["oob_fill"]]}
        if m["buffer"] not in spec["buffers"]:
            raise SpecError(f"tensormap {name}: unknown buffer {m['buffer']!r}")
        out[name] = m
    for bname, bs in spec["buffers"].items():
        for tn in bs.get("tensormaps", []) or []:
            if tn not in out:
                raise SpecError(f"buffer {bname}: unknown tensormap {tn!r}")
    return out


def encode_tensormaps(cuda, spec, addrs):
    """cuTensorMapEncodeTiled for each map of the spec; returns {name: 128 bytes}."""
    maps = {}
    for name, m in tensormap_specs(spec).items():
        if m["mode"] == "im2col":
            maps[name] = cuda.encode_im2col(m, addrs[m["buffer"]], name)
        else:
            maps[name] = cuda.encode_tiled(m, addrs[m["buffer"]], name)
    return maps


# ---------------------------------------------------------------- CUDA driver
class CudaError(Exception):
    pass


class Cuda:
    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        L = self.lib
        L.cuGetErrorName.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        self.check(L.cuInit(0), "cuInit")
        dev = ctypes.c_int()
        self.check(L.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
        self.dev = dev
        ctx = ctypes.c_void_p()
        self.check(L.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
        self.check(L.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        self.ctx = ctx
        L.cuMemAlloc_v2.argtypes = [ctypes.POINTER(ctypes.c_uint64), ctypes.c_size_t]
        L.cuMemFree_v2.argtypes = [ctypes.c_uint64]
        L.cuMemcpyHtoD_v2.argtypes = [ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t]
        L.cuMemcpyDtoH_v2.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_size_t]
        L.cuModuleLoadDataEx.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p,
                                         ctypes.c_uint, ctypes.POINTER(ctypes.c_int),
                                         ctypes.POINTER(ctypes.c_void_p)]
        L.cuModuleGetFunction.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p,
                                          ctypes.c_char_p]
        L.cuModuleUnload.argtypes = [ctypes.c_void_p]
        L.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [
            ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]
        L.cuFuncGetAttribute.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_void_p]
        L.cuFuncSetAttribute.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]

    def check(self, err, what):
        if err != 0:
            name = ctypes.c_char_p()
            self.lib.cuGetErrorName(err, ctypes.byref(name))
            raise CudaError(f"{what} failed: {err} {name.value.decode() if name.value else ''}")

    def info(self):
        L = self.lib
        buf = ctypes.create_string_buffer(256)
        self.check(L.cuDeviceGetName(buf, 256, self.dev), "cuDeviceGetName")
        ver = ctypes.c_int()
        self.check(L.cuDriverGetVersion(ctypes.byref(ver)), "cuDriverGetVersion")
        attrs = {}
        for name, code in (("clock_rate_khz", 13), ("memory_clock_rate_khz", 36),
                           ("multiprocessor_count", 16), ("cc_major", 75), ("cc_minor", 76),
                           ("l2_cache_bytes", 38), ("max_shared_per_block_optin", 97),
                           ("max_shared_per_sm", 81)):
            v = ctypes.c_int()
            if L.cuDeviceGetAttribute(ctypes.byref(v), code, self.dev) == 0:
                attrs[name] = v.value
        return {"gpu": buf.value.decode(), "cuda_driver_api": f"{ver.value // 1000}.{ver.value % 1000 // 10}",
                "cuda_driver_api_int": ver.value, "device_attributes": attrs}

    def load(self, ptx, kernel):
        L = self.lib
        n = 8192
        info = ctypes.create_string_buffer(n)
        err = ctypes.create_string_buffer(n)
        opts = (ctypes.c_int * 5)(3, 4, 5, 6, 12)
        vals = (ctypes.c_void_p * 5)(ctypes.cast(info, ctypes.c_void_p).value, n,
                                     ctypes.cast(err, ctypes.c_void_p).value, n, 1)
        mod = ctypes.c_void_p()
        rc = L.cuModuleLoadDataEx(ctypes.byref(mod), ptx.encode() + b"\0", 5, opts, vals)
        jit = {"info": info.value.decode(errors="replace"), "error": err.value.decode(errors="replace")}
        if rc != 0:
            print("JIT error log:\n" + jit["error"] + "\nJIT info log:\n" + jit["info"], file=sys.stderr)
            self.check(rc, "cuModuleLoadDataEx")
        fn = ctypes.c_void_p()
        self.check(L.cuModuleGetFunction(ctypes.byref(fn), mod, kernel.encode()), "cuModuleGetFunction")
        attrs = {}
        for name, code in (("max_threads_per_block", 0), ("shared_size_bytes", 1),
                           ("const_size_bytes", 2), ("local_size_bytes", 3), ("num_regs", 4),
                           ("ptx_version", 5), ("binary_version", 6)):
            v = ctypes.c_int()
            if L.cuFuncGetAttribute(ctypes.byref(v), code, fn) == 0:
                attrs[name] = v.value
        return mod, fn, jit, attrs

    def encode_tiled(self, m, addr, name):
        """cuTensorMapEncodeTiled with the arguments of tensormap spec m; returns 128 bytes."""
        L = self.lib
        fn = L.cuTensorMapEncodeTiled
        fn.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32, ctypes.c_void_p,
                       ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64),
                       ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_uint32),
                       ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
        raw = ctypes.create_string_buffer(128 + 64)
        base = ctypes.addressof(raw)
        aligned = (base + 63) // 64 * 64
        r = m["rank"]
        dims = (ctypes.c_uint64 * r)(*m["dims"])
        strides = (ctypes.c_uint64 * max(r - 1, 1))(*(m["strides"] or [0]))
        box = (ctypes.c_uint32 * r)(*m["box"])
        es = (ctypes.c_uint32 * r)(*m["element_strides"])
        e = m["enums"]
        rc = fn(ctypes.c_void_p(aligned), e["dtype"], r, ctypes.c_void_p(addr), dims, strides, box, es,
                e["interleave"], e["swizzle"], e["l2_promotion"], e["oob_fill"])
        self.check(rc, f"cuTensorMapEncodeTiled({name})")
        return ctypes.string_at(aligned, 128)

    def encode_im2col(self, m, addr, name):
        """cuTensorMapEncodeIm2col with the arguments of tensormap spec m; returns 128 bytes."""
        L = self.lib
        fn = L.cuTensorMapEncodeIm2col
        fn.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32, ctypes.c_void_p,
                       ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64),
                       ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                       ctypes.c_uint32, ctypes.c_uint32, ctypes.POINTER(ctypes.c_uint32),
                       ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
        raw = ctypes.create_string_buffer(128 + 64)
        aligned = (ctypes.addressof(raw) + 63) // 64 * 64
        r = m["rank"]
        dims = (ctypes.c_uint64 * r)(*m["dims"])
        strides = (ctypes.c_uint64 * max(r - 1, 1))(*(m["strides"] or [0]))
        lo = (ctypes.c_int * max(r - 2, 1))(*m["pixel_box_lower"])
        hi = (ctypes.c_int * max(r - 2, 1))(*m["pixel_box_upper"])
        es = (ctypes.c_uint32 * r)(*m["element_strides"])
        e = m["enums"]
        rc = fn(ctypes.c_void_p(aligned), e["dtype"], r, ctypes.c_void_p(addr), dims, strides, lo, hi,
                m["channels_per_pixel"], m["pixels_per_column"], es,
                e["interleave"], e["swizzle"], e["l2_promotion"], e["oob_fill"])
        self.check(rc, f"cuTensorMapEncodeIm2col({name})")
        return ctypes.string_at(aligned, 128)

    def alloc(self, nbytes):
        p = ctypes.c_uint64()
        self.check(self.lib.cuMemAlloc_v2(ctypes.byref(p), max(nbytes, 1)), "cuMemAlloc")
        return p.value

    def free(self, p):
        self.check(self.lib.cuMemFree_v2(p), "cuMemFree")

    def htod(self, p, arr):
        self.check(self.lib.cuMemcpyHtoD_v2(p, arr.ctypes.data, arr.nbytes), "cuMemcpyHtoD")

    def dtoh(self, arr, p):
        self.check(self.lib.cuMemcpyDtoH_v2(arr.ctypes.data, p, arr.nbytes), "cuMemcpyDtoH")

    def launch(self, fn, grid, block, shared, blob, layout=None, mode="extra", cluster=None, non_portable=False):
        """mode "extra": the packed block through CU_LAUNCH_PARAM_BUFFER_POINTER (the default);
        mode "params": kernelParams, one pointer per parameter (its bytes cut from the block by layout).
        cluster [x, y, z]: cuLaunchKernelEx with CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION (kernelParams);
        non_portable sets CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED (sizes 9..16)."""
        L = self.lib
        if shared > 48 * 1024:
            self.check(L.cuFuncSetAttribute(fn, 8, shared), "cuFuncSetAttribute(max dynamic smem)")
        if cluster is not None:
            if non_portable:
                self.check(L.cuFuncSetAttribute(fn, 14, 1), "cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED)")
            keep = []
            ptrs = (ctypes.c_void_p * max(len(layout), 1))()
            for i, p in enumerate(layout):
                raw = ctypes.create_string_buffer(p["size"] + 128)
                base = (ctypes.addressof(raw) + 127) // 128 * 128
                ctypes.memmove(base, blob[p["offset"]:p["offset"] + p["size"]], p["size"])
                keep.append(raw)
                ptrs[i] = base
            attr = LaunchAttr()
            attr.id = 4     # CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
            attr.cluster = (ctypes.c_uint * 3)(*cluster)
            cfg = LaunchConfig(*grid, *block, shared, None, ctypes.pointer(attr), 1)
            L.cuLaunchKernelEx.argtypes = [ctypes.POINTER(LaunchConfig), ctypes.c_void_p, ctypes.c_void_p,
                                           ctypes.c_void_p]
            self.check(L.cuLaunchKernelEx(ctypes.byref(cfg), fn, ctypes.cast(ptrs, ctypes.c_void_p), None),
                       f"cuLaunchKernelEx(kernelParams, cluster {list(cluster)})")
            self.check(L.cuCtxSynchronize(), "cuCtxSynchronize (kernel execution)")
            return
        if mode == "params":
            keep = []
            ptrs = (ctypes.c_void_p * max(len(layout), 1))()
            for i, p in enumerate(layout):
                raw = ctypes.create_string_buffer(p["size"] + 128)
                base = (ctypes.addressof(raw) + 127) // 128 * 128
                ctypes.memmove(base, blob[p["offset"]:p["offset"] + p["size"]], p["size"])
                keep.append(raw)
                ptrs[i] = base
            self.check(L.cuLaunchKernel(fn, *grid, *block, shared, None, ctypes.cast(ptrs, ctypes.c_void_p), None),
                       "cuLaunchKernel(kernelParams)")
        else:
            pbuf = ctypes.create_string_buffer(blob, max(len(blob), 1))
            size = ctypes.c_size_t(len(blob))
            extra = (ctypes.c_void_p * 5)(1, ctypes.cast(pbuf, ctypes.c_void_p).value, 2,
                                          ctypes.cast(ctypes.byref(size), ctypes.c_void_p).value, 0)
            self.check(L.cuLaunchKernel(fn, *grid, *block, shared, None, None, extra), "cuLaunchKernel")
        self.check(L.cuCtxSynchronize(), "cuCtxSynchronize (kernel execution)")


class LaunchAttr(ctypes.Structure):
    """CUlaunchAttribute: id, pad to 8 bytes, a 64-byte value union (only clusterDim is used)."""
    _fields_ = [("id", ctypes.c_int), ("pad", ctypes.c_char * 4), ("cluster", ctypes.c_uint * 3),
                ("rest", ctypes.c_char * 52)]


class LaunchConfig(ctypes.Structure):
    """CUlaunchConfig."""
    _fields_ = [("gx", ctypes.c_uint), ("gy", ctypes.c_uint), ("gz", ctypes.c_uint),
                ("bx", ctypes.c_uint), ("by", ctypes.c_uint), ("bz", ctypes.c_uint),
                ("shared", ctypes.c_uint), ("stream", ctypes.c_void_p),
                ("attrs", ctypes.POINTER(LaunchAttr)), ("nattrs", ctypes.c_uint)]


def dims(v):
    v = list(v) + [1] * (3 - len(v))
    return [int(x) for x in v[:3]]


def has_tensormap_params(spec):
    for p in spec.get("params") or []:
        if "tensormap" in p or any("tensormap" in f for f in p.get("fields", []) or []):
            return True
    return False


def launch_mode(spec):
    """RECORD_LAUNCH=extra|params, else "params" (kernelParams) for kernels that take a tensor map by
    value, else "extra" (the packed buffer). On the H200 (driver 580) a __grid_constant__ CUtensorMap
    passed through CU_LAUNCH_PARAM_BUFFER_POINTER makes the first TMA instruction raise
    CUDA_ERROR_ILLEGAL_INSTRUCTION, while the same bytes through kernelParams work."""
    if "cluster" in spec:
        return "cluster"    # cuLaunchKernelEx, kernelParams
    m = os.environ.get("RECORD_LAUNCH")
    if m:
        return m
    return "params" if has_tensormap_params(spec) else "extra"


def run_once(cuda, d, spec, fn, bufs, record=None, mode="extra"):
    """Launch on fresh buffers; return {output name: host array}. record (a dict), if given,
    receives the encoded tensor maps of this launch."""
    addrs = {}
    done = False
    try:
        for name, b in bufs.items():
            addrs[name] = cuda.alloc(b.host.nbytes)
            cuda.htod(addrs[name], b.host)
        maps = encode_tensormaps(cuda, spec, addrs)
        for name, b in bufs.items():
            if b.tensormaps:
                blob_maps = np.frombuffer(b"".join(maps[t] for t in b.tensormaps), dtype=np.uint8).copy()
                cuda.htod(addrs[name], blob_maps)
        ptx = gzcompat.read_text(os.path.join(d, "kernel.ptx"))
        blob, layout = pack_params(spec, ptx, addrs, maps)
        if os.environ.get("RECORD_PRINT_MAPS"):
            for n, mb in maps.items():
                print(f"  map {n} @buffer {hex(addrs[tensormap_specs(spec)[n]['buffer']])}: {mb.hex()}", flush=True)
        if record is not None:
            record["tensormaps"] = {n: {"encoded_hex": maps[n].hex(),
                                        "global_address": hex(addrs[m["buffer"]])}
                                    for n, m in tensormap_specs(spec).items()}
        cl = dims(spec["cluster"]) if "cluster" in spec else None
        cuda.launch(fn, dims(spec["grid"]), dims(spec["block"]), int(spec.get("shared_bytes", 0)), blob,
                    layout, mode, cl, bool(spec.get("non_portable_cluster", False)))
        outs = {}
        for name in spec["outputs"]:
            h = np.empty_like(bufs[name].host)
            cuda.dtoh(h, addrs[name])
            outs[name] = h
        done = True
        return outs, layout
    finally:
        for p in addrs.values():
            try:
                cuda.free(p)
            except CudaError:
                if done:        # do not hide the launch error behind the free error
                    raise


def sha256_of(arr):
    return hashlib.sha256(np.ascontiguousarray(arr).tobytes(order="C")).hexdigest()


def save_output(d, name, arr, dtype):
    g = os.path.join(d, "gpu")
    os.makedirs(g, exist_ok=True)
    for fn in (f"{name}.npy", f"{name}.meta.json", f"{name}.sample.npy"):
        gzcompat.remove_both(os.path.join(g, fn))
    full = os.environ.get("RECORD_FULL_DIR")   # also keep whole large outputs there (for checks)
    if full and arr.nbytes > BIG_OUTPUT_BYTES:
        os.makedirs(full, exist_ok=True)
        np.save(os.path.join(full, f"{os.path.basename(os.path.normpath(d))}.{name}.npy"), arr)
    if arr.nbytes <= BIG_OUTPUT_BYTES:
        np.save(os.path.join(g, f"{name}.npy"), arr)
        return {"file": f"gpu/{name}.npy", "bytes": arr.nbytes}
    flat = arr.reshape(-1)
    s = flat.size // SAMPLE_COUNT
    sample = np.ascontiguousarray(flat[0:s * SAMPLE_COUNT:s])
    meta = {"sha256": sha256_of(arr), "dtype": dtype or str(arr.dtype), "shape": list(arr.shape),
            "stride": s, "count": SAMPLE_COUNT}
    # per-block hashes (first 16 hex digits of each 64-KiB block's sha256) locate a difference
    raw = np.ascontiguousarray(arr).tobytes(order="C")
    meta["block_bytes"] = BLOCK_BYTES
    meta["block_sha256"] = [hashlib.sha256(raw[i:i + BLOCK_BYTES]).hexdigest()[:16]
                            for i in range(0, len(raw), BLOCK_BYTES)]
    with open(os.path.join(g, f"{name}.meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")
    np.save(os.path.join(g, f"{name}.sample.npy"), sample)
    return {"file": f"gpu/{name}.meta.json", "bytes": arr.nbytes, "sha256": meta["sha256"]}


def update_ignore(d, spec, diffs):
    """Add differing flat indices to compare.<out>.ignore in launch.yaml."""
    path = os.path.join(d, "launch.yaml")
    text = gzcompat.read_text(path)   # loose or bundled; written back loose (a loose file wins)
    comp = spec.get("compare") or {}
    for out, idx in diffs.items():
        c = comp.get(out) or {}
        if c.get("ignore") == "all":
            continue
        old = set(int(i) for i in c.get("ignore", []))
        new = sorted(old | set(int(i) for i in idx))
        n = int(np.prod(spec["buffers"][out].get("shape", [0])))
        c["ignore"] = "all" if n and new == list(range(n)) else new
        comp[out] = c
    # rewrite the compare block at the end of the file, keeping the rest as written
    lines = text.splitlines()
    keep = []
    skipping = False
    for ln in lines:
        if ln.startswith("# compare.*.ignore:"):
            continue
        if re.match(r"^compare\s*:", ln):
            skipping = True
            continue
        if skipping and (ln.startswith(" ") or ln.startswith("\t") or not ln.strip()):
            continue
        skipping = False
        keep.append(ln)
    block = yaml.safe_dump({"compare": comp}, default_flow_style=None, sort_keys=False, width=100000)
    with open(path, "w") as f:
        f.write("\n".join(keep).rstrip("\n") + "\n")
        f.write("# compare.*.ignore: flat indices that differed between two hardware runs (added by tools/record/record.py)\n")
        f.write(block)


def cmd_run(args):
    check_tmap_enums()
    cuda = Cuda()
    dev = cuda.info()
    ok_all = True
    for d in args.dirs:
        d = d.rstrip("/")
        name = os.path.basename(d)
        status = {"dir": name}
        try:
            spec = load_spec(d)
            bufs = build_buffers(d, spec)
            ptx = gzcompat.read_text(os.path.join(d, "kernel.ptx"))
            mod, fn, jit, fattrs = cuda.load(ptx, spec["kernel"])
            tm_rec = {}
            mode = launch_mode(spec)
            r1, layout = run_once(cuda, d, spec, fn, bufs, tm_rec, mode)
            r2, _ = run_once(cuda, d, spec, fn, bufs, None, mode)
            diffs = {}
            outputs = {}
            for out in spec["outputs"]:
                a, b = r1[out], r2[out]
                av = a.reshape(-1).view(np.uint8).reshape(a.size, a.dtype.itemsize)
                bv = b.reshape(-1).view(np.uint8).reshape(b.size, b.dtype.itemsize)
                ne = np.nonzero((av != bv).any(axis=1))[0]
                if ne.size:
                    diffs[out] = ne.tolist()
                    print(f"[{name}] output {out}: {ne.size} elements differ between runs "
                          f"(first {ne[:10].tolist()}); added to compare.{out}.ignore", flush=True)
                outputs[out] = save_output(d, out, a, spec["buffers"][out].get("dtype"))
                outputs[out]["nonzero_elements"] = int(np.count_nonzero(av.any(axis=1)))
                outputs[out]["differing_elements"] = int(ne.size)
            if diffs:
                update_ignore(d, spec, diffs)
            inputs = {}
            for bname, b in bufs.items():
                if b.tensormaps:
                    inputs[bname] = {"bytes": b.host.nbytes, "tensormaps": b.tensormaps,
                                     "note": "encoded tensor maps, written at launch (process-dependent)"}
                    continue
                inputs[bname] = {"sha256": sha256_of(b.host), "bytes": b.host.nbytes,
                                 "first_bits": [hex(int(x)) for x in
                                                b.host.reshape(-1)[:4].view(
                                                    np.dtype(f"<u{b.host.dtype.itemsize}"))]}
            cuda.lib.cuModuleUnload(mod)
            prov_path = os.path.join(d, "provenance.json")
            prov = {}   # a new recording replaces the old provenance entirely
            prov.update({
                "gpu": dev["gpu"], "cuda_driver_api": dev["cuda_driver_api"],
                "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "runs": 2, "runs_equal": not diffs,
                "differing_elements": {k: len(v) for k, v in diffs.items()},
                "outputs": outputs, "inputs": inputs, "param_layout": layout,
                "func_attributes": fattrs, "device_attributes": dev["device_attributes"],
            })
            if mode != "extra":
                prov["launch_mode"] = mode
            tms = tensormap_specs(spec)
            if tms:
                prov["tensormaps"] = {}
                for tn, m in tms.items():
                    ent = {k: m[k] for k in ("buffer", "dtype", "rank", "dims", "strides", "box",
                                             "element_strides", "interleave", "swizzle",
                                             "l2_promotion", "oob_fill")}
                    if m["mode"] == "im2col":
                        del ent["box"]
                        for k in IM2COL_KEYS:
                            ent[k] = m[k]
                        ent["mode"] = "im2col"
                        ent["cuTensorMapEncodeIm2col_enums"] = m["enums"]
                    else:
                        ent["cuTensorMapEncodeTiled_enums"] = m["enums"]
                    ent.update(tm_rec.get("tensormaps", {}).get(tn, {}))
                    ent["note"] = "encoded_hex is the driver's opaque encoding for the first run (it holds global_address)"
                    prov["tensormaps"][tn] = ent
            raw = prov.setdefault("raw", {})
            raw["jit_info_log"] = jit["info"][:4000]
            cmds = prov.setdefault("commands", [])
            c = f"python3 tools/record/record.py run validation/testdata/{name}"
            if c not in cmds:
                cmds.append(c)
            gzcompat.remove_both(prov_path)  # no stale provenance.json.gz next to the new file
            with open(prov_path, "w") as f:
                json.dump(prov, f, indent=1)
                f.write("\n")
            status.update(ok=True, equal=not diffs)
            print(f"[{name}] ok: runs equal={not diffs}; outputs " +
                  ", ".join(f"{k}={v['bytes']}B" for k, v in outputs.items()), flush=True)
        except Exception as e:  # keep going with the other kernels
            ok_all = False
            status.update(ok=False, error=f"{type(e).__name__}: {e}")
            print(f"[{name}] FAILED: {type(e).__name__}: {e}", flush=True)
            if args.status_dir:
                with open(os.path.join(args.status_dir, f"{name}.run_error.txt"), "w") as f:
                    f.write(status["error"] + "\n")
    return 0 if ok_all else 1


def cmd_once(args):
    check_tmap_enums()
    cuda = Cuda()
    rc = 0
    for d in args.dirs:
        d = d.rstrip("/")
        try:
            spec = load_spec(d)
            bufs = build_buffers(d, spec)
            ptx = gzcompat.read_text(os.path.join(d, "kernel.ptx"))
            mod, fn, _, _ = cuda.load(ptx, spec["kernel"])
            run_once(cuda, d, spec, fn, bufs, None, launch_mode(spec))
            cuda.lib.cuModuleUnload(mod)
        except Exception as e:
            rc = 1
            print(f"[once {os.path.basename(d)}] FAILED: {e}", file=sys.stderr, flush=True)
    return rc


def cmd_dry(args):
    for d in args.dirs:
        spec = load_spec(d)
        bufs = build_buffers(d, spec)
        ptx_path = os.path.join(d, "kernel.ptx")
        print(f"== {d}: kernel {spec['kernel']} grid {dims(spec['grid'])} block {dims(spec['block'])}")
        total = 0
        for name, b in bufs.items():
            total += b.host.nbytes
            print(f"  buffer {b.index} {name}: {b.host.dtype} {b.host.shape} sha256 {sha256_of(b.host)[:16]} "
                  f"first {b.host.reshape(-1)[:4].tolist()}")
        print(f"  total buffer bytes {total}")
        if gzcompat.exists(ptx_path):
            ptx = gzcompat.read_text(ptx_path)  # or kernel.ptx.gz
            fake = {n: 0x7F0000000000 + 0x100000 * i for i, n in enumerate(bufs)}
            tms = tensormap_specs(spec)
            fmaps = {n: bytes([0xA0 + i]) * 128 for i, n in enumerate(tms)}
            for n, m in tms.items():
                print(f"  tensormap {n}: {m}")
            blob, layout = pack_params(spec, ptx, fake, fmaps)
            print(f"  params {len(blob)} bytes: {blob.hex()}")
            for l in layout:
                print(f"    {l}")
    return 0


# ---------------------------------------------------------------- finalize
def parse_ncu_csv(path):
    """Return list of (kernel name, {metric: value}) in launch order, plus the raw text."""
    with open(path, errors="replace") as f:
        text = f.read()
    lines = [ln for ln in text.splitlines() if ln.startswith('"')]
    if not lines:
        return [], text
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    header = rows[0]
    try:
        i_id = header.index("ID")
        i_k = header.index("Kernel Name")
        i_m = header.index("Metric Name")
        i_v = header.index("Metric Value")
    except ValueError:
        return [], text
    order = []
    by_id = {}
    for r in rows[1:]:
        if len(r) <= max(i_id, i_k, i_m, i_v) or r[0] == "ID":
            continue
        key = r[i_id]
        if key not in by_id:
            by_id[key] = (r[i_k], {})
            order.append(key)
        v = r[i_v].replace(",", "")
        try:
            num = float(v)
            if num.is_integer() and "." not in v and "e" not in v.lower():
                num = int(v)
        except ValueError:
            num = r[i_v]
        by_id[key][1][r[i_m]] = num
    return [by_id[k] for k in order], text


def read(path, limit=None):
    try:
        with open(path, errors="replace") as f:
            t = f.read()
    except OSError:
        return None
    if limit and len(t) > limit:
        t = t[:limit] + f"\n... [trimmed, {len(t)} chars in all]\n"
    return t


def cmd_finalize(args):
    b = args.build
    env = {k: read(os.path.join(b, "env", k + ".txt")) for k in
           ("nvcc_version", "ncu_version", "nvidia_smi_q", "nvidia_smi_csv", "ptxas_version",
            "ncu_metrics_used", "ncu_metrics_dropped", "uname")}
    smi = (env["nvidia_smi_csv"] or "").strip().splitlines()
    smi_vals = [s.strip() for s in smi[-1].split(",")] if smi else []
    # name, driver_version, clocks.sm, clocks.mem, clocks.max.sm, clocks.max.mem
    driver = smi_vals[1] if len(smi_vals) > 1 else None

    def mhz(i):
        try:
            return int(smi_vals[i].split()[0])
        except (IndexError, ValueError):
            return None

    ncu_rows, ncu_text = parse_ncu_csv(args.ncu_csv) if args.ncu_csv and os.path.exists(args.ncu_csv) else ([], "")
    ncu_version = (env["ncu_version"] or "").strip().splitlines()
    ncu_version = ncu_version[-1] if ncu_version else "ncu (unknown version)"
    used = [m for m in (env["ncu_metrics_used"] or "").split() if m]
    dropped = [m for m in (env["ncu_metrics_dropped"] or "").split() if m]
    ncu_err = read(os.path.join(b, "env", "ncu_error.txt"))
    per_kernel_csv = {}
    summary = []
    for d in args.dirs:
        d = d.rstrip("/")
        name = os.path.basename(d)
        spec = load_spec(d)
        kb = os.path.join(b, name)
        prov_path = os.path.join(d, "provenance.json")
        prov = {}
        if gzcompat.exists(prov_path):
            prov = json.loads(gzcompat.read_text(prov_path))
        raw = prov.setdefault("raw", {})
        prov["gpu"] = prov.get("gpu") or (smi_vals[0] if smi_vals else None)
        prov["driver"] = driver
        prov["nvcc"] = (env["nvcc_version"] or "").strip()
        prov["sm_clock_mhz"] = mhz(2)
        prov["mem_clock_mhz"] = mhz(3)
        prov["max_sm_clock_mhz"] = mhz(4)
        prov["max_mem_clock_mhz"] = mhz(5)
        prov["clock_note"] = "clocks read with nvidia-smi right after the recording runs; no clock control"
        prov.setdefault("runs", 2)
        cmds = [c for c in (read(os.path.join(kb, "commands.txt")) or "").splitlines() if c.strip()]
        for c in prov.get("commands", []):
            if c not in cmds:
                cmds.append(c)
        if args.ncu_cmd:
            cmds.append(args.ncu_cmd)
        prov["commands"] = list(dict.fromkeys(cmds))
        raw["nvidia_smi_q"] = env["nvidia_smi_q"]
        raw["nvidia_smi_csv"] = env["nvidia_smi_csv"]
        raw["nvcc_version"] = env["nvcc_version"]
        raw["ptxas_version"] = env["ptxas_version"]
        raw["nvcc_log"] = read(os.path.join(kb, "nvcc.log"), 8000)
        pv = read(os.path.join(kb, "ptxas.log"), 8000)
        raw["ptxas_v"] = pv
        raw["sass"] = read(os.path.join(kb, "sass.txt"), args.sass_limit)
        # counters
        rows = [r for r in ncu_rows if r[0] == spec["kernel"] or r[0].startswith(spec["kernel"] + "(")]
        counters = {"tool": ncu_version, "clock_control": "none", "kernel": spec["kernel"],
                    "metrics": {}, "error": None}
        if rows:
            counters["metrics"] = rows[0][1]
            if len(rows) > 1:
                counters["note"] = f"{len(rows)} profiled launches matched; the first is recorded"
        else:
            counters["error"] = (ncu_err.strip() if ncu_err else "no ncu result for this kernel") \
                if ncu_err or not ncu_rows else "no ncu result for this kernel"
        if dropped:
            counters["unavailable_metrics"] = dropped
        with open(os.path.join(d, "counters.json"), "w") as f:
            json.dump(counters, f, indent=1)
            f.write("\n")
        k_lines = [ln for ln in ncu_text.splitlines()
                   if ln.startswith('"ID"') or f'"{spec["kernel"]}' in ln]
        raw["ncu_csv"] = "\n".join(k_lines)[:20000] if k_lines else None
        gzcompat.remove_both(prov_path)  # no stale provenance.json.gz next to the new file
        with open(prov_path, "w") as f:
            json.dump(prov, f, indent=1)
            f.write("\n")
        m = counters["metrics"]
        summary.append((name, ",".join(f"{k}:{v.get('bytes')}" for k, v in prov.get("outputs", {}).items()) or "-",
                        prov.get("runs_equal"), counters["error"] is None,
                        m.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "-"),
                        m.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "-"),
                        m.get("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "-"),
                        "stack" if pv and re.search(r"[1-9]\d* bytes stack frame", pv) else ""))
    print()
    print(f"{'kernel':24} {'outputs (bytes)':40} {'equal':6} {'ncu':4} {'smem_ld_wf':>10} {'smem_st_wf':>10} {'ld_conf':>8}")
    for s in summary:
        print(f"{s[0]:24} {s[1][:40]:40} {str(s[2]):6} {('ok' if s[3] else 'no'):4} {str(s[4]):>10} {str(s[5]):>10} {str(s[6]):>8} {s[7]}")
    return 0


def cmd_vectors(args):
    print("splitmix64(0) =", hex(splitmix64_int(0)))
    for seed, b in ((0, 0), (1, 0), (1, 1), (7, 3)):
        kb = splitmix64_int(splitmix64_int(seed) ^ b)
        r = random_stream(seed, b, 4)
        print(f"seed={seed} b={b}: kb={kb:#018x} r[0..3]=" + " ".join(f"{int(x):#018x}" for x in r))
    for dt, kw in (("f32", {}), ("f16", {"low": -1, "high": 1}), ("bf16", {"low": -1, "high": 1}),
                   ("e4m3", {"low": -500, "high": 500}), ("e5m2", {"low": -70000, "high": 70000}),
                   ("s8", {}), ("u32", {"low": 10, "high": 20}), ("s64", {"low": -5, "high": 5})):
        a = make_init(dict(init="uniform", **kw), dt, [6], 1, 2)
        bits = a.view(np.dtype(f"<u{a.dtype.itemsize}"))
        print(f"uniform {dt} {kw} seed=1 b=2: " + " ".join(f"{int(x):#x}" for x in bits))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("run")
    p.add_argument("dirs", nargs="+")
    p.add_argument("--status-dir")
    p.set_defaults(fn=cmd_run)
    p = sub.add_parser("once")
    p.add_argument("dirs", nargs="+")
    p.set_defaults(fn=cmd_once)
    p = sub.add_parser("dry")
    p.add_argument("dirs", nargs="+")
    p.set_defaults(fn=cmd_dry)
    p = sub.add_parser("finalize")
    p.add_argument("--build", required=True)
    p.add_argument("--ncu-csv")
    p.add_argument("--ncu-cmd")
    p.add_argument("--sass-limit", type=int, default=40000)
    p.add_argument("dirs", nargs="+")
    p.set_defaults(fn=cmd_finalize)
    p = sub.add_parser("vectors")
    p.set_defaults(fn=cmd_vectors)
    args = ap.parse_args()
    sys.exit(args.fn(args))


if __name__ == "__main__":
    main()
