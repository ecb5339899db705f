#!/usr/bin/env python3
"""Session 27, lane ncu: re-derive the summary entries (clock64, runs) of the named directories from
their clock_runs.json with summarize.py's own derive, and write validation/microbench/summary.json.gz
as summarize.py does (gzip mtime 0, level 9), every other entry untouched. For a re-recording of a few
%clock64-only directories without reading all 1,300 bundles.   resummarize27.py NAME...   (worktree root)"""
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import summarize as S  # noqa: E402


def main(names):
    benches = {b["name"]: b for b in json.load(open(os.path.join(HERE, "benchmarks.json")))}
    path = os.path.join(S.MB, "summary.json.gz")
    out = json.load(gzip.open(path))
    for ent in out["benchmarks"]:
        if ent["name"] not in names:
            continue
        b = benches[ent["name"]]
        if b["family"] in ("flushj", "flushs", "sfl", "icgap", "coldpace", "tlbc", "icap", "gmm12", "gmm13", "sgp", "tmaq", "tmaqx"):
            sys.exit(f"{b['name']}: figures from clock_ncu.json; use summarize.py")
        runs = S.gzcompat.load_json(os.path.join(S.MB, b["name"], "clock_runs.json"))["outputs"]
        per = [S.derive(b, r) for r in runs if r]
        keys = [k for k in per[0] if isinstance(per[0][k], (int, float)) and per[0][k] is not None]
        old = ent.get("clock64")
        ent["clock64"] = {k: {"median": S.r3(S.med([p[k] for p in per])), "min": S.r3(min(p[k] for p in per)),
                              "max": S.r3(max(p[k] for p in per))} for k in keys}
        ent["runs"] = len(per)
        for k in keys:
            o = (old or {}).get(k, {}).get("median")
            print(f"{b['name']:26s} {k:20s} {o} -> {ent['clock64'][k]['median']}  (min {ent['clock64'][k]['min']}, max {ent['clock64'][k]['max']})")
    body = (json.dumps(out, indent=1) + "\n").encode()
    with open(path, "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as g:
            g.write(body)


if __name__ == "__main__":
    main(sys.argv[1:])
