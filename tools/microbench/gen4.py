"""Part 4 of the microbenchmark list (issue 14 gaps): family tmax (tmax.cu):
the fetch of a tensor map's descriptor on first use (tmadesc_*: a kernel
parameter map, a global-memory map, prefetch.tensormap, two maps, four
parameter maps for loads and stores) and TMA tile stores and .add
reductions (tmast_*: smem read done, writes done, all in flight).
Imported by gen.py (register(add)); `python3 tools/microbench/gen4.py`
writes only these directories."""
import os
import sys

KIB = 1024
ROWS = 512   # the tensor: f32 [512][32], 64 KiB


def tmap(name, rows):
    return f"\n  {name}: {{buffer: t, dtype: f32, dims: [32, {ROWS}], strides: [128], box: [32, {rows}]}}"


def register(add):
    # ------------------------------------------------------------ descriptor fetch on first use
    for mode, short, what in ((0, "param", "map in a kernel parameter"),
                              (1, "global", "map in global memory (fence.proxy.tensormap acquire first)"),
                              (2, "global_prefetch", "map in global memory, prefetch.tensormap then ~4000 cycles first"),
                              (3, "global_two", "two maps in global memory, used alternately"),
                              (4, "param_prefetch", "map in a kernel parameter, prefetch.tensormap then ~4000 cycles first")):
        add(f"tmadesc_{short}", "tmax", "tma_desc", [1, 1, 1], [128, 1, 1],
            [{"tensormap": "tm"}, {"buffer": "maps"}, {"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "t"},
             {"s32": mode}],
            {"t": "{dtype: f32, shape: [%d, 32], init: iota}" % ROWS, "maps": "{tensormaps: [tm, tm2]}",
             "clk": ("u64", [4]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": f"TMA 2D load of a 1 KiB box (L2-resident), 4 in a row, each waited: {what}",
             "mode": mode, "box_bytes": KIB,
             "derive": "first_cycles = clk[0] (the first use of the map); second_cycles = clk[1]; next_cycles = clk[3]; "
                       "first_extra_cycles = clk[0] - clk[3]"},
            shared=KIB, extra={"tensormaps": tmap("tm", 8) + tmap("tm2", 8)})
    for mode, short, what in ((0, "load", "1 KiB box load, mbarrier wait"),
                              (1, "store", "1 KiB box store, commit_group, wait_group 0")):
        add(f"tmadesc4_{short}", "tmax", "tma_desc4", [1, 1, 1], [128, 1, 1],
            [{"tensormap": "m0"}, {"tensormap": "m1"}, {"tensormap": "m2"}, {"tensormap": "m3"},
             {"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "t"}, {"s32": mode}],
            {"t": "{dtype: f32, shape: [%d, 32], init: iota}" % ROWS, "clk": ("u64", [8]), "sink": ("u32", [32])},
            ["clk", "sink"],
            {"kind": "latency", "op": f"four kernel-parameter maps used in turn, twice: {what} each",
             "mode": mode, "box_bytes": KIB,
             "derive": "first_cycles = mean(clk[0..3]) (first use of each map); next_cycles = mean(clk[4..7])"},
            shared=KIB, extra={"tensormaps": "".join(tmap(f"m{i}", 8) for i in range(4))})
    # ------------------------------------------------------------ TMA stores and reductions
    for red, op in ((0, "store"), (1, "add")):
        for kb in (1, 4, 16, 0.25):
            rows = int(kb * KIB) // 128
            modes = ((0, "read", "wait_group.read 0 after each", 32),
                     (1, "write", "wait_group 0 after each", 32),
                     (2, "tput", "all in flight, wait_group 0 at the end", 64),
                     (3, "group", "all in flight in one bulk group (one commit_group at the end), wait_group 0", 64))
            if kb == 16:
                modes = modes[:3]
            if kb == 0.25:
                modes = modes[2:]
            size = f"{kb}k" if kb >= 1 else "256b"
            for mode, short, what, iters in modes:
                add(f"tmast_{op}_{size}_{short}", "tmax", "tma_st", [1, 1, 1], [128, 1, 1],
                    [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"s32": rows},
                     {"s32": mode}, {"s32": red}, {"s32": ROWS}],
                    {"t": ("f32", [ROWS, 32]), "clk": ("u64", [2, 2]), "sink": ("u32", [32])}, ["clk", "sink"],
                    {"kind": "latency" if mode < 2 else "throughput",
                     "op": f"TMA 2D tile {'store' if red == 0 else 'reduction .add (f32)'}, box {int(kb * KIB)} B "
                           f"([32 f32, {rows} rows]), one bulk group each, {what}",
                     "mode": mode, "red": red, "box_bytes": int(kb * KIB), "ops_per_rep": iters,
                     "derive": "cycles_per_op = clk[1][1] / ops_per_rep (to the last wait_group 0); "
                               "issue_cycles_per_op = clk[1][0] / ops_per_rep"},
                    shared=int(kb * KIB), extra={"tensormaps": tmap("tm", rows)})
    # ------------------------------------------------------------ stores/reductions: maps in turn, same or distinct boxes
    for name, red, nmaps, rowstep, inner in (("tmast4_add_m1_same", 1, 1, 0, 32), ("tmast4_add_m4_same", 1, 4, 0, 32),
                                             ("tmast4_add_m1_dist", 1, 1, 2, 32), ("tmast4_add_m4_dist", 1, 4, 2, 32),
                                             ("tmast4_add_m4_narrow", 1, 4, 4, 16), ("tmast4_store_m1_same", 0, 1, 0, 32),
                                             ("tmast4_store_m4_same", 0, 4, 0, 32), ("tmast4_store_m4_dist", 0, 4, 2, 32)):
        rows, iters = 2 if inner == 32 else 4, 64
        box = inner * 4 * rows
        maps = "".join(f"\n  m{i}: {{buffer: t, dtype: f32, dims: [32, {ROWS}], strides: [128], box: [{inner}, {rows}]}}"
                       for i in range(4))
        add(name, "tmax", "tma_st4", [1, 1, 1], [128, 1, 1],
            [{"tensormap": "m0"}, {"tensormap": "m1"}, {"tensormap": "m2"}, {"tensormap": "m3"},
             {"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"s32": rows}, {"s32": nmaps}, {"s32": red},
             {"s32": rowstep}, {"s32": ROWS}],
            {"t": ("f32", [ROWS, 32]), "clk": ("u64", [2, 2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "throughput",
             "op": f"TMA 2D tile {'store' if red == 0 else 'reduction .add (f32)'}, box {box} B ([{inner} f32, {rows} rows]), "
                   f"{iters} in one bulk group, {nmaps} map(s) in turn (four kernel parameters over one tensor), "
                   + ("the same box every time" if rowstep == 0 else f"rows {rowstep} apart"),
             "red": red, "nmaps": nmaps, "rowstep": rowstep, "box_bytes": box, "ops_per_rep": iters,
             "derive": "cycles_per_op = clk[1][1] / ops_per_rep (to the end of wait_group 0); "
                       "issue_cycles_per_op = clk[1][0] / ops_per_rep"},
            shared=KIB, extra={"tensormaps": maps})
    # ------------------------------------------------------------ stores/reductions, 8 unrolled per loop iteration
    for red, op in ((0, "store"), (1, "add")):
        for bb in (256, 4096):
            rows, iters = bb // 128, 8
            add(f"tmast8_{op}_{'256b' if bb == 256 else '4k'}", "tmax", "tma_st8", [1, 1, 1], [128, 1, 1],
                [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"s32": rows},
                 {"s32": red}, {"s32": ROWS}],
                {"t": ("f32", [ROWS, 32]), "clk": ("u64", [2, 2]), "sink": ("u32", [32])}, ["clk", "sink"],
                {"kind": "throughput",
                 "op": f"TMA 2D tile {'store' if red == 0 else 'reduction .add (f32)'}, box {bb} B ([32 f32, {rows} rows]), "
                       f"8 unrolled per loop iteration, {iters * 8} in one bulk group",
                 "red": red, "box_bytes": bb, "ops_per_rep": iters * 8,
                 "derive": "cycles_per_op = clk[1][1] / ops_per_rep (to the end of wait_group 0); "
                           "issue_cycles_per_op = clk[1][0] / ops_per_rep"},
                shared=bb, extra={"tensormaps": tmap("tm", rows)})
    # ------------------------------------------------------------ cp.async and ld from HBM (fresh lines every step)
    for mode, short, what in ((0, "cg16", "cp.async.cg 16 B per lane, commit, wait_group 0"),
                              (1, "ca16", "cp.async.ca 16 B per lane, commit, wait_group 0"),
                              (2, "ldcg16", "ld.global.cg.v4.u32 per lane, value used before the next step")):
        iters = 32
        add(f"cpcold_{short}", "tmax", "cp_cold", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "src"}, {"s32": iters}, {"s32": mode}],
            {"clk": ("u64", [2]), "sink": ("u32", [32]), "src": ("u8", [128 << 20])}, ["clk", "sink"],
            {"kind": "latency", "op": f"one warp, 512 B from HBM (lines not read before) per step: {what}",
             "mode": mode, "steps_per_rep": iters,
             "derive": "cycles_per_step = clk[1] / steps_per_rep"})
    # ------------------------------------------------------------ non-tensor bulk reductions by operation and type
    ops = ["add.u32", "add.f32", "add.u64", "add.f64", "add.noftz.f16", "add.noftz.bf16", "min.s32", "min.u64",
           "inc.u32", "and.b64", "min.bf16"]
    for op, name in enumerate(ops):
        for cold in ((0, 1) if name in ("add.u32", "add.f64", "add.noftz.bf16", "min.u64") else (0,)):
            iters = 16
            add(f"bulkred_{name.replace('.noftz', '').replace('.', '_')}_{'cold' if cold else 'warm'}", "tmax",
                "bulk_red", [1, 1, 1], [128, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "dst"}, {"s32": iters}, {"s32": op}, {"s32": cold}],
                {"clk": ("u64", [2]), "sink": ("u32", [32]), "dst": ("u8", [128 << 20])}, ["clk", "sink"],
                {"kind": "latency",
                 "op": f"cp.reduce.async.bulk .{name} of 1 KiB, commit, wait_group 0, "
                       + ("fresh destination lines (from HBM)" if cold else "the same destination (in L2)"),
                 "red_op": name, "cold": cold, "steps_per_rep": iters,
                 "derive": "cycles_per_step = clk[1] / steps_per_rep"},
                shared=KIB)
    # ------------------------------------------------------------ TMA loads from HBM (fresh rows every load)
    cold_rows = 1 << 20   # f16 [1M][64]: 128 MiB
    for name, kb, stages, iters, ctas in (("tmacold_16k_s1", 16, 1, 8, 1), ("tmacold_16k_s4", 16, 4, 32, 1),
                                          ("tmacold_16k_s4_c2", 16, 4, 32, 2), ("tmacold_4k_s4", 4, 4, 64, 1)):
        rows = kb * KIB // 128
        add(name, "tmax", "tma_cold", [ctas, 1, 1], [128, 1, 1],
            [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"s32": rows},
             {"u32": kb * KIB}, {"s32": stages}],
            {"t": ("f16", [cold_rows, 64]), "clk": ("u64", [ctas, 2]), "sink": ("u32", [ctas, 32])}, ["clk", "sink"],
            {"kind": "latency" if stages == 1 else "throughput",
             "op": f"TMA 2D load from HBM (rows not read before), box {kb} KiB ([64 f16, {rows} rows]), swizzle 128B, "
                   f"{stages} in flight, {ctas} CTA(s)",
             "box_bytes": kb * KIB, "loads_per_rep": iters, "ctas": ctas, "stages": stages,
             "derive": "cycles_per_load = median_cta clk[cta][1] / loads_per_rep; "
                       "bytes_per_cycle_per_sm = loads_per_rep * box_bytes / median_cta clk[cta][1]"},
            shared=kb * KIB * stages,
            extra={"tensormaps": f"\n  tm: {{buffer: t, dtype: f16, dims: [64, {cold_rows}], strides: [128], "
                                 f"box: [64, {rows}], swizzle: 128B}}"})
    # ------------------------------------------------------------ cp.async throughput by warps (cpasync.cu)
    for mode, kind in ((0, "cg16"), (1, "ca16")):
        for warps in (4, 8, 16):
            iters = 64
            add(f"cpasync_{kind}_tput_w{warps}", "cpasync", "cpasync", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "src"}, {"s32": iters}, {"u32": mode},
                 {"u32": 4}],
                {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps]),
                 "src": "{dtype: u32, shape: [262144], init: iota}"}, ["clk", "sink"],
                {"kind": "throughput",
                 "op": f"cp.async.{'cg' if mode == 0 else 'ca'} 16 B per lane, {warps} warps x 1 CTAs, 4 group(s) in flight",
                 "warps": warps, "ctas": 1, "steps_per_warp": iters, "bytes_per_step": 512,
                 "derive": "throughput: bytes per cycle per SM = warps * steps * bytes_per_step / max_w clk[w][1]"})


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
