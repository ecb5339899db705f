#!/usr/bin/env bash
# helper gls (session 24): one device call from the repo root. (1) device.sh over the gen24_gls.py directories
# (carried in .devbuild/gls/mb): nvcc -ptx, ptxas -v + cuobjdump SASS, mb.py run --runs 5, ncu cycles x3.
# (2) one ncu pass with L1 store counters over those and 10 recorded reference shapes (.devbuild/gls/ref).
set -u
REPO=$(pwd)
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv
R=/tmp/r24; rm -rf $R; mkdir -p $R/validation/microbench; cp -r .devbuild/gls/mb/* $R/validation/microbench/; ln -s $REPO/tools $R/tools
OUT=$OUT BUDGET_S=90 RUN_TIMEOUT=40 bash tools/microbench/device.sh $R 2>&1 | tail -22
for f in /tmp/mbbuild/sass/*.sass; do echo "== $f"; grep -E "STG|BRA|BSSY" $f | sed 's/ \+/ /g;s/\/\*[0-9a-f]*\*\///' | sort | uniq -c | sort -rn | head -6; done
F=/tmp/ref; rm -rf $F; cp -r .devbuild/gls/ref $F
for d in $F/*/; do nvcc -ptx -arch=sm_90a -O3 -o $d/kernel.ptx $d/kernel.cu || echo "nvcc $d failed"; done
M=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__data_pipe_lsu_wavefronts.sum,lts__t_sectors_srcunit_tex_op_write.sum,smsp__inst_executed.sum
ls -d $F/*/ $R/validation/microbench/*/ | sed 's:/$::' > /tmp/ord.txt
timeout 60 ncu --clock-control none --print-units base --csv --log-file $OUT/ncu_l1.csv --metrics $M \
  python3 tools/microbench/mb.py once --order /tmp/ord2.txt $(cat /tmp/ord.txt) > $OUT/ncu_l1.log 2>&1
echo "ncu l1 rc=$?"; tail -3 $OUT/ncu_l1.log; cp /tmp/ord2.txt $OUT/ 2>/dev/null
ls -la $OUT
