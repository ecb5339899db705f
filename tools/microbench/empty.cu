// sm90sim microbenchmark family "empty": an empty kernel; launched at 1,
// 132 and 1056 CTAs of 128 threads, it measures kernel launch and CTA
// dispatch overhead (ncu sm__cycles_elapsed.max only: nothing is timed
// inside). params (u32 *sink): never written.
extern "C" __global__ void empty_kernel(unsigned* sink) {}
