#!/usr/bin/env python3
"""Phases of the cute twins (tph_cute_tn*, gen23_cute.py; cute28 variants with %globaltimer) from clk stamps.

usage: cute28_phases.py FILE...   FILE: a clk .npy (the model's `sm90sim run --out` or gpu/clk.npy) or a
clock_runs*.json (one phase table per launch, then the medians over launches).
Formulas: groups23_cute.go deriveTPHCute (summarize.py tph_cute_phases, imported)."""
import json, statistics as st, sys
import ast, struct

import os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from summarize import tph_cute_phases  # noqa: E402  the formulas, kept in one place

KEYS = ("prologue", "producer_first_tma", "first_full", "wgmma", "later_full", "mainloop", "loop_exit", "epilogue", "span_max")


def phases(clk, slots=20):
    """summarize.py's tph_cute_tn phases; the span counts only the first 16 stamps (later slots hold %globaltimer)."""
    ph = tph_cute_phases([list(map(int, clk[i:i + slots])) for i in range(0, len(clk), slots)], span_slots=16)
    return {k: ph[k + "_cycles"] for k in KEYS}


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
