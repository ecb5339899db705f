"""Part 8 of the microbenchmark list, helper ldg (issue 14, session 6): the
src-size forms of cp.async.cg that compilers emit (ldg8.cu), on a contiguous
and on Triton's swizzled shared destination:

  - cpasync8_<form>_<dst>_tput[_w8]: 32 (8) warps of one CTA, 4 commit
    groups in flight (the "cpasync" family's layout and figure,
    bytes_per_cycle_per_sm), forms nosz (no src-size), selp (Triton's
    selp(16, 0, p) src-size, p true), reg (a run-time src-size register of
    16), ign (ignore-src false), selp0 (selp form, p false: zero fill only);
  - cpasync8_<form>_<dst>_lat: one warp, wait_group 0 after every copy
    (cycles_per_step).

ncu's smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum of
each launch says what the bank model must count per copy; the throughputs say
whether the zero-fill passes of a ZFILL copy cost the shared-memory port.

Imported by gen.py (register(add)); `python3 tools/microbench/gen8_ldg.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ITERS = 64
FORMS = {"nosz": (0, ITERS), "selp": (1, ITERS), "reg": (2, 16), "ign": (3, ITERS), "selp0": (1, 0)}
CASES = (  # name, form, swizzled, warps, inflight
    ("nosz_lin_tput", "nosz", 0, 32, 4), ("nosz_swz_tput", "nosz", 1, 32, 4),
    ("selp_lin_tput", "selp", 0, 32, 4), ("selp_swz_tput", "selp", 1, 32, 4),
    ("reg_lin_tput", "reg", 0, 32, 4), ("reg_swz_tput", "reg", 1, 32, 4),
    ("ign_swz_tput", "ign", 1, 32, 4), ("selp0_swz_tput", "selp0", 1, 32, 4),
    ("nosz_swz_tput_w8", "nosz", 1, 8, 4), ("selp_swz_tput_w8", "selp", 1, 8, 4),
    ("reg_swz_tput_w8", "reg", 1, 8, 4),
    ("nosz_swz_lat", "nosz", 1, 1, 1), ("selp_swz_lat", "selp", 1, 1, 1), ("reg_swz_lat", "reg", 1, 1, 1),
)
WHAT = {"nosz": "no src-size", "selp": "src-size selp(16, 0, p), p true (Triton)",
        "reg": "src-size a run-time register of 16", "ign": "ignore-src false",
        "selp0": "src-size selp(16, 0, p), p false (zero fill only)"}


def src():
    return open(os.path.join(HERE, "ldg8.cu")).read()


def register(add):
    for name, form, swz, warps, inflight in CASES:
        f, limit = FORMS[form]
        add(f"cpasync8_{name}", "cpasync", "ldg8_cp", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "src"}, {"s32": ITERS}, {"s32": limit},
             {"u32": f}, {"u32": swz}, {"u32": inflight}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps]),
             "src": "{dtype: u32, shape: [262144], init: iota}"}, ["clk", "sink"],
            {"kind": "latency" if inflight == 1 else "throughput",
             "op": f"cp.async.cg 16 B per lane, {WHAT[form]}, {'Triton-swizzled' if swz else 'contiguous'} "
                   f"destination, {warps} warps x 1 CTAs, {inflight} group(s) in flight",
             "warps": warps, "ctas": 1, "steps_per_warp": ITERS, "bytes_per_step": 512,
             "derive": "latency: cycles_per_step = clk[w][1] / steps; throughput: bytes per cycle per SM = "
                       "warps * steps * bytes_per_step / max_w clk[w][1]"},
            source=src())


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
