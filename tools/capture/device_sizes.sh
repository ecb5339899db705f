#!/usr/bin/env bash
# One device call for issue 14's "real kernels at four or more sizes each"
# (validation/timing/split.yaml, evidence group sizes): captures the CuTe
# tutorial GEMM, the CUTLASS 3.x warp-specialized GEMMs (example 48, cluster
# 2x1x1, cooperative and ping-pong) and the Triton matmuls / flash attention
# at the new sizes with `sm90sim capture`, seeds their inputs
# (seed_inputs.py), records the GPU's outputs with `sm90sim validate --record`
# (sha256 + sample for outputs over 1 MiB), and then, with nothing else on the
# GPU, profiles 3 launches of every entry with ncu (sm__cycles_elapsed.max and
# the SM clock). Existing directories whose capture already matches
# (cute/cutlass *_1024 and *_4096, triton_matmul_4096) are re-recorded into a
# scratch copy (to check the H200 gives the recorded bytes) and profiled.
# Phases stop early at STOP_* seconds so that what is done still comes back;
# ONLY_NCU=1 skips the builds and captures and profiles the entries of
# $B/corpus.tgz (a second call).
# Carried folder B (default .devbuild/sizes): sm90sim.gz (cgo build), build.sh,
# shim.c, shim.h, snapshot.c, helper.h, seed_inputs.py, tri_*.py,
# cutlass-include.tgz, wgmma_tma_sm90.cu, 48_hopper_warp_specialized_gemm.cu,
# specs/NAME/launch.yaml (the gemm_wgmma sizes: no capture).
set -u
B=${B:-.devbuild/sizes}
R=$PWD
export PATH=/usr/local/cuda/bin:$PATH
exec > >(tee -a $OUT/log.txt) 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
gunzip -c $B/sm90sim.gz > /tmp/sm90sim && chmod +x /tmp/sm90sim
S=/tmp/sm90sim
mkdir -p /tmp/corpus /tmp/existing
if [ -z "${ONLY_NCU:-}" ]; then
sh $B/build.sh /tmp/shim || exit 1
export SM90SIM_CAPTURE_SHIM=/tmp/shim TRITON_CACHE_DIR=/tmp/tcache PYTORCH_NO_CUDA_MEMORY_CACHING=1 PYTHONUNBUFFERED=1
( mkdir -p /tmp/cl && tar xzf $B/cutlass-include.tgz -C /tmp/cl
  F="-std=c++17 -gencode arch=compute_90a,code=[sm_90a,compute_90a] -DNDEBUG -O3 --expt-relaxed-constexpr -I/tmp/cl/include -I/tmp/cl/tools/util/include -DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL=1 -lcuda"
  nvcc $F $B/wgmma_tma_sm90.cu -o /tmp/cute_wgmma_tma > /tmp/cute_build.txt 2>&1 &
  for s in Cooperative Pingpong; do
    sed -e 's/Shape<_4,_2,_1>/Shape<_2,_1,_1>/' \
        -e "/StageCountAutoCarveout/,/CollectiveOp;/s/cutlass::gemm::collective::KernelScheduleAuto/cutlass::gemm::KernelTmaWarpSpecialized$s/" \
        $B/48_hopper_warp_specialized_gemm.cu > /tmp/gemm_$s.cu
    nvcc $F -I$B /tmp/gemm_$s.cu -o /tmp/gemm_$s > /tmp/gemm_${s}_build.txt 2>&1 &
  done
  wait; echo "builds done ($SECONDS s)" ) &
CL=$!
cap() { # NAME REGEX -- PROGRAM...
  local name=$1 re=$2; shift 3
  echo "=== capture $name ($SECONDS s)"
  timeout 240 $S capture --max-bytes 1000000000 --out /tmp/cap/$name --dump /tmp/dump/$name --kernel "$re" -- "$@" > /tmp/cap_$name.txt 2>&1
  echo "capture $name rc=$? ($SECONDS s)"; tail -3 /tmp/cap_$name.txt
}
T=$B
( cap triton_matmul_cpasync_128 matmul_kernel -- python3 $T/tri_matmul.py 128 128 128
  cap triton_matmul_cpasync_1536x1408x1024 matmul_kernel -- python3 $T/tri_matmul.py 1536 1408 1024
  cap triton_flash_attn_fwd_1x128 attn_fwd -- python3 $T/tri_flash_attn.py 1 128
  cap triton_flash_attn_fwd_16x1024 attn_fwd -- python3 $T/tri_flash_attn.py 16 1024
  cap triton_flash_attn_fwd_32x4096 attn_fwd -- python3 $T/tri_flash_attn.py 32 4096 ) &
P1=$!
( cap triton_matmul_tma_128x128x256 matmul_tma_kernel -- python3 $T/tri_tma_matmul.py 128 128 256
  cap triton_matmul_tma_1536x1408x1024 matmul_tma_kernel -- python3 $T/tri_tma_matmul.py 1536 1408 1024
  cap triton_matmul_tma_4096 matmul_tma_kernel -- python3 $T/tri_tma_matmul.py 4096 4096 4096 ) &
P2=$!
( cap triton_matmul_tma_persistent_128x128x256 matmul_tma_persistent -- python3 $T/tri_tma_matmul.py persistent 128 128 256 1
  cap triton_matmul_tma_persistent_1536x1408x1024 matmul_tma_persistent -- python3 $T/tri_tma_matmul.py persistent 1536 1408 1024 132
  cap triton_matmul_tma_persistent_4096 matmul_tma_persistent -- python3 $T/tri_tma_matmul.py persistent 4096 4096 4096 132 ) &
P3=$!
wait $CL; tail -n 2 /tmp/cute_build.txt /tmp/gemm_*_build.txt; ls -la /tmp/cute_wgmma_tma /tmp/gemm_Cooperative /tmp/gemm_Pingpong
( cap cute_wgmma_tma_tn_256x128x256 gemm_device -- /tmp/cute_wgmma_tma 256 128 256 T N
  cap cute_wgmma_tma_tn_1536x1408x1024 gemm_device -- /tmp/cute_wgmma_tma 1536 1408 1024 T N
  cap cutlass_gemm_ws_pingpong_4096 GemmUniversal -- /tmp/gemm_Pingpong --m=4096 --n=4096 --k=4096 --iterations=0 ) &
P4=$!
( cap cutlass_gemm_ws_cooperative_256x128x256 GemmUniversal -- /tmp/gemm_Cooperative --m=256 --n=128 --k=256 --iterations=0
  cap cutlass_gemm_ws_cooperative_1536x1408x1024 GemmUniversal -- /tmp/gemm_Cooperative --m=1536 --n=1408 --k=1024 --iterations=0
  cap cutlass_gemm_ws_pingpong_256x128x256 GemmUniversal -- /tmp/gemm_Pingpong --m=256 --n=128 --k=256 --iterations=0
  cap cutlass_gemm_ws_pingpong_1536x1408x1024 GemmUniversal -- /tmp/gemm_Pingpong --m=1536 --n=1408 --k=1024 --iterations=0 ) &
P5=$!
wait $P1 $P2 $P3 $P4 $P5
echo "captures done ($SECONDS s)"
cd /tmp/dump && tar czf $OUT/dump.tgz */log.txt */launch.txt */images.txt 2>/dev/null; cd $R
# corpus entries: seed and record (up to 4 at a time: no timing here)
corpus() { # NAME seed-args...
  local name=$1; shift
  local src=$(ls -d /tmp/cap/$name/*/ 2>/dev/null | head -1)
  [ -n "$src" ] || { echo "no capture for $name"; return; }
  local d=/tmp/corpus/$name
  rm -rf $d; cp -r $src $d
  python3 $B/seed_inputs.py $d "$@" || return
  timeout 200 $S validate --record $d/kernel.ptx --spec $d/launch.yaml --ncu off --warmup 0 --repeat 0 > /tmp/rec_$name.txt 2>&1
  echo "record $name rc=$? ($SECONDS s)"; tail -4 /tmp/rec_$name.txt
}
spec() { # NAME: a gemm_wgmma size (no capture)
  local d=/tmp/corpus/$1; mkdir -p $d
  cp $B/specs/$1/launch.yaml $d/ && cp validation/testdata/gemm_wgmma_256/kernel.ptx $d/
  timeout 200 $S validate --record $d/kernel.ptx --spec $d/launch.yaml --ncu off --warmup 0 --repeat 0 > /tmp/rec_$1.txt 2>&1
  echo "record $1 rc=$? ($SECONDS s)"; tail -4 /tmp/rec_$1.txt
}
existing() { # NAME: re-record a committed directory into a scratch copy
  local d=/tmp/existing/$1
  rm -rf $d; cp -rL validation/testdata/$1 $d; [ -f $d/kernel.ptx.gz ] && gunzip $d/kernel.ptx.gz
  timeout 200 $S validate --record $d/kernel.ptx --spec $d/launch.yaml --ncu off --warmup 0 --repeat 0 > /tmp/rec_$1.txt 2>&1
  echo "re-record $1 rc=$? ($SECONDS s)"; tail -8 /tmp/rec_$1.txt
}
F16="p0=f16 p1=f16 p2=f16"; T16="t0=f16 t1=f16 t2=f16"; C16="b0=f16 b1=f16 b2=f16"; C32="b0=f32 b1=f32 b2=f32 b3=f32"
( corpus triton_matmul_cpasync_128 $F16; corpus triton_matmul_cpasync_1536x1408x1024 $F16
  corpus triton_flash_attn_fwd_1x128 p0=f16 p1=f16 p2=f16 p3=f16; corpus triton_flash_attn_fwd_16x1024 p0=f16 p1=f16 p2=f16 p3=f16
  corpus triton_flash_attn_fwd_32x4096 p0=f16 p1=f16 p2=f16 p3=f16; spec gemm_wgmma_128x128x512; spec gemm_wgmma_1536x1408x1024 ) &
Q1=$!
( corpus triton_matmul_tma_128x128x256 $T16; corpus triton_matmul_tma_1536x1408x1024 $T16; corpus triton_matmul_tma_4096 $T16
  corpus triton_matmul_tma_persistent_128x128x256 $T16; corpus triton_matmul_tma_persistent_1536x1408x1024 $T16
  corpus triton_matmul_tma_persistent_4096 $T16 ) &
Q2=$!
( corpus cute_wgmma_tma_tn_256x128x256 $C16; corpus cute_wgmma_tma_tn_1536x1408x1024 $C16
  corpus cutlass_gemm_ws_pingpong_4096 $C32; existing cute_wgmma_tma_tn_1024; existing cute_wgmma_tma_tn_4096 ) &
Q3=$!
( corpus cutlass_gemm_ws_cooperative_256x128x256 $C32; corpus cutlass_gemm_ws_cooperative_1536x1408x1024 $C32
  corpus cutlass_gemm_ws_pingpong_256x128x256 $C32; corpus cutlass_gemm_ws_pingpong_1536x1408x1024 $C32
  existing cutlass_gemm_ws_cooperative_1024; existing cutlass_gemm_ws_cooperative_4096; existing triton_matmul_4096 ) &
Q4=$!
wait $Q1 $Q2 $Q3 $Q4   # by pid: a bare wait would also wait for the tee of the log (bash >= 5.1)
echo "records done ($SECONDS s)"
else
  tar xzf $B/corpus.tgz -C /tmp/corpus
  for n in cute_wgmma_tma_tn_1024 cute_wgmma_tma_tn_4096 cutlass_gemm_ws_cooperative_1024 cutlass_gemm_ws_cooperative_4096 triton_matmul_4096; do
    cp -rL validation/testdata/$n /tmp/existing/$n; gunzip -f /tmp/existing/$n/kernel.ptx.gz 2>/dev/null
  done
fi
# ncu, one at a time with nothing else on the GPU: 3 launches each
ncu3() { # DIR
  local d=$1 name=$(basename $1)
  [ -f $d/ncu_cycles.csv ] && grep -q sm__cycles_elapsed.max $d/ncu_cycles.csv && return
  [ $SECONDS -lt ${STOP_NCU:-530} ] || { echo "skip ncu $name: out of time ($SECONDS s)"; return; }
  [ -f $d/kernel.ptx ] || [ -f $d/kernel.ptx.gz ] || return
  local k=$(awk '/^kernel:/{print $2}' $d/launch.yaml)
  timeout 120 ncu --clock-control none --print-units base --csv --kernel-name-base mangled --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second \
     -k "regex:^${k}\$" -c 3 $S gpu run $d/kernel.ptx --spec $d/launch.yaml --ncu off --warmup 0 --repeat 2 --out /tmp/ncuout > $d/ncu_cycles.csv 2>&1
  echo "ncu $name rc=$? ($SECONDS s): $(grep sm__cycles_elapsed.max $d/ncu_cycles.csv | awk -F'","' '{printf "%s ", $NF}')"
}
for d in /tmp/corpus/*/ /tmp/existing/*/; do ncu3 ${d%/}; done
echo "ncu done ($SECONDS s)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
for d in /tmp/corpus/*/; do [ -f $d/kernel.ptx ] && gzip -9 $d/kernel.ptx; done
find /tmp/corpus -type f -size +3M -print -delete   # leftover captured inputs: never in the tree
du -s /tmp/corpus/* | sort -n | tail -5
cd /tmp/corpus && tar czf $OUT/corpus.tgz . ; cd $R
cd /tmp/existing && tar czf $OUT/existing.tgz --exclude='kernel.ptx' --exclude='*.npy' --exclude='*.npy.gz' . ; cd $R
ls -la $OUT; echo "done ($SECONDS s)"
