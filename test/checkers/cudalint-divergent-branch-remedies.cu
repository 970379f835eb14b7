// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Remedies only for the pattern they were measured on. Lanes that each run
// one item whose length they load (an offsets array, a count per item) get
// the cost and no remedy: "one item per warp" and its CSR figure fit only
// items long enough to fill a warp, and cudalint cannot see their lengths
// (cudalint-divergent-branch-remedy-fit.cu); so do trips that depend on what
// earlier ones computed (an escape-time iteration); a search remedy for a
// search; for the mirrored
// arms of a sorting network's compare-exchange, one arm with a direction
// flag, not a condition on the warp index. And loops that hand the lanes
// slices of one shared range (lane-, warp- or grid-stride): an exit on data
// only ends a lane's slice early, so the warp runs no longer: quiet.
#include "cuda.h"

// ---- Independent items of loaded length: the cost, no remedy. ----

__global__ void csr_rows(const int *row_ptr, const float *val, float *y,
                         int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float sum = 0.f;
  for (int j = row_ptr[r]; j < row_ptr[r + 1]; ++j)
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: {{.*}}trip counts [cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-2]]:28: note: {{.*}}slowest lane
    // CHECK-MESSAGES-NOT: :[[@LINE-3]]:28: note: give each warp one item
    sum += val[j] * val[j] + sqrtf(val[j]) * 0.5f + val[j] / (1.f + val[j]);
  y[r] = sum;
}

__global__ void counted_items(const int *count, const float *val, float *y,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const int len = count[i];
  float acc = 0.f;
  int k = 0;
  while (k < len) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}trip counts [cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-2]]:10: note: {{.*}}slowest lane
    // CHECK-MESSAGES-NOT: :[[@LINE-3]]:10: note: give each warp one item
    acc += val[i * 64 + k] * val[i * 64 + k] + sqrtf(val[i * 64 + k]);
    ++k;
  }
  y[i] = acc;
}

// ---- The cost and no remedy: each trip needs the last one's value. ----

__global__ void escape_time(float *out, float cx0, float cy0, int max_iter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float cx = cx0 + i * 0.001f, cy = cy0;
  float x = 0.f, y = 0.f;
  int it = 0;
  while (it < max_iter && x * x + y * y < 4.f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}trip counts [cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-2]]:10: note: {{.*}}slowest lane
    // CHECK-MESSAGES-NOT: note: give each warp one item
    float t = x * x - y * y + cx;
    y = 2.f * x * y + cy;
    x = t;
    ++it;
  }
  out[i] = it;
}

__global__ void newton_steps(float *out, const float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i], r = v;
  for (int s = 0; s < n; ++s) {
    float next = 0.5f * (r + v / r);
    if (fabsf(next - r) < 1e-6f)
      break;
    // CHECK-MESSAGES: :[[@LINE-2]]:{{[0-9]+}}: warning: {{.*}}[cudalint-divergent-branch]
    // CHECK-MESSAGES: :[[@LINE-3]]:{{[0-9]+}}: note: {{.*}}slowest lane
    // CHECK-MESSAGES-NOT: note: give each warp one item
    r = next + sqrtf(fabsf(next)) * 1e-9f + expf(-next) * 1e-9f;
  }
  out[i] = r;
}

// ---- A sorting network: its arms mirror each other. ----

template <typename T> __device__ void exchange(T &a, T &b) {
  T t = a;
  a = b;
  b = t;
}

__global__ void bitonic_sort(const float *key, int *out, int n, int n_pad) {
  int col = threadIdx.x;
  if (col >= n_pad)
    return;
  const float *row = key + blockIdx.x * n;
  extern __shared__ int perm[];
  perm[col] = col;
  __syncthreads();
  for (int k = 2; k <= n_pad; k *= 2) {
    for (int j = k / 2; j > 0; j /= 2) {
      int partner = col ^ j;
      if (partner > col) {
        if ((col & k) == 0) {
          // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: {{.*}}[cudalint-divergent-branch]
          // CHECK-MESSAGES: :[[@LINE-2]]:13: note: {{.*}}lanes
          // CHECK-MESSAGES: :[[@LINE-3]]:13: note: {{.*}}roles swapped
          if (perm[col] >= n ||
              (perm[partner] < n && row[perm[col]] > row[perm[partner]]))
            exchange(perm[col], perm[partner]);
        } else {
          if (perm[partner] >= n ||
              (perm[col] < n && row[perm[col]] < row[perm[partner]]))
            exchange(perm[col], perm[partner]);
        }
      }
      __syncthreads();
    }
  }
  out[blockIdx.x * n + col] = perm[col];
}

// ---- Quiet: lanes share one range; an exit only ends a slice early. ----

__global__ void lane_strided_find(const int *ids, int *slot, int n, int want) {
  for (int k = threadIdx.x; k < n; k += 32) {
    int hit = ids[k] == want;
    if (hit) {
      slot[blockIdx.x] = k;
      break;
    }
    slot[blockIdx.x + 1 + k] = ids[k] * 3 + want;
  }
}

__global__ void grid_stride_until(const float *v, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    if (v[i] < 0.f)
      break;
    out[i] = sqrtf(v[i]) * 2.f + expf(v[i] * 0.5f) + expf(-v[i]) * v[i];
  }
}

// ---- Flagged beside them: each lane searches its own list. ----

__global__ void own_list_find(const int *ids, int *slot, int n, int want) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    int hit = ids[t * n + k] == want;
    if (hit) {
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: {{.*}}search{{.*}}[cudalint-divergent-branch]
      slot[t] = k;
      break;
    }
    slot[t + 1 + k] = ids[t * n + k] * 3 + want;
  }
}

void launch_all(const int *rp, const float *v, float *y, int r, int *o,
                int np) {
  csr_rows<<<r / 128, 128>>>(rp, v, y, r);
  counted_items<<<r / 128, 128>>>(rp, v, y, r);
  escape_time<<<r / 128, 128>>>(y, 0.f, 0.f, r);
  newton_steps<<<r / 128, 128>>>(y, v, r);
  bitonic_sort<<<r, np, np * sizeof(int)>>>(v, o, r, np);
  lane_strided_find<<<r, 32>>>(rp, o, r, r);
  grid_stride_until<<<r, 256>>>(v, y, r);
  own_list_find<<<r, 256>>>(rp, o, r, r);
}
