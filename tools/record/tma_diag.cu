// Diagnostic for the TMA recorder: runs tma_load_2d_sw128 three ways and prints what happened.
// Seen on the H200 (driver 580.159.04): rt and params work; extra (the packed parameter buffer,
// CU_LAUNCH_PARAM_BUFFER_POINTER) raises CUDA_ERROR_ILLEGAL_INSTRUCTION at the first UTMALDG, which is
// why record.py launches kernels that take a CUtensorMap by value with kernelParams.
//   nvcc -arch=sm_90a -o tma_diag tools/record/tma_diag.cu -lcuda
//   ./tma_diag rt|extra|params     (rt = <<<>>> of the compiled kernel; extra/params = cuLaunchKernel
//                                   of the corpus PTX with CU_LAUNCH_PARAM_BUFFER_POINTER / kernelParams)
#include "../../validation/testdata/tma_load_2d_sw128/kernel.cu"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <string>
#include <fstream>
#include <sstream>

#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char* s_; cuGetErrorName(r_, &s_); \
    printf("FAIL %s: %s\n", #x, s_); return 1; } } while (0)

static void hex(const char* name, const CUtensorMap& m)
{
    const unsigned char* p = reinterpret_cast<const unsigned char*>(&m);
    printf("map %s: ", name);
    for (int i = 0; i < 128; ++i) printf("%02x", p[i]);
    printf("\n");
}

int main(int argc, char** argv)
{
    std::string mode = argc > 1 ? argv[1] : "rt";
    cudaFree(0);
    CUdeviceptr a, b, img, flags;
    CK(cuMemAlloc(&a, 150 * 256 * 2));
    CK(cuMemAlloc(&b, 96 * 128 * 2));
    CK(cuMemAlloc(&img, 4096 * 4));
    CK(cuMemAlloc(&flags, 64));
    std::vector<unsigned short> ha(150 * 256);
    for (size_t i = 0; i < ha.size(); ++i) ha[i] = (unsigned short)(i * 7 + 1);
    CK(cuMemcpyHtoD(a, ha.data(), ha.size() * 2));
    CUtensorMap tA, tB;
    cuuint64_t dA[2] = {200, 150}, sA[1] = {512}, dB[2] = {120, 96}, sB[1] = {256};
    cuuint32_t bA[2] = {64, 16}, bB[2] = {64, 8}, es[2] = {1, 1};
    CK(cuTensorMapEncodeTiled(&tA, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, (void*)a, dA, sA, bA, es,
                              CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                              CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
    CK(cuTensorMapEncodeTiled(&tB, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, (void*)b, dB, sB, bB, es,
                              CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                              CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
    printf("a=%llx b=%llx alignof(CUtensorMap)=%zu\n", (unsigned long long)a, (unsigned long long)b, alignof(CUtensorMap));
    hex("tA", tA);
    hex("tB", tB);
    if (mode == "rt") {
        tma_load_2d_sw128<<<1, 128>>>(tA, tB, (uint32_t*)img, (uint32_t*)flags);
        cudaError_t e = cudaDeviceSynchronize();
        printf("rt launch: %s\n", cudaGetErrorName(e));
        if (e != cudaSuccess) return 1;
    } else {
        std::ifstream f("validation/testdata/tma_load_2d_sw128/kernel.ptx");
        std::stringstream ss;
        ss << f.rdbuf();
        std::string ptx = ss.str();
        CUmodule mod;
        CUfunction fn;
        CK(cuModuleLoadData(&mod, ptx.c_str()));
        CK(cuModuleGetFunction(&fn, mod, "tma_load_2d_sw128"));
        if (mode == "params") {
            void* args[4] = {&tA, &tB, &img, &flags};
            CK(cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, 0, args, nullptr));
        } else {
            alignas(128) unsigned char blob[272];
            memcpy(blob, &tA, 128);
            memcpy(blob + 128, &tB, 128);
            memcpy(blob + 256, &img, 8);
            memcpy(blob + 264, &flags, 8);
            size_t size = sizeof(blob);
            void* extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, blob, CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END};
            CK(cuLaunchKernel(fn, 1, 1, 1, 128, 1, 1, 0, 0, nullptr, extra));
        }
        CK(cuCtxSynchronize());
        printf("%s launch: ok\n", mode.c_str());
    }
    unsigned hf[6];
    CK(cuMemcpyDtoH(hf, flags, sizeof(hf)));
    printf("flags: %u %u %u %u %u %u\n", hf[0], hf[1], hf[2], hf[3], hf[4], hf[5]);
    return 0;
}
