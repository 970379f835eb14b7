// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

// One row per thread: the remedy follows what the thread computes along its
// row. A reduction goes to a warp per row (shuffles combine the lanes), an
// elementwise copy or conversion lets the lanes take consecutive elements,
// and a recurrence has no thread remap at all.

__device__ float roundf(float a);

// ---- Reductions: a warp per row. ----

// A maximum folded through a call.
__global__ void row_max(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float m = -1e30f;
  for (int j = 0; j < n; ++j)
    m = fmaxf(m, in[row * n + j]);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}give each row to a warp{{.*}}__shfl_down_sync
  out[row] = m;
}

// A maximum kept under a condition, through a local of the body.
__global__ void row_argmax(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float best = 0.f;
  for (int j = 0; j < n; ++j) {
    const float v = in[row * n + j];
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}give each row to a warp{{.*}}
    if (fabsf(v) > best)
      best = fabsf(v);
  }
  out[row] = best;
}

// A matrix-vector product accumulated in global memory: lanes must not
// split the row's stores to one address, they reduce with shuffles.
__global__ void matvec_in_memory(float *w, const float *a, const float *x,
                                 int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < n; ++j)
    w[i] += a[i * n + j] * x[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: {{.*}}'a'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}give each row to a warp{{.*}}
  // CHECK-MESSAGES-NOT: note: {{.*}}converts or copies
}

// The same, spelled as a reload of the accumulator.
__global__ void matvec_reload(float *y, const float *A, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < n; j++)
    y[i] = y[i] + A[i * n + j] * x[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: {{.*}}'A'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}give each row to a warp{{.*}}
  // CHECK-MESSAGES-NOT: note: {{.*}}converts or copies
}

// A normalisation: the row's maximum and sum, then each element scaled by
// them. The output loop needs the reductions first: a warp per row, not a
// copy.
__global__ void row_softmax(float *out, const float *in, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float mx = -1e30f, sum = 0.f;
  for (int j = 0; j < n; ++j)
    if (in[r * n + j] > mx)
      mx = in[r * n + j];
  // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: {{.*}}give each row to a warp{{.*}}
  for (int j = 0; j < n; ++j)
    sum += expf(in[r * n + j] - mx);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}give each row to a warp{{.*}}
  for (int j = 0; j < n; ++j)
    out[r * n + j] = expf(in[r * n + j] - mx) / sum;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}give each row to a warp{{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:27: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: {{.*}}give each row to a warp{{.*}}
  // CHECK-MESSAGES-NOT: note: {{.*}}converts or copies
}

// ---- Recurrences: no remap, the cost. ----

// A running sum stored as it goes (a scan).
__global__ void row_running_sum(float *out, const float *in, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float t = 0.f;
  for (int j = 0; j < n; ++j) {
    t += in[r * n + j];
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}recurrence{{.*}}no remap{{.*}}stage the rows through shared memory{{.*}}sectors
    out[r * n + j] = t;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-6]]:3: note: {{.*}}recurrence{{.*}}no remap{{.*}}sectors
  }
}

// A sliding window: add the element entering, drop the one leaving.
__global__ void row_box(float *od, const float *id, int w, int r, float scale) {
  int y = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row = id + y * w;
  float acc = 0.f;
  for (int x = r; x < w - r; x++) {
    acc += row[x + r] - row[x - r];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: {{.*}}'id'{{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}recurrence{{.*}}
    // CHECK-MESSAGES: :[[@LINE-3]]:25: warning: {{.*}}'id'{{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-5]]:3: note: {{.*}}recurrence{{.*}}
    od[y * w + x] = acc * scale;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'od'{{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-8]]:3: note: {{.*}}recurrence{{.*}}
    // CHECK-MESSAGES-NOT: note: {{.*}}give each row to a warp
  }
}

// A back-substitution walked backwards, in place: the loads of the other
// arrays in the loop get no remap either.
__global__ void row_backsolve(float *x, const float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n - 2; k++)
    x[i * n + (n - 2 - k)] =
        (x[i * n + (n - 2 - k)] - x[i * n + (n - 3 - k)] * a[i * n + (n - 3 - k)]) /
        b[i * n + (n - 3 - k)];
  // CHECK-MESSAGES: :[[@LINE-3]]:5: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: {{.*}}recurrence{{.*}}
  // CHECK-MESSAGES: :[[@LINE-4]]:60: warning: {{.*}}'a'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-7]]:3: note: {{.*}}recurrence{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:9: warning: {{.*}}'b'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-9]]:3: note: {{.*}}recurrence{{.*}}
}

// ---- Copies and conversions: lanes take consecutive elements. ----

__global__ void row_scale(float *dst, const float *src, int n, float s) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < n; ++j)
    dst[r * n + j] = src[r * n + j] * s;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'dst'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}converts or copies{{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:22: warning: {{.*}}'src'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: {{.*}}converts or copies{{.*}}
}

// A quantisation: each element needs the row's maximum first, so it is no
// copy; the row is reduced, then mapped.
__global__ void row_quantise(signed char *q, const float *x, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float amax = 0.f;
  for (int j = 0; j < n; ++j) {
    const float v = x[r * n + j];
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}give each row to a warp{{.*}}
    amax = fmaxf(amax, fabsf(v));
  }
  const float d = amax / 127.f;
  const float id = d ? 1.f / d : 0.f;
  for (int j = 0; j < n; ++j)
    q[r * n + j] = (signed char)roundf(x[r * n + j] * id);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'q'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}give each row to a warp{{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:40: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: {{.*}}give each row to a warp{{.*}}
  // CHECK-MESSAGES-NOT: note: {{.*}}converts or copies
}

// The same on a fixed block of 32 floats per thread (a chunk): load the
// chunks cooperatively, then reduce and map each where it lands.
struct block_q8 {
  signed char qs[32];
};
__global__ void chunk_quantise(block_q8 *y, const float *x) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  const float *xb = x + 32 * b;
  float amax = 0.f;
  for (int j = 0; j < 32; ++j)
    amax = fmaxf(amax, fabsf(xb[j]));
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: {{.*}}load the runs cooperatively{{.*}}
  // CHECK-MESSAGES-NOT: note: {{.*}}converts or copies
  const float id = amax ? 127.f / amax : 0.f;
  for (int j = 0; j < 32; ++j)
    y[b].qs[j] = (signed char)roundf(xb[j] * id);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'y'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: store lane-consecutive elements
  // CHECK-MESSAGES: :[[@LINE-3]]:38: warning: {{.*}}'x'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: {{.*}}load the runs cooperatively{{.*}}
  // CHECK-MESSAGES-NOT: note: {{.*}}converts or copies
}

// ---- Neither: no remedy. ----

// Each stored element is a product reduced over a loop nested in the row
// loop (a symmetric product): no copy, no warp per row.
__global__ void row_gram(float *c, const float *a, int m, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = r; j < m; ++j) {
    c[r * m + j] = 0.f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}'c'{{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES-NOT: note: {{.*}}converts or copies
    // CHECK-MESSAGES-NOT: note: {{.*}}give each row to a warp
    for (int k = 0; k < n; ++k)
      c[r * m + j] += a[k * m + r] * a[k * m + j];
    // The mirrored store runs once per j, against n trips of the inner loop:
    // not reported.
    c[j * m + r] = c[r * m + j];
  }
}

// A stride the data's layout makes: no index walks consecutive elements,
// so no remap exists.
__global__ void every_totals(float *out, const float *in, int n) {
  int pos = blockIdx.x * blockDim.x + threadIdx.x;
  out[pos] = in[1023 + 1024 * pos];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES-NOT: note: make consecutive threadIdx.x
}

// A gather of short rows, each lane reading one id of its token's group:
// not a transpose, whatever the store beside it does.
__global__ void gather_groups(int *out, const int *ids, int stride, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int token = t / 4, slot = t % 4;
  out[t] = ids[token * stride + slot];
  // CHECK-MESSAGES-NOT: note: {{.*}}transpose
}

// A remap exists where another thread index walks consecutive addresses,
// even when the launch cannot be rewritten.
__global__ void column_of_blocks(float *out, const float *in, int n) {
  out[threadIdx.x * n + blockIdx.x] = in[threadIdx.x * n + blockIdx.x] + 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}'out'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: make consecutive threadIdx.x values access consecutive addresses{{.*}}blockIdx.x
  // CHECK-MESSAGES: :[[@LINE-3]]:39: warning: {{.*}}'in'{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:39: note: make consecutive threadIdx.x values access consecutive addresses{{.*}}blockIdx.x
}
