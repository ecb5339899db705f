"""Part 7 of the microbenchmark list (issue 14/15, helper "tmast"): stores and
reductions of shared memory to global memory, TMA tensor and non-tensor
bulk, one per loop iteration with no run-time branch inside the loop
(tmast7.cu: the kind and the mode are template arguments), so that what
ptxas emits around one operation is all the loop holds:
  tmast7_<kind>_<size>_<mode>: kind st (TMA tile store), add (TMA .add f32),
  bst (cp.async.bulk store), bred (cp.reduce.async.bulk .add.u32); mode
  group (one bulk group), tput (commit_group after each), write (commit,
  wait_group 0 after each), read (commit, wait_group.read 0 after each).
Family tmax (its derivation: cycles_per_op = clk[1][1] / ops_per_rep,
issue_cycles_per_op = clk[1][0] / ops_per_rep).
Imported by gen.py (register(add)); `python3 tools/microbench/gen7_tmast.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = 512
KINDS = ((0, "st", "TMA 2D tile store"), (1, "add", "TMA 2D tile .add reduction (f32)"),
         (2, "bst", "cp.async.bulk.global.shared::cta store (non-tensor)"),
         (3, "bred", "cp.reduce.async.bulk .add.u32 (non-tensor)"))
MODES = ((0, "group", "all in one bulk group (commit_group after the loop)", 64),
         (1, "tput", "commit_group after each, all in flight", 64),
         (2, "write", "commit_group + wait_group 0 after each", 32),
         (3, "read", "commit_group + wait_group.read 0 after each", 32))


def benches():
    out = []
    for kind, kn, kwhat in KINDS:
        for mode, mn, mwhat, iters in MODES:
            out.append((kind, kn, kwhat, 1024, mode, mn, mwhat, iters))
    for kind, kn, kwhat in KINDS[2:]:
        for size in (256, 4096):
            for mode, mn, mwhat, iters in (MODES[0], MODES[2]):
                out.append((kind, kn, kwhat, size, mode, mn, mwhat, iters))
    return out


def register(add):
    src = open(os.path.join(HERE, "tmast7.cu")).read()
    for kind, kn, kwhat, size, mode, mn, mwhat, iters in benches():
        rows = size // 128
        sz = "256b" if size == 256 else f"{size // 1024}k"
        add(f"tmast7_{kn}_{sz}_{mn}", "tmax", "t7_st", [1, 1, 1], [128, 1, 1],
            [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "dst"}, {"s32": iters},
             {"s32": size}, {"s32": kind}, {"s32": mode}],
            {"t": ("f32", [ROWS, 32]), "dst": ("u8", [65536]), "clk": ("u64", [2, 2]), "sink": ("u32", [32])},
            ["clk", "sink"],
            {"kind": "throughput" if mode < 2 else "latency",
             "op": f"{kwhat} of {size} B from shared memory, one per loop iteration (no run-time branch in the loop), "
                   f"{iters} per rep, {mwhat}",
             "mode": mode, "red": int(kind in (1, 3)), "tensor": int(kind < 2), "box_bytes": size,
             "ops_per_rep": iters,
             "derive": "cycles_per_op = clk[1][1] / ops_per_rep (to the end of wait_group 0); "
                       "issue_cycles_per_op = clk[1][0] / ops_per_rep"},
            shared=size,
            extra={"tensormaps": f"\n  tm: {{buffer: t, dtype: f32, dims: [32, {ROWS}], strides: [128], box: [32, {rows}]}}"},
            source=src)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
