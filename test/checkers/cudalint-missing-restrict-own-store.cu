// RUN: %check_cudalint %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

// A load whose own pointer is stored in the same loop at another address
// stays behind that store whatever '__restrict__' promises about the other
// pointer: the pair is no evidence. The same load, with its pointer only
// read in the loop, is.
#include "cuda.h"

// ---- Quiet: the loaded pointer is itself stored in the loop. ----

// Visit marks: 'marks[w]' stored beside the loads of 'marks[v]'.
__global__ void visit(unsigned *marks, const unsigned *__restrict__ adj, int n,
                      int *more) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int v = t * 8; v < t * 8 + 8 && v < n; v++) {
    if (marks[v] == 1) {
      for (int e = adj[v]; e < adj[v + 1]; e++) {
        unsigned w = adj[n + e];
        if (marks[w] == 0) {
          marks[w] = 2;
          *more = 1;
        }
      }
    }
  }
}
// CHECK-MESSAGES-NOT: :[[@LINE-14]]:{{[0-9]+}}: warning: {{.*}}'marks' is reloaded{{.*}}[cudalint-missing-restrict]

// A running prefix written one ahead of what is read, and a counter.
__global__ void running(float *acc, int *count, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 1; k < n; ++k) {
    acc[row * n + k] = acc[row * n + k - 1] * 0.5f;
    count[row] = k;
  }
}
// CHECK-MESSAGES-NOT: :[[@LINE-7]]:{{[0-9]+}}: warning: {{.*}}[cudalint-missing-restrict]

// ---- Flagged: the loaded pointer is only read in the loop. ----

__global__ void column_sum(const float *m, float *sum, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}'m' is reloaded{{.*}}[cudalint-missing-restrict]
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < n; ++r)
    sum[col] += m[r * n + col];
}

// Its own store at the very address it reads (an accumulation in memory)
// does not force the load: the other pointer's store does.
__global__ void accumulate(float *c, float *a, const float *b, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: {{.*}}reloaded{{.*}}[cudalint-missing-restrict]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    a[i] = a[i] + b[k];
    c[i] += a[i] * b[k];
  }
}

void launch(unsigned *u, const unsigned *adj, int *f, float *x, float *y,
            float *z, int n) {
  visit<<<n / 256, 256>>>(u, adj, n, f);
  running<<<n / 256, 256>>>(x, f, n);
  column_sum<<<n / 256, 256>>>(x, y, n);
  accumulate<<<n / 256, 256>>>(x, y, z, n);
}
