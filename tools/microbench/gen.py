#!/usr/bin/env python3
"""Generates the microbenchmark directories validation/microbench/<name>/
(kernel.cu copied from tools/microbench/<family>.cu, launch.yaml) and
tools/microbench/benchmarks.json (what each launch measures, for the device
runner and summary). Standard library only. Re-run after editing a family;
kernel.ptx, gpu/, cycles.json and provenance.json come from the device run
(tools/microbench/device.sh)."""
import importlib
import json
import os
import shutil
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SRC = os.path.dirname(os.path.abspath(__file__))
MB = os.path.join(ROOT, "validation", "microbench")

BENCH = []   # dicts: name, family, kernel, grid, block, shared, buffers, params, outputs, meta


def add(name, family, kernel, grid, block, params, buffers, outputs, meta, shared=0, cluster=None, extra=None,
        source=None):
    """source: the kernel.cu text when the family has no tools/microbench/<family>.cu (generated)."""
    BENCH.append(dict(name=name, family=family, kernel=kernel, grid=grid, block=block, shared=shared,
                      params=params, buffers=buffers, outputs=outputs, meta=meta, cluster=cluster,
                      extra=extra or {}, source=source))


def clk(warps, ctas=1):
    return {"clk": ("u64", [ctas * warps, 2])}


# ---------------------------------------------------------------- part 1
CHAIN = [
    ("add_s32", "chain_add_s32", "add.s32 (Fibonacci pair x+=y, y+=x)", 1),
    ("mad_lo_s32", "chain_mad_lo_s32", "mad.lo.s32", 1),
    ("fma_f32", "chain_fma_f32", "fma.rn.f32", 1),
    ("fma_f64", "chain_fma_f64", "fma.rn.f64", 1),
    ("mul_wide_s32", "chain_mul_wide_s32", "mul.wide.s32 (low half feeds the next)", 1),
    ("ex2_f32", "chain_ex2_f32", "ex2.approx.f32", 1),
    ("ex2_ftz_f32", "chain_ex2_ftz_f32", "ex2.approx.ftz.f32", 1),
    ("cvt_f32_s32", "chain_cvt_f32_s32", "cvt.rn.f32.s32 (through mov.b32)", 1),
    ("cvt_s32_f32", "chain_cvt_s32_f32", "cvt.rzi.s32.f32 (through mov.b32)", 1),
    ("cvt_f32_f64_pair", "chain_cvt_f32_f64_pair", "cvt.f64.f32 + cvt.rn.f32.f64 (a pair)", 1),
    ("cvt_f16_f32_pair", "chain_cvt_f16_f32_pair", "cvt.rn.f16.f32 + cvt.f32.f16 (a pair)", 1),
    ("shfl_bfly", "chain_shfl_bfly", "shfl.sync.bfly.b32", 1),
    ("shfl_idx", "chain_shfl_idx", "shfl.sync.idx.b32", 1),
]
for short, kern, what, _ in CHAIN:
    iters = 16
    add(f"chain_{short}", "chain", kern, [1, 1, 1], [32, 1, 1],
        [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
        {"clk": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "sink"],
        {"kind": "latency", "op": what, "ops_per_rep": iters * 64, "warps": 1,
         "derive": "cycles_per_op = clk[1] / ops_per_rep"})
add("chain_overhead", "chain", "chain_fma_f32", [1, 1, 1], [32, 1, 1],
    [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": 0}, {"u32": 12345}],
    {"clk": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "sink"],
    {"kind": "overhead", "op": "two %clock64 reads around an empty loop (iters 0)", "ops_per_rep": 0, "warps": 1,
     "derive": "clk[1] = the timing overhead of the chain kernels"})

for w, ctas, block in [(1, 1, 32), (2, 1, 64), (4, 1, 128), (8, 1, 256), (12, 1, 384), (16, 1, 512),
                       (24, 1, 768), (32, 1, 1024), (48, 264, 768)]:
    iters = 64
    nw = block // 32
    slots = 1 if ctas == 1 else 4
    add(f"fma_tput_w{w}", "fma_tput", "fma_tput", [ctas, 1, 1], [block, 1, 1],
        [{"buffer": "clk"}, {"buffer": "smid"}, {"buffer": "wfin"}, {"buffer": "cnt"}, {"buffer": "sink"},
         {"s32": iters}, {"u32": 1 if ctas == 1 else 2}],
        {"clk": ("u64", [ctas, 4]), "smid": ("u32", [ctas]), "wfin": ("u32", [slots, nw]), "cnt": ("u32", [132]),
         "sink": ("u32", [ctas])}, ["clk", "smid", "wfin", "sink"],
        {"kind": "throughput", "op": "independent fma.rn.f32 (ILP 8 per thread)", "warps_per_sm": w,
         "ctas_per_sm": 1 if ctas == 1 else 2, "warp_ops_per_warp": iters * 64,
         "derive": "fma_warp_inst_per_sm_cycle = sum over an SM's CTAs of warps * warp_ops_per_warp / "
                   "(max t1 - min t0 of rep 1 over those CTAs), median over SMs"})

WF = {32: [1, 2, 4, 8, 16, 32], 64: [1, 2, 4, 8, 16], 128: [1, 2, 4, 8]}
for width, strides in WF.items():
    base_wf = width // 32
    for s in strides:
        wf = min(32, base_wf * s)
        for mode in ("lat", "tput"):
            chains, block, iters = (1, 32, 8) if mode == "lat" else (4, 1024, 4)
            warps = block // 32
            add(f"smem_ld{width}_s{s}_{mode}", "smem_ld", f"smem_ld{width}", [1, 1, 1], [block, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": s}, {"u32": chains}],
                {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps])}, ["clk", "sink"],
                {"kind": "latency" if mode == "lat" else "throughput",
                 "op": f"ld.shared {width}-bit, lane stride {s} x {width // 8} B", "expected_wavefronts": wf,
                 "warps": warps, "chains": chains, "loads_per_warp": iters * 32 * chains,
                 "derive": "latency: cycles_per_load = clk[0][1] / loads_per_warp; throughput: "
                           "warp_loads_per_cycle = warps * loads_per_warp / max_w clk[w][1]"})

for x in (1, 2, 4):
    for mode in ("lat", "tput"):
        chains, block, iters = (1, 32, 8) if mode == "lat" else (4, 1024, 4)
        warps = block // 32
        add(f"ldsm_x{x}_{mode}", "ldsm", f"ldsm_x{x}", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": chains}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps])}, ["clk", "sink"],
            {"kind": "latency" if mode == "lat" else "throughput", "op": f"ldmatrix.m8n8.x{x}.b16 (conflict-free)",
             "warps": warps, "chains": chains, "loads_per_warp": iters * 32 * chains,
             "derive": "as smem_ld"})
    for mode in ("1w", "tput"):
        block, iters = (32, 8) if mode == "1w" else (1024, 4)
        warps = block // 32
        add(f"stsm_x{x}_{mode}", "ldsm", f"stsm_x{x}", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 1}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps])}, ["clk", "sink"],
            {"kind": "issue" if mode == "1w" else "throughput", "op": f"stmatrix.m8n8.x{x}.b16 (independent stores)",
             "warps": warps, "stores_per_warp": iters * 32,
             "derive": "cycles_per_store = clk[w][1] / stores_per_warp (1 warp); warp_stores_per_cycle (32 warps)"})

for same in (0, 1):
    for mode in ("lat", "tput"):
        chains, block, iters = (1, 32, 8) if mode == "lat" else (4, 1024, 2)
        warps = block // 32
        add(f"atom_shared_{'same' if same else 'distinct'}_{mode}", "atom", "atom_shared_add", [1, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": chains}, {"u32": same}, {"u32": 0}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps])}, ["clk", "sink"],
            {"kind": "latency" if mode == "lat" else "throughput",
             "op": "atom.shared.add.u32 " + ("all lanes one address" if same else "distinct banks"),
             "warps": warps, "chains": chains, "atoms_per_warp": iters * 32 * chains, "derive": "as smem_ld"})

for w in (1, 2, 4, 8, 16, 32):
    iters = 16
    add(f"bar_sync_w{w}", "sync", "bar_sync", [1, 1, 1], [32 * w, 1, 1],
        [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 0}],
        {"clk": ("u64", [w, 2]), "sink": ("u32", [w])}, ["clk", "sink"],
        {"kind": "latency", "op": f"bar.sync 0 with {w} warps", "warps": w, "barriers_per_rep": iters * 16,
         "derive": "cycles_per_barrier = max_w clk[w][1] / barriers_per_rep"})

for mode, what in ((0, "lane 0 arrives (count 1), try_wait.parity"), (1, "32 lanes arrive (count 32), try_wait.parity"),
                   (2, "lane 0 arrives (count 1), test_wait.parity spin")):
    iters = 256
    add(f"mbar_pingpong_m{mode}", "sync", "mbar_pingpong", [1, 1, 1], [64, 1, 1],
        [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": mode}],
        {"clk": ("u64", [2, 2]), "sink": ("u32", [2])}, ["clk", "sink"],
        {"kind": "latency", "op": "mbarrier arrive-to-wake between two warps: " + what, "handoffs_per_rep": 2 * iters,
         "derive": "cycles_per_handoff = clk[0][1] / handoffs_per_rep"})

for ctas in (1, 132, 1056):
    add(f"empty_c{ctas}", "empty", "empty_kernel", [ctas, 1, 1], [128, 1, 1], [{"buffer": "sink"}],
        {"sink": ("u32", [1])}, ["sink"],
        {"kind": "launch", "op": f"empty kernel, {ctas} CTAs of 128 threads",
         "derive": "ncu sm__cycles_elapsed.max only"})

# the later parts, each a generator module with register(add) (and gen6_l2's register_sh),
# appended in this order
PARTS = [
    ("gen2", "part 2: global memory, TMA, cp.async, wgmma, clusters"),
    ("gen3", "part 3: global stores by lines, integer division chains"),
    ("gen4", "part 4: TMA descriptor fetch, TMA stores and reductions"),
    ("gen5", "part 5: try_wait sleep, independent mbarrier ops, shared behind stores, integer mixes"),
    ("gen6_l2", "part 6: L2 bandwidth by SM count, ld.global.cg and TMA; shared lines"),
    ("gen6_store", "part 6: the L1 request path of global loads and stores"),
    ("gen6_tma", "part 6: complete_tx/test_wait loops, one reduction per launch, tensor-map edits and "
                 "fences, TMA stores per loop iteration"),
    ("gen6_core", "part 6: call/return, 64-bit conversions, division by warps"),
    ("gen7_core", "part 7: same-word shared atomics, division and IMAD + LOP3 by warps"),
    ("gen6_flash", "part 6: register-limited occupancy"),
    ("gen7_tmast", "part 7: stores and reductions to global memory, one per loop iteration"),
    ("gen7_fit8", "part 7: fences, L2 capacity sweep, CTA redispatch"),
    ("gen7_tmald", "part 7: what a tma_mcast loop spends besides the barrier and the load"),
    ("gen8_ldg", "part 8: cp.async.cg src-size forms on contiguous and Triton-swizzled destinations"),
    ("gen8_gls", "part 8: epilogue-shaped stores by row stride"),
    ("gen8_core", "part 8: a counted loop's iteration from two trip counts"),
    ("gen8_tmast", "part 8: the switch, branch and special-register code around a run-time-picked bulk reduction"),
    ("gen8_cold", "part 8: cold start: code reached by jumps, kernel parameters"),
    ("gen9_ihash", "part 9: 64-bit division beside independent IMAD or ALU work; add.u64 by warps"),
    ("gen9_tail", "part 9: global stores right before exit (the launch's store drain)"),
    ("gen8_brnt", "part 8: straight-line chains of never-taken compare-and-branch pairs"),
    ("gen11_atom", "part 11: the warp pipe (SHFL, VOTE) by warps; one warp's reduced shared atomics on distinct words"),
    ("gen11_tmald", "part 11: the single-CTA TMA-load evidence kernels phase by phase (%clock64 stamps); their fill and copy-out loops"),
    ("gen11_flush", "part 11: instruction fetch after ncu's cache flush (far jumps, straight-line code)"),
    ("gen11_tc2", "part 11: wgmma of several warpgroups on one SM sharing the tensor pipe"),
    ("gen12_gemm2", "part 12: the full-GPU TMA + wgmma GEMM mainloop phase by phase, one or two CTAs per SM"),
    ("gen12_jumptab", "part 12: the 8-case switch loops' unrecorded cases (ptxas's uniform and per-thread jump tables)"),
    ("gen12_smemld", "part 12: a dependent SHFL chain beside other warps' shared-memory wavefronts"),
    ("gen13_mio", "part 13: a SHFL behind one or three sub-partitions' shared traffic; REDUX.SUM by warps"),
    ("gen12_smallflush", "part 12: the first global loads of many warps after ncu's cache flush; a bulk reduction onto untouched lines"),
    ("gen13_gemm4096", "part 13: gemm_wgmma's mainloop on working sets beyond the L2 (TMA round trip per stage at full GPU); HBM streams at 1 and 3 stages"),
    ("gen13_tmaissue", "part 13: TMA loads issued back to back by one thread: issue cost against latency"),
    ("gen14_smallgemm", "part 14: a small GEMM launch phase by phase (prologue, first stage, loop, epilogue, drain)"),
    ("gen13_icache", "part 13: forward jumps over never-run code: the instruction prefetch depth, L2 and memory misses"),
    ("gen14_mbarops", "part 14: the single-CTA mbarrier evidence kernel phase by phase (%clock64 stamps)"),
    ("gen15_reduceops", "part 15: the 62-CTA bulk-reduction evidence kernel phase by phase (%clock64 stamps)"),
    ("gen14_tmahold", "part 14: TMA loads straight-line in the CuTe GEMM's shape (no stamps between them): the warp's hold"),
    ("gen13_brsplit", "part 13: a counted loop's iteration with bodies that separate the branch's hold from its predicate wait"),
    ("gen16_tmaq", "part 16: a small GEMM's cold TMA pipeline fill: each stage's completion with 1-6 stages queued"),
    ("gen15_atomu", "part 15: a warp-uniform dead shared atomic's per-iteration cost by atomics an iteration and warps; REDUX.SUM and S2R beside 32-lane ATOMS"),
    ("gen16_coldpace", "part 16: one warp's independent cold (HBM) loads of 1-128 lines: how they overlap"),
    ("gen17_tlbc", "part 17: dependent loads over 16-2048 pages: TLB first-touch cost and reach against cold DRAM latency"),
    ("gen17_part1", "part 17: mbwait_test at other trip counts; atom7's shared atomics at 32 warps with absolute stamps"),
    ("gen17_tmaqx", "part 17: a small GEMM producer's prologue and stage-0 issue stamped step by step; a contiguous second stage near or far"),
    ("gen17_wgov14", "part 17: Triton's TMA matmul k-loop at one and two CTAs per SM, a %clock64 stamp per k-step"),
    ("gen19_prod", "part 19: kernel parameters read before a barrier and used after it (ptxas's LDC placement); the setmaxnreg handshake"),
    ("gen20_ldclat", "part 20: a kernel parameter LDC hit's latency to its dependent compare by distance from the last read, width and barrier"),
    ("gen21_bulk18", "part 21: lone and spaced bulk copies, stores and reductions by one thread"),
    ("gen22_bulkst", "part 22: straight-line plain bulk stores from one thread per warp, stamped before each issue"),
    ("gen22_mwake", "part 22: which warps sleeping in try_wait an mbarrier change wakes (own barrier, another, expect_tx, complete_tx, cluster)"),
    ("gen21_tailbulk", "part 21 (session 21): tailst's 512-byte bulk stores and reductions taken apart: size, ELECT loop, wait_group.read, loop, count"),
    ("gen22_icap", "part 22: the SM instruction cache's capacity: 32-60 KiB of straight-line FFMA run three times, and a pad never run"),
    ("gen23_gls", "part 23: the partial-sector store surcharge by lane width (u16), lines per store, row stride, other-half next"),
    ("gen24_gls", "part 24: the partial-sector surcharge's deciding probe: active lanes (16 of 32, either half, spread) against lines per store, 8-16 warps"),
    ("gen28_cute", "part 28: the CuTe tutorial GEMM's epilogue stores (u16, wgmma accumulator layout, 4 lines x 16 B) alone: the twin's order, shared or own lines"),
]
sys.path.insert(0, SRC)
for _mod, _what in PARTS:
    if os.path.exists(os.path.join(SRC, _mod + ".py")):
        _m = importlib.import_module(_mod)
        _m.register(add)
        if hasattr(_m, "register_sh"):
            _m.register_sh(add)

def yaml_line(v):
    return json.dumps(v).replace('"', "")


def write_dir(b):
    d = os.path.join(MB, b["name"])
    os.makedirs(d, exist_ok=True)
    kc = os.path.join(d, "kernel.cu")
    if os.path.islink(kc):
        # dedup.py's link to the family source: write a file, not through the
        # link into tools/microbench (run dedup.py again after)
        os.remove(kc)
    if b["source"] is not None:
        with open(kc, "w") as f:
            f.write(b["source"])
    else:
        shutil.copyfile(os.path.join(SRC, b["family"] + ".cu"), kc)
    L = [f"# {b['name']}: {b['meta']['op']} (microbenchmark family {b['family']}; generated by tools/microbench/gen.py)"]
    L.append("# clk holds %clock64 deltas: timing data, not compared (ignored) in functional validation")
    L.append(f"kernel: {b['kernel']}")
    L.append(f"grid: {yaml_line(b['grid'])}")
    L.append(f"block: {yaml_line(b['block'])}")
    if b["cluster"]:
        L.append(f"cluster: {yaml_line(b['cluster'])}")
    L.append(f"shared_bytes: {b['shared']}")
    L.append("seed: 1")
    L.append("buffers:")
    for name, spec in b["buffers"].items():
        if isinstance(spec, tuple):
            L.append(f"  {name}: {{dtype: {spec[0]}, shape: {yaml_line(spec[1])}}}")
        else:
            L.append(f"  {name}: {spec}")
    for k, v in b["extra"].items():
        L.append(f"{k}: {v}")
    L.append("params:")
    for p in b["params"]:
        k, v = next(iter(p.items()))
        L.append(f"  - {{{k}: {v}}}")
    L.append(f"outputs: [{', '.join(b['outputs'])}]")
    ign = [o for o in b["outputs"] if o in ("clk", "lat", "smid", "wfin", "gt")]
    if ign:
        L.append("compare:")
        for o in ign:
            L.append(f"  {o}: {{ignore: all}}")
    with open(os.path.join(d, "launch.yaml"), "w") as f:
        f.write("\n".join(L) + "\n")


def index_entry(b):
    """A benchmark's entry in benchmarks.json."""
    return {k: b[k] for k in ("name", "family", "kernel", "grid", "block", "cluster", "meta")}


def write_family(register, only_new=False, index=True, after=None):
    """Writes the directories of the benchmarks register adds (one generator's
    family: its __main__), calling after(b) on each, and replaces or appends
    their entries in benchmarks.json (index). only_new: only directories not
    there yet (recorded ones hold dedup.py links)."""
    mine = []
    register(lambda *a, **k: mine.append(a[0]))
    todo = [b for b in BENCH if b["name"] in mine
            and not (only_new and os.path.exists(os.path.join(MB, b["name"])))]
    for b in todo:
        write_dir(b)
        if after:
            after(b)
    if index:
        bj = os.path.join(SRC, "benchmarks.json")
        ent = {b["name"]: index_entry(b) for b in todo}
        old = [ent.pop(b["name"], b) for b in json.load(open(bj))]
        old += [ent[b["name"]] for b in todo if b["name"] in ent]
        with open(bj, "w") as f:
            json.dump(old, f, indent=1)
            f.write("\n")
    print(f"{len(todo)} of {len(mine)} benchmarks written")


def main():
    names = set()
    for b in BENCH:
        assert b["name"] not in names, b["name"]
        names.add(b["name"])
        write_dir(b)
    with open(os.path.join(SRC, "benchmarks.json"), "w") as f:
        json.dump([index_entry(b) for b in BENCH], f, indent=1)
        f.write("\n")
    print(f"{len(BENCH)} benchmarks")


if __name__ == "__main__":
    main()
