// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-uncoalesced-access %t

// A local record keeps one value per field: built by brace-init, by
// `make_int4`, field by field, returned by a helper, copied from a by-value
// argument, nested in another record. An index made from its fields is the
// index it spells. Quiet beside them: the same records holding coalesced
// indices, and a field written over with one.
#include <cuda_runtime.h>

struct Tile {
  float *p;
  int ld;
};
struct Params {
  const float *in;
  float *out;
  int ld;
};
struct Coord {
  int2 rc;
  int ld;
};

__device__ Tile sub_tile(Tile m, int r, int c) {
  Tile t;
  t.p = m.p + r * m.ld + c;
  t.ld = m.ld;
  return t;
}

__device__ int2 lane_and_block() { return make_int2(threadIdx.x, blockIdx.x); }

// ---- Flagged. ----

__global__ void brace_init(const float *__restrict__ a, float *__restrict__ out,
                           int n) {
  int2 p = {(int)threadIdx.x, (int)blockIdx.x};
  out[p.y] = a[p.x * n + p.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced load from 'a': 8x the sectors needed [cudalint-uncoalesced-access]
}

__global__ void made_vector(const float *__restrict__ a,
                            float *__restrict__ out, int n) {
  int4 q = make_int4(threadIdx.x, blockIdx.x, 0, 0);
  out[q.x * n + q.y] = 0.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
}

__global__ void field_by_field(float *__restrict__ out, int n) {
  int2 c;
  c.x = threadIdx.x;
  c.y = blockIdx.x;
  out[c.x * n + c.y] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced store to 'out': 8x the sectors needed [cudalint-uncoalesced-access]
}

__global__ void returned_tile(Tile a, float *__restrict__ out) {
  Tile t = sub_tile(a, blockIdx.y * 32, blockIdx.x * 32);
  out[blockIdx.x * blockDim.x + threadIdx.x] = t.p[threadIdx.x * t.ld];
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: uncoalesced load from 'a.p': 8x the sectors needed [cudalint-uncoalesced-access]
}

__global__ void returned_pair(const float *__restrict__ a,
                              float *__restrict__ out, int n) {
  int2 c = lane_and_block();
  out[c.y * blockDim.x + c.x] = a[c.x * n];
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: load from 'a' is uncoalesced unless 'n' is one element [cudalint-uncoalesced-access]
}

__global__ void copied_argument(Params params) {
  Params p = params;
  p.out[threadIdx.x * p.ld] = p.in[blockIdx.x * blockDim.x + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: store to 'params.out' is uncoalesced unless 'p.ld' is one element [cudalint-uncoalesced-access]
}

__global__ void nested(const float *__restrict__ a, float *__restrict__ out,
                       int n) {
  Coord c = {{(int)threadIdx.x, (int)blockIdx.x}, n};
  out[blockIdx.x * blockDim.x + threadIdx.x] = a[c.rc.x * c.ld + c.rc.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: uncoalesced load from 'a': 8x the sectors needed [cudalint-uncoalesced-access]
}

// ---- Quiet. ----

__global__ void brace_init_coalesced(const float *__restrict__ a,
                                     float *__restrict__ out, int n) {
  int2 p = {(int)(blockIdx.x * blockDim.x + threadIdx.x), n};
  if (p.x < p.y)
    out[p.x] = a[p.x];
}

__global__ void made_vector_coalesced(const float *__restrict__ a,
                                      float *__restrict__ out, int n) {
  int2 q = make_int2(blockIdx.x, threadIdx.x);
  out[q.x * blockDim.x + q.y] = a[q.x * blockDim.x + q.y];
}

__global__ void returned_tile_coalesced(Tile a, float *__restrict__ out) {
  Tile t = sub_tile(a, blockIdx.y * 32, blockIdx.x * 32);
  out[blockIdx.x * blockDim.x + threadIdx.x] = t.p[threadIdx.y * t.ld + threadIdx.x];
}

__global__ void field_written_over(const float *__restrict__ a,
                                   float *__restrict__ out, int n) {
  int2 c = {(int)threadIdx.x * n, 0};
  c.x = blockIdx.x * blockDim.x + threadIdx.x;
  out[c.x] = a[c.x];
}
