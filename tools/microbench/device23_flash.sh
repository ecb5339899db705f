#!/usr/bin/env bash
# helper fa (session 23): record the stamped twins of the Triton flash-attention forward (gen23_flash.py:
# tph_flash_attn_1x128, tph_flash_attn_2x2) on the device, run from the repo root:
#   bash device23_flash.sh TWIN_DIR... (default: validation/microbench/tph_flash_attn_{1x128,2x2})
# Steps (as device18_coop2x1.sh): ptxas -v + cuobjdump SASS of the twin and the evidence PTX; one ncu pass with
# ncu's cache flush (--cache-control all), the twins and the two evidence kernels interleaved x3, mb.py once --dump
# keeping each profiled launch's stamps (cycles.json via mb.py cycles; clock_runs_cold); mb.py run --runs 5 (warm
# stamps: clock_runs.json, provenance.json, gpu/); one ncu pass without the flush (--cache-control none, x3,
# diagnosis). Results: $OUT/mb.tgz, $OUT/build.tgz.
set -u
MB=$(pwd); TWS=("$@"); [ ${#TWS[@]} -eq 0 ] && TWS=(validation/microbench/tph_flash_attn_1x128 validation/microbench/tph_flash_attn_2x2); D=/tmp/mb23; B=/tmp/b23; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
NS=(); DS=(); for t in "${TWS[@]}"; do cp -rL $t $D/; NS+=($(basename $t)); DS+=($D/$(basename $t)); done
E1=$D/ev1; E2=$D/ev4; cp -rL validation/testdata/triton_flash_attn_fwd_1x128 $E1; cp -rL validation/testdata/triton_flash_attn_fwd $E2
stamp sass
zcat ${DS[0]}/kernel.ptx.gz > $B/twin.ptx; zcat $E1/kernel.ptx.gz > $B/ev.ptx
ptxas -arch=sm_90a -v -o $B/t.cubin $B/twin.ptx > $B/sass/twin.ptxas.txt 2>&1; cuobjdump --dump-sass $B/t.cubin > $B/sass/twin.sass 2>&1
ptxas -arch=sm_90a -v -o $B/e.cubin $B/ev.ptx > $B/sass/ev.ptxas.txt 2>&1; cuobjdump --dump-sass $B/e.cubin > $B/sass/ev.sass 2>&1
grep -E "registers|error" $B/sass/*.ptxas.txt; echo "CS2R clock in twin: $(grep -c 'SR_CLOCK' $B/sass/twin.sass)"; rm -f $B/*.cubin $B/*.ptx
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${DS[@]}" $E1 $E2); done
stamp "ncu --cache-control all x3"
timeout 60 ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $B/order_all.txt --dump $B/dump_all.jsonl "${L[@]}" > $B/ncu_all.log 2>&1
echo "all rc=$?"; tail -3 $B/ncu_all.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order_all.txt --csv $B/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (the twins and the two evidence kernels interleaved, 3 each; tools/microbench/device23_flash.sh)" "${DS[@]}" $E1 $E2 2>&1 | tail -4
stamp "warm run x5"
timeout 40 python3 $MB/tools/microbench/mb.py run --runs 5 "${DS[@]}" 2>&1 | tail -2 | cut -c1-300
stamp "ncu --cache-control none x3"
timeout 50 ncu --clock-control none --cache-control none --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_none.csv python3 $MB/tools/microbench/mb.py once --order $B/order_none.txt --dump $B/dump_none.jsonl "${L[@]}" > $B/ncu_none.log 2>&1
echo "none rc=$?"
for f in $B/ncu_all.csv $B/ncu_none.csv; do echo $f; grep 'elapsed.max"' $f | awk -F'","' '{print $5, $NF}' | cut -c1-20,200-; done
stamp pack
cp $E1/cycles.json $B/ev1_cycles.json; cp $E2/cycles.json $B/ev4_cycles.json
(cd $D && tar czf $OUT/mb.tgz "${NS[@]}")
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log *.jsonl *.json)
stamp done
