#!/usr/bin/env bash
# lane g4096 (session 30): the l2rr30 re-read probe (warm runs + ncu L2/DRAM counters, caches flushed by
# ncu) and ncu memory counters of the two 4096^3 evidence launches (read for diagnosis, never fitted).
# Run from the repo root with l2rr.cu in $D. Results to $OUT.
set -u
D=${D:-.devbuild/g4096}; O=${OUT:-/tmp/l2rr_out}; mkdir -p $O; T0=$(date +%s)
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $O/smi.txt 2>&1
(nvcc -O3 -arch=sm_90a -o /tmp/l2rr $D/l2rr.cu && nvcc -O3 -arch=sm_90a -ptx -o $O/l2rr.ptx $D/l2rr.cu) > $O/build.txt 2>&1 || { cat $O/build.txt; exit 1; }
nvcc --version | tail -2 >> $O/build.txt; ncu --version | tail -1 >> $O/build.txt
cuobjdump -sass /tmp/l2rr | grep -E "LDG|STG|Function" > $O/l2rr_sass.txt 2>&1
echo "built $(( $(date +%s)-T0 )) s"
timeout 30 /tmp/l2rr 2 > $O/runs.jsonl 2> $O/runs.err; echo "runs rc=$? lines $(wc -l < $O/runs.jsonl) at $(( $(date +%s)-T0 )) s"
M=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second,lts__t_sectors_srcunit_tex.sum,lts__t_sectors_srcunit_tex_lookup_hit.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum
timeout 45 ncu --clock-control none --kernel-name l2rr --print-units base --csv --metrics $M --log-file $O/ncu_rr.csv /tmp/l2rr 1 1 > $O/ncu_rr.jsonl 2> $O/ncu_rr.err
echo "ncu rr rc=$? at $(( $(date +%s)-T0 )) s"
timeout 50 ncu --clock-control none --print-units base --csv --metrics $M,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum --log-file $O/ncu_ev.csv \
  python3 tools/microbench/mb.py once --order $O/ev_order.txt validation/testdata/gemm_wgmma_4096 validation/testdata/triton_matmul_tma_persistent_4096 > $O/ncu_ev.log 2>&1
rc=$?; echo "ncu ev rc=$rc at $(( $(date +%s)-T0 )) s"; tail -3 $O/ncu_ev.log
if [ $rc != 0 ]; then timeout 40 ncu --clock-control none --print-units base --csv --metrics $M --log-file $O/ncu_ev.csv \
  python3 tools/microbench/mb.py once --order $O/ev_order.txt validation/testdata/gemm_wgmma_4096 validation/testdata/triton_matmul_tma_persistent_4096 > $O/ncu_ev.log 2>&1
  echo "ncu ev (no fabric) rc=$? at $(( $(date +%s)-T0 )) s"; tail -3 $O/ncu_ev.log; fi
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader >> $O/smi.txt 2>&1
cat $O/smi.txt $O/build.txt; head -c 400 $O/runs.err
