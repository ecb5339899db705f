#!/usr/bin/env python3
"""Session 20 (helper redops): which property of a tph_tma_reduce_ops CTA makes its cold issue phase
(stamp 2 -> 3: thread 0's switch, tensor-map acquire, UTMAREDG issue) 600-1300 cycles slower on the GPU
for cases 35-45 (validation/timing/redops20.md). Two permutations of the twin, everything else equal:

  tph_redops_rot:  CTA v runs case w = (v + 31) % 62 (the same code, descriptors and data coordinates
                   as the twin's CTA w... except the data row, which stays v); the mask is tested on w.
                   If the slow set moves with the case (CTAs 4-14), the cause is the case's code or
                   descriptor; if it stays at CTAs 35-45, it is the CTA's place (SM, dispatch time).
  tph_redops_mrev: maps[] stored in reverse order (descriptor k at position 21 - k); every case uses the
                   same descriptor as before, now at another address. If the slow set moves to the
                   cases whose descriptors now sit where maps 7-17 sat, the cause is the descriptor's
                   address; if it stays at cases 35-45, it is not.

`python3 tools/microbench/gen20_redops.py` writes only these two directories (from the twin's files)
and their entries in tools/microbench/benchmarks.json."""
import json
import os
import re
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "record"))
import gzcompat  # noqa: E402  NAME, NAME.gz or NAME.link (the corpus stores kernel.cu packed)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MB = os.path.join(ROOT, "validation", "microbench")
TWIN = os.path.join(MB, "tph_tma_reduce_ops")
NMAPS = 22


def sub1(s, a, b):
    assert s.count(a) == 1, a
    return s.replace(a, b)


def index(name, what):
    """Replaces or appends name's entry in tools/microbench/benchmarks.json (the twin's, renamed)."""
    bj = os.path.join(ROOT, "tools", "microbench", "benchmarks.json")
    bs = json.load(open(bj))
    twin = next(b for b in bs if b["name"] == "tph_tma_reduce_ops")
    e = json.loads(json.dumps(twin))
    e["name"] = e["kernel"] = name
    e["meta"]["op"] = "tph_tma_reduce_ops " + what
    bs = [b for b in bs if b["name"] != name]
    at = next(i for i, b in enumerate(bs) if b["name"] == "tph_tma_reduce_ops") + 1
    while at < len(bs) and bs[at]["name"].startswith("tph_redops_"):
        at += 1
    bs.insert(at, e)
    with open(bj, "w") as f:
        json.dump(bs, f, indent=1)
        f.write("\n")


def write(name, cu, spec, what):
    d = os.path.join(MB, name)
    os.makedirs(d, exist_ok=True)
    cu = sub1(cu, "tph_tma_reduce_ops(", name + "(")
    cu = "// %s (tools/microbench/gen20_redops.py): tph_tma_reduce_ops %s\n" % (name, what) + cu
    spec = sub1(spec, "kernel: tph_tma_reduce_ops\n", "kernel: %s\n" % name)
    spec = re.sub(r"^# tph_tma_reduce_ops: ", "# %s: tph_tma_reduce_ops %s; " % (name, what), spec, count=1)
    open(os.path.join(d, "kernel.cu"), "w").write(cu)
    open(os.path.join(d, "launch.yaml"), "w").write(spec)
    index(name, what)


def main():
    cu = gzcompat.read_text(os.path.join(TWIN, "kernel.cu"))
    spec = open(os.path.join(TWIN, "launch.yaml")).read()

    rot = sub1(cu, "    if (!((mask >> v) & 1)) return;\n",
               "    const int w = (v + 31) % 62; // the case this CTA runs\n    if (!((mask >> w) & 1)) return;\n")
    rot = sub1(rot, "    switch (v) {\n", "    switch (w) {\n")
    write("tph_redops_rot", rot, spec, "with CTA v running case (v + 31) % 62")

    mrev = re.sub(r"maps \+ (\d+)\)", lambda m: "maps + %d)" % (NMAPS - 1 - int(m.group(1))), cu)
    mrev = re.sub(r"\(maps \+ (\d+), ", lambda m: "(maps + %d, " % (NMAPS - 1 - int(m.group(1))), mrev)
    m = re.search(r"  maps: \{tensormaps: \[([^\]]*)\]\}", spec)
    names = [x.strip() for x in m.group(1).split(",")]
    assert len(names) == NMAPS
    mspec = spec.replace(m.group(0), "  maps: {tensormaps: [%s]}" % ", ".join(reversed(names)))
    write("tph_redops_mrev", mrev, mspec, "with maps[] in reverse order (descriptor k at position 21 - k)")


main()
