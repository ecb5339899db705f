// transpose_smem: 256x256 f32 transpose through a 32x32 shared-memory tile, no padding: the column reads of the tile hit one bank (32-way conflicts).
// grid [8, 8], block [32, 8]; each thread moves 4 elements.
// out[x][y] = in[y][x].
#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose_nopad(const float* __restrict__ in, float* __restrict__ out, int width, int height)
{
    __shared__ float tile[TILE][32];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
