#!/usr/bin/env bash
# One device call for the big GEMM entries of issue 17 (validation/testdata/
# *_1024, *_4096): builds the CuTe tutorial GEMM and the CUTLASS 3.x
# warp-specialized cooperative GEMM (example 48, cluster 2x1x1), captures them
# and the Triton cp.async matmul at the given sizes with `sm90sim capture`,
# seeds the inputs (seed_inputs.py), records the GPU's outputs with
# `sm90sim validate --record` (sha256 + sample for outputs over 1 MiB) and
# reads the SM clock and cycles of one launch with ncu.
# Carried folder B (default .devbuild/speed): sm90sim.gz (cgo build), build.sh,
# shim.c, shim.h, snapshot.c, seed_inputs.py, helper.h, tri_matmul.py,
# cutlass-include.tgz, wgmma_tma_sm90.cu, 48_hopper_warp_specialized_gemm.cu
# (the last three from ../shared/third_party/cutlass).
set -u
B=${B:-.devbuild/speed}
export PATH=/usr/local/cuda/bin:$PATH
exec > >(tee -a $OUT/log.txt) 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
gunzip -c $B/sm90sim.gz > /tmp/sm90sim && chmod +x /tmp/sm90sim
S=/tmp/sm90sim
sh $B/build.sh /tmp/shim || exit 1
export SM90SIM_CAPTURE_SHIM=/tmp/shim TRITON_CACHE_DIR=/tmp/tcache PYTORCH_NO_CUDA_MEMORY_CACHING=1 PYTHONUNBUFFERED=1
( mkdir -p /tmp/cl && tar xzf $B/cutlass-include.tgz -C /tmp/cl
  F="-std=c++17 -gencode arch=compute_90a,code=[sm_90a,compute_90a] -DNDEBUG -O3 --expt-relaxed-constexpr -I/tmp/cl/include -I/tmp/cl/tools/util/include -DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL=1 -lcuda"
  nvcc $F $B/wgmma_tma_sm90.cu -o /tmp/cute_wgmma_tma > /tmp/cute_build.txt 2>&1 &
  sed -e 's/Shape<_4,_2,_1>/Shape<_2,_1,_1>/' \
      -e "/StageCountAutoCarveout/,/CollectiveOp;/s/cutlass::gemm::collective::KernelScheduleAuto/cutlass::gemm::KernelTmaWarpSpecializedCooperative/" \
      $B/48_hopper_warp_specialized_gemm.cu > /tmp/gemm_Cooperative.cu
  nvcc $F -I$B /tmp/gemm_Cooperative.cu -o /tmp/gemm_Cooperative > /tmp/gemm_Cooperative_build.txt 2>&1 &
  wait ) &
CL=$!
cap() { # NAME REGEX -- PROGRAM...
  local name=$1 re=$2; shift 3
  echo "=== capture $name ($SECONDS s)"
  timeout 200 $S capture --max-bytes 1000000000 --out /tmp/cap/$name --dump /tmp/dump/$name --kernel "$re" -- "$@"; echo "capture $name rc=$?"
}
cap triton_matmul_4096 matmul_kernel -- python3 $B/tri_matmul.py 4096
wait $CL; tail -3 /tmp/cute_build.txt /tmp/gemm_Cooperative_build.txt
echo "builds done ($SECONDS s)"
cap cute_wgmma_tma_tn_1024 gemm_device -- /tmp/cute_wgmma_tma 1024 1024 1024 T N
cap cute_wgmma_tma_tn_4096 gemm_device -- /tmp/cute_wgmma_tma 4096 4096 4096 T N
cap cutlass_gemm_ws_cooperative_1024 GemmUniversal -- /tmp/gemm_Cooperative --m=1024 --n=1024 --k=1024 --iterations=0
cap cutlass_gemm_ws_cooperative_4096 GemmUniversal -- /tmp/gemm_Cooperative --m=4096 --n=4096 --k=4096 --iterations=0
cd /tmp/dump && tar czf $OUT/dump.tgz */log.txt */launch.txt */images.txt 2>/dev/null; cd - >/dev/null
mkdir -p /tmp/corpus
corpus() { # NAME seed-args...
  local name=$1; shift
  local src=$(ls -d /tmp/cap/$name/*/ 2>/dev/null | head -1)
  [ -n "$src" ] || { echo "no capture for $name"; return; }
  local d=/tmp/corpus/$name
  rm -rf $d; cp -r $src $d
  python3 $B/seed_inputs.py $d "$@" || return
  echo "=== record $name ($SECONDS s)"
  timeout 120 $S validate --record $d/kernel.ptx --spec $d/launch.yaml; echo "record $name rc=$?"
  local k=$(awk '/^kernel:/{print $2}' $d/launch.yaml)
  timeout 120 ncu --clock-control none --print-units base --csv --kernel-name-base mangled --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second \
     -k "regex:^${k}\$" -c 1 $S gpu run $d/kernel.ptx --spec $d/launch.yaml --ncu off --warmup 0 --repeat 1 --out /tmp/ncuout > $d/ncu_cycles.csv 2>&1
  echo "ncu $name rc=$?"; grep sm__cycles_elapsed $d/ncu_cycles.csv
  gzip -9 $d/kernel.ptx
}
corpus triton_matmul_4096 p0=f16 p1=f16 p2=f16
corpus cute_wgmma_tma_tn_1024 b0=f16 b1=f16 b2=f16
corpus cute_wgmma_tma_tn_4096 b0=f16 b1=f16 b2=f16
corpus cutlass_gemm_ws_cooperative_1024 b0=f32 b1=f32 b2=f32 b3=f32
corpus cutlass_gemm_ws_cooperative_4096 b0=f32 b1=f32 b2=f32 b3=f32
du -a /tmp/corpus | sort -n | tail -15
cd /tmp/corpus && tar czf $OUT/corpus.tgz --exclude='*.npy' --exclude='*.npy.gz' . ; tar czf $OUT/gpu.tgz */gpu; cd - >/dev/null
ls -la $OUT; echo "done ($SECONDS s)"
