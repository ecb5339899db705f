#!/usr/bin/env bash
# Session 20 (lead): how noisy is the GPU reference of a launch? Run from the repo root on the device with
# a CGO build of sm90sim (xz) at $SIM (default .devbuild/lead/sm90sim.xz).
#   bash device22_noise.sh fresh   12 kernels (6 evidence, 6 development), two fresh processes each, ncu on
#                                  the first 10 launches of each (launch 0 = the process's first)
#   bash device22_noise.sh steady  the evidence directories recorded as "the first 3 launches of a fresh
#                                  process" (tools/microbench/noise22_fresh36.txt), one fresh process each,
#                                  ncu on the first 6 launches
# ncu: --clock-control none, cache flush (its default), sm__cycles_elapsed.max and .avg.per_second.
# Results: $OUT/<mode>.tgz (one ncu CSV per kernel and process), $OUT/env.txt.
set -u
MODE=${1:?fresh or steady}
R=$(pwd); S=/tmp/sm90sim; xz -dc ${SIM:-$R/.devbuild/lead/sm90sim.xz} > $S; chmod +x $S
W=/tmp/noise; rm -rf $W; mkdir -p $W $OUT/csv
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm --format=csv | tee $OUT/env.txt
python3 -c "
import torch,time
a=torch.randn(8192,8192,device='cuda',dtype=torch.bfloat16)
t=time.time()
while time.time()-t<2.0: (a@a); torch.cuda.synchronize()
" 2>&1 | tail -1
one() { # tag dir launches processes
  local tag=$1 d=$2 c=$3 np=$4 w=$W/$1; mkdir -p $w; cp -rL $d/. $w/; [ -f $w/kernel.ptx.gz ] && gunzip -f $w/kernel.ptx.gz
  local k=$(awk '/^kernel:/{print $2}' $w/launch.yaml)
  for p in $(seq $np); do
    timeout 120 ncu --clock-control none --print-units base --csv --kernel-name-base mangled \
      --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second -k "regex:^${k}\$" -c $c \
      $S gpu run $w/kernel.ptx --spec $w/launch.yaml --ncu off --warmup 0 --repeat $((c-1)) --out $w/o > $OUT/csv/$tag.p$p.csv 2>&1
    echo "$tag p$p rc=$? $(grep '"sm__cycles_elapsed.max"' $OUT/csv/$tag.p$p.csv | awk -F'","' '{gsub(/"/,"",$NF); printf "%s ", $NF}')"
  done
  rm -rf $w
}
T=$R/validation/testdata; M=$R/validation/microbench
if [ $MODE = fresh ]; then
  for k in cutlass_gemm_ws_cooperative_2x1 cutlass_gemm_ws_pingpong_2x1 cute_wgmma_tma_tn triton_matmul_tma_128x128x256 gemm_wgmma_256 tma_reduce_ops; do one $k $T/$k 10 2; done
  for k in empty_c1 empty_c132 tailsk_c4_big_cl2 gmm12_t_c1_k1024 tph_cutlass_coop_2x1 tmaq_s3; do one $k $M/$k 10 2; done
else
  while read d; do one $(basename $d) $R/$d 6 1; done < $R/tools/microbench/noise22_fresh36.txt
fi
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $OUT/env.txt
cd $OUT && tar czf $MODE.tgz csv && rm -rf csv
