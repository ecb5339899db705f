#!/usr/bin/env bash
# helper fa (session 24): record the stamped flash-attention twins at larger launches (gen24_flash.py:
# tph_flash_attn_2x8 / 2x66 / 2x132) next to the session-23 twins 1x128 and 2x2 (re-run for their noise), run
# from the repo root:  bash device24_flash.sh NEWDIR...   (the new twin directories, copied in by the caller)
# No evidence kernel is run. Steps (as device23_flash.sh): ptxas -v of one new twin; ncu --cache-control all x3,
# all five interleaved (mb.py once --dump keeps each profiled launch's stamps); mb.py run --runs 5 (warm stamps);
# ncu --cache-control none x3 (diagnosis); one ncu pass of memory metrics per twin (diagnosis).
# Results: $OUT/mb.tgz (the new directories), $OUT/build.tgz.
set -u
MB=$(pwd); D=/tmp/mb24; B=/tmp/b24; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
NS=(); DS=(); for t in "$@"; do cp -rL $t $D/; NS+=($(basename $t)); DS+=($D/$(basename $t)); done
O1=$D/tph_flash_attn_1x128; O2=$D/tph_flash_attn_2x2
cp -rL validation/microbench/tph_flash_attn_1x128 $O1; cp -rL validation/microbench/tph_flash_attn_2x2 $O2
stamp sass
zcat ${DS[-1]}/kernel.ptx.gz > $B/twin.ptx
ptxas -arch=sm_90a -v -o $B/t.cubin $B/twin.ptx > $B/sass/twin.ptxas.txt 2>&1; cuobjdump --dump-sass $B/t.cubin > $B/sass/twin.sass 2>&1
grep -E "registers|error" $B/sass/*.ptxas.txt; echo "CS2R clock: $(grep -c 'SR_CLOCK' $B/sass/twin.sass) S2R smid: $(grep -c 'SR_VIRTID\|SR_SMID' $B/sass/twin.sass)"; rm -f $B/*.cubin $B/*.ptx; gzip -9 $B/sass/twin.sass
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=($O1 $O2 "${DS[@]}"); done
stamp "ncu --cache-control all x3"
timeout 60 ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $B/order_all.txt --dump $B/dump_all.jsonl "${L[@]}" > $B/ncu_all.log 2>&1
echo "all rc=$?"; tail -3 $B/ncu_all.log
mkdir -p $B/old; cp $O1/cycles.json.gz $B/old/1x128_cycles.json.gz; cp $O2/cycles.json.gz $B/old/2x2_cycles.json.gz
python3 $MB/tools/microbench/mb.py cycles --order $B/order_all.txt --csv $B/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (tph_flash_attn 1x128, 2x2, 2x8, 2x66, 2x132 interleaved, 3 each; tools/microbench/device24_flash.sh)" $O1 $O2 "${DS[@]}" 2>&1 | tail -6
cp $O1/cycles.json $B/rerun_1x128_cycles.json; cp $O2/cycles.json $B/rerun_2x2_cycles.json
stamp "warm run x5"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${DS[@]}" 2>&1 | tail -3 | cut -c1-200
stamp "ncu --cache-control none x3"
timeout 60 ncu --clock-control none --cache-control none --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_none.csv python3 $MB/tools/microbench/mb.py once --order $B/order_none.txt --dump $B/dump_none.jsonl "${L[@]}" > $B/ncu_none.log 2>&1
echo "none rc=$?"
stamp "ncu memory metrics x1"
M1=sm__cycles_elapsed.max,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__inst_executed_op_shfl.sum,sm__ctas_launched.sum
timeout 60 ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M1 \
  --log-file $B/ncu_mem.csv python3 $MB/tools/microbench/mb.py once --order $B/order_mem.txt $O1 $O2 "${DS[@]}" > $B/ncu_mem.log 2>&1
echo "mem rc=$?"
for f in $B/ncu_all.csv $B/ncu_none.csv; do echo $f; grep 'elapsed.max"' $f | awk -F'","' '{print $5, $NF}' | cut -c1-24,200-; done
stamp pack
(cd $D && tar czf $OUT/mb.tgz "${NS[@]}")
(cd $B && tar czf $OUT/build.tgz env sass old *.csv *.txt *.log *.jsonl *.json)
stamp done
