#!/usr/bin/env bash
# Session 7 (lead): ncu WarpStateStats of the small evidence launches with and without ncu's cache
# flush (diagnosis only: which stall grows when caches are flushed)
set -u
D=/tmp/diag; rm -rf $D; mkdir -p $D/ev; L=()
for n in cutlass_gemm_ws_cooperative_2x1 gemm_wgmma_512x256x512 tma_reduce_ops triton_matmul_tma_persistent; do
  cp -rL validation/testdata/$n $D/ev/$n
  [ -f $D/ev/$n/kernel.ptx.gz ] && { zcat $D/ev/$n/kernel.ptx.gz > $D/ev/$n/kernel.ptx; rm $D/ev/$n/kernel.ptx.gz; }
  L+=("$D/ev/$n" "$D/ev/$n")
done
nvidia-smi --query-gpu=name,driver_version --format=csv > $OUT/host.txt
for cc in all none; do
  timeout 200 ncu --clock-control none --cache-control $cc --print-units base --csv --page raw \
    --section WarpStateStats --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,sm__cycles_active.avg,smsp__cycles_active.avg,smsp__inst_executed.sum \
    --log-file $OUT/ws_$cc.csv python3 tools/microbench/mb.py once --order $OUT/order_$cc.txt "${L[@]}" > $OUT/log_$cc.txt 2>&1
  echo "$cc rc=$?"
done
