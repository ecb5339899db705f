// A CUDA C++ program for `sm90sim capture`: a kernel taking a by-value struct
// with two pointers (one into the middle of an allocation) and scalars, and
// a pointer parameter. nvcc -arch=sm_90a -o saxpy_struct saxpy_struct.cu
#include <cstdio>
#include <cuda_runtime.h>
struct Args {
	const float *x;
	float a;
	int n;
	const float *y; // points 64 floats into its allocation
};
__global__ void saxpy_struct(Args args, float *out) {
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < args.n) out[i] = args.a * args.x[i] + args.y[i];
}
int main() {
	const int n = 1000;
	float hx[n], hy[n + 64], hout[n];
	for (int i = 0; i < n; i++) hx[i] = i * 0.5f, hy[i + 64] = 1.0f / (i + 1);
	for (int i = 0; i < 64; i++) hy[i] = -1;
	float *x, *y, *out;
	cudaMalloc(&x, n * 4);
	cudaMalloc(&y, (n + 64) * 4);
	cudaMalloc(&out, n * 4);
	cudaMemcpy(x, hx, n * 4, cudaMemcpyHostToDevice);
	cudaMemcpy(y, hy, (n + 64) * 4, cudaMemcpyHostToDevice);
	cudaMemset(out, 0, n * 4);
	Args a{x, 3.0f, n, y + 64};
	saxpy_struct<<<(n + 127) / 128, 128>>>(a, out);
	cudaMemcpy(hout, out, n * 4, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < n; i++) bad += hout[i] != 3.0f * hx[i] + hy[i + 64];
	printf("saxpy_struct: %d wrong\n", bad);
	return bad != 0;
}
