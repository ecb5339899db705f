#!/usr/bin/env bash
# cold helper, session 6: one device call per GPU. MBROOT (first argument)
# holds tools/microbench, tools/record and validation/microbench with only the
# coldj_*/coldc_* directories: device.sh compiles, runs and measures them
# (ncu x3). With EVID=1 (the H200 call) it also measures the small evidence
# GEMMs for diagnosis only (never for fitting): ncu warp-stall ratios with
# caches flushed (ncu default) and with --cache-control none (each kernel
# launched 3 times in a row), the SASS size of each, and ncu source counters
# (SASS per-PC stall samples) of one CUTLASS kernel. Results: $OUT/mb.tgz,
# build.tgz (device.sh), diag.tgz.
set -u
MB=$1
METRICS=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,sm__cycles_active.max BUDGET_S=${BUDGET_S:-150} RUN_TIMEOUT=60 NCU_TIMEOUT=90 bash $MB/tools/microbench/device.sh $MB
[ "${EVID:-0}" = 1 ] || exit 0
D=/tmp/diag; rm -rf $D; mkdir -p $D/ev
K=${EVK:-"cutlass_gemm_ws_cooperative_2x1 cutlass_gemm_ws_cooperative_256x128x256 cutlass_gemm_ws_pingpong_256x128x256 cutlass_gemm_ws_pingpong_2x1 cutlass_gemm_ws_cooperative_1024 gemm_wgmma_512x256x512 triton_matmul_tma_persistent gemm_wgmma_128x128x512 gemm_wgmma_256 cute_wgmma_tma_tn_256x128x256"}
L=(); L3=()
for n in $K; do
  cp -rL validation/testdata/$n $D/ev/$n
  [ -f $D/ev/$n/kernel.ptx.gz ] && { zcat $D/ev/$n/kernel.ptx.gz > $D/ev/$n/kernel.ptx; rm $D/ev/$n/kernel.ptx.gz; }
  L+=("$D/ev/$n"); L3+=("$D/ev/$n" "$D/ev/$n" "$D/ev/$n")
  ptxas -arch=sm_90a -o $D/$n.cubin $D/ev/$n/kernel.ptx > $D/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $D/$n.cubin > $D/$n.sass 2>&1
  echo "$n sass_insts=$(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $D/$n.sass)" | tee -a $D/sass_sizes.txt
  rm -f $D/$n.cubin
done
S=smsp__average_warps_issue_stalled
M=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,smsp__issue_active.sum,sm__cycles_active.max
for r in barrier branch_resolving dispatch_stall drain imc_miss lg_throttle long_scoreboard math_pipe_throttle membar mio_throttle misc no_instruction not_selected selected short_scoreboard sleeping tex_throttle wait; do M=$M,${S}_${r}_per_issue_active.ratio; done
cd $MB
timeout 150 ncu --clock-control none --print-units base --csv --log-file $D/stall_flush.csv --metrics $M python3 tools/microbench/mb.py once --order $D/order_flush.txt "${L[@]}" > $D/stall_flush.log 2>&1; echo "flush rc=$?"
timeout 150 ncu --clock-control none --cache-control none --print-units base --csv --log-file $D/stall_noflush.csv --metrics $M python3 tools/microbench/mb.py once --order $D/order_noflush.txt "${L3[@]}" > $D/stall_noflush.log 2>&1; echo "noflush rc=$?"
timeout 120 ncu --clock-control none --section SourceCounters --section WarpStateStats --warp-sampling-interval 0 -c 1 -o $D/src2x1 python3 tools/microbench/mb.py once --order $D/order_src.txt $D/ev/cutlass_gemm_ws_cooperative_2x1 > $D/src.log 2>&1; echo "src rc=$?"
ncu -i $D/src2x1.ncu-rep --page source --csv --print-source sass > $D/src2x1_sass.csv 2>&1
ncu -i $D/src2x1.ncu-rep --page details --csv > $D/src2x1_details.csv 2>&1
rm -rf $D/ev
(cd $D && tar czf $OUT/diag.tgz .)
ls -la $OUT
