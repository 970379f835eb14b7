// RUN: %check_cudalint --expect-error %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// Barriers counted path by path: a branch on whose every path the threads
// meet the same number of barriers (one in each arm, or one in an arm that
// leaves and one after the branch) does not split them; one path with more
// barriers than the other does. And early exits on the y or z index that
// the launched block never lets fire: the bound passed as the kernel's
// argument is the block's y extent, the same variable or the constant of
// the `case` the launch sits in. Flagged beside them: the same exits where
// a launch passes another bound, and unequal counts.
#include "cuda.h"

// ---- Quiet: as many barriers on each path. ----

// Warp specialisation: half the warps combine, the others wait.
template <int np>
__global__ void combine_halves(float *x) {
  __shared__ float buf[256];
  if (np > 1 && threadIdx.y % np == 0) {
    buf[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = buf[threadIdx.x] * 2.f;
  } else if (np > 1) {
    __syncthreads();
  }
}

// The arm that leaves meets its barrier before leaving; the other path
// meets the one after the branch.
__global__ void leave_after_barrier(float *x, int n) {
  __shared__ float buf[128];
  if (threadIdx.x >= n) {
    __syncthreads();
    return;
  }
  buf[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = buf[n - 1 - threadIdx.x];
}

// Two barriers in each arm, on the lane parity.
__global__ void two_each(float *x) {
  __shared__ float buf[256];
  if (threadIdx.x & 1) {
    buf[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    __syncthreads();
  } else {
    __syncthreads();
    x[threadIdx.x] = buf[threadIdx.x ^ 1];
    __syncthreads();
  }
}

// ---- Flagged: one path meets more barriers. ----

__global__ void one_arm_two(float *x) {
  __shared__ float buf[256];
  if (threadIdx.x & 1) {
    buf[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  } else {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  }
}

__global__ void leave_then_two(float *x, int n) {
  __shared__ float buf[128];
  if (threadIdx.x >= n) {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
    return;
  }
  buf[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
  x[threadIdx.x] = buf[0];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
}

// ---- Quiet: the exit never fires at the launched block. ----

// The block is (32, k) and k is passed as the bound.
__global__ void column_solve(float *x, int k) {
  __shared__ float col[32 * 32];
  int c = threadIdx.y;
  if (c >= k)
    return;
  col[c * 32 + threadIdx.x] = x[c * 32 + threadIdx.x];
  __syncthreads();
  x[c * 32 + threadIdx.x] = col[(k - 1 - c) * 32 + threadIdx.x];
}

// A template constant, launched in the `case` that gives the block as many
// rows; the default passes the block's rows at run time.
template <int rows_t>
__global__ void rows_fixed(float *x, int rows_arg) {
  __shared__ float tile[16 * 64];
  const int rows = rows_t == 0 ? rows_arg : rows_t;
  if (threadIdx.z >= rows)
    return;
  tile[threadIdx.z * 16 + threadIdx.x] = x[threadIdx.z * 16 + threadIdx.x];
  __syncthreads();
  x[threadIdx.z * 16 + threadIdx.x] = tile[(rows - 1) * 16 + threadIdx.x];
}

// ---- Flagged: a launch passes a bound below the block's rows. ----

__global__ void column_solve_partial(float *x, int k) {
  __shared__ float col[32 * 32];
  if (threadIdx.y >= k)
    return;
  col[threadIdx.y * 32 + threadIdx.x] = x[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}missed by some threads{{.*}} when {{.*}}[cudalint-divergent-barrier]
  x[threadIdx.y * 32 + threadIdx.x] = col[k * 32 + threadIdx.x];
}

// Launched in a `case` whose label is more rows than its constant.
template <int rows_t>
__global__ void rows_short(float *x) {
  __shared__ float tile[16 * 64];
  if (threadIdx.z >= rows_t)
    return;
  tile[threadIdx.z * 16 + threadIdx.x] = x[threadIdx.z * 16 + threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}not reached by all threads{{.*}}[cudalint-divergent-barrier]
  x[threadIdx.z * 16 + threadIdx.x] = tile[rows_t * 16 + threadIdx.x];
}

void launch_all(float *x, int n, int k, int rows) {
  combine_halves<2><<<1, dim3(32, 4)>>>(x);
  leave_after_barrier<<<1, 128>>>(x, n);
  two_each<<<1, 256>>>(x);
  one_arm_two<<<1, 256>>>(x);
  leave_then_two<<<1, 128>>>(x, n);
  dim3 threads(32, k);
  column_solve<<<n, threads>>>(x, k);
  column_solve_partial<<<n, threads>>>(x, k - 1);
  dim3 block(16, 1, rows);
  switch (rows) {
  case 4:
    rows_fixed<4><<<n, block>>>(x, 0);
    break;
  case 2:
    rows_fixed<2><<<n, block>>>(x, 0);
    break;
  default:
    rows_fixed<0><<<n, block>>>(x, rows);
  }
  switch (rows) {
  case 4:
    rows_short<2><<<n, block>>>(x);
    break;
  }
}
