#!/usr/bin/env bash
# helper flash (session 30): record family mufutc30 (gen30_mufu.py) on the device, run from the repo root:
#   bash device30_mufu.sh MUFUDIR... -- SLOPEDIR...
# Steps: ptxas -v + cuobjdump SASS counts of the two kernels (SS, RS); mb.py run --runs 5 (clock_runs.json,
# provenance.json, gpu/); ncu sm__cycles_elapsed.max / .avg.per_second x3 interleaved (cache flush) via
# mb.py once + cycles. SLOPEDIRs (diagnosis, not microbenchmarks: the flash-attention PTX at other grids and
# key-loop lengths) get ncu x3 only. Results: $OUT/mb.tgz, $OUT/build.tgz.
set -u
MB=$(pwd); D=/tmp/mb30; S=/tmp/sl30; B=/tmp/b30; rm -rf $D $S $B; mkdir -p $D $S $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
NS=(); DS=(); SL=(); sl=0
for t in "$@"; do
  if [ "$t" = "--" ]; then sl=1; continue; fi
  if [ $sl = 0 ]; then cp -rL $t $D/; NS+=($(basename $t)); DS+=($D/$(basename $t)); else cp -rL $t $S/; SL+=($S/$(basename $t)); fi
done
stamp sass
for n in mufutc30_ss_mix mufutc30_rs_mix; do cp $D/$n/kernel.ptx $B/k.ptx
  ptxas -arch=sm_90a -v -o $B/k.cubin $B/k.ptx > $B/sass/$n.ptxas.txt 2>&1; cuobjdump --dump-sass $B/k.cubin > $B/sass/$n.sass 2>&1
  echo "$n $(grep -o 'Used [0-9]* registers' $B/sass/$n.ptxas.txt) MUFU.EX2=$(grep -c 'MUFU.EX2' $B/sass/$n.sass) MUFU.EX2-neg=$(grep -c 'MUFU.EX2 R[0-9]*, -R' $B/sass/$n.sass) FFMA=$(grep -c FFMA $B/sass/$n.sass) FADD=$(grep -c FADD $B/sass/$n.sass) HGMMA=$(grep -c HGMMA $B/sass/$n.sass) lines=$(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $B/sass/$n.sass)"
  gzip -9 $B/sass/$n.sass
done; rm -f $B/k.*
stamp "run x5"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${DS[@]}" 2>&1 | cut -c1-200
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${DS[@]}" "${SL[@]}"); done
stamp "ncu x3"
timeout 120 ncu --clock-control none --print-units base --csv --metrics $M0 --log-file $B/ncu.csv \
  python3 $MB/tools/microbench/mb.py once --order $B/order.txt --dump $B/dump.jsonl "${L[@]}" > $B/ncu.log 2>&1; echo "ncu rc=$?"; tail -3 $B/ncu.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order.txt --csv $B/ncu.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (x3 interleaved; tools/microbench/device30_mufu.sh)" "${DS[@]}" "${SL[@]}" 2>&1 | tail -16
for s in "${SL[@]}"; do cp $s/cycles.json $B/$(basename $s)_cycles.json 2>/dev/null; done
(cd $D && tar czf $OUT/mb.tgz "${NS[@]}")
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log *.jsonl *.json)
stamp done
