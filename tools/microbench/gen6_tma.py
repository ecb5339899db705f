"""Part 6 of the microbenchmark list (issue 14 item 2/4, helper "tma"): the
code around TMA and mbarrier instructions that the part-2 evidence gaps point
at, each isolated (family tma6):
  t6tx_*: mbarrier.complete_tx and test_wait.parity back to back on one
          mbarrier (tma6tx.cu);
  t6red_*: one 1 KiB bulk reduction per launch (tensor or not, with the
          tensor-map acquire fence or not, once or twice), timed as the whole
          launch under ncu (caches flushed) and in phases (tma6red.cu);
  t6rep_*: tensormap.replace, tensormap.cp_fenceproxy, the tensormap proxy
          fences, prefetch.tensormap, cp.async.bulk.prefetch.tensor, one per
          loop iteration (tma6rep.cu);
  t6st_*: TMA/bulk stores and reductions 1, 2 or 4 per loop iteration, the
          same box or distinct ones (tma6st.cu).
Imported by gen.py (register(add)); `python3 tools/microbench/gen6_tma.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


def register(add):
    # ------------------------------------------------------------ complete_tx / test_wait loops
    for name, mode, lanes, what in (
            ("t6tx_twctx_l1", 0, 1, "lane 0 alone: test_wait.parity -> selp, branch; complete_tx 1 (unrolled 4x)"),
            ("t6tx_twctx_l32", 0, 32, "32 lanes: test_wait.parity -> selp, branch; complete_tx 1 (unrolled 4x)"),
            ("t6tx_ctx_l1", 1, 1, "lane 0 alone: complete_tx 1 per iteration"),
            ("t6tx_tw_l1", 2, 1, "lane 0 alone: test_wait.parity -> selp -> add per iteration"),
            ("t6tx_twctx_u4", 3, 1, "lane 0 alone: test_wait.parity -> selp, branch; complete_tx 1 (#pragma unroll 4)"),
            ("t6tx_ctx_u4", 4, 1, "lane 0 alone: complete_tx 1, 4 per loop iteration")):
        iters = 1024
        add(name, "tma6", "t6_txloop", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"s32": mode}, {"s32": lanes}],
            {"clk": ("u64", [2, 2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": what + ", on an mbarrier whose phase never completes",
             "mode": mode, "lanes": lanes, "ops_per_rep": iters,
             "derive": "cycles_per_op = clk[1][1] / ops_per_rep"},
            source=src("tma6tx.cu"))
    # ------------------------------------------------------------ one reduction per launch
    for name, mode, ctas, what in (("t6red_bulk", 0, 1, "cp.reduce.async.bulk add.u32 1 KiB"),
                             ("t6red_none", 1, 1, "no reduction (the kernel around it)"),
                             ("t6red_tensor", 2, 1, "acquire fence, cp.reduce.async.bulk.tensor.1d add (map in global memory)"),
                             ("t6red_acq", 3, 1, "acquire fence only"),
                             ("t6red_bulk2", 4, 1, "cp.reduce.async.bulk add.u32 1 KiB twice, wait_group 0 between"),
                             ("t6red_tensor2", 6, 1, "acquire fence, tensor.1d add twice, wait_group 0 between"),
                             ("t6red_c62_none", 1, 62, "no reduction (the kernel around it)"),
                             ("t6red_c62_bulk", 0, 62, "cp.reduce.async.bulk add.u32 1 KiB"),
                             ("t6red_c62_tensor", 2, 62, "acquire fence, cp.reduce.async.bulk.tensor.1d add (map in global memory)"),
                             ("t6red_c62_tensor2", 6, 62, "acquire fence, tensor.1d add twice, wait_group 0 between"),
                             ("t6red_c62_pick", 8, 62, "cp.reduce.async.bulk 1 KiB, the operation picked by CTA % 8 in a switch")):
        n = 256 * ctas
        add(name, "tma6", "t6_red1", [ctas, 1, 1], [128, 1, 1],
            [{"buffer": "maps"}, {"buffer": "src"}, {"buffer": "dst"}, {"buffer": "flags"}, {"buffer": "clk"},
             {"s32": mode}],
            {"maps": "{tensormaps: [tm]}", "src": "{dtype: u32, shape: [%d], init: iota}" % n, "dst": ("u32", [n]),
             "flags": ("u32", [ctas]), "clk": ("u64", [4])}, ["dst", "flags", "clk"],
            {"kind": "launch", "op": f"{ctas} CTA(s) of 128 threads (one per SM), each copies its 1 KiB row to shared memory, "
                                     "fence.proxy.async, bar.sync; thread 0: " + what + ", commit_group, wait_group 0, a flag store",
             "mode": mode, "ctas": ctas,
             "derive": "ncu_cycles = the launch (caches flushed); phase cycles (warm, %clock64): "
                       "start_cycles = clk[0], acquire_cycles = clk[1], issue_cycles = clk[2], wait_cycles = clk[3]"},
            extra={"tensormaps": "\n  tm: {buffer: dst, dtype: u32, dims: [%d], strides: [], box: [256]}" % n},
            source=src("tma6red.cu"))
    # ------------------------------------------------------------ tensor-map edits, fences, prefetches
    for name, mode, what in (("t6rep_rep_s", 0, "tensormap.replace.tile.global_address.shared::cta (lane 0)"),
                             ("t6rep_rep_g", 1, "tensormap.replace.tile.global_address.global (lane 0)"),
                             ("t6rep_cpfp", 2, "tensormap.cp_fenceproxy...release.gpu.sync.aligned, 128 bytes (warp)"),
                             ("t6rep_rel", 3, "fence.proxy.tensormap::generic.release.gpu (lane 0)"),
                             ("t6rep_acq", 4, "fence.proxy.tensormap::generic.acquire.gpu [map], 128 (lane 0)"),
                             ("t6rep_pf_map", 5, "prefetch.tensormap (lane 0)"),
                             ("t6rep_pf_tensor", 6, "cp.async.bulk.prefetch.tensor.2d.L2 of a 1 KiB box (lane 0)"),
                             ("t6rep_fence_async", 7, "fence.proxy.async.shared::cta (lane 0)"),
                             ("t6rep_path_g", 8, "replace .global, release fence, acquire fence (lane 0)"),
                             ("t6rep_path_s", 9, "lane 0 replace .shared::cta, syncwarp, warp cp_fenceproxy, lane 0 acquire")):
        iters = 64
        add(name, "tma6", "t6_rep", [1, 1, 1], [32, 1, 1],
            [{"buffer": "maps"}, {"buffer": "work"}, {"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters},
             {"s32": mode}],
            {"t": "{dtype: f32, shape: [512, 32], init: iota}", "maps": "{tensormaps: [tm]}", "work": ("u32", [32]),
             "clk": ("u64", [2, 2]), "sink": ("u32", [32])}, ["clk"],
            {"kind": "latency", "op": what + ", one per loop iteration", "mode": mode, "ops_per_rep": iters,
             "derive": "cycles_per_op = clk[1][1] / ops_per_rep"},
            extra={"tensormaps": "\n  tm: {buffer: t, dtype: f32, dims: [32, 512], strides: [128], box: [32, 8]}"},
            source=src("tma6rep.cu"))
    # ------------------------------------------------------------ stores per loop iteration
    for name, red, per, rowstep in (("t6st_store_p1_same", 0, 1, 0), ("t6st_store_p1", 0, 1, 2),
                                    ("t6st_store_p2", 0, 2, 2), ("t6st_store_p4", 0, 4, 2),
                                    ("t6st_add_p1", 1, 1, 2), ("t6st_add_p2", 1, 2, 2), ("t6st_add_p4", 1, 4, 2),
                                    ("t6st_bulk_p1", 2, 1, 2), ("t6st_bulk_p4", 2, 4, 2)):
        ops = 64
        kind = ("TMA 2D tile store", "TMA 2D tile reduction .add (f32)", "cp.async.bulk store (non-tensor)")[red]
        add(name, "tma6", "t6_st", [1, 1, 1], [128, 1, 1],
            [{"tensormap": "tm"}, {"buffer": "t"}, {"buffer": "clk"}, {"buffer": "sink"}, {"s32": ops // per},
             {"s32": per}, {"s32": red}, {"s32": rowstep}],
            {"t": ("f32", [512, 32]), "clk": ("u64", [2, 2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "throughput",
             "op": f"{kind} of 256 B ([32 f32, 2 rows]), {per} per loop iteration, {ops} in one bulk group, "
                   + ("the same box every time" if rowstep == 0 else "distinct boxes"),
             "red": red, "per": per, "rowstep": rowstep, "box_bytes": 256, "ops_per_rep": ops,
             "derive": "cycles_per_op = clk[1][1] / ops_per_rep (to the end of wait_group 0); "
                       "issue_cycles_per_op = clk[1][0] / ops_per_rep"},
            shared=256, extra={"tensormaps": "\n  tm: {buffer: t, dtype: f32, dims: [32, 512], strides: [128], box: [32, 2]}"},
            source=src("tma6st.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
