#!/usr/bin/env bash
# Session 28 (helper cute): record tph_cute_tn_gt and gls28_cute16_* (gen28_cute.py) in one call, from the repo root:
#   bash .devbuild/cute/run.sh      (this file, carried with the generated directories in .devbuild/cute/mb)
# (1) nvcc -ptx of gls28.cu, ptxas -v + cuobjdump of it and of the gt twin; (2) ncu with its cache flush x3, the
# recorded tph_cute_tn and tph_cute_tn_gt interleaved, mb.py once --dump keeping each launch's stamps (cycles.json,
# clock_runs_cold); (3) mb.py run --runs 5 (warm stamps, gpu/, provenance); (4) ncu cycles x3 of the gls28 kernels
# (flushed, interleaved); (5) one ncu pass with L1/L2 store counters over the gls28 kernels, the gt twin and the
# recorded gls23_st16_r4g8_r512_w4. Results: $OUT/mb.tgz, $OUT/build.tgz.
set -u
MB=$(pwd); D=/tmp/mb28; B=/tmp/b28; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1 PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
cp -r .devbuild/cute/mb/* $D/
TW=$D/tph_cute_tn_gt; REF=$MB/validation/microbench/tph_cute_tn; G23=$MB/validation/microbench/gls23_st16_r4g8_r512_w4
GL=(); for d in $D/gls28_*; do GL+=($d); done
stamp compile
nvcc -ptx -arch=sm_90a -O3 -o $B/gls28.ptx ${GL[0]}/kernel.cu > $B/sass/gls28.nvcc.txt 2>&1 || cat $B/sass/gls28.nvcc.txt
for d in "${GL[@]}"; do cp $B/gls28.ptx $d/kernel.ptx; done
ptxas -arch=sm_90a -v -o $B/g.cubin $B/gls28.ptx > $B/sass/gls28.ptxas.txt 2>&1; cuobjdump --dump-sass $B/g.cubin > $B/sass/gls28.sass 2>&1
zcat $TW/kernel.ptx.gz > $B/tw.ptx; ptxas -arch=sm_90a -v -o $B/t.cubin $B/tw.ptx > $B/sass/twin_gt.ptxas.txt 2>&1
cuobjdump --dump-sass $B/t.cubin > $B/sass/twin_gt.sass 2>&1; rm -f $B/*.cubin $B/tw.ptx
grep -E "registers|spill|error" $B/sass/*.ptxas.txt
for f in $B/sass/*.sass; do echo "$f: $(grep -c 'SR_CLOCK' $f) SR_CLOCK, $(grep -c 'GLOBALTIMER' $f) GT, $(grep -c 'STG.E.U16' $f) STG.E.U16, $(grep -c 'HGMMA' $f) HGMMA"; done
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=($REF $TW); done
stamp "ncu --cache-control all x3: twins"
timeout 60 ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $B/order_all.txt --dump $B/dump_all.jsonl "${L[@]}" > $B/ncu_all.log 2>&1
echo "all rc=$?"; tail -2 $B/ncu_all.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order_all.txt --csv $B/ncu_all.csv --env $B/env \
  --command "ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (tph_cute_tn and tph_cute_tn_gt interleaved, 3 each; tools/microbench/device28_cute.sh)" $TW 2>&1 | tail -2
stamp "warm run x5"
timeout 40 python3 $MB/tools/microbench/mb.py run --runs 5 $TW "${GL[@]}" 2>&1 | tail -7 | cut -c1-200
L=(); for r in 1 2 3; do L+=("${GL[@]}"); done
stamp "ncu x3: gls28"
timeout 60 ncu --clock-control none --print-units base --csv --log-file $B/ncu_gls.csv --metrics $M0 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_gls.txt "${L[@]}" > $B/ncu_gls.log 2>&1
echo "gls rc=$?"; tail -2 $B/ncu_gls.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order_gls.txt --csv $B/ncu_gls.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved; tools/microbench/device28_cute.sh)" "${GL[@]}" 2>&1 | tail -2
if [ $(( $(date +%s) - T0 )) -lt 75 ]; then
stamp "ncu L1/L2 store counters x1"
M1=sm__cycles_elapsed.max,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__data_pipe_lsu_wavefronts.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum
timeout 50 ncu --clock-control none --print-units base --print-kernel-base mangled --csv --log-file $B/ncu_l1.csv --metrics $M1 \
  python3 $MB/tools/microbench/mb.py once --order $B/order_l1.txt "${GL[@]}" $TW $G23 > $B/ncu_l1.log 2>&1
echo "l1 rc=$?"; tail -2 $B/ncu_l1.log
fi
for f in $B/ncu_*.csv; do echo $f; grep 'elapsed.max"' $f | awk -F'","' '{print $5, $NF}' | cut -c1-40,200-; done
stamp pack
(cd $D && tar czf $OUT/mb.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log *.jsonl *.ptx)
stamp done
