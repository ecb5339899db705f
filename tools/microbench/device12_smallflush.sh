#!/usr/bin/env bash
# smallflush helper, session 9: one device call per GPU (run from the repo root).
#   bash tools/microbench/device12_smallflush.sh MBROOT [evidence-name ...]
# MBROOT holds tools/microbench, tools/record and validation/microbench with only
# the new sfl_* directories. device.sh compiles, runs (mb.py run x5) and measures
# them (ncu x3, caches flushed: cycles.json); then two ncu passes over them
# (x3 each, interleaved), `--cache-control all` and `--cache-control none`, keep
# each profiled launch's clk outputs (mb.py once --dump: flushcmp.tgz, for
# tools/microbench/flushrec.py). Last, for diagnosis only, one launch of every
# sfl_* directory and of the named evidence directories (validation/testdata)
# under each cache-control setting with L2/DRAM sector counters and two stall
# ratios (diag.tgz).
set -u
MB=$1; shift
EVID=("$@")
BUDGET_S=${BUDGET_S:-300} RUN_TIMEOUT=60 NCU_TIMEOUT=120 bash $MB/tools/microbench/device.sh $MB
D=/tmp/flushcmp; rm -rf $D; mkdir -p $D
NEW=(); for d in $MB/validation/microbench/*/; do NEW+=("${d%/}"); done
L=(); for r in 1 2 3; do L+=("${NEW[@]}"); done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/host.txt
M=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
for cc in all none; do
  timeout 120 ncu --clock-control none --cache-control $cc --print-units base --csv --metrics $M \
    --log-file $D/ncu_$cc.csv python3 $MB/tools/microbench/mb.py once --order $D/order_$cc.txt --dump $D/dump_$cc.jsonl "${L[@]}" > $D/log_$cc.txt 2>&1
  echo "pass $cc rc=$? launches=$(wc -l < $D/order_$cc.txt)"
done
(cd $D && tar czf $OUT/flushcmp.tgz .)
G=/tmp/diag; rm -rf $G; mkdir -p $G/ev; E=()
for n in "${EVID[@]}"; do
  cp -rL validation/testdata/$n $G/ev/$n
  [ -f $G/ev/$n/kernel.ptx.gz ] && { zcat $G/ev/$n/kernel.ptx.gz > $G/ev/$n/kernel.ptx; rm $G/ev/$n/kernel.ptx.gz; }
  E+=("$G/ev/$n")
done
DM=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,sm__cycles_active.max,smsp__issue_active.sum
DM=$DM,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_lookup_hit.sum,lts__t_sectors_lookup_miss.sum
DM=$DM,lts__t_sectors_srcunit_tex_lookup_hit.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum
DM=$DM,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio
for cc in all none; do
  timeout 120 ncu --clock-control none --cache-control $cc --print-units base --csv --metrics $DM \
    --log-file $G/diag_$cc.csv python3 $MB/tools/microbench/mb.py once --order $G/order_$cc.txt "${NEW[@]}" "${E[@]}" "${E[@]}" > $G/log_$cc.txt 2>&1
  echo "diag $cc rc=$? launches=$(wc -l < $G/order_$cc.txt)"
done
cp $D/host.txt $G/
(cd $G && tar czf $OUT/diag.tgz *.csv *.txt)
ls -la $OUT
