#!/usr/bin/env python3
"""Phases of the cute twins (tph_cute_tn*, gen23_cute.py; cute28 variants with %globaltimer) from clk stamps.

usage: cute28_phases.py FILE...   FILE: a clk .npy (the model's `sm90sim run --out` or gpu/clk.npy) or a
clock_runs*.json (one phase table per launch, then the medians over launches).
Formulas: groups23_cute.go deriveTPHCute (summarize.py's tph_cute_tn block)."""
import json, statistics as st, sys
import ast, struct

KEYS = ("prologue", "producer_first_tma", "first_full", "wgmma", "later_full", "mainloop", "loop_exit", "epilogue", "span_max")


def phases(clk, slots=20):
    cl = [list(map(int, clk[i:i + slots])) for i in range(0, len(clk), slots)]
    ph = {k: [] for k in KEYS[:-1]}
    span = 0
    for i in range(0, len(cl), 4):
        c = cl[i:i + 4]
        t0 = min(w[0] for w in c if w[0] > 0)
        lat = lambda k: max(w[k] for w in c)  # noqa: E731
        n = 0
        while n < 4 and lat(4 + n) > 0 and lat(8 + n) > 0:
            n += 1
        ph["prologue"].append(lat(1) - t0)
        ph["producer_first_tma"].append(c[0][2] - c[0][1])
        ph["first_full"].append(lat(4) - c[0][2])
        ph["wgmma"].append(sum(lat(8 + k) - lat(4 + k) for k in range(n)))
        ph["later_full"].append(sum(lat(4 + k) - lat(8 + k - 1) for k in range(1, n)))
        ph["mainloop"].append(lat(8 + n - 1) - lat(4))
        ph["loop_exit"].append(lat(14) - lat(8 + n - 1))
        ph["epilogue"].append(lat(15) - lat(14))
        span = max(span, max(max(v for j, v in enumerate(w) if j < 16) for w in c) - t0)
    out = {k: st.median(v) for k, v in ph.items()}
    out["span_max"] = span
    return out


def load(f):
    if f.endswith(".npy"):  # a u64 / i64 array (no numpy here)
        b = open(f, "rb").read()
        hl = struct.unpack("<H", b[8:10])[0]
        h = ast.literal_eval(b[10:10 + hl].decode())
        assert h["descr"] in ("<u8", "<i8"), h
        return [list(struct.unpack(f"<{(len(b) - 10 - hl) // 8}Q", b[10 + hl:]))]
    d = json.load(open(f))
    return [o["clk"] for o in d["outputs"]]


for f in sys.argv[1:]:
    runs = [phases(c) for c in load(f)]
    print(f)
    for k in KEYS:
        print(f"  {k:20s}", " ".join(f"{r[k]:7.0f}" for r in runs), f"| median {st.median(r[k] for r in runs):7.0f}")
