#!/usr/bin/env bash
# One device call: build the interposer, capture the example programs
# (CUDA C++, Triton, CuTe, CUTLASS), replay each capture, turn each into a
# seeded corpus entry recorded with `sm90sim validate --record`, compare the
# simulator with the GPU, and profile 3 launches with ncu for cycles.
# Carried folder B (default .devbuild/capture): sm90sim (cgo), shim.c,
# build.sh, seed_inputs.py, examples/, cutlass-include.tgz, cute/, cutlass/.
set -u
B=${B:-.devbuild/capture}
export PATH=/usr/local/cuda/bin:$PATH
L=$OUT/log.txt
exec > >(tee -a $L) 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
sh $B/build.sh /tmp/shim || exit 1
export SM90SIM_CAPTURE_SHIM=/tmp/shim TRITON_CACHE_DIR=/tmp/tcache PYTORCH_NO_CUDA_MEMORY_CACHING=1 PYTHONUNBUFFERED=1
S=$B/sm90sim
# ONLY="name ...": run just these captures/corpus entries
want() { [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $1 "* ]]; }
# CUTLASS/CuTe builds in the background
if [ -f $B/cutlass-include.tgz ] && { want cute_tn || want cutlass_Cooperative; }; then
  ( mkdir -p /tmp/cl && tar xzf $B/cutlass-include.tgz -C /tmp/cl
    F="-std=c++17 -gencode arch=compute_90a,code=[sm_90a,compute_90a] -DNDEBUG -O3 --expt-relaxed-constexpr -I/tmp/cl/include -I/tmp/cl/tools/util/include -DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL=1 -lcuda"
    nvcc $F $B/cute/wgmma_tma_sm90.cu -o /tmp/cute_wgmma_tma > /tmp/cute_build.txt 2>&1 &
    for s in Cooperative Pingpong; do
      sed -e 's/Shape<_4,_2,_1>/Shape<_2,_1,_1>/' \
          -e "/StageCountAutoCarveout/,/CollectiveOp;/s/cutlass::gemm::collective::KernelScheduleAuto/cutlass::gemm::KernelTmaWarpSpecialized$s/" \
          $B/cutlass/48_hopper_warp_specialized_gemm.cu > /tmp/gemm_$s.cu
      nvcc $F -I$B/cutlass /tmp/gemm_$s.cu -o /tmp/gemm_$s > /tmp/gemm_${s}_build.txt 2>&1 &
    done
    wait ) &
  CL=$!
fi
nvcc -arch=sm_90a -o /tmp/saxpy_struct $B/examples/saxpy_struct.cu
cap() { # NAME REGEX -- PROGRAM...
  local name=$1 re=$2; shift 3
  want $name || return
  [ $SECONDS -lt ${CAP_UNTIL:-300} ] || { echo "skip capture $name: out of time"; return; }
  echo "=== capture $name"
  timeout 300 $S capture --out /tmp/cap/$name --dump /tmp/dump/$name --kernel "$re" -- "$@"; echo "capture $name rc=$?"
  cut -c1-400 /tmp/dump/$name/log.txt | grep -v "cuGetProcAddress" | head -20; grep -c cuGetProcAddress /tmp/dump/$name/log.txt
}
cap saxpy saxpy_struct -- /tmp/saxpy_struct
cap nomatch no_such_kernel -- /tmp/saxpy_struct   # exit 1, listing the kernels launched
cap tri_matmul matmul_kernel -- python3 $B/examples/tri_matmul.py
cap tri_tma_matmul matmul_tma_kernel -- python3 $B/examples/tri_tma_matmul.py
cap tri_tma_persistent matmul_tma_persistent -- python3 $B/examples/tri_tma_matmul.py persistent
cap tri_fp8_matmul matmul_fp8_kernel -- python3 $B/examples/tri_fp8_matmul.py
cap tri_softmax softmax_kernel -- python3 $B/examples/tri_softmax.py
cap tri_flash_attn attn_fwd -- python3 $B/examples/tri_flash_attn.py
if [ -n "${CL:-}" ]; then
  wait $CL; tail -3 /tmp/cute_build.txt /tmp/gemm_*_build.txt
  [ -x /tmp/cute_wgmma_tma ] && cap cute_tn gemm_device -- /tmp/cute_wgmma_tma 256 256 128 T N
  [ -x /tmp/cute_wgmma_tma ] && cap cute_nt gemm_device -- /tmp/cute_wgmma_tma 256 256 128 N T
  for s in Cooperative Pingpong; do
    [ -x /tmp/gemm_$s ] && cap cutlass_$s GemmUniversal -- /tmp/gemm_$s --m=256 --n=256 --k=128 --iterations=0
  done
fi
cd /tmp/cap && tar czf $OUT/cap.tgz . && cd - >/dev/null
cd /tmp/dump && tar czf $OUT/dump.tgz */log.txt */launch.txt */images.txt */seen.txt 2>/dev/null; cd - >/dev/null
# corpus entries: NAME seed-args...
mkdir -p /tmp/corpus
corpus() {
  local name=$1; shift
  want $name || return
  [ $SECONDS -lt ${STOP_AT:-500} ] || { echo "skip $name: out of time ($SECONDS s)"; return; }
  local src=$(ls -d /tmp/cap/$name/*/ 2>/dev/null | head -1)
  [ -n "$src" ] || { echo "no capture for $name"; return; }
  local d=/tmp/corpus/$name
  rm -rf $d; cp -r $src $d
  python3 $B/seed_inputs.py $d "$@" || return
  echo "=== record $name"
  timeout 200 $S validate --record $d/kernel.ptx --spec $d/launch.yaml --repeat 3; echo "record $name rc=$?"
  timeout 200 $S validate $d/kernel.ptx --spec $d/launch.yaml --no-hazard-check --ncu off --repeat 0 --report $d/validate_nohazard.json > $d/validate_nohazard.txt 2>&1; echo "validate(no hazard) $name rc=$?"; cat $d/validate_nohazard.txt
  timeout 200 $S run $d/kernel.ptx --spec $d/launch.yaml --out /tmp/simout > $d/run_hazard.txt 2>&1; echo "run(hazards on) $name rc=$?"; tail -5 $d/run_hazard.txt
  [ $SECONDS -lt ${NCU_UNTIL:-430} ] || { echo "skip ncu $name: out of time"; return; }
  local k=$(awk '/^kernel:/{print $2}' $d/launch.yaml)
  timeout 200 ncu --clock-control none --print-units base --csv --kernel-name-base mangled --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second \
     -k "regex:^${k}\$" -c 3 $S gpu run $d/kernel.ptx --spec $d/launch.yaml --ncu off --warmup 0 --repeat 2 --out /tmp/ncuout > $d/ncu_cycles.csv 2>&1
  echo "ncu $name rc=$?"; grep -c sm__cycles_elapsed.max $d/ncu_cycles.csv
}
corpus saxpy p0=f32:-4:4 p1=f32
corpus tri_matmul p0=f16 p1=f16 p2=f16
corpus tri_tma_matmul t0=f16 t1=f16 t2=f16
corpus tri_tma_persistent t0=f16 t1=f16 t2=f16
corpus tri_fp8_matmul p0=e4m3 p1=e4m3 p2=f32
corpus tri_softmax p0=f32 p1=f32:-4:4
corpus tri_flash_attn p0=f16 p1=f16 p2=f16 p3=f16
corpus cute_tn b0=f16 b1=f16 b2=f16
corpus cute_nt b0=f16 b1=f16 b2=f16
corpus cutlass_Cooperative b0=f32 b1=f32 b2=f32 b3=f32
corpus cutlass_Pingpong b0=f32 b1=f32 b2=f32 b3=f32
cd /tmp/corpus && tar czf $OUT/corpus.tgz . && cd - >/dev/null
ls -la $OUT
