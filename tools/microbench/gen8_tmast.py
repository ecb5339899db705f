"""Part 8 of the microbenchmark list (issues 14/15, helper "tmast"): the code
ptxas emits around a bulk reduction whose operation is picked at run time
(tmast9.cu): a plain loop, an 8-case switch (jump table: LDC + BRX), a
two-way branch, a special-register read, a forward branch over a block, and a 1 KiB bulk .add.u32 with
commit_group + wait_group 0 alone, behind the 8-case switch and behind the
two-way branch. tmast9_<kind>[_s<sel>] (sel: the case taken).
Family tmax (its derivation: cycles_per_op = clk[1][1] / ops_per_rep,
issue_cycles_per_op = clk[1][0] / ops_per_rep).
Imported by gen.py (register(add)); `python3 tools/microbench/gen8_tmast.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = {"alu": (0, "one asm add.u32 per iteration (the loop alone)"),
         "sw8": (1, "an 8-case switch on a kernel parameter, each case a different asm integer op"),
         "sw2": (2, "if (sel == 0) one asm integer op else another"),
         "red": (3, "cp.reduce.async.bulk .add.u32 of 1 KiB, commit_group, wait_group 0"),
         "redsw8": (4, "the 1 KiB bulk reduction (commit, wait_group 0) with its operation picked by an 8-case switch"),
         "redif": (5, "the 1 KiB bulk reduction (commit, wait_group 0), add.u32 if sel == 0 else min.u32"),
         "ctarank": (6, "acc += %cluster_ctarank (a special-register read per iteration)"),
         "skip": (7, "one asm add.u32, then the 1 KiB bulk reduction (commit, wait_group 0) only if sel == 1")}
BENCHES = (("alu", None), ("sw8", 0), ("sw8", 5), ("sw8", 7), ("sw2", 0), ("sw2", 1), ("ctarank", None),
           ("red", None), ("redsw8", 0), ("redsw8", 5), ("redsw8", 7), ("redif", 0), ("redif", 1),
           ("skip", 0), ("skip", 1))


def register(add):
    src = open(os.path.join(HERE, "tmast9.cu")).read()
    for kn, sel in BENCHES:
        kind, what = KINDS[kn]
        iters = 32 if kind in (3, 4, 5) or (kind == 7 and sel == 1) else 256
        name = f"tmast9_{kn}" + ("" if sel is None else f"_s{sel}")
        add(name, "tmax", "t9_x", [1, 1, 1], [128, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "dst"}, {"s32": iters}, {"s32": kind},
             {"s32": sel or 0}],
            {"clk": ("u64", [2, 2]), "sink": ("u32", [33]), "dst": ("u8", [65536])},
            ["clk", "sink"],
            {"kind": "latency",
             "op": f"{what}" + ("" if sel is None else f", case {sel}") + f", {iters} per rep (thread 0)",
             "ops_per_rep": iters, "sel": sel or 0,
             "derive": "cycles_per_op = clk[1][1] / ops_per_rep; issue_cycles_per_op = clk[1][0] / ops_per_rep"},
            shared=1024, source=src)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
