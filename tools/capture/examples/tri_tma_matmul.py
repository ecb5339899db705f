# Triton matmul through host-side TMA descriptors (TensorDescriptor): C = A @ B^T, B stored [N, K].
import sys, torch, triton, triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

@triton.jit
def matmul_tma_kernel(a_desc, b_desc, c_desc, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = a_desc.load([pid_m * BLOCK_M, k])
        b = b_desc.load([pid_n * BLOCK_N, k])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(tl.float16))

@triton.jit
def matmul_tma_persistent(a_desc, b_desc, c_desc, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                          BLOCK_K: tl.constexpr, NUM_SMS: tl.constexpr):
    pid = tl.program_id(0)
    num_n = tl.cdiv(N, BLOCK_N)
    tiles = tl.cdiv(M, BLOCK_M) * num_n
    for tile in range(pid, tiles, NUM_SMS):
        pm = tile // num_n
        pn = tile % num_n
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = a_desc.load([pm * BLOCK_M, k])
            b = b_desc.load([pn * BLOCK_N, k])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([pm * BLOCK_M, pn * BLOCK_N], acc.to(tl.float16))

torch.manual_seed(0)
# arguments: [persistent] [M N K [NUM_SMS]] (M, N multiples of 128, K of 64; NUM_SMS, the persistent grid, default 2)
args = sys.argv[1:]
persistent = len(args) > 0 and args[0] == "persistent"
args = args[1:] if persistent else args
M, N, K = (int(x) for x in args[:3]) if len(args) >= 3 else ((512, 256, 256) if persistent else (256, 256, 256))
NUM_SMS = int(args[3]) if len(args) > 3 else 2
BM, BN, BK = 128, 128, 64
a = torch.randn(M, K, device="cuda", dtype=torch.float16)
b = torch.randn(N, K, device="cuda", dtype=torch.float16)
c = torch.empty(M, N, device="cuda", dtype=torch.float16)
ad = TensorDescriptor.from_tensor(a, [BM, BK])
bd = TensorDescriptor.from_tensor(b, [BN, BK])
cd = TensorDescriptor.from_tensor(c, [BM, BN])
if persistent:
    matmul_tma_persistent[(NUM_SMS,)](ad, bd, cd, M, N, K, BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK, NUM_SMS=NUM_SMS, num_warps=8, num_stages=3)
else:
    matmul_tma_kernel[(M // BM, N // BN)](ad, bd, cd, K, BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK, num_warps=8, num_stages=3)
torch.cuda.synchronize()
if M * N * K <= 1 << 31:
    print("tri_tma_matmul", "persistent" if persistent else "", "max err", (c.float() - a.float() @ b.float().T).abs().max().item())
