#!/usr/bin/env python3
"""Turns a captured directory into a small corpus entry: input buffers become
seeded `init: uniform` buffers of the given dtype and range, captured .npy
inputs and gpu/ outputs are removed (re-record them with
`sm90sim validate --record`), and the capture's provenance is kept as
capture.json.

    seed_inputs.py DIR NAME=DTYPE[:LOW:HIGH] ...

NAME is a buffer (b0), the buffer param I points at (p0), or the buffer
tensor map J covers (t0). Buffers not named keep their captured dtype; an
input file that is not named is kept as is. Output-only buffers named get
the dtype (zero-filled)."""
import os, re, shutil, sys

def main():
    d = sys.argv[1]
    spec_path = os.path.join(d, "launch.yaml")
    lines = open(spec_path).read().split("\n")
    # buffer of each param / tensor map
    params, tmaps = [], {}
    section = None
    for ln in lines:
        if re.match(r"^\w", ln):
            section = ln.split(":")[0]
            continue
        if section == "params" and ln.startswith("  - "):
            m = re.search(r"buffer: (b\d+)", ln)
            params.append(m.group(1) if m else None)
        if section == "tensormaps":
            m = re.match(r"^  (t\d+): \{buffer: (b\d+)", ln)
            if m:
                tmaps[m.group(1)] = m.group(2)
    want = {}
    for arg in sys.argv[2:]:
        name, spec = arg.split("=", 1)
        parts = spec.split(":")
        if name.startswith("p"):
            name = params[int(name[1:])]
        elif name.startswith("t"):
            if name not in tmaps:
                print("seed_inputs: %s: no tensor map %s in the spec; skipped" % (d, name))
                continue
            name = tmaps[name]
        want[name] = (parts[0], parts[1] if len(parts) > 1 else "-1", parts[2] if len(parts) > 2 else "1")
    sizes = {"u8": 1, "s8": 1, "e4m3": 1, "e5m2": 1, "u16": 2, "s16": 2, "f16": 2, "bf16": 2,
             "u32": 4, "s32": 4, "f32": 4, "u64": 8, "s64": 8, "f64": 8}
    out, section = [], None
    for ln in lines:
        if re.match(r"^\w", ln):
            section = ln.split(":")[0]
            if section == "buffers":
                out.append("seed: 1")
        m = re.match(r"^  (b\d+): \{(.*)\}$", ln) if section == "buffers" else None
        if m and m.group(1) in want:
            name, body = m.group(1), m.group(2)
            dt, lo, hi = want[name]
            fm = re.search(r"file: (\S+)", body)
            if fm:
                path = os.path.join(d, fm.group(1))
                nbytes = os.path.getsize(path) - npy_header_len(path)
                os.remove(path)
                ln = "  %s: {dtype: %s, shape: [%d], init: uniform, low: %s, high: %s}" % (name, dt, nbytes // sizes[dt], lo, hi)
            else:
                sm = re.search(r"dtype: (\w+), shape: \[(\d+)\]", body)
                nbytes = sizes[sm.group(1)] * int(sm.group(2))
                ln = "  %s: {dtype: %s, shape: [%d]}" % (name, dt, nbytes // sizes[dt])
        out.append(ln)
    open(spec_path, "w").write("\n".join(out))
    shutil.rmtree(os.path.join(d, "gpu"), ignore_errors=True)
    if os.path.exists(os.path.join(d, "provenance.json")):
        os.replace(os.path.join(d, "provenance.json"), os.path.join(d, "capture.json"))

def npy_header_len(path):
    with open(path, "rb") as f:
        head = f.read(12)
    if head[6] == 1:
        return 10 + int.from_bytes(head[8:10], "little")
    return 12 + int.from_bytes(head[8:12], "little")

main()
