// RUN: %check_cudalint --fix-notes %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// ---- Flagged: neighbouring lanes far apart in global memory. ----

// One row per thread: at each iteration the warp reads 32 rows.
__global__ void matvec(float *y, const float *A, const float *x, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int j = 0; j < n; ++j)
    sum += A[tid * n + j] * x[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced load from 'A': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'tid' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: each thread walks its own row in this loop: give each row to a warp instead, with lanes reading consecutive elements and combining their results with __shfl_down_sync (measured 7.2x on a matrix-vector product on an H100)
  y[tid] = sum;
}

// A 2-D kernel whose row comes from threadIdx.x: a warp walks down a column.
// With a 16x16 block, a warp covers 16 rows, two neighbouring floats in each.
// The fix-it swaps the roles of x and y in the kernel and at its launch.
#define WIDTH 1024
__global__ void scale(float *out, const float *in) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  out[row * WIDTH + col] = 2.0f * in[row * WIDTH + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 4x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: make threadIdx.x walk the contiguous dimension: swap the x and y roles in 'row' and 'col' and in the launch configuration (a column walk measured 4.7x on an H100)
  // CHECK-MESSAGES: :[[@LINE-4]]:35: warning: uncoalesced load from 'in': 4x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-7]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-6]]:35: note: the remapping of threads suggested above fixes this access too
}
// CHECK-FIXES: __global__ void scale(float *out, const float *in) {
// CHECK-FIXES-NEXT:   int row = blockIdx.y * blockDim.y + threadIdx.y;
// CHECK-FIXES-NEXT:   int col = blockIdx.x * blockDim.x + threadIdx.x;

void launch_scale(float *out, const float *in, int rows) {
  dim3 block(16, 16);
  dim3 grid((rows + block.x - 1) / block.x, (WIDTH + block.y - 1) / block.y);
  scale<<<grid, block>>>(out, in);
}
// The square block stays as it is; the grid follows the swapped roles.
// CHECK-FIXES: void launch_scale(float *out, const float *in, int rows) {
// CHECK-FIXES-NEXT:   dim3 block(16, 16);
// CHECK-FIXES-NEXT:   dim3 grid((WIDTH + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
// CHECK-FIXES-NEXT:   scale<<<grid, block>>>(out, in);

// A rectangular block given inline is swapped along with the grid.
__global__ void scale_inline(float *out, const float *in, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  int c = blockIdx.y * blockDim.y + threadIdx.y;
  out[r * cols + c] = in[r * cols + c] + 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'r' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: make threadIdx.x walk the contiguous dimension: swap the x and y roles in 'r' and 'c' and in the launch configuration (a column walk measured 4.7x on an H100)
  // CHECK-MESSAGES: :[[@LINE-4]]:23: warning: uncoalesced load from 'in': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-7]]:7: note: 'r' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-6]]:23: note: the remapping of threads suggested above fixes this access too
}
// CHECK-FIXES: __global__ void scale_inline(float *out, const float *in, int cols) {
// CHECK-FIXES-NEXT:   int r = blockIdx.y * blockDim.y + threadIdx.y;
// CHECK-FIXES-NEXT:   int c = blockIdx.x * blockDim.x + threadIdx.x;

void launch_scale_inline(float *out, const float *in, int rows, int cols) {
  scale_inline<<<dim3(rows / 32, cols / 8), dim3(32, 8)>>>(out, in, cols);
}
// CHECK-FIXES: scale_inline<<<dim3(cols / 8, rows / 32), dim3(8, 32)>>>(out, in, cols);

// A launch that cannot be rewritten (its block variable is used for
// something else): no remap fix-it at all, rather than a half-done one.
__global__ void scale_shared_block(float *out, const float *in, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  out[row * cols + col] = in[row * cols + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES-NOT: note: make threadIdx.x walk the contiguous dimension
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: make consecutive threadIdx.x values access consecutive addresses
  // CHECK-MESSAGES: :[[@LINE-5]]:27: warning: uncoalesced load from 'in': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-8]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES-NOT: note: the remapping of threads
  // CHECK-MESSAGES: :[[@LINE-8]]:27: note: make consecutive threadIdx.x values access consecutive addresses
}
// CHECK-FIXES: __global__ void scale_shared_block(float *out, const float *in, int cols) {
// CHECK-FIXES-NEXT:   int row = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-FIXES-NEXT:   int col = blockIdx.y * blockDim.y + threadIdx.y;

int record_block_width(unsigned width);
void launch_scale_shared_block(float *out, const float *in, int rows, int cols) {
  dim3 block(32, 8);
  dim3 grid(rows / 32, cols / 8);
  scale_shared_block<<<grid, block>>>(out, in, cols);
  record_block_width(block.x);
}
// CHECK-FIXES: void launch_scale_shared_block(float *out, const float *in, int rows, int cols) {
// CHECK-FIXES-NEXT:   dim3 block(32, 8);
// CHECK-FIXES-NEXT:   dim3 grid(rows / 32, cols / 8);

// A naive transpose: the load is coalesced, the store is not, and no swap of
// x and y fixes both.
__global__ void transpose(float *out, const float *in, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[x * n + y] = in[y * n + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'x' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: a transpose or permutation: {{.*}}tile{{.*}}
}

// One field of an array of 64-byte structures.
struct Particle {
  float px, py, pz, vx, vy, vz, mass, charge;
  float reserved[8];
};

__global__ void masses(float *out, const Particle *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].mass;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced load from 'p': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'i' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: store the fields of 'Particle' in separate arrays (a structure of arrays) so that a warp reads each field contiguously
}

// A large constant stride, straight from threadIdx.x.
__global__ void every_64th(float *a) {
  a[threadIdx.x * 64] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'a': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// A stride of 4 floats fetches 4x the sectors it needs: MinSectorRatio.
__global__ void every_4th(float *a) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  a[4 * tid] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'a': 4x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:7: note: 'tid' varies with the thread index here
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// A __device__ array is global memory too.
__device__ float table[32 * 1024];
__global__ void fill_table() {
  table[threadIdx.x * 32] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'table': 8x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// The access is in a helper: reported there, with the call that inlined it.
__device__ float row_start(const float *m, int r, int n) { return m[r * n]; }
// CHECK-MESSAGES: :[[@LINE-1]]:67: warning: load from 'm' is uncoalesced unless 'n' is one element [cudalint-uncoalesced-access]
// CHECK-MESSAGES: :[[@LINE+5]]:12: note: inlined from this call
// CHECK-MESSAGES: :[[@LINE+4]]:12: note: 'r' varies with the thread index here
// CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
__global__ void first_column(float *out, const float *m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = row_start(m, i, n);
}

// A stride that is a kernel parameter is taken to be large.
__global__ void pick(float *out, const float *in, int stride, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i * stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}}'in' is uncoalesced unless 'stride'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'i' varies with the thread index here
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// The same in a grid-stride loop: `i` is `start + k * blockDim.x * gridDim.x`
// in iteration k, the same step in every lane.
__global__ void pick_all(float *out, const float *in, int stride, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i * stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}}'in' is uncoalesced unless 'stride'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:12: note: 'i' varies with the thread index here
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// A block-stride loop: `i` is `threadIdx.x + 32 * k` in iteration k.
__global__ void strided_loop(float *out, const float *in, int stride, int n) {
  for (int i = threadIdx.x; i < 32 * n; i += 32)
    out[i] = in[i * stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}}'in' is uncoalesced unless 'stride'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: 'i' varies with the thread index here
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// A dim3 copy of threadIdx is followed.
__global__ void dim3_local_strided(float *a) {
  dim3 t = threadIdx;
  a[t.x * 64] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'a': {{.*}}
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// ---- Quiet: coalesced, uniform, or not global memory. ----

struct __attribute__((aligned(16))) vec4 {
  float x, y, z, w;
};
struct Vec3 {
  float x, y, z;
};

__global__ void unit_stride(float *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

// 16 bytes per lane, contiguous: a float4 load and store (the mock cuda.h
// has no float4; cudalint-uncoalesced-access-real-cuda.cu uses the real one).
__global__ void vector_loads(float *out, const float *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  vec4 v = reinterpret_cast<const vec4 *>(p)[i];
  reinterpret_cast<vec4 *>(out)[i] = v;
}

// Every lane reads the same address.
__global__ void broadcast(float *out, const float *a, int n) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = a[blockIdx.x] + a[n];
}

__global__ void grid_stride(float *out, const float *in, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = tid; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

__global__ void guarded(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

// A data-dependent gather: reported only with ReportGathers.
__global__ void gather(float *out, const float *in, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[idx[i]];
}

// Two floats apart: 2x the sectors needed, below MinSectorRatio.
__global__ void every_other(float *a) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  a[2 * tid] = 0.0f;
}

// All the fields of a 12-byte structure: one group, every byte used.
__global__ void norms(float *out, const Vec3 *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z;
}

// Shared, local and constant memory are not global memory.
__constant__ float coeffs[32 * 64];
__global__ void other_spaces(float *out) {
  __shared__ float s[32 * 64];
  float local[64];
  int t = threadIdx.x;
  s[t % 32 * 64] = 1.0f;
  local[t % 2 * 32] = s[t];
  out[blockIdx.x * blockDim.x + t] = coeffs[t % 32 * 64] + local[0];
}

// Atomics are not considered.
__global__ void histogram(int *counts) {
  atomicAdd(&counts[threadIdx.x * 64], 1);
}

__global__ void dim3_local(float *a) {
  dim3 t = threadIdx;
  a[t.x] = 0.0f;
}

// Assigned on two paths: unit stride either way.
__global__ void two_paths(float *a, bool flag) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i;
  if (flag)
    i = tid;
  else
    i = tid + 1;
  a[i] = 0.0f;
}

void launch_quiet(float *out, const float *in, int n) {
  unit_stride<<<n / 256, 256>>>(out);
  guarded<<<dim3(n / 256), dim3(256)>>>(out, in, n);
}
