#!/usr/bin/env bash
# helper fa (session 23): record family fpalu's float divisions (gen23_fdiv.py) on the device, run from the repo
# root: bash device23_fdiv.sh DIR... Steps: ptxas -v + cuobjdump SASS of each kernel; mb.py run --runs 5
# (clock_runs.json, provenance.json, gpu/); ncu sm__cycles_elapsed.max x3 (cache flush) via mb.py once + cycles.
# Results: $OUT/mb.tgz, $OUT/build.tgz.
set -u
MB=$(pwd); D=/tmp/mb23d; B=/tmp/b23d; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
NS=(); DS=(); for t in "$@"; do cp -rL $t $D/; NS+=($(basename $t)); DS+=($D/$(basename $t)); done
stamp sass
for d in "${DS[@]}"; do n=$(basename $d); zcat $d/kernel.ptx.gz > $B/k.ptx
  ptxas -arch=sm_90a -v -o $B/k.cubin $B/k.ptx > $B/sass/$n.ptxas.txt 2>&1; cuobjdump --dump-sass $B/k.cubin > $B/sass/$n.sass 2>&1
  echo "$n $(grep -o 'Used [0-9]* registers' $B/sass/$n.ptxas.txt) MUFU=$(grep -c MUFU $B/sass/$n.sass) FMUL=$(grep -c 'FMUL' $B/sass/$n.sass) FFMA=$(grep -c FFMA $B/sass/$n.sass) CALL=$(grep -c CALL $B/sass/$n.sass) lines=$(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $B/sass/$n.sass)"
done; rm -f $B/k.*
stamp "run x5"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${DS[@]}" 2>&1 | cut -c1-200
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${DS[@]}"); done
stamp "ncu x3"
timeout 90 ncu --clock-control none --print-units base --csv --metrics $M0 --log-file $B/ncu.csv \
  python3 $MB/tools/microbench/mb.py once --order $B/order.txt "${L[@]}" > $B/ncu.log 2>&1; echo "ncu rc=$?"
python3 $MB/tools/microbench/mb.py cycles --order $B/order.txt --csv $B/ncu.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (x3 interleaved; tools/microbench/device23_fdiv.sh)" "${DS[@]}" 2>&1 | tail -12
(cd $D && tar czf $OUT/mb.tgz "${NS[@]}")
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log)
stamp done
