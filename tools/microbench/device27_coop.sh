#!/usr/bin/env bash
# Session 27 (helper coop): record coop27_* (gen27_coop.py) in one call, from the repo root:
#   bash .devbuild/coop27/run.sh
# ncu sm__cycles_elapsed.max + avg.per_second + gpu__time_duration.sum x3 with ncu's cache flush, the four twins
# interleaved, mb.py once --dump keeping each profiled launch's stamps; mb.py run --runs 5; ncu --cache-control none x3.
set -u
MB=$(pwd); D=/tmp/mb27; B=/tmp/b27; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1 PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
NS=(coop27_k64 coop27_k256 coop27_k512 coop27_k64_nost); DS=()
for n in "${NS[@]}"; do cp -r .devbuild/coop27/$n $D/; DS+=($D/$n); done
( n=coop27_k64; zcat $D/$n/kernel.ptx.gz > $B/$n.ptx; ptxas -arch=sm_90a -v -o $B/$n.cubin $B/$n.ptx > $B/sass/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $B/$n.cubin > $B/sass/$n.sass 2>&1; rm -f $B/$n.cubin $B/$n.ptx ) &
SP=$!
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${DS[@]}"); done
stamp "ncu --cache-control all x3"
timeout 100 ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $B/order_all.txt --dump $B/dump_all.jsonl "${L[@]}" > $B/ncu_all.log 2>&1
echo "all rc=$?"; tail -3 $B/ncu_all.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order_all.txt --csv $B/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (the coop27 twins interleaved, 3 each; .devbuild/coop27/run.sh = tools/microbench/device27_coop.sh)" "${DS[@]}" 2>&1 | tail -3
stamp "warm run x5"
timeout 40 python3 $MB/tools/microbench/mb.py run --runs 5 "${DS[@]}" 2>&1 | tail -6 | cut -c1-200
if [ $(( $(date +%s) - T0 )) -lt 80 ]; then
stamp "ncu --cache-control none x3"
timeout 40 ncu --clock-control none --cache-control none --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_none.csv python3 $MB/tools/microbench/mb.py once --order $B/order_none.txt --dump $B/dump_none.jsonl "${L[@]}" > $B/ncu_none.log 2>&1
echo "none rc=$?"
fi
wait $SP; grep -E "registers|spill|error" $B/sass/*.ptxas.txt; for f in $B/sass/*.sass; do echo "$f: $(grep -c 'SR_CLOCK' $f) SR_CLOCK, $(grep -c 'SR_GLOBALTIMER' $f) GT, $(grep -c 'STG' $f) STG, $(grep -c 'HGMMA' $f) HGMMA"; done
stamp pack
(cd $D && tar czf $OUT/mb.tgz "${NS[@]}")
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log *.jsonl)
stamp done
