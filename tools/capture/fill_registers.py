#!/usr/bin/env python3
"""Writes `registers: N` into each corpus launch.yaml (validation/testdata/*/)
that lacks it, N being the registers per thread ptxas allocated when the
entry was recorded (provenance func_attributes.num_regs, what the CUDA
driver reported for the launched function). Timed runs use the spec's
registers for occupancy (README: launch spec); the corpus predates the key.
Entries whose provenance has no num_regs are left alone and listed.
Standard library only. Usage: python3 tools/capture/fill_registers.py [--dry-run]"""
import gzip
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "validation", "testdata")


def provenance(d):
    for name, op in (("provenance.json", open), ("provenance.json.gz", gzip.open)):
        p = os.path.join(d, name)
        if os.path.exists(p):
            with op(p, "rt") as f:
                return json.load(f)
    return None


def main():
    dry = "--dry-run" in sys.argv[1:]
    done, skipped = [], []
    for name in sorted(os.listdir(ROOT)):
        d = os.path.join(ROOT, name)
        spec = os.path.join(d, "launch.yaml")
        if not os.path.isfile(spec):
            continue
        lines = open(spec).read().split("\n")
        if any(l.startswith("registers:") for l in lines):
            continue
        prov = provenance(d)
        n = ((prov or {}).get("func_attributes") or {}).get("num_regs")
        if not isinstance(n, int) or n <= 0:
            skipped.append(name)
            continue
        # after the top-level scalar keys (seed:, shared_bytes:, block:), before buffers:
        at = next((i for i, l in enumerate(lines) if l.startswith(("buffers:", "tensormaps:", "params:"))), len(lines))
        lines.insert(at, f"registers: {n}")
        if not dry:
            with open(spec, "w") as f:
                f.write("\n".join(lines))
        done.append(f"{name}={n}")
    print(f"{len(done)} specs given registers: {' '.join(done)}")
    if skipped:
        print(f"{len(skipped)} without num_regs in provenance: {' '.join(skipped)}")


if __name__ == "__main__":
    main()
