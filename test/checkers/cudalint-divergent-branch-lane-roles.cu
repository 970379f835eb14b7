// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Lanes whose own index sets their work: half-warp roles in a block of one
// warp (every warp there is splits), single-thread roles on two lanes of one
// warp (run one after the other), and loops whose trip count each lane
// computes from its index (a triangle over the lanes), judged by how far
// the trip counts spread within a warp against what the warps run: a remark,
// since the balanced form measured slower. Quiet beside them: the same
// roles in a block of many warps (one warp splits) or on two warps, a
// grid-stride loop and a lane-strided staging loop (trip counts a trip
// apart), and a triangle whose rows span many warps (each warp's lanes
// nearly agree).
#include "cuda.h"

#define WORK(v, f)                                                             \
  for (int k = 0; k < n; ++k)                                                  \
  v = v * 0.5f + f(v)

// ---- Flagged. ----

// Lanes 0-15 and 16-31 of the block's only warp run different loops.
__global__ void half_warp_roles(const float *in, float *out, int n) {
  int lane = threadIdx.x;
  float v = in[blockIdx.x * 32 + lane];
  if (lane < 16) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}}'lane < 16'{{.*}} [cudalint-divergent-branch]
    WORK(v, sinf);
  } else {
    WORK(v, cosf);
  }
  out[blockIdx.x * 32 + lane] = v;
}

// Lane t sums a row of 4 * t + 1 products.
__global__ void lane_triangle(const float *a, const float *x, float *y) {
  int t = threadIdx.x;
  float acc = 0.f;
  for (int u = 0; u <= 4 * t; ++u)
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: remark: loop condition 'u <= 4 * t' gives the lanes of a warp 1 to 125 trips [cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: a warp runs as many trips as its slowest lane: the lanes need {{[0-9]+}}% of the trips their warps run
    acc += a[blockIdx.x * 4096 + t * 128 + u] * x[u];
  y[blockIdx.x * 32 + t] = acc;
}

// A lower-triangular matrix-vector product, one row per thread, 64 rows.
__global__ void trmv_rows(const float *L, const float *x, float *y) {
  int r = threadIdx.x;
  float acc = 0.f;
  for (int u = 0; u <= r; ++u)
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: remark: loop condition 'u <= r' gives the lanes of a warp 1 to 64 trips [cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: note: only a remark: pairing short rows with long ones on one lane (65 trips each) measured 0.64x on an H200
    acc += L[blockIdx.x * 64 * 64 + r * 64 + u] * x[blockIdx.x * 64 + u];
  y[blockIdx.x * 64 + r] = acc;
}

// Two single-thread roles in one warp, each a loop: one after the other.
__global__ void serial_roles(const float *k, float *sum, float *mx, int n) {
  int tx = threadIdx.x;
  if (tx == 0) {
    float s = 0.f;
    for (int i = 0; i < n; ++i)
      s += k[i];
    sum[blockIdx.x] = s;
  } else if (tx == 1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: lanes 0 and 1 of one warp run the loops of 'tx == 0' and 'tx == 1' one after the other [cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-2]]:14: note: give one role to a thread of another warp (thread 32 is lane 0 of the next): warps run at the same time
    float m = k[0];
    for (int i = 1; i < n; ++i)
      m = fmaxf(m, k[i]);
    mx[blockIdx.x] = m;
  }
}

// The same roles as two statements, in a 2-D block.
__global__ void serial_roles_2d(const float *k, float *sum, float *mx, int n) {
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    float s = 0.f;
    for (int i = 0; i < n; ++i)
      s += k[i];
    sum[blockIdx.x] = s;
  }
  if (threadIdx.x == 3 && threadIdx.y == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lanes 0 and 3 of one warp run the loops of 'threadIdx.x == 0{{.*}}' and 'threadIdx.x == 3{{.*}}' one after the other [cudalint-divergent-branch]
    float m = k[0];
    for (int i = 1; i < n; ++i)
      m = fmaxf(m, k[i]);
    mx[blockIdx.x] = m;
  }
}

// ---- Quiet. ----

// The second role on lane 0 of the next warp: the warps run together.
__global__ void parallel_roles(const float *k, float *sum, float *mx, int n) {
  int tx = threadIdx.x;
  if (tx == 0) {
    float s = 0.f;
    for (int i = 0; i < n; ++i)
      s += k[i];
    sum[blockIdx.x] = s;
  } else if (tx == 32) {
    float m = k[0];
    for (int i = 1; i < n; ++i)
      m = fmaxf(m, k[i]);
    mx[blockIdx.x] = m;
  }
}

// One role with a loop beside one that stores a value.
__global__ void one_loop_role(const float *k, float *sum, float *mx, int n) {
  int tx = threadIdx.x;
  if (tx == 0) {
    float s = 0.f;
    for (int i = 0; i < n; ++i)
      s += k[i];
    sum[blockIdx.x] = s;
  } else if (tx == 1) {
    mx[blockIdx.x] = k[0];
  }
}

// The same roles in a block of 256: one warp of eight splits.
__global__ void half_warp_roles_big(const float *in, float *out, int n) {
  int t = threadIdx.x;
  float v = in[blockIdx.x * 256 + t];
  if (t < 16) {
    WORK(v, sinf);
  } else {
    WORK(v, cosf);
  }
  out[blockIdx.x * 256 + t] = v;
}

__global__ void grid_stride(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i] * 2.0f + in[i + 1] * 3.0f + in[i + 2];
}

__global__ void staging(const float *in, float *out) {
  __shared__ float s[144];
  int lane = threadIdx.x;
  for (int c = lane; c < 144; c += 32)
    s[c] = in[blockIdx.x * 144 + c] * 2.0f + in[c] * 3.0f;
  __syncwarp();
  out[blockIdx.x * 32 + lane] = s[lane] + s[lane + 32];
}

// Rows of a 4096-row triangle, 256 to a block: each warp's 32 rows are
// nearly as long as one another.
__global__ void trmv_many_rows(const float *L, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (int u = 0; u <= r; ++u)
    acc += L[(size_t)r * 4096 + u] * x[u];
  y[r] = acc;
}

void launch(const float *a, const float *x, float *y, int n) {
  half_warp_roles<<<64, 32>>>(a, y, n);
  lane_triangle<<<64, 32>>>(a, x, y);
  trmv_rows<<<64, 64>>>(a, x, y);
  half_warp_roles_big<<<64, 256>>>(a, y, n);
  grid_stride<<<64, 256>>>(a, y, n);
  staging<<<64, 32>>>(a, y);
  trmv_many_rows<<<16, 256>>>(a, x, y);
  serial_roles<<<64, 64>>>(a, y, y, n);
  serial_roles_2d<<<64, dim3(8, 8)>>>(a, y, y, n);
  parallel_roles<<<64, 64>>>(a, y, y, n);
  one_loop_role<<<64, 64>>>(a, y, y, n);
}
