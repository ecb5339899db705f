import sys
# mkspec.py MODE U W C MIB -> spec yaml on stdout
m, u, w, c, mib = map(int, sys.argv[1:6])
per = mib << 20
name = f"_Z6streamILi{m}ELi{u}EEvPyS0_PjPK5uint4PS2_y"
words = per * c // 4
print(f"""kernel: {name}
grid: [{c}, 1, 1]
block: [{32*w}, 1, 1]
shared_bytes: 0
seed: 1
buffers:
  clk: {{dtype: u64, shape: [{c}, 2]}}
  gt: {{dtype: u64, shape: [{c}, 2]}}
  smid: {{dtype: u32, shape: [{c}]}}
  src: {{dtype: u32, shape: [{words}]}}
  dst: {{dtype: u32, shape: [{words}]}}
params:
  - {{buffer: clk}}
  - {{buffer: gt}}
  - {{buffer: smid}}
  - {{buffer: src}}
  - {{buffer: dst}}
  - {{u64: {per}}}
outputs: [clk, gt, smid]""")
