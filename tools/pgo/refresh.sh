#!/usr/bin/env bash
# Regenerates cmd/sm90sim/default.pgo, the CPU profile the Go toolchain uses for
# profile-guided optimization of the sm90sim binary (`go build` and `go install`
# pick it up from the main package's directory: RATIONALE.md, "Profile-guided
# optimization"). The training runs are timed and functional runs of corpus
# kernels that are NOT the speed targets (int_hash for issue 13; gemm_wgmma_4096,
# cute_wgmma_tma_tn_4096 and cutlass_gemm_ws_cooperative_4096 for issue 14), so
# the speed measured on those is not a profile of themselves.
# Usage, from the repository root: bash tools/pgo/refresh.sh   (about 2 minutes)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
go build -pgo=off -o "$tmp/sm90sim" ./cmd/sm90sim
timed="int_misc block_reduce_atomics cpasync_pipeline mbar_pipeline_3 gemm_wgmma_512x256x512
  cute_wgmma_tma_nt cutlass_gemm_ws_pingpong_256x128x256 triton_flash_attn_fwd_1x128 cluster_reduce
  gemm_wgmma_1536x1408x1024 triton_matmul_cpasync block_reduce_atomics:--no-sample int_misc:--no-sample"
functional="int_misc cute_wgmma_tma_nt triton_flash_attn_fwd_1x128"
profs=(); n=0
run() { # mode kernel[:extra flag]
  local k=${2%%:*} x=${2#*:} d p="$tmp/$1_$((n++)).prof" ptx
  [ "$x" = "$2" ] && x=
  d=validation/testdata/$k
  ptx=$d/kernel.ptx; [ -f "$ptx" ] || ptx=$d/kernel.ptx.gz
  [ -f "$ptx" ] || ptx=$d/$(cat "$d/kernel.ptx.link") # validation/testdata/README.md
  "$tmp/sm90sim" run --mode "$1" "$ptx" --spec "$d/launch.yaml" --jobs 1 \
    --out "$tmp/out" --report "$tmp/rep.json" --cpuprofile "$p" $x > /dev/null 2> "$tmp/err" ||
    { cat "$tmp/err"; exit 1; }
  profs+=("$p")
}
for k in $timed; do run timed "$k"; done
for k in $functional; do run functional "$k"; done
go tool pprof -proto "${profs[@]}" > "$tmp/merged.pgo" 2> /dev/null
mv "$tmp/merged.pgo" cmd/sm90sim/default.pgo
ls -l cmd/sm90sim/default.pgo
