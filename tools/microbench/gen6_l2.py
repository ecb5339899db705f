"""Part 6 of the microbenchmark list (issue 14/15, the L2 bandwidth
question): family l2bw (l2bw.cu): 1..132 SMs (and 2 or 4 CTAs per SM on
all 132) stream an L2-resident buffer (128 KiB per SM, 16.5 MiB in all,
read 17 times, the first untimed) with ld.global.cg.v4 (L1 bypassed) and,
separately, with TMA 2D box loads (16 KiB boxes, 4 in flight) into shared
memory. HBM bandwidth by SM count is gmem_copy_c* (gen.py). Recorded with
tools/microbench/device6_l2.sh (ncu adds the L2 and DRAM clocks).
Imported by gen.py (register(add)); `python3 tools/microbench/gen6_l2.py`
writes only these directories.

The l2bw_sh_* launches (register_sh, l2bw_sh.cu, same family and derivation)
share regions between SMs: CTA c reads region c % G, G = CTAs (private, as
above) down to 1 (every SM reads the same 128 KiB), to see whether lines
many SMs read come faster (Hopper's two L2 partitions). `python3
tools/microbench/gen6_l2.py sh` writes only those directories (and their
entries of benchmarks.json)."""
import os
import sys

KIB = 1024
REGION = 128 * KIB   # bytes per SM
REPS = 17
SMS = (1, 2, 4, 8, 16, 33, 66, 132)
HEAVY = 33           # SIM_SKIP from this many SMs (a functional run of seconds)


def register(add):
    for sms, ctas_per_sm, block in [(n, 1, 1024) for n in SMS] + [(132, 2, 512), (132, 4, 256)]:
        ctas = sms * ctas_per_sm
        per_cta = REGION // ctas_per_sm
        name = f"l2bw_ld_c{sms}" + (f"_x{ctas_per_sm}" if ctas_per_sm > 1 else "")
        add(name, "l2bw", "l2bw_ld", [ctas, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "gt"}, {"buffer": "smid"}, {"buffer": "sink"}, {"buffer": "buf"},
             {"u64": per_cta}, {"s32": REPS}],
            {"clk": ("u64", [ctas, 2]), "gt": ("u64", [ctas, 2]), "smid": ("u32", [ctas]),
             "sink": ("u32", [ctas * block]),
             "buf": "{dtype: u32, shape: [%d], init: uniform}" % (ctas * per_cta // 4)},
            # the heavy ones' sink (a word per thread, incompressible) is not kept: they never run in CI
            ["clk", "gt", "smid"] + ([] if sms >= HEAVY else ["sink"]),
            {"kind": "bandwidth", "op": f"ld.global.cg.v4.u32 from L2, {ctas} CTA(s) of {block} threads "
                                        f"({ctas_per_sm} per SM), {per_cta // KIB} KiB each, 4 loads in flight a thread",
             "ctas": ctas, "ctas_per_sm": ctas_per_sm, "sms": sms, "bytes_per_cta": per_cta, "reps": REPS,
             "timed_bytes_per_cta": (REPS - 1) * per_cta, "heavy": sms >= HEAVY,
             "derive": "per CTA rate = timed_bytes_per_cta / (clk[c][1] - clk[c][0]); "
                       "bytes_per_sm_cycle = sum over CTAs of the rates (the whole GPU's bytes per SM cycle); "
                       "bytes_per_cycle_per_sm = bytes_per_sm_cycle / sms; "
                       "GB_per_s = ctas * timed_bytes_per_cta / (max gt[c][1] - min gt[c][0]); "
                       "sm_mhz_clock64 = median over CTAs of (clk[c][1] - clk[c][0]) * 1000 / (gt[c][1] - gt[c][0])"})
    box_rows, stages = 128, 4
    box = box_rows * 128
    boxes = REGION // box
    for sms in SMS:
        add(f"l2bw_tma_c{sms}", "l2bw", "l2bw_tma", [sms, 1, 1], [128, 1, 1],
            [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "gt"}, {"buffer": "smid"}, {"buffer": "sink"},
             {"s32": boxes}, {"s32": box_rows}, {"u32": box}, {"s32": stages}, {"s32": REPS}],
            {"t": "{dtype: f16, shape: [%d, 64], init: uniform}" % (sms * boxes * box_rows),
             "clk": ("u64", [sms, 2]), "gt": ("u64", [sms, 2]), "smid": ("u32", [sms]),
             "sink": ("u32", [sms, 32])},
            ["clk", "gt", "smid", "sink"],
            {"kind": "bandwidth", "op": f"TMA 2D loads from L2, box 16 KiB ([64 f16, {box_rows} rows]), swizzle 128B, "
                                        f"{stages} in flight, {sms} CTA(s) of 128 threads, {REGION // KIB} KiB each",
             "ctas": sms, "ctas_per_sm": 1, "sms": sms, "box_bytes": box, "stages": stages, "reps": REPS,
             "timed_bytes_per_cta": (REPS - 1) * REGION, "heavy": sms >= HEAVY,
             "derive": "as l2bw_ld"},
            shared=box * stages,
            extra={"tensormaps": f"\n  tm: {{buffer: t, dtype: f16, dims: [64, {sms * boxes * box_rows}], "
                                 f"strides: [128], box: [64, {box_rows}], swizzle: 128B}}"})


SH_LD = [(1, g) for g in (132, 33, 16, 4, 2, 1)] + [(2, 264), (2, 1)]   # (CTAs per SM, groups)
SH_TMA = [(1, g) for g in (132, 16, 4, 1)] + [(2, 264), (2, 1)]


def sh_name(kind, ctas_per_sm, groups):
    return f"l2bw_sh_{kind}_g{groups}" + (f"_x{ctas_per_sm}" if ctas_per_sm > 1 else "")


def register_sh(add):
    """Every SM streams; CTA c reads region c % groups (l2bw_sh.cu)."""
    src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "l2bw_sh.cu")).read()
    sms = 132
    for ctas_per_sm, groups in SH_LD:
        ctas, block = sms * ctas_per_sm, 1024 // ctas_per_sm
        per_cta = REGION // ctas_per_sm
        add(sh_name("ld", ctas_per_sm, groups), "l2bw", "l2bw_ld_sh", [ctas, 1, 1], [block, 1, 1],
            [{"buffer": "clk"}, {"buffer": "gt"}, {"buffer": "smid"}, {"buffer": "sink"}, {"buffer": "buf"},
             {"u64": per_cta}, {"s32": REPS}, {"s32": groups}],
            {"clk": ("u64", [ctas, 2]), "gt": ("u64", [ctas, 2]), "smid": ("u32", [ctas]),
             "sink": ("u32", [ctas * block]),
             "buf": "{dtype: u32, shape: [%d], init: uniform}" % (groups * per_cta // 4)},
            ["clk", "gt", "smid"],
            {"kind": "bandwidth", "op": f"ld.global.cg.v4.u32 from L2, {ctas} CTA(s) of {block} threads "
                                        f"({ctas_per_sm} per SM), {per_cta // KIB} KiB each, CTA c reads region "
                                        f"c % {groups} ({ctas // groups} CTAs a region)",
             "ctas": ctas, "ctas_per_sm": ctas_per_sm, "sms": sms, "groups": groups,
             "ctas_per_region": ctas // groups, "bytes_per_cta": per_cta, "reps": REPS,
             "timed_bytes_per_cta": (REPS - 1) * per_cta, "heavy": True, "derive": "as l2bw_ld"},
            source=src)
    box_rows, stages = 128, 4
    box = box_rows * 128
    for ctas_per_sm, groups in SH_TMA:
        ctas = sms * ctas_per_sm
        per_cta = REGION // ctas_per_sm
        boxes = per_cta // box
        rows = groups * boxes * box_rows
        add(sh_name("tma", ctas_per_sm, groups), "l2bw", "l2bw_tma_sh", [ctas, 1, 1], [128, 1, 1],
            [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "gt"}, {"buffer": "smid"}, {"buffer": "sink"},
             {"s32": boxes}, {"s32": box_rows}, {"u32": box}, {"s32": stages}, {"s32": REPS}, {"s32": groups}],
            {"t": "{dtype: f16, shape: [%d, 64], init: uniform}" % rows,
             "clk": ("u64", [ctas, 2]), "gt": ("u64", [ctas, 2]), "smid": ("u32", [ctas]),
             "sink": ("u32", [ctas, 32])},
            ["clk", "gt", "smid"],
            {"kind": "bandwidth", "op": f"TMA 2D loads from L2, box 16 KiB ([64 f16, {box_rows} rows]), swizzle 128B, "
                                        f"{stages} in flight, {ctas} CTA(s) of 128 threads ({ctas_per_sm} per SM), "
                                        f"{per_cta // KIB} KiB each, CTA c reads region c % {groups} "
                                        f"({ctas // groups} CTAs a region)",
             "ctas": ctas, "ctas_per_sm": ctas_per_sm, "sms": sms, "groups": groups,
             "ctas_per_region": ctas // groups, "box_bytes": box, "stages": stages, "reps": REPS,
             "timed_bytes_per_cta": (REPS - 1) * per_cta, "heavy": True, "derive": "as l2bw_ld"},
            shared=box * stages,
            extra={"tensormaps": f"\n  tm: {{buffer: t, dtype: f16, dims: [64, {rows}], "
                                 f"strides: [128], box: [64, {box_rows}], swizzle: 128B}}"},
            source=src)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    sh = sys.argv[1:] == ["sh"]

    def skip(b):
        if b["meta"]["heavy"]:
            with open(os.path.join(gen.MB, b["name"], "SIM_SKIP"), "w") as f:
                f.write("functional run too heavy for CI (every SM streams 128 KiB 17 times); "
                        "the GPU recording stays valid\n" if sh else
                        "functional run too heavy for CI (16.5 MiB read 17 times by every SM); "
                        "the GPU recording stays valid\n")
    gen.write_family(register_sh if sh else register, index=sh, after=skip)
