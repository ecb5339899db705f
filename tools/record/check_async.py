#!/usr/bin/env python3
"""Checks the recorded async-copy corpus (tma_*, mbar_*, cpasync_*, ldsm_*, stsm_*) against
reference models written from the PTX ISA / CUDA documentation (no GPU needed):

    python3 tools/record/check_async.py [validation/testdata]

Prints one line per directory (OK or the differences). The models are the documented behaviour;
where the hardware differs, the recording wins and the difference is a finding.
"""
import json
import os
import sys

import numpy as np

import gzcompat

sys.path.insert(0, os.path.dirname(__file__))
import record as R  # noqa: E402

TD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "validation", "testdata")
SENT = 0xEEEE0000


def load(name):
    d = os.path.join(TD, name)
    spec = R.load_spec(d)
    bufs = R.build_buffers(d, spec)
    outs = {o: gzcompat.np_load(os.path.join(d, "gpu", o + ".npy")) for o in spec["outputs"]}
    return d, spec, bufs, outs


def sentinel_image(nbytes, base=SENT):
    w = np.arange(nbytes // 4, dtype=np.uint32) | np.uint32(base)
    return w.view(np.uint8).copy()


def swz_mode(mode):
    return {"none": 0, "32B": 1, "64B": 3, "128B": 7}[mode]


# ------------------------------------------------------------------ TMA tile model
def tma_box(m, buf_bytes, coords, fill_nan=False):
    """Returns (box bytes in dense smem order, list of element byte offsets) for a tile-mode load."""
    es = R.TMAP_ESIZE[m["dtype"]]
    rank = m["rank"]
    n = [-(-m["box"][i] // m["element_strides"][i]) if i > 0 else m["box"][0] for i in range(rank)]
    # element strides apply to every dimension but 0 (non-interleaved)
    out = bytearray()
    strides = [es] + m["strides"]
    idx = np.indices(n[::-1]).reshape(rank, -1)[::-1]   # dim 0 fastest
    # OOB NaN fill seen on the H200: every 16-bit half is 0x7FF7 (f16 0x7FF7, f32 0x7FF77FF7)
    nan = {2: b"\xf7\x7f", 4: b"\xf7\x7f\xf7\x7f", 8: b"\xf7\x7f" * 4}
    for e in range(idx.shape[1]):
        g = [coords[i] + idx[i, e] * (m["element_strides"][i] if i > 0 else 1) for i in range(rank)]
        if all(0 <= g[i] < m["dims"][i] for i in range(rank)):
            off = sum(g[i] * strides[i] for i in range(rank))
            out += buf_bytes[off:off + es]
        else:
            out += (nan[es] if fill_nan else b"\0" * es)
    return bytes(out), n


SPAN = {"none": 0, "32B": 32, "64B": 64, "128B": 128}


def place_swizzled(img, dst, data, mode, inner_bytes):
    """Writes data at dst with the TMA swizzle applied to absolute (here: image-relative, 1024-aligned)
    addresses. A swizzled box whose rows are narrower than the swizzle span keeps a row pitch of the
    span (the rest of each row is left untouched), as the H200 does."""
    M = swz_mode(mode)
    pitch = max(inner_bytes, SPAN[mode])
    for r in range(len(data) // inner_bytes):
        for c in range(0, inner_bytes, 16):
            a = dst + r * pitch + c
            a2 = a ^ (((a >> 7) & M) << 4)
            src = r * inner_bytes + c
            img[a2:a2 + 16] = np.frombuffer(data[src:src + 16], dtype=np.uint8)


def check_tma_load(name, rows, nan_bits=None):
    """rows: list of (map, coords, dst, bytes)."""
    d, spec, bufs, outs = load(name)
    maps = R.tensormap_specs(spec)
    img = sentinel_image(outs["img"].nbytes)
    notes = []
    for i, (mn, coords, dst, nbytes) in enumerate(rows):
        m = maps[mn]
        data, n = tma_box(m, bufs[m["buffer"]].host.tobytes(), coords, m["oob_fill"] == "nan")
        if nan_bits is not None and m["oob_fill"] == "nan":
            data = data  # compared below with the recorded pattern
        place_swizzled(img, dst, data, m["swizzle"], n[0] * R.TMAP_ESIZE[m["dtype"]])
        if len(data) != nbytes:
            notes.append(f"box {i}: model {len(data)} bytes, kernel expects {nbytes}")
    got = outs["img"].view(np.uint8).reshape(-1)
    diff = np.nonzero(got != img)[0]
    flags = outs["flags"].tolist()
    return diff, flags, notes, got, img


def report(name, ok, msg=""):
    print(f"{name:26} {'OK ' if ok else 'DIFF'} {msg}")


# ------------------------------------------------------------------ ldmatrix / stmatrix
VARIANTS = [(1, False), (2, False), (4, False), (1, True), (2, True), (4, True)]


def swz(off, B):
    return off ^ ((off & (((1 << B) - 1) << 7)) >> 3)


def check_ldsm(tag, B):
    name = f"ldsm_{tag}"
    d, spec, bufs, outs = load(name)
    t = bufs["tin"].host.view(np.uint16).reshape(64, 64)
    frag = outs["frag"].reshape(128, 6, 16)
    exp = np.zeros_like(frag)
    for tid in range(128):
        w, lane = tid // 32, tid % 32
        for v, (N, tr) in enumerate(VARIANTS):
            for i in range(16 // N):
                for j in range(N):
                    s = N * i + j
                    r0, c0 = 16 * w + 8 * (s & 1), (s >> 1) * 8
                    M = t[r0:r0 + 8, c0:c0 + 8]
                    if not tr:
                        lo, hi = M[lane // 4, 2 * (lane % 4)], M[lane // 4, 2 * (lane % 4) + 1]
                    else:
                        lo, hi = M[2 * (lane % 4), lane // 4], M[2 * (lane % 4) + 1, lane // 4]
                    exp[tid, v, N * i + j] = int(lo) | (int(hi) << 16)
    bad = np.argwhere(frag != exp)
    report(name, bad.size == 0, f"{len(bad)} registers differ" if bad.size else "fragments match the PTX ldmatrix layout")


def check_stsm(tag, B):
    name = f"stsm_{tag}"
    d, spec, bufs, outs = load(name)
    fr = bufs["fr"].host.reshape(6, 128, 16)
    img = outs["img"].reshape(6, 2048)
    nbad = 0
    for v, (N, tr) in enumerate(VARIANTS):
        tile = np.zeros((64, 64), dtype=np.uint16)
        for tid in range(128):
            w, lane = tid // 32, tid % 32
            for i in range(16 // N):
                for j in range(N):
                    s = N * i + j
                    r0, c0 = 16 * w + 8 * (s & 1), (s >> 1) * 8
                    reg = int(fr[v, tid, N * i + j])
                    lo, hi = reg & 0xFFFF, reg >> 16
                    if not tr:
                        tile[r0 + lane // 4, c0 + 2 * (lane % 4)] = lo
                        tile[r0 + lane // 4, c0 + 2 * (lane % 4) + 1] = hi
                    else:
                        tile[r0 + 2 * (lane % 4), c0 + lane // 4] = lo
                        tile[r0 + 2 * (lane % 4) + 1, c0 + lane // 4] = hi
        raw = np.zeros(8192, dtype=np.uint8)
        for m in range(64):
            for c in range(8):
                a = swz(m * 128 + c * 16, B)
                raw[a:a + 16] = tile[m, 8 * c:8 * c + 8].view(np.uint8)
        nbad += int(np.count_nonzero(raw.view(np.uint32) != img[v]))
    report(name, nbad == 0, f"{nbad} words differ" if nbad else "images match the PTX stmatrix layout")


# ------------------------------------------------------------------ cp.async
def check_cpasync():
    d, spec, bufs, outs = load("cpasync_pipeline")
    n = 3621
    a = bufs["in"].host
    a2 = bufs["in2"].host
    pad = np.zeros(4096, dtype=np.uint32)
    pad[:n] = a
    exp = np.zeros(4096, dtype=np.uint32)
    exp2 = np.zeros(2048, dtype=np.uint32)
    for k in range(8):
        exp[k * 512:(k + 1) * 512] = pad[k * 512:(k + 1) * 512][::-1]
        exp2[k * 256:(k + 1) * 256] = a2[k * 256:(k + 1) * 256][::-1]
    exp3 = a2[(np.arange(512) + 7) % 512]
    ok = (outs["out"] == exp).all() and (outs["out2"] == exp2).all() and (outs["out3"] == exp3).all() \
        and outs["flags"][0] == 1
    tail = outs["out"][7 * 512:]
    report("cpasync_pipeline", ok, f"zero-filled tail words: {int(np.count_nonzero(tail == 0))} (expect {512 - 37} + chance)")
    d, spec, bufs, outs = load("cpasync_banks")
    a = bufs["in"].host
    img = (np.arange(6 * 1024, dtype=np.uint32) | np.uint32(SENT)).reshape(6, 1024)
    for lane in range(32):
        img[0][lane] = a[lane]
        img[1][32 * lane] = a[1024 + lane]
        img[2][2 * lane:2 * lane + 2] = a[2048 + 2 * lane:2048 + 2 * lane + 2]
        img[3][16 * lane:16 * lane + 2] = a[3072 + 2 * lane:3072 + 2 * lane + 2]
        img[4][4 * lane:4 * lane + 4] = a[4096 + 4 * lane:4096 + 4 * lane + 4]
        img[5][32 * lane:32 * lane + 4] = a[5120 + 4 * lane:5120 + 4 * lane + 4]
    report("cpasync_banks", (outs["img"] == img).all())


def check_bulk():
    d, spec, bufs, outs = load("tma_bulk")
    src = bufs["src"].host.view(np.uint8)
    img = sentinel_image(8192)
    copies = [(0, 0, 16), (48, 112, 48), (128, 64, 32), (1024, 1024, 256), (2064, 4128, 1040), (4096, 0, 2048),
              (6400, 512, 128), (6656, 7936, 256)]
    for dst, s, nb in copies:
        img[dst:dst + nb] = src[s:s + nb]
    ok1 = (outs["img"].view(np.uint8) == img).all()
    sm = img.copy().view(np.uint32)
    sm[:256] = 0x30000000 + np.arange(256, dtype=np.uint32)
    smb = sm.view(np.uint8)
    g = np.arange(2048, dtype=np.uint32).view(np.uint8).copy()
    for dst, s, nb in [(64, 0, 128), (1040, 2064, 1040), (4000, 4096, 16), (6144, 1024, 256)]:
        g[dst:dst + nb] = smb[s:s + nb]
    ok2 = (outs["gout"].view(np.uint8) == g).all()
    report("tma_bulk", ok1 and ok2 and outs["flags"].tolist() == [1, 1], f"img {ok1} gout {ok2} flags {outs['flags'].tolist()}")


def check_mbar_ops():
    d, spec, bufs, outs = load("mbar_ops")
    o = outs["out"]
    exp = [3, 0, 0, 1, 2, 1, 1, 1, 0, 1, 1, 0, 1, 0, 1, 3, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1, 5, 3, 1, 0xC0FFEE]
    ok = o[:35].tolist() == exp and (o[64:128] == 3).all() and (o[128:160] == 1).all() and (o[192:256] == 1).all()
    src = bufs["src"].host
    ok = ok and (o[256:288] == src[:32]).all() and (outs["out2"] == src[:256]).all()
    report("mbar_ops", ok, "facts as documented" if ok else f"got {o[:35].tolist()}")


def check_pipelines():
    for S in (2, 3, 4):
        name = f"mbar_pipeline_{S}"
        if not os.path.exists(os.path.join(TD, name, "gpu")):
            report(name, False, "not recorded")
            continue
        d, spec, bufs, outs = load(name)
        m = bufs["m"].host.reshape(128, 64).astype(np.uint64)
        su = np.zeros((16, 64), dtype=np.uint32)
        for t in range(16):
            cb, rb = t % 2, t // 2
            tile = m[16 * rb:16 * rb + 16, 32 * cb:32 * cb + 32]
            for c in range(64):
                su[t, c] = tile[8 * (c // 32):8 * (c // 32) + 8, c % 32].sum()
        f = outs["facts"]
        ok = (outs["su"] == su).all() and (outs["sf"] == su.astype(np.float32)).all() and f[0] == 0 and f[1] == 0
        # each stage s completed ceil((16 - s) / S) phases
        ph = []
        for s in range(S):
            k = len(range(s, 16, S))
            full_expect = (1 if k % 2 == 1 else 2)   # parity 0 complete when phase count odd -> bit0; else bit1
            ph.append((int(f[4 + 3 * s]), int(f[4 + 3 * s + 1]), k))
        report(name, ok, f"sums {'match' if ok else 'DIFFER'}; per stage (full bits, empty bits, phases): {ph}")


def main():
    check_mbar_ops()
    check_bulk()
    check_cpasync()
    for tag, B in (("none", 0), ("sw32", 1), ("sw64", 2), ("sw128", 3)):
        check_ldsm(tag, B)
        check_stsm(tag, B)
    check_pipelines()
    check_tma_loads()


def check_tma_loads():
    import re
    for name in sorted(os.listdir(TD)):
        if not (name.startswith("tma_load_")) or not os.path.exists(os.path.join(TD, name, "gpu")):
            if name.startswith("tma_load_"):
                report(name, False, "not recorded")
            continue
        src = gzcompat.read_text(os.path.join(TD, name, "kernel.cu"))
        mt = re.search(r"kBoxes\[NBOX\]\[(\d)\] = \{(.*?)\n\};", src, re.S)
        width = int(mt.group(1))
        rows = []
        for ln in mt.group(2).strip().splitlines():
            v = [int(x) for x in re.findall(r"-?\d+", ln)]
            if width == 5:
                rows.append(("tA" if v[0] == 0 else "tB", [v[1], v[2]], v[3], v[4]))
        if width == 7:
            spec = R.load_spec(os.path.join(TD, name))
            mname = list(R.tensormap_specs(spec))[0]
            rank = R.tensormap_specs(spec)[mname]["rank"]
            for ln in mt.group(2).strip().splitlines():
                v = [int(x) for x in re.findall(r"-?\d+", ln)]
                rows.append((mname, v[:rank], v[5], v[6]))
        diff, flags, notes, got, img = check_tma_load(name, rows)
        msg = f"flags {flags}; {len(diff)} bytes differ"
        if len(diff):
            msg += f" (first at byte {diff[0]}: got {got[diff[0]:diff[0]+8].tobytes().hex()} model {img[diff[0]:diff[0]+8].tobytes().hex()})"
        report(name, len(diff) == 0 and all(flags), msg + ("; " + "; ".join(notes) if notes else ""))


if __name__ == "__main__":
    main()
