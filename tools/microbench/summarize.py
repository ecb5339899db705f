#!/usr/bin/env python3
"""Derives per-benchmark numbers from the recorded microbenchmark directories
and writes validation/microbench/summary.json.gz (and prints a Markdown table).
Standard library only; reads each directory's clock_runs.json (the %clock64
outputs of every run), cycles.json (ncu) and provenance.json, and
tools/microbench/benchmarks.json.

  summarize.py [--sass DIR] [--table FILE.md]
--sass DIR: a device build's sass/ folder (cuobjdump output per first
directory of each distinct kernel.cu, dir_to_sass.txt, *.ptxas.txt): adds the
timed loops' SASS (sass_loops.py) and the ptxas -v lines to provenance.json.
"""
import argparse
import gzip
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
MB = os.path.join(ROOT, "validation", "microbench")
sys.path.insert(0, HERE)
import sass_loops  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "tools", "record"))
import gzcompat  # noqa: E402  NAME or NAME.gz (tools/microbench/pack.py stores large files gzipped)


# family ldclat: (hit, no-LDC, miss) regions per kernel, read off the SASS (validation/calibrate/groups20_ldclat.go)
LDCLAT_REGIONS = {
    "ldclat_u32_seq": ([2, 3, 4, 5, 6], [1, 10, 11], [0, 7, 8, 9]),
    "ldclat_u32_low": ([1, 3, 6], [2, 4, 5], [0, 7]),
    "ldclat_u32_rev": ([2, 3, 4, 5], [8, 9], [0, 1, 6, 7]),
    "ldclat_u64_seq": ([3, 4, 5], [1, 9], [0, 6, 7, 8]),
    "ldclat_mix": ([3, 6], [1, 2, 4, 5, 7], [0]),
}


def med(xs):
    return statistics.median(xs) if xs else None


def r2(x, nd=2):
    return None if x is None else round(x, nd)


def r3(x):
    """3 decimals, or 4 significant digits below 1 (rates such as 0.0104 divisions per SM-cycle)."""
    if x is None:
        return None
    return round(x, 3) if abs(x) >= 1 else float(f"{x:.4g}")


def rows(flat, width):
    return [flat[i:i + width] for i in range(0, len(flat), width)]


def rep1_from_release(cl):
    """The timed rep 1 of one CTA's warps ({rep 0, rep 1} %clock64 spans per
    warp, both starting at a __syncthreads): the slowest warp's rep 1 counted
    from the barrier's release. A %clock64 read right after bar.sync reads
    the cycle its warp arrived (BAR.SYNC.DEFER_BLOCKING), so a warp's rep 1
    span also holds its wait there for the CTA's slowest rep 0, the
    L1-cold pass (gls2_ld32_coal_w4 on the H200: rep 0 1016, 1158, 1354,
    1348 cycles, rep 1 697, 549, 353, 355): warp w waited
    max(rep 0) - rep0[w] (the warps reach the first barrier together)."""
    m0 = max(c[0] for c in cl)
    return max(c[1] - (m0 - c[0]) for c in cl)


def near_far(d):
    """The two groups of sorted per-load latencies d (the L2's near and far
    slice): the cut with the least within-group sum of squares (latencies
    above 1000 cycles, misses, left out); their means and the far share."""
    d = [x for x in d if x < 1000]
    if len(d) < 4:
        return {}
    pre, pre2 = [0], [0]
    for x in d:
        pre.append(pre[-1] + x)
        pre2.append(pre2[-1] + x * x)
    n, best = len(d), None
    for k in range(1, n):
        a, b = pre[k], pre[n] - pre[k]
        sse = pre2[k] - a * a / k + (pre2[n] - pre2[k]) - b * b / (n - k)
        if best is None or sse < best[0]:
            best = (sse, k, a / k, b / (n - k))
    _, k, near, far = best
    return {"per_load_near_mean": near, "per_load_far_mean": far, "per_load_far_share": (n - k) / n}


def derive_redisp7(b, run):
    """redisp7 (gen7_fit8.py): per SM, its CTAs by start; the next CTA's
    clk t0 minus the previous one's t1."""
    clk, by = rows(run["clk"], 2), {}
    for i, sm in enumerate(run["smid"]):
        by.setdefault(sm, []).append(clk[i])
    gaps = []
    for cs in by.values():
        cs.sort()
        gaps += [c[0] - p[1] for p, c in zip(cs, cs[1:])]
    return {"redispatch_gap_cycles": med(gaps), "redispatch_gap_min": min(gaps), "redispatch_gap_max": max(gaps)}


def two_groups(xs):
    """Means (low, high) of the two groups xs splits into at the cut of least
    summed squared deviation (the first such cut on ties)."""
    s = sorted(xs)
    n = len(s)
    pre, pre2 = [0.0], [0.0]
    for x in s:
        pre.append(pre[-1] + x)
        pre2.append(pre2[-1] + x * x)

    def sse(a, b):
        t = pre[b] - pre[a]
        return pre2[b] - pre2[a] - t * t / (b - a)
    best, cut = float("inf"), 1
    for i in range(1, n):
        v = sse(0, i) + sse(i, n)
        if v < best - 1e-9:
            best, cut = v, i
    return pre[cut] / cut, (pre[n] - pre[cut]) / (n - cut)


def tph_cute_phases(cl, span_slots=None):
    """The cute twins' phases (tph_cute_tn, groups23_cute.go deriveTPHCute) from per-warp stamp rows cl (4 warps a
    CTA, 20 stamps each): per-CTA phases, medians over the CTAs, and the longest CTA span. span_slots: only the first
    span_slots stamps count for the span (tools/microbench/cute28_phases.py: its variants put %globaltimer reads after
    slot 16)."""
    ph = {k: [] for k in ("prologue_cycles", "producer_first_tma_cycles", "first_full_cycles", "wgmma_cycles",
                          "later_full_cycles", "mainloop_cycles", "loop_exit_cycles", "epilogue_cycles")}
    span = 0
    for i in range(0, len(cl), 4):
        c = cl[i:i + 4]
        t0 = min(w[0] for w in c if w[0] > 0)
        lat = lambda k: max(w[k] for w in c)  # noqa: E731
        n = 0
        while n < 4 and lat(4 + n) > 0 and lat(8 + n) > 0:
            n += 1
        ph["prologue_cycles"].append(lat(1) - t0)
        ph["producer_first_tma_cycles"].append(c[0][2] - c[0][1])
        ph["first_full_cycles"].append(lat(4) - c[0][2])
        ph["wgmma_cycles"].append(sum(lat(8 + k) - lat(4 + k) for k in range(n)))
        ph["later_full_cycles"].append(sum(lat(4 + k) - lat(8 + k - 1) for k in range(1, n)))
        ph["mainloop_cycles"].append(lat(8 + n - 1) - lat(4))
        ph["loop_exit_cycles"].append(lat(14) - lat(8 + n - 1))
        ph["epilogue_cycles"].append(lat(15) - lat(14))
        span = max(span, max(max(w[:span_slots]) for w in c) - t0)
    out = {k: med(v) for k, v in ph.items()}
    out["span_max_cycles"] = span
    return out


def derive(b, run):
    """One run's derived figures: dict name -> value."""
    m, fam, name = b["meta"], b["family"], b["name"]
    clk = run.get("clk")
    k = m["kind"]
    if fam == "chain":
        c = clk[1]
        return {"clk_rep1": c, "cycles_per_op": c / m["ops_per_rep"] if m["ops_per_rep"] else None}
    if fam == "fma_tput":
        ctas = b["grid"][0]
        cl = rows(clk, 4)
        by = {}
        for i, sm in enumerate(run["smid"]):
            by.setdefault(sm, []).append(cl[i])
        warps = b["block"][0] // 32
        rates = []
        for sm, cs in by.items():
            span = max(c[3] for c in cs) - min(c[2] for c in cs)
            rates.append(len(cs) * warps * m["warp_ops_per_warp"] / span)
        return {"ctas_per_sm_seen": sorted({len(v) for v in by.values()}),
                "fma_warp_inst_per_sm_cycle": med(rates), "min_over_sms": min(rates), "max_over_sms": max(rates)}
    if fam in ("smem_ld", "ldsm", "atom", "sync") and name.startswith(("smem_ld", "ldsm", "atom", "stsm", "bar_sync")):
        cl = rows(clk, 2)
        per = m.get("loads_per_warp") or m.get("atoms_per_warp") or m.get("stores_per_warp") or m.get("barriers_per_rep")
        if name.startswith("bar_sync"):
            return {"cycles_per_barrier": max(c[1] for c in cl) / per}
        if k in ("latency", "issue"):
            return {"cycles_per_inst": cl[0][1] / per}
        mx = max(c[1] for c in cl)
        out = {"warp_inst_per_cycle": len(cl) * per / mx, "cycles_per_warp_inst": mx / (len(cl) * per)}
        if "expected_wavefronts" in m:
            out["wavefronts_per_cycle_if_expected"] = out["warp_inst_per_cycle"] * m["expected_wavefronts"]
        return out
    if name.startswith("mbar_pingpong"):
        return {"cycles_per_handoff": clk[1] / m["handoffs_per_rep"], "warp1_cycles_per_handoff": clk[3] / m["handoffs_per_rep"]}
    if fam == "empty":
        return {}
    if fam == "redisp7":
        return derive_redisp7(b, run)
    if name.startswith("gmem_chase"):
        out = {"cycles_per_load": clk[0] / m["timed_loads"]}
        if "lat" in run:
            lat = run["lat"]
            d = [((lat[i + 1] - lat[i]) & 0xFFFFFFFF) for i in range(min(len(lat), m["timed_loads"]) - 1)]
            d.sort()
            q = lambda p: d[min(len(d) - 1, int(p * len(d)))]
            out.update({"per_load_p05": q(0.05), "per_load_p25": q(0.25), "per_load_p50": q(0.5),
                        "per_load_p75": q(0.75), "per_load_p95": q(0.95), "per_load_min": d[0], "per_load_max": d[-1]})
            out.update(near_far(d))
        return out
    if name.startswith("gmem_copy"):
        cl, gt = rows(clk, 2), rows(run["gt"], 2)
        ns = max(g[1] for g in gt) - min(g[0] for g in gt)
        tot = 2 * m["bytes_per_cta"] * m["ctas"]
        per_sm = [2 * m["bytes_per_cta"] / (c[1] - c[0]) for c in cl]
        return {"GB_per_s": tot / ns, "bytes_per_cycle_per_sm": med(per_sm), "span_ns": ns}
    if name.startswith("tma_load"):
        cl = rows(clk, 2)
        c = med([x[1] for x in cl])
        if k == "latency":
            return {"cycles_per_load": c / m["loads_per_rep"]}
        return {"bytes_per_cycle_per_sm": m["loads_per_rep"] * m["box_bytes"] / c,
                "cycles_per_load": c / m["loads_per_rep"]}
    if name.startswith(("tma_mcast", "tma_nomcast")):
        cl = rows(clk, 2)
        return {"cycles_per_iteration": max(x[1] for x in cl) / m["loads_per_rep"]}
    if name.startswith("cpasync"):
        cl = rows(clk, 2)
        if k == "latency":
            return {"cycles_per_step": cl[0][1] / m["steps_per_warp"]}
        ctas = m["ctas"]
        per_cta = [rows([x for c in cl[i * m["warps"]:(i + 1) * m["warps"]] for x in c], 2) for i in range(ctas)]
        bpc = [m["warps"] * m["steps_per_warp"] * m["bytes_per_step"] / max(c[1] for c in pc) for pc in per_cta]
        return {"bytes_per_cycle_per_sm": med(bpc)}
    if name.startswith("dsmem"):
        return {"cycles_per_load": clk[1] / m["loads_per_rep"]}
    if name.startswith("cluster_bar"):
        cl = rows(clk, 2)
        return {"cycles_per_barrier": max(c[1] for c in cl) / m["barriers_per_rep"]}
    if name.startswith("wgmma"):
        return {"latency_cycles": clk[1] / m["lat_wgmmas"], "issue_interval_cycles": clk[3] / m["tput_wgmmas"]}
    # gen3.py families (issue 13/15 gaps)
    if fam == "gst":
        cl = rows(clk, 2)
        return {"cycles_per_store": max(c[1] for c in cl) / m["stores_per_warp"]}
    if fam == "gld":
        return {"cycles_per_load": rep1_from_release(rows(clk, 2)) / m["loads_per_warp"]}
    if fam == "bulkl":
        return {"issue_cycles": clk[0] / m["ops_per_rep"], "cycles_per_op": clk[1] / m["ops_per_rep"]}
    if fam in ("idiv", "xchain", "mbwait", "mbwait2", "mbwait3", "mbtput", "smgst"):
        return {"cycles_per_op": clk[1] / m["ops_per_rep"]}
    if fam in ("smst", "smst2"):
        cl = rows(clk, 2)
        return {"cycles_per_probe": max(c[1] for c in cl) / m["probes_per_warp"]}
    if fam == "warppipe":  # gen11_atom.py (helper atom): warp pipe throughput and chains
        cl = rows(clk, 2)
        if k == "latency":
            return {"cycles_per_op": max(c[1] for c in cl) / m["warp_ops_per_warp"]}
        return {"warp_inst_per_sm_cycle": m["warps"] * m["warp_ops_per_warp"] / max(c[1] for c in cl)}
    if fam == "mufutc30":
        # gen30_mufu.py: gt[warp][8]; the slowest FP warp (4..): (end - start) / passes; wgmma warp 0's span
        gt = rows(run["gt"], 8)
        fp = [(w[1] - w[0]) / w[4] for w in gt[4:] if w[4]]
        out = {"fp_cycles_per_pass": max(fp)}
        if m.get("wgmma", "none") != "none":
            out["wg_span_cycles"] = gt[0][1] - gt[0][0]
        return out
    if fam in ("itput", "itmix", "idivtput", "fpalu"):
        cl = rows(clk, 2)
        return {"warp_inst_per_sm_cycle": m["warps"] * m["warp_ops_per_warp"] / max(c[1] for c in cl)}
    if fam in ("icache", "coldj", "coldc"):  # coldj, coldc: gen8_cold.py (helper cold)
        cl = rows(clk, 2)
        return {"cycles_cold": max(c[0] for c in cl), "cycles_warm": max(c[1] for c in cl)}
    if fam == "flushj":  # gen11_flush.py: far jumps after ncu's flush (CTA 0: t_end - t0)
        return {"jumps_cycles": clk[9]}
    if fam == "icgap":  # gen13_icache.py: jumps over never-run pads (clock_ncu: caches flushed)
        cl = rows(clk, 4)
        return {"cold_cycles": cl[0][1], "l2_cycles": cl[1][1], "warm_cycles": cl[0][2]}
    if fam == "flushs":  # gen11_flush.py: straight-line code after ncu's flush
        cl = rows(clk, 2)
        return {"cycles_cold": max(c[0] for c in cl), "cycles_warm": max(c[1] for c in cl)}
    if fam == "icap":  # gen22_icap.py: K KiB of straight-line code run 3 times (clock_ncu: caches flushed)
        cl = rows(clk, 3)
        return {"cycles_cold": max(c[0] for c in cl), "cycles_warm": max(c[2] for c in cl)}
    if fam == "tlbc":  # gen17_tlbc.py: a dependent chain over P pages in laps C, A, B, D (clock_ncu: caches flushed)
        return tlbc_laps(run["lat"], m["pages"])
    if fam == "coldpace":  # gen16_coldpace.py: rep 1 = cold data, warm code (clock_ncu: caches flushed)
        cl = rows(clk, 4)
        return {"cold_cycles": max(c[2] for c in cl)}
    if fam == "sfl":  # gen12_smallflush.py: first loads after ncu's flush (groups12_smallflush.go)
        cl = rows(clk, 4)
        loads = [c[1] for c in cl]
        out = {"load_cycles": max(loads)}
        if m["ctas"] >= 62:
            out["load_near_cycles"], out["load_far_cycles"] = two_groups(loads)
        if m["mode"] != 0:
            out["bulk_cycles"] = cl[0][3] - cl[0][2]
        return out
    if fam == "wgov14":  # gen17_wgov14.py (helper wgover): Triton's k-loop at 1 or 2 CTAs per SM, a stamp per k-step
        K = m["k_steps"]
        cl = rows(clk, K + 3)  # per warpgroup {smid, t0, s[0..K-1], s[K]}
        kt = []
        for i in range(0, len(cl), 2):
            a, c = cl[i], cl[i + 1]
            if a[1] == 0 or a[0] >= 2 ** 63:
                continue  # not a working CTA (its SM's smid % work_mod != 0)
            kt.append((max(a[1 + K], c[1 + K]) - max(a[9], c[9])) / (K - 8))
        k = sorted(kt)[len(kt) // 2]
        return {"ktile_cycles": k, "sm_cycles_per_wgmma": k / (m["ctas_per_sm"] * m["warpgroups"] * m["wgmmas_per_kstep"])}
    if fam == "wg11":  # gen11_tc2.py (helper tc2): wgmma of several warpgroups on one SM
        cl = rows(clk, 2)
        w, per_sm = m["warpgroups"], m.get("ctas_per_sm", 1)
        worst = sorted(max(c[1] for c in cl[i:i + w]) for i in range(0, len(cl), w))
        return {"sm_cycles_per_wgmma": worst[len(worst) // 2] / (per_sm * w * m["iters"] * m["wgmmas_per_group"])}
    if fam == "gmm12":  # gen12_gemm2.py (helper gemm2): a full-GPU TMA + wgmma GEMM mainloop per CTA
        cl = rows(clk, 8)  # {smid, t0, tf, tm0, tm1, te, g0, g1}
        kt = m["k_tiles"]
        up = lambda xs: sorted(xs)[len(xs) // 2]
        return {"ktile_cycles": up([(max(c[3], c[4]) - c[2]) / (kt - 1) for c in cl]),
                "first_cycles": up([c[2] - c[1] for c in cl]), "cta_cycles": up([c[5] - c[1] for c in cl])}
    if fam == "gmm13":  # gen13_gemm4096.py (helper gemm4096): the GEMM mainloop beyond the L2, stage round trips
        cl = rows(clk, 24)  # {smid, t0, tf, c[1..7], p[1..7], tm0, tm1, te, g0, g1, p0, 0}
        kt = m["k_tiles"]
        up = lambda xs: sorted(xs)[len(xs) // 2]
        return {"ktile_cycles": up([(c[9] - c[3]) / (6 * kt / 8) for c in cl]),
                "stage_cycles": up([c[2 + j] - c[9 + j] for c in cl for j in range(1, 8)]),
                "first_cycles": up([c[2] - c[1] for c in cl])}
    if fam == "sgp":  # gen14_smallgemm.py (helper smallgemm): a small GEMM launch phase by phase (groups14_smallgemm.go)
        cl = rows(clk, 16)  # {smid, e0, t0, p1, pe, tf, tm0, tm1, te0, te1, tq0, tq1, g0, g1, e1, e2}
        up = lambda xs: sorted(xs)[len(xs) // 2]
        out = {"pro_cycles": up([c[2] - c[1] for c in cl]),
               "epi_cycles": up([max(c[8], c[9]) - max(c[6], c[7]) for c in cl])}
        if m["k_tiles"] > 0:
            out["first_cycles"] = up([c[5] - c[2] for c in cl])
            out["loop_cycles"] = up([max(c[6], c[7]) - c[5] for c in cl])
        if m["flags"] & 2:
            out["drain_cycles"] = up([max(c[10], c[11]) - max(c[8], c[9]) for c in cl])
        return out
    if fam == "tmaq":  # gen16_tmaq.py (helper gemms): a small GEMM's cold TMA pipeline fill (groups16_tmaq.go)
        cl = rows(clk, 16)  # {smid, e0, t0, a0, i0..i5, d0..d5}
        up = lambda xs: sorted(xs)[len(xs) // 2]
        out = {"pro_cycles": up([c[2] - c[1] for c in cl]), "issue_cycles": up([c[4] - c[2] for c in cl])}
        for s in (0, 1, 2, 5):
            if s < m["stages"]:
                out[f"done{s}_cycles"] = up([c[10 + s] - c[2] for c in cl])
        return out
    if fam in ("mwake", "mwaket"):  # gen22_mwake.py (helper tmaq, session 20): which warps an mbarrier change wakes (groups22_mwake.go)
        c = clk[:40]  # CTA 0: {smid, t0, cS, cY, cZ, cE, nA, nB, a0..a11, b0..b11, cYd, 0 x7}
        na, nb = int(c[6]), int(c[7])
        return {"adone_cycles": c[8 + na - 1] - c[1], "bdone_cycles": c[20 + nb - 1] - c[1], "a_returns": na, "b_returns": nb}
    if fam in ("psink", "psinkx"):  # gen19_prod.py (helper prod): parameters read around a barrier (groups19_prod.go)
        cl = [c for c in rows(clk, 4) if c[0]]  # {t0, t1 after the barrier, t2 after the chain, smid}
        up = lambda xs: sorted(xs)[len(xs) // 2]
        out = {"bar_cycles": up([c[1] - c[0] for c in cl])}
        if not b["name"].startswith("psink_lat_"):
            out["chain_cycles"] = up([c[2] - c[1] for c in cl])
        return out
    if fam == "ldclat":  # gen20_ldclat.py (helper const): an LDC hit's latency (groups20_ldclat.go: the same regions)
        reg = LDCLAT_REGIONS.get(b["name"])
        if not reg:
            return {}
        n = 0
        while n + 1 < 13 and clk[n + 1]:
            n += 1
        bars = [v for v in clk[13:15] if v]
        t = []
        for k in range(n):
            frm = clk[k]
            for v in bars:
                if clk[k] < v < clk[k + 1]:
                    frm = v
            t.append(clk[k + 1] - frm)
        md = lambda ks: statistics.median([t[k] for k in ks if k < len(t)])
        out = {"hit_cycles": md(reg[0]), "noldc_cycles": md(reg[1]), "miss_cycles": md(reg[2])}
        if b["name"].startswith("ldclat_u32_"):
            out["ldc_cycles"] = out["hit_cycles"] - out["noldc_cycles"]
        return out
    if fam == "smrh":  # gen19_prod.py (helper prod): setmaxnreg handshake (groups19_prod.go)
        cl = rows(clk, 4)  # per warp {tb, before, after, smid}
        up = lambda xs: sorted(xs)[len(xs) // 2]
        return {"dec_cycles": cl[0][2] - cl[0][1], "inc_cycles": up([c[2] - c[1] for c in cl[4:]]),
                "dec_end_cycles": cl[0][2] - cl[0][0], "inc_end_cycles": max(c[2] for c in cl[4:]) - cl[0][0]}
    if fam == "tmaqx":  # gen17_tmaqx.py (helper smallgemm): tmaq stamped step by step (groups17_tmaqx.go)
        cl = rows(clk, 24)  # {smid, e0, t0, a0, i0..i5, d0..d5, x0..x3, 0 x4}
        up = lambda xs: sorted(xs)[len(xs) // 2]
        out = {"pro_cycles": up([c[2] - c[1] for c in cl]), "issue_cycles": up([c[4] - c[2] for c in cl]),
               "init_cycles": up([c[17] - c[1] for c in cl]), "sync_cycles": up([c[2] - c[17] for c in cl]),
               "pre_cycles": up([c[18] - c[2] for c in cl]), "arrive_cycles": up([c[19] - c[18] for c in cl]),
               "first_cycles": up([c[3] - c[19] for c in cl])}
        for s in (0, 1, 2, 5):
            if s < m["stages"]:
                out[f"done{s}_cycles"] = up([c[10 + s] - c[2] for c in cl])
        return out
    if fam == "tailst":  # gen9_tail.py (helper tail): stores right before exit
        return {"issue_cycles": max(c[0] for c in rows(clk, 2))}
    if fam == "bulk18":  # gen21_bulk18.py (helper bulk): lone and spaced bulk operations (groups21_bulk18.go)
        c, n = clk[16:32], m["ops"]   # rep 1
        last = c[n - 1] if n > 1 else 0
        done = c[8 + n - 1] if m["bulk_op"] == "copy" else c[8]
        return {"issue_cycles": c[4] - last, "done_cycles": done - last}
    if fam == "mma28":  # gen28_mma.py (helper mma): mma.sync chains and streams (groups28_mma.go)
        w, per = m["warps"], m["mma_per_warp"]
        if m["kind"] == "latency":
            return {"latency_cycles": clk[1] / per}
        return {"issue_interval_cycles": max(clk[2 * i + 1] for i in range(w)) / (per * m["warps_per_subpartition"])}
    if fam == "redu24":  # gen24_redu.py (helper bulk): a loop of U bulk reductions / stores (groups25_redu.go)
        return {"cycles_per_op": clk[1] / clk[4], "done_cycles": clk[3]}
    if fam == "bulkst":  # gen22_bulkst.py (helper bulkst): straight-line bulk stores (groups22_bulkst.go)
        w = m["warps"]
        t0 = min(clk[32 * i + 19] for i in range(w))
        return {"issue_cycles": max(clk[32 * i + 19] - t0 + clk[32 * i + 16] for i in range(w)),
                "done_cycles": max(clk[32 * i + 19] - t0 + clk[32 * i + 18] for i in range(w))}
    if fam == "tmab":  # tmab34/gen34_tmab.py (helper l2b): a TMA-load burst from every SM at once (groups34_tmab.go)
        return derive_tmab(m, run)
    if fam == "tmai":  # gen13_tmaissue.py (helper tmaissue): TMA loads issued back to back (groups13_tmaissue.go)
        c, n = clk[16:32], m["loads"]   # CTA 0, rep 1
        out = {"issue_cycles": c[0]}
        if m["mode"] != "one" or n < 2:
            out["done_cycles"] = c[8]
        if n >= 2:
            out["issue_step_cycles"] = (c[n - 1] - c[0]) / (n - 1)
            out["done_last_cycles"] = c[8] if m["mode"] == "one" else c[8 + n - 1]
        return out
    if fam == "tmah":  # gen14_tmahold.py (helper tmanthold): TMA loads in the CuTe GEMM's shape (groups14_tmahold.go)
        c, n, mode = clk[16:32], m["loads"], m["mode"]   # rep 1
        if mode == "ovl":
            out = {"w4_loop_cycles": c[5], "w5_loop_cycles": c[6]}
            if n > 0:
                out.update(issue_cycles=c[0], done_cycles=c[2])
            return out
        out = {"issue_cycles": c[0], "done_cycles": c[2]}
        if mode == "stp":
            out.update(issue_first_cycles=c[1], issue_step_cycles=(c[0] - c[1]) / (n - 1))
        if mode == "stg":
            out["done_last_cycles"] = c[4]
        return out
    # gen4.py family tmax (issue 14: descriptor fetch, TMA stores and reductions)
    if fam == "tmax" and b["kernel"] == "tma_desc":
        return {"first_cycles": clk[0], "second_cycles": clk[1], "next_cycles": clk[3],
                "first_extra_cycles": clk[0] - clk[3]}
    if fam == "tmax" and b["kernel"] == "tma_desc4":
        return {"first_cycles": sum(clk[0:4]) / 4, "next_cycles": sum(clk[4:8]) / 4}
    if fam == "tmax" and b["kernel"] in ("cp_cold", "bulk_red"):
        return {"cycles_per_step": clk[1] / m["steps_per_rep"]}
    if fam == "tmax" and b["kernel"] == "tma_cold":
        c = med([x[1] for x in rows(clk, 2)])
        return {"cycles_per_load": c / m["loads_per_rep"], "bytes_per_cycle_per_sm": m["loads_per_rep"] * m["box_bytes"] / c}
    # gen6_tma.py family tma6 (issue 14: code around TMA and mbarrier instructions)
    if fam == "tma6" and b["kernel"] == "t6_red1":
        return {"start_cycles": clk[0], "acquire_cycles": clk[1], "issue_cycles": clk[2], "wait_cycles": clk[3]}
    if fam == "tma6":
        return {"cycles_per_op": clk[3] / m["ops_per_rep"], "issue_cycles_per_op": clk[2] / m["ops_per_rep"]}
    if fam == "tmax":
        return {"cycles_per_op": clk[3] / m["ops_per_rep"], "issue_cycles_per_op": clk[2] / m["ops_per_rep"]}
    if fam == "l2bw":
        return derive_l2bw(m, run)
    # gen7_tmald.py family tma7ld (issues 14/15: the parts of a tma_mcast loop)
    if fam == "tma7ld":
        return {"cycles_per_iteration": max(x[1] for x in rows(clk, 2)) / m["loads_per_rep"]}
    # gen11_tmald.py families tph / tphl (issue 14: the single-CTA TMA-load evidence kernels by phase)
    if fam == "tphl":
        c = rows(clk, 4)[0]
        return {"fill_cycles_per_iter": c[1] / m["iterations"], "copy_cycles_per_iter": (c[3] - c[2]) / m["iterations"]}
    if fam == "tph" and b["kernel"] == "tph_tma_reduce_ops":
        # gen15_reduceops.py: warp 0 of every CTA the mask runs (8 stamps per warp, meta warps per CTA);
        # medians over those CTAs, and the longest CTA's stamped span (diagnosis only)
        cs = [c for c in rows(clk, 8)[0::int(m["warps"])] if c[1] > 0]
        return {"load_cycles": med([c[1] for c in cs]), "sync_cycles": med([c[2] - c[1] for c in cs]),
                "issue_cycles": med([c[3] - c[2] for c in cs]), "wait_cycles": med([c[4] - c[3] for c in cs]),
                "flag_cycles": med([c[5] - c[4] for c in cs]), "span_max_cycles": max(c[5] for c in cs)}
    if fam == "tph" and b["kernel"] == "tph_cutlass_coop_2x1":
        # gen18_coop2x1.py (both twins): raw stamps clk[cta][12 warps][32]; per CTA medians (groups11_tmald.go deriveTPHCoop)
        cl = rows(clk, 32)
        pro, prod, first, loop, epi, span = [], [], [], [], [], 0
        for i in range(0, len(cl), 12):
            c = cl[i:i + 12]
            t0 = min(w[0] for w in c if w[0] > 0)
            lat = lambda k: max(w[k] for w in c[4:])  # noqa: E731
            pro.append(max(w[1] for w in c) - t0)
            prod.append(c[0][9] - c[0][1])
            first.append(lat(17) - c[0][9])
            loop.append(lat(25) - lat(17))
            epi.append(lat(28) - lat(27))
            span = max(span, max(max(w) for w in c) - t0)
        return {"prologue_cycles": med(pro), "producer_first_tma_cycles": med(prod), "first_full_cycles": med(first),
                "mainloop_cycles": med(loop), "epilogue_cycles": med(epi), "span_max_cycles": span}
    if fam in ("coop25", "coop27"):
        # gen25_coop.py (helper coop, session 25): raw 32-bit %clock stamps clk[cta][12 warps][16] of the stamped
        # twins (the _plain ones have no stamps); per CTA medians (groups25_coop.go deriveCoop25)
        cl = rows(clk, 16)
        if not cl[0][1]:  # coop25_k64_exit: slots 0 and 10 only
            sp = []
            for i in range(0, len(cl), 12):
                c = cl[i:i + 12]
                t0 = c[0][0]
                for w in c:
                    if (w[0] - t0) % 2**32 > 2**31:
                        t0 = w[0]
                sp.append(max((w[10] - t0) % 2**32 for w in c))
            return {"span_cycles": med(sp)}
        ph = {k: [] for k in ("prologue_cycles", "producer_first_tma_cycles", "first_full_cycles", "mainloop_cycles",
                              "epilogue_cycles", "span_cycles")}
        for i in range(0, len(cl), 12):
            c = cl[i:i + 12]
            t0 = c[0][0]
            for w in c:  # the earliest entry stamp (32-bit: an earlier one is "behind" t0 by under 2^31)
                if (w[0] - t0) % 2**32 > 2**31:
                    t0 = w[0]
            r = lambda v, t0=t0: (v - t0) % 2**32  # noqa: E731
            lat = lambda k: max(r(w[k]) for w in c[4:])  # noqa: E731
            ph["prologue_cycles"].append(max(r(w[1]) for w in c))
            ph["producer_first_tma_cycles"].append(r(c[0][5]) - r(c[0][1]))
            ph["first_full_cycles"].append(lat(4) - r(c[0][5]))
            ph["mainloop_cycles"].append(lat(7) - lat(4))
            ph["epilogue_cycles"].append(lat(9) - lat(8))
            ph["span_cycles"].append(max(r(w[10]) for w in c))
        return {k: med(v) for k, v in ph.items()}
    if fam == "tph" and b["kernel"] == "tph_cute_tn":
        # gen23_cute.py (both twins of cute_wgmma_tma_tn): raw stamps clk[cta][4 warps][20]; per CTA medians
        # (groups23_cute.go deriveTPHCute)
        return tph_cute_phases(rows(clk, 20))
    if fam == "tph" and b["kernel"].startswith("tph_flash_attn_"):
        # gen23_flash.py (the flash-attention twins): raw stamps clk[cta][8 warps][40], meta key_blocks; medians
        # over the complete warps (and the key blocks) (groups23_flash.go deriveTPHFlash; diagnosis only)
        ws = [w for w in rows(clk, 40) if w[0] and w[35]]
        kb = range(int(m["key_blocks"]))
        ph = lambda a, z: med([w[4 + 7 * i + z] - w[4 + 7 * i + a] for w in ws for i in kb])  # noqa: E731
        return {"prologue_cycles": med([w[4] - w[0] for w in ws]), "qk_cycles": ph(0, 1), "rowmax_cycles": ph(1, 2),
                "ex2_cycles": ph(2, 3), "rowsum_cycles": ph(3, 4), "epilogue_div_cycles": med([w[34] - w[33] for w in ws]),
                "span_cycles": med([w[35] - w[0] for w in ws])}
    if fam == "tph31":
        # gen31_flash.py (the 32-key-block flash twins): raw stamps clk[4 CTAs][8 warps][240]; medians over the
        # complete warps and the steady key blocks 4..27 (groups31_flash.go deriveTPH31; diagnosis only)
        ws = [w for w in rows(clk, 240) if w[0] and w[235]]
        kb = range(4, 28)
        ph = lambda a, z: med([w[4 + 7 * i + z] - w[4 + 7 * i + a] for w in ws for i in kb])  # noqa: E731
        return {"keyblock_cycles": ph(0, 7), "kv_cycles": ph(6, 7), "qk_cycles": ph(0, 1), "rowmax_cycles": ph(1, 2),
                "ex2_cycles": ph(2, 3), "rowsum_cycles": ph(3, 4), "tailbar_cycles": ph(5, 6)}
    if fam == "tph":
        c = rows(clk, 20 if b["kernel"] == "tph_stsm_none" else 16)[0]
        if b["kernel"] == "tph_stsm_none":  # gen14_mbarops.py: warp 0's loads + stmatrix phase per variant
            return {"load_stsm_cycles_v%d" % v: c[3 * v + 2] - c[3 * v + 1] for v in range(6)}
        if b["kernel"] == "tph_mbar_ops":  # gen14_mbarops.py: thread 0's phases
            return {"hint_cycles": c[3] - c[2], "bulk_wait_cycles": c[6] - c[5], "lane_loop_cycles": c[10] - c[9],
                    "lane_wait_cycles": c[11] - c[10]}
        if b["kernel"] == "tph_bulk":
            return {"fill_cycles": c[1], "wait_cycles": c[5] - c[3], "copy_cycles": c[7] - c[6], "store_cycles": c[9] - c[8]}
        return {"fill_cycles": c[1], "issue_cycles": c[3] - c[2], "wait_cycles": max(x for x in c[4:11] if x < 1 << 40) - c[3],
                "copy_cycles": c[12] - c[11]}
    # gen6_store.py family gls (issues 14/15: the L1 request path of global loads and stores)
    if fam == "gls":
        cl = rows(clk, 2)
        nw = b["block"][0] // 32
        per = [rep1_from_release(cl[i * nw:(i + 1) * nw]) for i in range(b["grid"][0])]
        return {"cycles_per_access": med(per) / m["accesses_per_warp"]}
    return {}


def tlbc_laps(lat, pages):
    """gen17_tlbc.py: lat[k + 1] is stamped right after load k issues, and load k + 1 issues when
    load k returned, so load k's latency is lat[k + 2] - lat[k + 1]. Laps: C (32 loads), A, B, D
    (P each); each lap's median and mean leave out its first load."""
    n = 32 + 3 * pages
    d = [(lat[k + 2] - lat[k + 1]) & 0xFFFFFFFF for k in range(n - 1)]
    laps = {"c": d[1:32], "a": d[33:32 + pages], "b": d[33 + pages:32 + 2 * pages], "d": d[33 + 2 * pages:n - 1]}
    out = {"first_cycles": d[0]}
    for k, v in laps.items():
        v = sorted(v)
        out[f"lap_{k}_p50"] = v[len(v) // 2]
        out[f"lap_{k}_mean"] = round(sum(v) / len(v), 1)
    return out


def derive_tmab(m, run):
    """tmab34 family tmab: clk[c][16], [1 + j] = box j's wait - t0; min / median / max over CTAs of the first
    and the last box (groups34_tmab.go tmabFigures)."""
    k, cl = m["boxes"], rows(run["clk"], 16)
    out = {}
    for tag, j in (("first", 1), ("last", k)):
        if tag == "last" and k < 2:
            break
        xs = sorted(c[j] for c in cl)
        out.update({tag + "_min_cycles": xs[0], tag + "_med_cycles": med(xs), tag + "_max_cycles": xs[-1]})
    return out


def derive_l2bw(m, run):
    """gen6_l2.py family l2bw: clk[c] = {t0, t1} (%clock64), gt[c] = {g0, g1} (ns)."""
    cl, gt = rows(run["clk"], 2), rows(run["gt"], 2)
    per = m["timed_bytes_per_cta"]
    rates = [per / (c[1] - c[0]) for c in cl]
    ns = max(g[1] for g in gt) - min(g[0] for g in gt)
    mhz = [(c[1] - c[0]) * 1000 / (g[1] - g[0]) for c, g in zip(cl, gt) if g[1] > g[0]]
    return {"bytes_per_sm_cycle": sum(rates), "bytes_per_cycle_per_sm": sum(rates) / m["sms"],
            "GB_per_s": per * m["ctas"] / ns, "sm_mhz_clock64": med(mhz), "span_ns": ns,
            "sms_seen": len(set(run["smid"]))}


# ncu metrics of the l2bw recordings (device6_l2.sh) turned into figures:
# name -> (metric, scale)
NCU_FIGURES = {"l2_clock_mhz": ("lts__cycles_elapsed.avg.per_second", 1e-6),
               "dram_clock_mhz": ("dram__cycles_elapsed.avg.per_second", 1e-6),
               "lts_hit_rate_pct": ("lts__t_sector_hit_rate.pct", 1),
               "lts_bytes": ("lts__t_bytes.sum", 1),
               "duration_ns": ("gpu__time_duration.sum", 1),
               # L2 sectors that crossed between the two L2 partitions / came from the SMs (l2bw_sh_*, FABRIC=1)
               "lts_fabric_sectors": ("lts__t_sectors_srcunit_ltcfabric.sum", 1),
               "lts_tex_sectors": ("lts__t_sectors_srcunit_tex.sum", 1),
               # cycles with a warp on the SM (coldl_*: the launch's cost outside its warps)
               "sm_active_cycles": ("sm__cycles_active.max", 1)}


def sass_info(sass_dir):
    """dir name -> {"loops": [...], "ptxas": line}"""
    mp = {}
    p = os.path.join(sass_dir, "dir_to_sass.txt")
    with open(p) as f:
        for ln in f:
            a, b = ln.split()
            mp[a] = b
    cache = {}
    out = {}
    for d, first in mp.items():
        if first not in cache:
            with open(os.path.join(sass_dir, first + ".sass")) as f:
                funcs = sass_loops.parse(f.read())
            ptx = {}
            pv = os.path.join(sass_dir, first + ".ptxas.txt")
            if os.path.exists(pv):
                cur = None
                for ln in open(pv):
                    if "Compiling entry function" in ln:
                        cur = ln.split("'")[1]
                    elif "Used" in ln and cur:
                        ptx[cur] = ln.split(":", 1)[1].strip()
            cache[first] = ({fn: sass_loops.analyse(ins) for fn, ins in funcs.items()}, ptx)
        out[d] = cache[first]
    return out


def add_env(prov, env, d):
    """Tool versions, driver and clocks of the device build into provenance."""
    def rd(f):
        p = os.path.join(env, f)
        return open(p).read().strip() if os.path.exists(p) else None
    prov["driver"] = rd("driver.txt")
    prov["nvcc"] = [l for l in (rd("nvcc_version.txt") or "").splitlines() if "release" in l]
    prov["ncu"] = (rd("ncu_version.txt") or "").splitlines()[-1:]
    prov["nvidia_smi_clocks"] = rd("nvidia_smi_csv.txt")
    cyp = os.path.join(d, "cycles.json")
    if gzcompat.exists(cyp):
        hz = (gzcompat.load_json(cyp).get("sm_clock_hz") or {}).get("median")
        prov["sm_clock_mhz_ncu"] = round(hz / 1e6, 1) if hz else None
    prov["clock_note"] = ("clocks not controlled (ncu --clock-control none); sm_clock_mhz_ncu is the median "
                          "sm__cycles_elapsed.avg.per_second of this directory's ncu launches; nvidia-smi "
                          "clocks read at the start (idle) and after the warm-up and runs")
    cmds = prov.setdefault("commands", [])
    pre = ["nvcc -ptx -arch=sm_90a -O3 -o kernel.ptx kernel.cu",
           "ptxas -arch=sm_90a -v -o kernel.cubin kernel.ptx; cuobjdump --dump-sass kernel.cubin"]
    post = ["ncu --clock-control none --print-units base --csv --metrics sm__cycles_elapsed.max,"
            "sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,"
            "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum python3 tools/microbench/mb.py once "
            "(3 launches per directory, interleaved with the other directories of its group)",
            "all of the above: tools/microbench/device.sh on the device machine"]
    prov["commands"] = [c for c in pre if c not in cmds] + cmds + [c for c in post if c not in cmds]


def add_sass(prov, info, kernel):
    funcs, ptx = info
    prov["sass_timed_regions"] = funcs.get(kernel, [])
    if kernel in ptx:
        prov["ptxas_v"] = ptx[kernel]
    prov["sass_note"] = ("timed regions: code between consecutive CS2R SR_CLOCKLO reads of the entry; "
                         "loops: backward branches inside (tools/microbench/sass_loops.py on ptxas 13.0 "
                         "-arch=sm_90a output of kernel.ptx)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sass")
    ap.add_argument("--table")
    ap.add_argument("--env", help="a device build's env/ folder: driver, nvcc, ncu versions, nvidia-smi clocks")
    ap.add_argument("--suffix", default="", help="read clock_runs.SUFFIX.json and cycles.SUFFIX.json (a second "
                    "GPU's recording) and write summary.SUFFIX.json.gz; provenance.json is not touched")
    a = ap.parse_args()
    with open(os.path.join(HERE, "benchmarks.json")) as f:
        benches = json.load(f)
    sinfo = sass_info(a.sass) if a.sass else {}
    sfx = "." + a.suffix if a.suffix else ""
    summary = []
    for b in benches:
        d = os.path.join(MB, b["name"])
        ent = {"name": b["name"], "family": b["family"], "kind": b["meta"]["kind"], "op": b["meta"]["op"],
               "kernel": b["kernel"], "grid": b["grid"], "block": b["block"]}
        if b.get("cluster"):
            ent["cluster"] = b["cluster"]
        pp = os.path.join(d, "provenance.json")
        if sfx and not gzcompat.exists(pp):
            pp = os.path.join(d, f"provenance{sfx}.json")   # recorded on that GPU only
        if not gzcompat.exists(pp) or not gzcompat.exists(os.path.join(d, f"cycles{sfx}.json")):
            ent["error"] = "not recorded" + (f" on this GPU ({a.suffix})" if sfx else "")
            summary.append(ent)
            continue
        prov = gzcompat.load_json(pp)
        changed = False
        if a.suffix:
            pass
        elif a.env:
            add_env(prov, a.env, d)
            changed = True
        if b["name"] in sinfo and not a.suffix:
            add_sass(prov, sinfo[b["name"]], b["kernel"])
            changed = True
        if changed:
            gzcompat.write_like(pp, (json.dumps(prov, indent=1) + "\n").encode())  # packed stays packed
        cy = gzcompat.load_json(os.path.join(d, f"cycles{sfx}.json"))
        ent["gpu"] = cy.get("gpu") if a.suffix else prov.get("gpu")
        ent["ncu_cycles"] = {k: cy.get(k) for k in ("min", "median", "max", "launches")}
        ent["sm_clock_mhz"] = r2((cy.get("sm_clock_hz") or {}).get("median", 0) / 1e6, 1) if cy.get("sm_clock_hz") else None
        om = cy.get("other_metrics") or {}
        if "smsp__inst_executed.sum" in om:
            ent["ncu_inst_executed"] = med(om["smsp__inst_executed.sum"])
        if "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum" in om:
            ent["ncu_smem_wavefronts"] = med(om["l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"])
        nf = {}
        for k, (metric, scale) in NCU_FIGURES.items():
            vs = [float(v) * scale for v in om.get(metric, []) if v is not None]
            if vs:
                nf[k] = {"median": r2(med(vs), 3), "min": r2(min(vs), 3), "max": r2(max(vs), 3), "n": len(vs)}
        if nf:
            ent["ncu_figures"] = nf
        cr = os.path.join(d, f"clock_runs{sfx}.json")
        if b["family"] in ("flushj", "flushs", "sfl", "icgap", "coldpace", "tlbc", "icap"):
            # gen11_flush.py: the clk of the launches ncu profiled with caches
            # flushed (the runs without ncu find the code in the SM's
            # instruction cache: not cold)
            cr = os.path.join(d, f"clock_ncu{sfx}.json")
        if b["family"] in ("gmm12", "gmm13", "sgp", "tmaq", "tmaqx"):
            # gen12_gemm2.py: the stamps of the launches ncu profiled with caches flushed (the
            # simulated run starts cold; the runs without ncu find A and B in the L2). No
            # clock_ncu file (H100): the launch's ncu cycles only
            cr = os.path.join(d, f"clock_ncu{sfx}.json")
        # large recordings are stored gzipped (gen12_gemm2.py's per-CTA stamps, tools/microbench/pack.py)
        if gzcompat.exists(cr):
            runs = gzcompat.load_json(cr)["outputs"]
            per = [derive(b, r) for r in runs if r]
            keys = [k for k in (per[0] if per else {}) if isinstance(per[0][k], (int, float)) and per[0][k] is not None]
            ent["clock64"] = {k: {"median": r3(med([p[k] for p in per])), "min": r3(min(p[k] for p in per)),
                                  "max": r3(max(p[k] for p in per))} for k in keys}
            for k in per[0] if per else {}:
                if k not in keys:
                    ent.setdefault("facts", {})[k] = per[0][k]
            ent["runs"] = len(per)
        loops = []
        for reg in prov.get("sass_timed_regions", []):
            for lp in reg["loops"]:
                loops.append({"instructions": lp["instructions"], "ops": lp["ops"]})
        if loops:
            ent["sass_timed_loops"] = loops
        ent["meta"] = b["meta"]
        summary.append(ent)
    gpus = sorted({e.get("gpu") for e in summary if e.get("gpu")})
    out = {"note": "per benchmark: figures derived from the in-kernel %clock64 deltas (clock64: median/min/max "
                   "over the runs; the derive formula is in meta.derive), ncu sm__cycles_elapsed.max of the "
                   "whole launch (min/median/max over >= 3 launches) and the SM clock ncu measured "
                   "(sm__cycles_elapsed.avg.per_second). Written by tools/microbench/summarize.py.",
           "gpus": gpus, "benchmarks": summary}
    # gzip with mtime 0: the same recordings give the same bytes (the plain
    # JSON was 1.3 MB per GPU; compressed it is about a tenth of that).
    body = (json.dumps(out, indent=1) + "\n").encode()
    with open(os.path.join(MB, f"summary{sfx}.json.gz"), "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9) as g:
            g.write(body)
    plain = os.path.join(MB, f"summary{sfx}.json")
    if os.path.exists(plain):
        os.remove(plain)
    if a.table:
        with open(a.table, "w") as f:
            f.write("| benchmark | derived (%clock64, median of runs) | ncu cycles min/med/max | SM MHz | SASS timed loop |\n")
            f.write("| --- | --- | --- | --- | --- |\n")
            for e in summary:
                c = e.get("clock64", {})
                dv = ", ".join(f"{k} {v['median']:g}" for k, v in c.items() if k != "clk_rep1")
                nc = e.get("ncu_cycles", {})
                lp = "; ".join(f"{l['instructions']} inst ({', '.join(f'{o} {n}' for o, n in l['ops'].items() if n >= 4 or o.startswith(('HGMMA', 'LDSM', 'STSM', 'SYNCS', 'LDGSTS', 'UTMA', 'UBLKCP')))})"
                               for l in e.get("sass_timed_loops", [])[:2])
                f.write(f"| {e['name']} | {dv} | {nc.get('min')}/{nc.get('median')}/{nc.get('max')} | "
                        f"{e.get('sm_clock_mhz')} | {lp} |\n")


if __name__ == "__main__":
    main()
