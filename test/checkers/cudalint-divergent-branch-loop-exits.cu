// RUN: %check_cudalint %s cudalint-divergent-branch %t -- -nocudainc -isystem %inputs

// Loops that each lane leaves at its own iteration: a `break` or a
// `return` on a state the loop evolves from per-thread values (escape-time
// iterations), on texture samples, and a trip count fetched from a texture.
// Lanes that finish early idle until the slowest lane of the warp is done.
// Not: a bisection, whose interval shrinks alike in every lane; a `return`
// that leaves a helper called in the loop, not the loop; a state every
// lane evolves alike.
#include "cuda.h"

// ---- Flagged. ----

__global__ void escape_time(int *out, int w, int iterations) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  float cx = ix * 0.01f, cy = iy * 0.01f, a = 0.f, b = 0.f;
  int i = iterations;
  do {
    if (a * a + b * b > 4.0f)
      break;
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: {{.*}}[cudalint-divergent-branch]
    float t = a * a - b * b + cx;
    b = 2.f * a * b + cy;
    a = t;
  } while (--i > 0);
  out[iy * w + ix] = i;
}

// The exit is a `return` from the helper whose loop it leaves.
__device__ int escape_count(float cx, float cy, int iterations) {
  float a = 0.f, b = 0.f;
  int i = iterations;
  do {
    if (a * a + b * b > 4.0f)
      return i;
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: 'return' on per-lane data 'a * a + b * b > 4.0f': lanes of a warp leave the loop at different iterations {{.*}}[cudalint-divergent-branch]
    float t = a * a - b * b + cx;
    b = 2.f * a * b + cy;
    a = t;
  } while (--i > 0);
  return 0;
}
__global__ void escape_in_helper(int *out, int w, int iterations) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  out[iy * w + ix] = escape_count(ix * 0.01f, iy * 0.01f, iterations);
}

// Ray marching: accumulate texture samples until the ray is opaque.
__global__ void ray_march(float *out, cudaTextureObject_t volume, int w,
                          int steps) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.f, z = 0.f;
  for (int i = 0; i < steps; ++i) {
    float s = tex3D<float>(volume, x * 0.01f, y * 0.01f, z);
    sum = sum + s * (1.0f - sum);
    if (sum > 0.95f)
      break;
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: {{.*}}[cudalint-divergent-branch]
    z += 0.01f;
  }
  out[y * w + x] = sum;
}

// Marching cubes: how many vertices a cell emits, from a table texture.
__global__ void emit_vertices(float *pos, const unsigned *cube_index,
                              cudaTextureObject_t vertex_counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned count = tex1Dfetch<unsigned>(vertex_counts, cube_index[i]);
  for (unsigned v = 0; v < count; ++v) {
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: loop condition 'v < count' {{.*}}{{.*}}[cudalint-divergent-branch]
    pos[(i * 15 + v) * 3 + 0] = sinf(v * 0.1f);
    pos[(i * 15 + v) * 3 + 1] = cosf(v * 0.2f);
    pos[(i * 15 + v) * 3 + 2] = expf(v * 0.3f);
  }
}

// A row index from threadIdx.y, checked against a bound each lane reads.
// (The built-in variable is read through `__fetch_builtin_y()`, which is no
// libcu++ `fetch_` atomic: the loop is no retry loop.) Its 64 trips can
// spread far; capped at 8 trips, the light body would not be worth a finding.
__global__ void scatter_rows(const int *bounds, const int *ids, float *dst,
                             const float *src, int stride) {
  int j_max = bounds[blockIdx.x * 32 + threadIdx.x];
  for (int j0 = 0; j0 < 512; j0 += 8) {
    int j = j0 + threadIdx.y;
    if (j > j_max)
      return;
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: 'return' on per-lane data 'j > j_max': lanes of a warp leave the loop at different iterations {{.*}}[cudalint-divergent-branch]
    dst[ids[j] * stride + threadIdx.x] +=
        src[j * stride + threadIdx.x] * 2.f + src[j];
  }
}

// ---- Quiet. ----

// Bisection: every lane halves an interval of the same width.
__global__ void bisect(float *roots, const float *coef, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float lo = 0.f, hi = 1.f, c = coef[i];
  for (int it = 0; it < 64; ++it) {
    float mid = 0.5f * (lo + hi);
    if (mid * mid - c > 0.f)
      hi = mid;
    else
      lo = mid;
    if (hi - lo < 1e-6f)
      break;
  }
  roots[i] = lo;
}

// The `return` leaves the helper, not the kernel's loop.
__device__ float clamped(float v) {
  if (v > 1.f)
    return 1.f;
  return v;
}
__global__ void helper_return(float *out, const float *in, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (int k = 0; k < m; ++k)
    acc += clamped(in[k * n + i]);
  out[i] = acc;
}

// A state every lane evolves alike, from uniform values.
__global__ void uniform_state(float *out, float rate, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float level = 0.f;
  int s = 0;
  for (; s < steps; ++s) {
    level = level * rate + 1.f;
    if (level > 100.f)
      break;
  }
  out[i] = level + s;
}

// A macro's `do { ... } while (0)` runs once: a `break` out of it on data is
// an early exit (never reported), not a trip count.
#define SKIP_SMALL(v, lim, out, i)                                             \
  do {                                                                         \
    if ((v) > (lim))                                                           \
      break;                                                                   \
    for (int k = 0; k < 64; ++k)                                               \
      out[i] += sinf((v) * k) * cosf((v) + k);                                 \
  } while (0)
__global__ void macro_wrapper(const float *in, float *out, float lim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  SKIP_SMALL(v, lim, out, i);
}

void launch(int *counts, float *f, const unsigned *idx, cudaTextureObject_t t,
            int n) {
  dim3 block(16, 16), grid(n / 16, n / 16);
  escape_time<<<grid, block>>>(counts, n, 256);
  escape_in_helper<<<grid, block>>>(counts, n, 256);
  ray_march<<<grid, block>>>(f, t, n, 500);
  emit_vertices<<<n / 256, 256>>>(f, idx, t, n);
  bisect<<<n / 256, 256>>>(f, f, n);
  helper_return<<<n / 256, 256>>>(f, f, n, n);
  uniform_state<<<n / 256, 256>>>(f, 0.5f, n);
  macro_wrapper<<<n / 256, 256>>>(f, f, 1.f);
}
