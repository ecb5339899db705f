#!/usr/bin/env python3
"""Session 32, helper tcp: phase table of the tcp32 twins (gen32_tcp.py's stamps) on the GPU
(validation/timing/tcp/tcp32_device.json.gz) and in the model (`sm90sim run TWIN.ptx --spec launch.yaml --mode timed
--out DIR`: DIR/clk.npy), per-GPC CTA spans too. No numpy needed.

  python3 tools/microbench/tcp32/phases32.py [NAME=DIR/clk.npy ...]"""
import ast
import gzip
import json
import os
import statistics
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEV = os.path.join(HERE, "..", "..", "..", "validation", "timing", "tcp", "tcp32_device.json.gz")
S = 64
GPCS = [[0, 1, 16, 17, 32, 33, 48, 49], [2, 3, 18, 19, 34, 35, 50, 51, 64, 65, 78, 79, 92, 93, 106, 107],
        [4, 5, 20, 21, 36, 37, 52, 53, 66, 67, 80, 81, 94, 95, 108, 109],
        [6, 7, 22, 23, 38, 39, 54, 55, 68, 69, 82, 83, 96, 97, 110, 111],
        [8, 9, 24, 25, 40, 41, 56, 57, 70, 71, 84, 85, 98, 99, 112, 113],
        [10, 11, 26, 27, 42, 43, 58, 59, 72, 73, 86, 87, 100, 101, 114, 115],
        [12, 13, 28, 29, 44, 45, 60, 61, 74, 75, 88, 89, 102, 103, 116, 117, 120, 121],
        [14, 15, 30, 31, 46, 47, 62, 63, 76, 77, 90, 91, 104, 105, 118, 119, 122, 123],
        [124, 125, 126, 127, 128, 129, 130, 131]]  # sim/gpu/gpcs.go (the four pairs as one column)
GOF = {s: i for i, g in enumerate(GPCS) for s in g}
med = statistics.median


def load_npy(path):
    b = open(path, "rb").read()
    hl, off = (struct.unpack("<H", b[8:10])[0], 10) if b[6] == 1 else (struct.unpack("<I", b[8:12])[0], 12)
    h = ast.literal_eval(b[off:off + hl].decode())
    n = 1
    for x in h["shape"]:
        n *= x
    flat = struct.unpack("<%dQ" % n, b[off + hl:off + hl + 8 * n])
    return [list(flat[i * S:(i + 1) * S]) for i in range(n // S)]


def from_dev(row):  # [smid, entry, slot deltas 1..52] -> absolute slots 0..52, smid at 63
    r = [0] * S
    r[0] = row[1]
    for k in range(1, 53):
        r[k] = r[k - 1] + row[k + 1]
    r[63] = row[0]
    return r


def phases(R):
    R = [r for r in R if r[0] != 0]

    def d(a, b):
        return med([r[b] - r[a] for r in R])

    def per_step(o):
        return med([med([r[o + 1 + 3 * i] - r[o + 3 * i] for i in range(2, 15 if o == 4 else 16)]) for r in R])
    ctas = [R[i:i + 8] for i in range(0, len(R), 8)]
    span = {}
    for c in ctas:
        span.setdefault(GOF.get(c[0][63], -1), []).append(max(w[52] for w in c) - min(w[0] for w in c))
    return {"entry->prologue issued": d(0, 1), "prologue->stage 0 ready": d(1, 2), "stage 0->1": d(2, 5),
            "step (ready->ready, 2..15)": med([(r[47] - r[8]) / 13 for r in R]),
            "  ready->wgmma.wait 1": per_step(2), "  wgmma.wait 1->copies issued": per_step(3),
            "  copies issued->next ready": per_step(4), "last ready->epilogue waits": d(47, 50),
            "epilogue st.shared+bar": d(50, 51), "ldmatrix+st.global issue": d(51, 52),
            "CTA span (median)": med([max(w[52] for w in c) - min(w[0] for w in c) for c in ctas]),
            "CTA span (max)": max(max(w[52] for w in c) - min(w[0] for w in c) for c in ctas),
            "GPC spans (mean, max-min)": (max(statistics.mean(v) for v in span.values()) -
                                          min(statistics.mean(v) for v in span.values())) if len(span) > 1 else 0}


def main():
    dev = json.load(gzip.open(DEV))
    cols = []
    for n, v in dev["stamps"].items():
        for kind in ("ncu", "warm"):
            for i, launch in enumerate(v[kind][:3]):
                cols.append((f"{n[8:]} {kind}{i}", phases([from_dev(r) for r in launch])))
    for a in sys.argv[1:]:
        name, path = a.split("=", 1)
        cols.append((name, phases(load_npy(path))))
    keys = list(cols[0][1])
    print(f"{'phase (cycles)':32}" + "".join(f"{n:>12}" for n, _ in cols))
    for k in keys:
        print(f"{k:32}" + "".join(f"{c[k]:>12.0f}" for _, c in cols))


if __name__ == "__main__":
    main()
