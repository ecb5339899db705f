#!/usr/bin/env python3
"""Joins tools/record/cpasync_probe2.cu's launch list with ncu's CSV (tools/record/record_probe2.sh):

    python3 tools/record/probe2_table.py LIST CSV[@SKIP] [CSV[@SKIP] ...]

LIST: one line per launch, "<index> grp=<group> pat=<pattern> key=value ... ok" (the factors of the
case). CSV: an ncu --csv log whose profiled launches start at launch SKIP (ncu --launch-skip SKIP;
its IDs count from 0). Prints every launch with its factors and counters, then a pivot: one row per
group, one column per pattern, cells "wavefronts[conflicts]" (ldgsts wavefronts; conflicts when
nonzero); and for the pat1 catalog cases (pattern "m<case number>") one row per case number, one
column per group.
"""
import csv
import io
import sys

WAV = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum"
SHORT = [
    (WAV, "wavef"),
    ("sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum", "confl"),
    ("sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_bypass.sum", "byp"),
    ("sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts_cache_bypass.sum", "bypconf"),
    ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum", "l1conf"),
    ("smsp__sass_inst_executed_op_ldgsts.sum", "inst"),
    ("l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", "hwshall"),
]
PATS = ["ramp", "sz0", "half", "tail", "sz16", "gstride", "pipeline"]
SHOW = ["kern", "load", "in", "fill", "delay", "nullsrc", "szconst", "doff", "dyn", "carve", "pk", "n", "sum"]


def parse_list(path):
    cases = {}
    for ln in open(path):
        if not ln[:1].isdigit():
            continue
        f = ln.split()
        kv = dict(x.split("=", 1) for x in f[1:] if "=" in x)
        kv["status"] = f[-1]
        cases[int(f[0])] = kv
    return cases


def parse_csv(path):
    """{ID: (kernel name, {metric: value})} of an ncu --csv log."""
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return {}
    rows = list(csv.reader(io.StringIO("\n".join(ln for ln in text.splitlines() if ln.startswith('"')))))
    if not rows or "Metric Name" not in rows[0]:
        return {}
    h = rows[0]
    i_id, i_k, i_m, i_v = h.index("ID"), h.index("Kernel Name"), h.index("Metric Name"), h.index("Metric Value")
    out = {}
    for r in rows[1:]:
        if len(r) <= max(i_id, i_k, i_m, i_v) or r[i_id] == "ID":
            continue
        k, m = out.setdefault(int(r[i_id]), (r[i_k], {}))
        m[r[i_m]] = r[i_v].replace(",", "")
    return out


def expected_kernel(c):
    k = c.get("kern")
    if k == "corpus":
        return {"ramp": "cpasync_cg_ramp", "sz0": "cpasync_cg_sz0", "half": "cpasync_cg_half",
                "tail": "cpasync_cg_tail_w4", "sz16": "cpasync_cg_sz16",
                "gstride": "cpasync_cg_gstride_sz16"}[c["pat"]]
    return {"pipeline": "cpasync_pipeline"}.get(k, k)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    cases = parse_list(sys.argv[1])
    res = {}
    for a in sys.argv[2:]:
        path, _, skip = a.partition("@")
        for i, v in parse_csv(path).items():
            res[int(skip or 0) + i] = v
    keys = [k for k, _ in SHORT]
    print("%-3s %-20s %-8s %s | %s" % ("i", "group", "pattern", " ".join("%-7s" % s for s in SHOW),
                                         " ".join("%7s" % s for _, s in SHORT)))
    bad = 0
    for i in sorted(cases):
        c = cases[i]
        kern, m = res.get(i, ("-", {}))
        note = ""
        if kern != "-" and expected_kernel(c) not in kern:
            note = "  KERNEL MISMATCH: " + kern
            bad += 1
        if c["status"] != "ok":
            note += "  " + c["status"]
        print("%-3d %-20s %-8s %s | %s%s" % (i, c["grp"][:20], c["pat"], " ".join("%-7s" % c.get(s, "")[:7] for s in SHOW),
                                           " ".join("%7s" % m.get(k, "-") for k in keys), note))
    print("%d launches, %d with counters, %d kernel-name mismatches" % (len(cases), len(res), bad))
    # pivot: group x pattern
    groups = []
    for i in sorted(cases):
        if cases[i]["grp"] not in groups:
            groups.append(cases[i]["grp"])
    pats = [p for p in PATS if any(c["pat"] == p for c in cases.values())]
    print()
    cell = {}
    for i in sorted(cases):
        if i in res:
            m = res[i][1]
            w, cf = m.get(WAV, "-"), m.get(SHORT[1][0], "0")
            cell.setdefault((cases[i]["grp"], cases[i]["pat"]), []).append(w + ("[%s]" % cf if cf not in ("0", "-") else ""))
    print("| group | " + " | ".join(pats) + " |")
    print("| --- |" + " --- |" * len(pats))
    for g in groups:
        if not any((g, p) in cell for p in pats):
            continue
        print("| %s | %s |" % (g, " | ".join(" ".join(cell.get((g, p), [])) for p in pats)))
    modes = sorted({c["pat"] for c in cases.values() if c["pat"].startswith("m")}, key=lambda x: int(x[1:]))
    if modes:
        mg = [g for g in groups if any((g, m) in cell for m in modes)]
        print()
        print("| case | " + " | ".join(mg) + " |")
        print("| --- |" + " --- |" * len(mg))
        for m in modes:
            print("| %s | %s |" % (m[1:], " | ".join(" ".join(cell.get((g, m), [])) for g in mg)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
