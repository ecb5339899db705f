#!/bin/sh
# Builds the launch-capture interposer of `sm90sim capture` on the machine
# with the GPU:   tools/capture/build.sh [OUTDIR]   (default tools/capture/build)
# OUTDIR/libcuda.so.1 is a shim whose one DT_NEEDED entry is the real driver
# by absolute path, so every driver symbol it does not define resolves to
# the real one; `sm90sim capture --shim OUTDIR` (or SM90SIM_CAPTURE_SHIM)
# puts OUTDIR first on LD_LIBRARY_PATH. Needs a C compiler and the driver.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/build}
real=${SM90SIM_REAL_LIBCUDA:-}
if [ -z "$real" ]; then
	real=$(ldconfig -p 2>/dev/null | awk '/libcuda\.so\.1 .*x86-64/ {print $NF; exit}')
fi
if [ -z "$real" ]; then
	for d in /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/local/nvidia/lib64 /usr/lib; do
		[ -e "$d/libcuda.so.1" ] && real=$d/libcuda.so.1 && break
	done
fi
[ -n "$real" ] || { echo "build.sh: no libcuda.so.1 found (set SM90SIM_REAL_LIBCUDA)" >&2; exit 3; }
real=$(readlink -f "$real")
mkdir -p "$out"
cc=${CC:-cc}
# A stub whose soname is the real driver's absolute path: linking against it
# records that path as DT_NEEDED.
printf 'void sm90sim_capture_stub(void) {}\n' >"$out/stub.c"
$cc -shared -fPIC -o "$out/libsm90sim_stub.so" -Wl,-soname,"$real" "$out/stub.c"
$cc -shared -fPIC -O2 -Wall -DSM90SIM_REAL_LIBCUDA="\"$real\"" -Wl,-soname,libcuda.so.1 \
	-o "$out/libcuda.so.1" "$here/shim.c" "$here/snapshot.c" -Wl,--no-as-needed "$out/libsm90sim_stub.so" -ldl -lpthread
rm -f "$out/stub.c" "$out/libsm90sim_stub.so"
echo "$out/libcuda.so.1 (forwards to $real)"
