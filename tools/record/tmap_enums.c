/* Prints the CUtensorMap* enum values of the installed cuda.h as JSON (the
 * recorder checks its own tables against them: TMAP_ENUMS_JSON).
 * Build: nvcc -o tmap_enums tools/record/tmap_enums.c  (no libcuda needed) */
#include <cuda.h>
#include <stdio.h>
int main(void)
{
    printf("{\"dtype\": {\"u8\": %d, \"u16\": %d, \"u32\": %d, \"s32\": %d, \"u64\": %d, \"s64\": %d, "
           "\"f16\": %d, \"f32\": %d, \"f64\": %d, \"bf16\": %d, \"f32_ftz\": %d, \"tf32\": %d, \"tf32_ftz\": %d},\n",
           CU_TENSOR_MAP_DATA_TYPE_UINT8, CU_TENSOR_MAP_DATA_TYPE_UINT16, CU_TENSOR_MAP_DATA_TYPE_UINT32,
           CU_TENSOR_MAP_DATA_TYPE_INT32, CU_TENSOR_MAP_DATA_TYPE_UINT64, CU_TENSOR_MAP_DATA_TYPE_INT64,
           CU_TENSOR_MAP_DATA_TYPE_FLOAT16, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
           CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ, CU_TENSOR_MAP_DATA_TYPE_TFLOAT32,
           CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ);
    printf(" \"interleave\": {\"none\": %d, \"16B\": %d, \"32B\": %d},\n", CU_TENSOR_MAP_INTERLEAVE_NONE,
           CU_TENSOR_MAP_INTERLEAVE_16B, CU_TENSOR_MAP_INTERLEAVE_32B);
    printf(" \"swizzle\": {\"none\": %d, \"32B\": %d, \"64B\": %d, \"128B\": %d},\n", CU_TENSOR_MAP_SWIZZLE_NONE,
           CU_TENSOR_MAP_SWIZZLE_32B, CU_TENSOR_MAP_SWIZZLE_64B, CU_TENSOR_MAP_SWIZZLE_128B);
    printf(" \"l2_promotion\": {\"none\": %d, \"64B\": %d, \"128B\": %d, \"256B\": %d},\n",
           CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_64B,
           CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
    printf(" \"oob_fill\": {\"zero\": %d, \"nan\": %d},\n", CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
           CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA);
    printf(" \"sizeof_CUtensorMap\": %d}\n", (int)sizeof(CUtensorMap));
    return 0;
}
