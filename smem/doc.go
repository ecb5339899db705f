// Package smem owns the shared-memory bank/wavefront model of sm90sim and the
// swizzle functions the project shares (TMA, wgmma descriptors, CuTe layouts).
//
// It is pure: it imports only the standard library and nothing of this
// module (no ptx, ptx/exec, sim, tma, wgmma...). The executor turns each
// warp-level shared-memory instruction into an Access; Wavefronts returns its
// Cost in the units Nsight Compute counts; Counters sums costs per OpKind
// (ld, st, ldsm, stsm, atom, ldgsts) like the ncu metrics
// l1tex__data_pipe_lsu_wavefronts_mem_shared_op_* and
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_* (conflicts =
// wavefronts - ideal). Phases gives per-bank detail for heat maps.
//
// # Model (ptx-facts §8, hopper-numbers §6)
//
//   - 32 banks of 4 B: bank = (addr/4) % 32. Within one pass a bank serves
//     one 32-bit word; lanes asking for the same word share it (broadcast on
//     loads; on stores one write lands). n distinct words in one bank cost
//     n passes (wavefronts).
//   - 1, 2 and 4-B accesses: one phase, the whole warp. Cost = max over
//     banks of distinct words. Ideal 1.
//   - 8-B accesses: half-warp phases (lanes 0-15, 16-31), each costing max
//     over banks of its distinct words (a lane covers 2 words), a phase with
//     no active lane costing 0. Ideal 2.
//   - 16-B accesses: quarter-warp phases (8 lanes, 4 words each). Ideal 4.
//     So all lanes reading the same 16 B cost 4 (one per quarter), and all
//     lanes on the same 4 banks with different addresses cost 32.
//   - ldmatrix/stmatrix: one phase per 8x8 b16 matrix, built from the 8 row
//     addresses of lanes 8i..8i+7 (16 B each); conflict-free iff the rows
//     land in distinct 16-B bank groups. Ideal = number of matrices.
//     Lanes at or above 8*Matrices are ignored.
//   - atom/red on shared and the shared side of cp.async: the ld/st rule of
//     their width.
//   - Ideal is the width minimum whenever any lane is active, so with few
//     active lanes Wavefronts can be below Ideal; Cost.Conflicts and
//     OpCounters.Conflicts clamp each instruction at 0.
//   - No active lane: Cost{0, 0, 0}.
//
// # UNCONFIRMED (all in model.go, switchable there)
//
//   - The half-warp rule for 8-B accesses versus "address grouping" (the
//     whole warp's distinct words packed into passes, cost = max over banks
//     across the warp).
//   - The quarter-warp rule for 16-B accesses versus the same grouping
//     (which includes the cc 7.x uniform-address LDS.128 optimization).
//   - Ideal by width versus ideal = number of phases with an active lane.
//   - atom/red: broadcast of same-word lanes (default) versus every lane
//     request serialized.
//
// # Confirmed on hardware
//
//   - ldmatrix/stmatrix: per-matrix phases, ideal = number of matrices, lanes
//     at or above 8*Matrices ignored. H200 (driver 580, nvcc 13.0, ncu
//     2025.3.1), the validation/testdata ldsm_*/stsm_* kernels: 4 warps x 6
//     variants (.x1/.x2/.x4, +-.trans; for .x1/.x2 the upper lanes repeat
//     the row addresses) over a 64x64 f16 tile of 128-B rows, 224
//     LDSM/STSM each. smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_
//     op_ldsm (and _op_stsm) = 3072/1536/768/384 for none/32B/64B/128B
//     (8/4/2/1-way per matrix) and sm__sass_l1tex_data_bank_conflicts_
//     pipe_lsu_mem_shared_op_ldsm (_stsm) = 2688/1152/384/0 = wavefronts -
//     384, exactly the model's counts. .trans costs the same.
//   - cp.async: .ca (LDGSTS, cache_access) follows the ld/st rule of its
//     width, wavefronts and conflicts (cpasync_banks: 4/4/8/8-byte copies,
//     consecutive and 32-/8-way strided: 51 wavefronts, 45 conflicts;
//     cpasync_pipeline: 100 .ca copies, 208 / 64). For .cg (LDGSTS.BYPASS,
//     Access.Bypass) ncu reports 0 bank conflicts even for a 32-way pattern
//     (cpasync_banks: 36 wavefronts = 4 + 32, 0 conflicts), and the global
//     source shapes the cost (bypass.go, fitted to the cpasync_cg_* probes
//     and to the catalog of tools/record/cpasync_probe2.cu: H200, one warp,
//     one 16-B copy per lane, 4 = contiguous 512 B). Per quarter-warp:
//     data writes = max(bank passes, source pieces), a piece being a run of
//     consecutive lanes on one 128-B global line, each on a 16-B chunk no
//     earlier lane of the run read, that sit at the same line offset as
//     their shared row offset or read the whole line, else each 64-B half
//     of the line touched (contiguous 4, dst stride 128 B 32, sources 16 B
//     past a line 12, one line per lane 32; lanes alternating between two
//     lines 32, every lane on one source chunk 32, swapped pairs or reversed
//     quarters 4); these count no conflicts. With a run-time src-size or
//     ignore-src (ptxas: LDGSTS.E.BYPASS.128.ZFILL, or a predicated LDGSTS
//     for ignore-src; Access.ZFill) lanes with src-size 0 or ignored
//     (Access.NoData) write no data, and per quarter:
//   - a quarter that mixes data and zero-only lanes writes each kind of
//     32-B destination sector (which halves hold data lanes, which
//     zero-only lanes) in its own data wavefront: contiguous, zero-only
//     lanes at quarter positions {0,4} 3 per quarter, {0,5} or {1,6} 4,
//     {0,2,4,6} or {0,1} 2. The partial sizes of data lanes do not count:
//     src-size 4*(lane%5) and 16-or-0 on the same lanes both cost 15
//     (cpasync_cg_ramp), and every mix of 4/8/12/16 costs 8;
//   - the zero-fill passes: the larger of the bank passes of all active
//     lanes (16-B store rule) and the largest number of data lanes whose
//     sources share a 16-B slot of their 128-B lines (address bits 4-6);
//     passes beyond four per warp count as conflicts. One line per lane
//     64 with 28 conflicts (cpasync_cg_gstride_sz16), 2 lanes per line 32
//     [12], 4 lanes 16 [4], lanes alternating between two lines 40 [4],
//     every lane on one chunk 64 [28], dst stride 128 B 64 [28], sources
//     16 B past a line 16 [0]; the sources of zero-only lanes do not
//     count (all lanes src-size 0 on one chunk, on a line each, or
//     contiguous: 4).
//     Measured: src-size 16, 8 or 4 on all lanes 8; 0 on all lanes 4; 16 on
//     lanes 0-15 6 (ignore-src on 16-31 the same); even lanes 8; lanes
//     0-9 6; four warps or four copies 8 each; L2 hit (a second copy, or
//     ld.global first) = miss. .ca with src-size costs as without (4).
//   - the predicated form (Access.PredForm): ignore-src, and a src-size
//     register that is selp(cp-size, 0, p) wherever it is set (Triton's
//     pipelined copies), which ptxas folds into LDGSTS.E.BYPASS.128 [dst],
//     [src], P. Its zero-fill passes count only when some lane reads
//     nothing: every lane reading 4, every lane ignored 4, lanes 16-31
//     ignored 6 (validation/microbench cpasync8_selp_*, _ign_*, _selp0_*,
//     H200 and H100; cpasync_cg_ign). Triton's matmul copies: 4 each, as
//     ncu counts at 256^3 and 4096^3.
//   - PortWavefronts, the timed model's shared-memory port charge, leaves
//     out the zero-fill passes of a ZFILL copy whose lanes all read:
//     cpasync8_reg_* (ZFILL, src-size 16 everywhere: ncu 8 a copy) and
//     cpasync8_nosz_* (4) have the same hardware l1tex__data_pipe_lsu_
//     wavefronts_mem_shared total (3 a copy) and the same throughput.
//     NOT MODELLED: the count depends on the predicate register ptxas
//     gives src-size != 0. With P0 (what nvcc gave tools/record/
//     cpasync_probe.cu and cpasync_pipeline's loop copy) ncu counts the
//     copy as if every lane read its source: all lanes src-size 0 8 (4
//     otherwise), src-size 4*(lane%5) 8 (15), cpasync_cg_tail_w4's pattern
//     240 (18). cpasync_probe2.cu moved the predicate of the same kernels
//     from P0 to P2, P3, P5 or P6 by patching the cubin (nothing else
//     changed, same outputs, same hardware l1tex__data_pipe_lsu_wavefronts_
//     mem_shared) and got the other counts, which this model gives; fill
//     values, source data, shared size, carveout and JIT vs offline
//     compilation changed nothing (tools/record/ASYNC_FINDINGS.md, "cp.async
//     .cg factor probe"). The executor runs PTX and cannot know the
//     register, so cpasync_pipeline (464: its last tile costs 240 through
//     the P0 copy; model 242) keeps a known_gaps entry.
//
// wgmma and TMA shared-memory traffic do not go through this model (their
// async units are modeled conflict-free for canonical swizzled layouts).
//
// Swizzle(mode, addr) is CuTe Swizzle<B,4,3> on byte addresses with B = 0..3
// for none/32B/64B/128B: address bits [7,7+B) XOR into bits [4,4+B).
package smem
