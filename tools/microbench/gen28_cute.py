"""Part 28 of the microbenchmark list (session 28, helper cute; validation/timing/cute28.md). Two things about the CuTe
Hopper tutorial GEMM's stamped twin tph_cute_tn (gen23_cute.py; cute23.md: its epilogue of 128 st.global.u16 a thread
takes ~2250 cycles on the H200, the model ~4500):

1. tph_cute_tn_gt: the twin with %globaltimer read beside four of its %clock64 stamps (entry, the first k-tile's full
   wait, the epilogue's start and end), into an extra output gt[cta][warp][8] (u64: 0 entry, 1 k-tile 0's full wait,
   2 k-tile 1's, 4 epilogue start, 5 epilogue end; the rest 0): the %clock MHz of each phase, whether an SM whose
   tensor pipe runs ~1200 of ~6500 cycles is at the capped tensor clock over its whole span (coop27.md, fa27.md).
   Family tph (isCuteTwin: clk as tph_cute_tn; gt is timing data that compare ignores).
2. gls28_cute16_*: the twin's epilogue stores alone in gls.cu's frame (tools/microbench/gls28.cu; family gls,
   cycles_per_access from the barrier's release as gen6_store.py): the wgmma accumulator layout of a column-major C
   (ldc 256 halves), 128 stores a warp per rep, 4 warps of one CTA, the twin's order of each group of 4 stores (column
   c, column c+1, c + 16 bytes, c+1 + 16 bytes) or the other half next; the 4 warps writing sectors 0-3 of the same
   lines (the twin) or each its own lines; and 1 warp. gls23_st16_r4g8_r512_w4 (st16_23.md: the same 4 lines x 16 B
   per store, each warp its own lines, the other half next) cost 7.9 cycles a store; the twin's epilogue <= 4.4.

`python3 tools/microbench/gen28_cute.py` writes only these directories and their benchmarks.json entries."""
import gzip
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen23_cute as g  # noqa: E402

LDC = 256  # halves a column (the twin's ldc)
COLB = LDC * 2
GT_SLOTS = 8


def register(add):
    src = open(os.path.join(HERE, "gls28.cu")).read()

    def mk(name, warps, shared, order, what):
        wrow, wsep = (16, 0) if shared else (0, 64 * 1024)
        o1, o2 = (COLB, 16) if order == "twin" else (16, COLB)
        cstride = 64 * 1024 * (1 if shared else warps)
        meta = {"kind": "throughput", "op": what, "warps": warps, "ctas": 1, "width_bits": 16, "lines_per_access": 4,
                "sectors_per_line": 1, "full_sectors": False, "active_lanes": 32, "accesses_per_warp": 128,
                "store": True, "ldc_halves": LDC, "shared_lines": shared, "order": order,
                "derive": "cycles_per_access = median over CTAs of max_w (clk[w][1] - (max_v clk[v][0] - clk[w][0])) "
                          "(rep 1 from the barrier's release) / accesses_per_warp; ncu sm__cycles_elapsed.max: the "
                          "launch with the stores' drain"}
        add(name, "gls", "gls_cute16", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "buf"}, {"buffer": "sink"}, {"s32": 2}, {"u32": LDC}, {"u32": wrow},
             {"u32": wsep}, {"u32": o1}, {"u32": o2}, {"u32": cstride}],
            {"clk": ("u64", [warps, 2]), "buf": "{dtype: u32, shape: [%d]}" % (cstride // 4),
             "sink": ("u32", [32 * warps])}, ["clk"], meta, source=src)

    T = "st.global.u16 in the CuTe tutorial epilogue's layout (4 lines x 16 B a store, ldc 256 halves)"
    mk("gls28_cute16_w4", 4, True, "twin", f"{T}, the twin's order, the 4 warps on sectors 0-3 of the same lines, 4 warps")
    mk("gls28_cute16_own_w4", 4, False, "twin", f"{T}, the twin's order, each warp its own lines, 4 warps")
    mk("gls28_cute16_adj_w4", 4, True, "adj", f"{T}, the other half next, the 4 warps on sectors 0-3 of the same lines, 4 warps")
    mk("gls28_cute16_own_adj_w4", 4, False, "adj", f"{T}, the other half next, each warp its own lines, 4 warps")
    mk("gls28_cute16_w1", 1, True, "twin", f"{T}, the twin's order, 1 warp")


def gt_stamp(ptx):
    """%globaltimer beside the entry stamp, k-tile i's full-wait stamp (slot 4 + i) and the epilogue's (14, 15)."""
    k = g.KERN
    ptx = g.after(ptx, k + "_param_11\n", ",\n.param .u64 " + k + "_param_12")
    ptx = g.after(ptx, "mov.u64 %tph0, %clock64;\n", "mov.u64 %tphg, %globaltimer;\n")
    ptx = g.after(ptx, "\n.reg .b64 %tph0;\n", ".reg .b64 %tphg;\n.reg .b64 %tphq;\n")
    # the per-warp gt base (same index as clk's, GT_SLOTS a warp) after clk's base
    a = "mov.u64 %tphj, 0;\n}\n"
    ptx = g.after(ptx, a, "{\n.reg .b64 %tw;\n.reg .b32 %t1;\n.reg .b32 %t2;\n.reg .b32 %t3;\n"
                  f"ld.param.u64 %tphq, [{k}_param_12];\ncvta.to.global.u64 %tphq, %tphq;\n"
                  "mov.u32 %t1, %ctaid.y;\nmov.u32 %t2, %nctaid.x;\nmov.u32 %t3, %ctaid.x;\n"
                  "mad.lo.u32 %t1, %t1, %t2, %t3;\nmov.u32 %t2, %tid.x;\nshr.u32 %t2, %t2, 5;\n"
                  f"mad.lo.u32 %t1, %t1, {g.WARPS}, %t2;\nmul.wide.u32 %tw, %t1, {8 * GT_SLOTS};\n"
                  "add.s64 %tphq, %tphq, %tw;\nst.global.u64 [%tphq], %tphg;\n}\n")
    old4 = g.stamp(4, "%tphj")
    new4 = ("{\n.reg .b64 %tv;\n.reg .b64 %ta;\n.reg .b64 %tg;\nmov.u64 %tv, %clock64;\nmov.u64 %tg, %globaltimer;\n"
            "add.s64 %ta, %tphb, %tphj;\nst.global.u64 [%ta+32], %tv;\nadd.s64 %ta, %tphq, %tphj;\n"
            "st.global.u64 [%ta+8], %tg;\n}\n")
    assert ptx.count(old4) == 1
    ptx = ptx.replace(old4, new4)
    for slot, gs in ((14, 4), (15, 5)):
        old = g.stamp(slot)
        assert ptx.count(old) == 1, slot
        ptx = ptx.replace(old, "{\n.reg .b64 %tv;\n.reg .b64 %tg;\nmov.u64 %tv, %clock64;\nmov.u64 %tg, %globaltimer;\n"
                          f"st.global.u64 [%tphb+{8 * slot}], %tv;\nst.global.u64 [%tphq+{8 * gs}], %tg;\n}}\n")
    return ptx


def write_gt():
    name = g.NAME + "_gt"
    out = os.path.join(g.ROOT, "validation", "microbench", name)
    os.makedirs(out, exist_ok=True)
    with gzip.open(os.path.join(g.EV, "kernel.ptx.gz"), "rt") as f:
        ptx = f.read()
    src = gt_stamp(g.instrument(ptx))
    head = ("// sm90sim microbenchmark tph_cute_tn_gt (tools/microbench/gen28_cute.py): tph_cute_tn (gen23_cute.py) with\n"
            "// %globaltimer beside four of its %clock64 stamps; see the generator.\n")
    with gzip.GzipFile(os.path.join(out, "kernel.ptx.gz"), "wb", mtime=0) as f:
        f.write((head + src).encode())
    y = g.launch_yaml(name, False).replace("gen23_cute.py", "gen28_cute.py")
    y = y.replace("with %clock64 stamps per warp", "with %clock64 stamps per warp and %globaltimer beside four of them")
    y = y.replace("\n  clk: {dtype: u64, shape: [16, 20]}", f"\n  clk: {{dtype: u64, shape: [16, 20]}}\n  gt: {{dtype: u64, shape: [16, {GT_SLOTS}]}}")
    y = y.replace("  - {buffer: clk}\n", "  - {buffer: clk}\n  - {buffer: gt}\n")
    y = y.replace("outputs: [clk]\ncompare:\n  clk: {ignore: all}", "outputs: [clk, gt]\ncompare:\n  clk: {ignore: all}\n  gt: {ignore: all}")
    y = y.replace("# clk holds raw %clock64 stamps", "# clk holds raw %clock64 stamps, gt raw %globaltimer ns")
    assert y.count("{buffer: gt}") == 1 and "gt: {ignore: all}" in y, y
    with open(os.path.join(out, "launch.yaml"), "w") as f:
        f.write(y)
    print("wrote", out)
    return {"name": name, "family": "tph", "kernel": g.KERN, "grid": [2, 2, 1], "block": [128, 1, 1], "cluster": [2, 1, 1],
            "meta": {"kind": "phases", "op": "tph_cute_tn (a stamped twin of the evidence kernel cute_wgmma_tma_tn) with "
                     "%globaltimer beside the entry, k-tile full-wait and epilogue stamps (gen28_cute.py)",
                     "evidence": "cute_wgmma_tma_tn", "warps": g.WARPS, "slots": g.SLOTS, "spin_cycles": 0,
                     "globaltimer": True, "gt_slots": GT_SLOTS,
                     "derive": "raw %clock64 per slot (gen23_cute.py); gt: raw %globaltimer, see gen28_cute.py"}}


def main():
    ent = write_gt()
    bj = os.path.join(HERE, "benchmarks.json")
    old = [b for b in json.load(open(bj)) if b["name"] != ent["name"]] + [ent]
    with open(bj, "w") as f:
        json.dump(old, f, indent=1)
        f.write("\n")
    import gen  # noqa: E402  (builds gen.BENCH with register above, part 28)
    gen.write_family(register)


if __name__ == "__main__":
    main()
