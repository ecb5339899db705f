"""Part 17 of the microbenchmark list (helper part1, session 14, issue 13's last six figures):
- mbwait14_t{1,2,4,16,32}: mbwait_test (mbwait.cu mode 2: test_wait.parity on a phase that never
  completes, selp, add into the next address) at other trip counts, to split mbwait_test's 602 cycles
  for 8 iterations into a per-iteration cost and a fixed one (family mbwait, the same kernel and PTX).
- atom17_*: atom7.cu's shared atomics at 32 warps (const / lane address, result dead / used; lanes: 32
  distinct words) with absolute %clock64 stamps per warp (wfin: t0, t1 of both reps and the time after
  the final __syncthreads), at 2 iterations (as atom7) and 8 (the _i8 twins): where each warp's window
  starts and ends, and whether the figures' gaps are fixed or per atomic (family atom, atom17.cu).
Recorded on the H200 only (RECORDING_NOTE). `python3 tools/microbench/gen17_part1.py` writes only these."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


def register(add):
    for iters in (1, 2, 4, 16, 32):
        add(f"mbwait14_t{iters}", "mbwait", "mbwait", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "gt"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 0}, {"u32": 2}],
            {"clk": ("u64", [2]), "gt": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "gt", "sink"],
            {"kind": "latency", "op": f"test_wait.parity (never sleeps) on a phase that never completes, selp, add "
                                      f"into the next address, {iters} iteration(s) (mbwait_test at another trip count)",
             "ops_per_rep": iters, "warps": 1, "hint_ns": 0,
             "derive": "cycles_per_op = clk[1] / ops_per_rep; ns_per_op = gt[1] / ops_per_rep"},
            source=src("mbwait.cu"))
    warps = 32
    for addr, res, awhat in (("const", "dead", "all lanes one word at a shared symbol (warp-uniform to ptxas)"),
                             ("const", "used", "all lanes one word at a shared symbol (warp-uniform to ptxas)"),
                             ("lane", "dead", "all lanes one word at symbol + 4 * (lane & zero) (per-lane to ptxas)"),
                             ("lane", "used", "all lanes one word at symbol + 4 * (lane & zero) (per-lane to ptxas)"),
                             ("lanes", "dead", "32 distinct words (symbol + 4 * lane)")):
        for iters in (2, 8):
            if iters == 8 and res == "used":
                continue
            sfx = "" if iters == 2 else f"_i{iters}"
            add(f"atom17_{addr}_{res}_w{warps}{sfx}", "atom", f"atom17_{addr}_{res}", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "wfin"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 0}, {"u32": 0}],
                {"clk": ("u64", [warps, 2]), "wfin": ("u64", [warps, 6]), "sink": ("u32", [warps])},
                ["clk", "wfin", "sink"],
                {"kind": "throughput",
                 "op": f"independent atom.shared.add.u32, {awhat}, result {res}, {warps} warps, {iters} iterations "
                       f"of 32, absolute stamps per warp",
                 "warps": warps, "atoms_per_warp": iters * 32, "derive": "as smem_ld"},
                source=src("atom17.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
