#!/usr/bin/env python3
"""Prints the key-number table of validation/microbench/README.md from
summary.json (H200) and summary.h100.json (H100). Standard library only."""
import gzip
import json
import os

MB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "validation", "microbench")


def load(fn):
    p = os.path.join(MB, fn + ".gz")
    if not os.path.exists(p):
        return None
    with gzip.open(p, "rt") as f:
        return {e["name"]: e for e in json.load(f)["benchmarks"]}


def table(B):
    rows = []

    def v(n, k):
        return B[n]["clock64"][k]["median"]

    def nc(n):
        c = B[n]["ncu_cycles"]
        return f"{c['min']}/{c['median']}/{c['max']}"

    def R(what, f, src):
        try:
            val = f()
        except (KeyError, TypeError):
            val = "n/a"
        rows.append((what, val, src))

    J = " / ".join
    for n, lab in [("add_s32", "add.s32 (SASS alternates IADD3 / IMAD.IADD)"), ("mad_lo_s32", "mad.lo.s32 (IMAD)"),
                   ("fma_f32", "fma.rn.f32 (FFMA)"), ("fma_f64", "fma.rn.f64 (DFMA)"),
                   ("mul_wide_s32", "mul.wide.s32 (IMAD.WIDE)"), ("ex2_ftz_f32", "ex2.approx.ftz.f32 (MUFU.EX2)"),
                   ("ex2_f32", "ex2.approx.f32 (MUFU.EX2; FSETP + 2 FMUL per loop)"),
                   ("cvt_f32_s32", "cvt.rn.f32.s32 (I2FP.F32.S32)"), ("cvt_s32_f32", "cvt.rzi.s32.f32 (F2I.TRUNC.NTZ)"),
                   ("cvt_f32_f64_pair", "cvt.f64.f32 + cvt.rn.f32.f64, a pair (2 x F2F)"),
                   ("cvt_f16_f32_pair", "cvt.rn.f16.f32 + cvt.f32.f16, a pair (F2FP + HADD2.F32)"),
                   ("shfl_bfly", "shfl.sync.bfly"), ("shfl_idx", "shfl.sync.idx")]:
        R(f"dependent {lab}, cycles/op", lambda n=n: f"{v('chain_' + n, 'cycles_per_op'):.2f}", f"chain_{n}")
    R("timing overhead of a chain kernel's timed region (iters 0), cycles",
      lambda: f"{B['chain_overhead']['clock64']['clk_rep1']['median']:.0f}", "chain_overhead")
    R("independent FFMA, warp-instructions per SM-cycle: 1/2/4/8/16/32 warps (1 CTA), 48 warps (2 CTAs)",
      lambda: J(f"{v('fma_tput_w' + str(w), 'fma_warp_inst_per_sm_cycle'):.2f}" for w in (1, 2, 4, 8, 16, 32, 48)),
      "fma_tput_w*")
    for w, ss in ((32, [1, 2, 4, 8, 16, 32]), (64, [1, 2, 4, 8, 16]), (128, [1, 2, 4, 8])):
        base = w // 32
        wf = ", ".join(str(min(32, base * x)) for x in ss)
        R(f"ld.shared {w}-bit latency at {wf} wavefronts, cycles",
          lambda w=w, ss=ss: J(f"{v(f'smem_ld{w}_s{x}_lat', 'cycles_per_inst'):.1f}" for x in ss), f"smem_ld{w}_s*_lat")
        R(f"ld.shared {w}-bit, 32 warps: cycles per warp-load at the same wavefronts",
          lambda w=w, ss=ss: J(f"{v(f'smem_ld{w}_s{x}_tput', 'cycles_per_warp_inst'):.2f}" for x in ss),
          f"smem_ld{w}_s*_tput")
    R("ldmatrix x1/x2/x4 latency, cycles", lambda: J(f"{v(f'ldsm_x{x}_lat', 'cycles_per_inst'):.1f}" for x in (1, 2, 4)),
      "ldsm_x*_lat")
    R("ldmatrix x1/x2/x4, 32 warps: cycles per warp-instruction",
      lambda: J(f"{v(f'ldsm_x{x}_tput', 'cycles_per_warp_inst'):.2f}" for x in (1, 2, 4)), "ldsm_x*_tput")
    R("stmatrix x1/x2/x4 back to back, 1 warp: cycles per instruction",
      lambda: J(f"{v(f'stsm_x{x}_1w', 'cycles_per_inst'):.2f}" for x in (1, 2, 4)), "stsm_x*_1w")
    R("stmatrix x1/x2/x4, 32 warps: cycles per warp-instruction",
      lambda: J(f"{v(f'stsm_x{x}_tput', 'cycles_per_warp_inst'):.2f}" for x in (1, 2, 4)), "stsm_x*_tput")
    R("atom.shared.add.u32 latency, distinct banks / one address, cycles",
      lambda: f"{v('atom_shared_distinct_lat', 'cycles_per_inst'):.1f} / {v('atom_shared_same_lat', 'cycles_per_inst'):.1f}",
      "atom_shared_*_lat")
    R("atom.shared.add.u32, 32 warps, distinct / one address: cycles per warp-instruction",
      lambda: f"{v('atom_shared_distinct_tput', 'cycles_per_warp_inst'):.2f} / {v('atom_shared_same_tput', 'cycles_per_warp_inst'):.2f}",
      "atom_shared_*_tput")
    R("bar.sync 0 with 1/2/4/8/16/32 warps, cycles per barrier",
      lambda: J(f"{v(f'bar_sync_w{w}', 'cycles_per_barrier'):.1f}" for w in (1, 2, 4, 8, 16, 32)), "bar_sync_w*")
    R("mbarrier arrive-to-wake between two warps: try_wait (count 1) / try_wait (count 32) / test_wait spin, cycles",
      lambda: J(f"{v(f'mbar_pingpong_m{m}', 'cycles_per_handoff'):.1f}" for m in (0, 1, 2)), "mbar_pingpong_m*")
    R("empty kernel (128 threads/CTA), 1 / 132 / 1056 CTAs: ncu sm__cycles_elapsed.max min/median/max",
      lambda: " ; ".join(nc(f"empty_c{c}") for c in (1, 132, 1056)), "empty_c*")
    fps = ("16k", "32k", "64k", "128k", "256k", "512k", "1m", "4m", "16m", "32m", "64m", "128m", "256m", "1g")
    R("global load latency, pointer chase stride 128 B, footprint " + "/".join(x.upper() for x in fps) + ", cycles",
      lambda: J(f"{v('gmem_chase_' + f, 'cycles_per_load'):.0f}" for f in fps), "gmem_chase_*")
    R("global load latency, stride 2 MiB + 128 B (a new 2 MiB page every load), footprint 64M/256M/1G, cycles",
      lambda: J(f"{v('gmem_chase_page_' + f, 'cycles_per_load'):.0f}" for f in ("64m", "256m", "1g")), "gmem_chase_page_*")
    for f, lab in (("16k", "L1"), ("4m", "L2"), ("1g", "HBM")):
        R(f"per-load latency, {lab} ({f.upper()}), p05/p25/p50/p75/p95 (incl. ~10 cycles of clock read + store)",
          lambda f=f: J(str(int(v("gmem_chase_hist_" + f, "per_load_p" + p))) for p in ("05", "25", "50", "75", "95")),
          f"gmem_chase_hist_{f}")
    cs = (1, 2, 4, 8, 16, 33, 66, 132)
    R("copy bandwidth with 1/2/4/8/16/33/66/132 SMs, GB/s (read + write)",
      lambda: J(f"{v(f'gmem_copy_c{c}', 'GB_per_s'):.0f}" for c in cs), "gmem_copy_c*")
    R("copy, bytes per SM-cycle (read + write), same SM counts",
      lambda: J(f"{v(f'gmem_copy_c{c}', 'bytes_per_cycle_per_sm'):.1f}" for c in cs), "gmem_copy_c*")
    for sw, sizes in (("none", (1, 2, 4, 8, 16, 32)), ("32b", (1, 2, 4, 8)), ("64b", (1, 2, 4, 8, 16)),
                      ("128b", (1, 2, 4, 8, 16, 32))):
        kb = "/".join(str(x) for x in sizes)
        R(f"TMA 2D load latency (L2-resident), swizzle {sw}, box {kb} KiB, cycles",
          lambda sw=sw, sizes=sizes: J(f"{v(f'tma_load_{sw}_{x}k_lat', 'cycles_per_load'):.0f}" for x in sizes),
          f"tma_load_{sw}_*_lat")
        R(f"TMA 2D load, 4 in flight, 1 CTA, swizzle {sw}, box {kb} KiB: bytes per cycle",
          lambda sw=sw, sizes=sizes: J(f"{v(f'tma_load_{sw}_{x}k_tput', 'bytes_per_cycle_per_sm'):.1f}" for x in sizes),
          f"tma_load_{sw}_*_tput")
    R("TMA, 4 in flight on each of 132 CTAs, box 4 / 16 KiB, swizzle none; 128B: bytes per SM-cycle",
      lambda: f"{v('tma_load_none_4k_tput132', 'bytes_per_cycle_per_sm'):.1f} / {v('tma_load_none_16k_tput132', 'bytes_per_cycle_per_sm'):.1f}; "
              f"{v('tma_load_128b_4k_tput132', 'bytes_per_cycle_per_sm'):.1f} / {v('tma_load_128b_16k_tput132', 'bytes_per_cycle_per_sm'):.1f}",
      "tma_load_*_tput132")
    R("TMA multicast vs every CTA loading (cluster barrier + one load per iteration), cycles: cluster 2, 4 KiB; 4, 4 KiB; 2, 16 KiB; 4, 16 KiB",
      lambda: "; ".join(f"{v(f'tma_mcast{c}_{k}k', 'cycles_per_iteration'):.0f} vs {v(f'tma_nomcast{c}_{k}k', 'cycles_per_iteration'):.0f}"
                        for k in (4, 16) for c in (2, 4)), "tma_mcast*, tma_nomcast*")
    R("cp.async step latency (commit + wait_group 0), 1 warp: cg 16 B (L2) / ca 16 B (L1 hit) / ca 4 B, cycles",
      lambda: J(f"{v('cpasync_' + n, 'cycles_per_step'):.0f}" for n in ("cg16_lat", "ca16_lat", "ca4_lat")), "cpasync_*_lat")
    R("cp.async, 32 warps, 4 groups in flight: cg 16 / ca 16 (1 CTA) / cg 16 (132 CTAs), bytes per SM-cycle",
      lambda: J(f"{v('cpasync_' + n, 'bytes_per_cycle_per_sm'):.1f}" for n in ("cg16_tput", "ca16_tput", "cg16_tput132")),
      "cpasync_*_tput*")
    R("DSMEM dependent ld.shared::cluster: remote (cluster 2) / rank 3 of cluster 4 / own CTA via the cluster window / remote, 32 lanes, cycles",
      lambda: J(f"{v(n, 'cycles_per_load'):.0f}" for n in ("dsmem_remote_1lane", "dsmem_remote_c4_r3_1lane", "dsmem_local_1lane",
                                                            "dsmem_remote_32lanes")), "dsmem_*")
    R("barrier.cluster arrive + wait, cluster 1/2/4/8 (default release/acquire: MEMBAR.ALL.GPU in SASS), cycles",
      lambda: J(f"{v(f'cluster_bar_c{c}', 'cycles_per_barrier'):.0f}" for c in (1, 2, 4, 8)), "cluster_bar_c*")
    R("barrier.cluster.arrive.relaxed + wait, cluster 2/4, cycles",
      lambda: J(f"{v(f'cluster_bar_c{c}_relaxed', 'cycles_per_barrier'):.0f}" for c in (2, 4)), "cluster_bar_c*_relaxed")
    for dt in ("f16", "bf16", "tf32", "e4m3", "s8"):
        for rs in ("ss", "rs"):
            R(f"wgmma {dt} {rs.upper()}, N = 8/16/32/64/128/256: latency/issue interval, cycles",
              lambda dt=dt, rs=rs: " ; ".join(f"{v(f'wgmma_{dt}_n{n}_{rs}', 'latency_cycles'):.0f}/"
                                              f"{v(f'wgmma_{dt}_n{n}_{rs}', 'issue_interval_cycles'):.1f}"
                                              for n in (8, 16, 32, 64, 128, 256)), f"wgmma_{dt}_n*_{rs}")
    return rows


def main():
    h200, h100 = load("summary.json"), load("summary.h100.json")
    a = table(h200)
    b = table(h100) if h100 else [(w, "not measured", s) for w, _, s in a]
    print("| what | H200 | H100 | directories |")
    print("| --- | --- | --- | --- |")
    for (w, x, s), (_, y, _) in zip(a, b):
        print(f"| {w} | {x} | {y} | {s} |")


if __name__ == "__main__":
    main()
