#!/usr/bin/env python3
"""Prints the ncu counters of tools/record/cpasync_probe.cu per launch:

    python3 tools/record/cpasync_probe_table.py LIST CSV [LIST2 CSV2 ...]

LIST is the probe's launch list (one "<index> <name> ..." line per launch, in order), CSV the
ncu --csv log of the same run (one profiled launch per case, in order).
"""
import csv
import io
import os
import sys

SHORT = [
    ("smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum", "wavef"),
    ("sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum", "confl"),
    ("sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_bypass.sum", "byp"),
    ("sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_access.sum", "acc"),
    ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum", "l1confl"),
    ("lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum", "l2hit"),
    ("lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum", "l2miss"),
    ("smsp__sass_inst_executed_op_ldgsts.sum", "inst"),
    ("sm__cycles_elapsed.max", "cycles"),
    ("sm__sass_l1tex_t_requests_pipe_lsu_mem_global_op_ldgsts_cache_bypass.sum", "req"),
    ("sm__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ldgsts_cache_bypass.sum", "sect"),
    ("sm__sass_l1tex_m_xbar2l1tex_read_sectors_mem_global_op_ldgsts_cache_bypass.sum", "xbar"),
]


def parse_ncu_csv(path):
    """(kernel, {metric: value}) per profiled launch in order (as record.py's parser), raw text."""
    text = open(path, errors="replace").read()
    rows = list(csv.reader(io.StringIO("\n".join(ln for ln in text.splitlines() if ln.startswith('"')))))
    if not rows or "Metric Name" not in rows[0]:
        return [], text
    h = rows[0]
    i_id, i_k, i_m, i_v = h.index("ID"), h.index("Kernel Name"), h.index("Metric Name"), h.index("Metric Value")
    order, by_id = [], {}
    for r in rows[1:]:
        if len(r) <= max(i_id, i_k, i_m, i_v) or r[0] == "ID":
            continue
        if r[i_id] not in by_id:
            by_id[r[i_id]] = (r[i_k], {})
            order.append(r[i_id])
        by_id[r[i_id]][1][r[i_m]] = r[i_v].replace(",", "")
    return [by_id[k] for k in order], text


def table(list_path, csv_path):
    try:
        names = [ln.split()[1] for ln in open(list_path) if ln.strip()]
    except OSError as e:
        print("no list:", e)
        return
    rows, text = parse_ncu_csv(csv_path) if os.path.exists(csv_path) else ([], "")
    print("### %s (%d launches, %d ncu rows)" % (csv_path, len(names), len(rows)))
    if not rows:
        print(text[-2000:])
        return
    keys = [k for k, _ in SHORT if any(k in m for _, m in rows)]
    print("%-3s %-26s %s" % ("i", "case", " ".join("%7s" % dict(SHORT)[k] for k in keys)))
    for i, (kern, m) in enumerate(rows):
        name = names[i] if i < len(names) else "?"
        print("%-3d %-26s %s" % (i, name[:26], " ".join("%7s" % m.get(k, "-") for k in keys)))


def main():
    a = sys.argv[1:]
    for i in range(0, len(a) - 1, 2):
        table(a[i], a[i + 1])


if __name__ == "__main__":
    main()
