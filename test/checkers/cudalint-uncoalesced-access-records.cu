// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

// Arrays of structures and per-thread chunks: the two shapes of global
// access where one lane uses a few bytes of what a warp fetches. The cost
// comes from the record's size and the fields read, or from the chunk's
// bytes; small records, whole records and chunks that fit one sector stay
// quiet.
#include "cuda.h"

struct Vec3 {
  float x, y, z;
};
struct alignas(16) Particle {
  Vec3 position, velocity, force;
  float mass, charge;
  int species, cell;
  float history[13];
};
template <int N> struct Conserved {
  double q[N];
};
struct Small {
  float x, y, z, w;
};
struct Cell {
  float values[16];
};

// ---- Arrays of large records, a few fields read. ----

__global__ void kick(Particle *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = dt / p[i].mass;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: uncoalesced load from and store to 'p': 2.3x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'i' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-3]]:18: note: store the fields of 'Particle' in separate arrays (a structure of arrays) so that a warp reads each field contiguously
  p[i].velocity.x += s * p[i].force.x;
  p[i].velocity.y += s * p[i].force.y;
  p[i].velocity.z += s * p[i].force.z;
}

// A record template: the record's size comes from each instantiation (the
// first of those that waste the most speaks for the line).
template <int N>
__global__ void pressure(const Conserved<N> *__restrict__ u,
                         double *__restrict__ p, int n) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < n)
    p[c] = u[c].q[0] + u[c].q[1] + u[c].q[4];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced load from 'u': {{.*}}{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'c' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: store the fields of 'Conserved<16>' in separate arrays
}

void run_pressure(const Conserved<16> *a, const Conserved<24> *b, double *p,
                  int n) {
  pressure<16><<<n / 128, 128>>>(a, p, n);
  pressure<24><<<n / 128, 128>>>(b, p, n);
}

// One field of a 64-byte record.
__global__ void one_field(const Cell *__restrict__ cells, float *__restrict__ out,
                          int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = cells[i].values[3];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced load from 'cells': {{.*}}{{.*}}[cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'i' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-3]]:14: note: store the fields of 'Cell' in separate arrays
}

// ---- Records that stay quiet. ----

// 16-byte records: the warp reads 512 contiguous bytes, half of them used.
__global__ void small_records(const Small *__restrict__ s,
                              float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = s[i].x + s[i].w;
}

// More than half of a large record is used.
__global__ void most_of_record(const Cell *__restrict__ cells,
                               float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    acc += cells[i].values[k] * cells[i].values[k + 8];
  out[i] = acc;
}

// A warp shares one record (the index is uniform across the warp).
__global__ void record_per_warp(const Particle *__restrict__ p,
                                float *__restrict__ out) {
  int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  out[blockIdx.x * blockDim.x + threadIdx.x] = p[w].mass;
}

// A grid-stride loop over an array of floats next to a record parameter.
__global__ void grid_stride(const float *__restrict__ a, float *__restrict__ b,
                            Small s, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    b[i] = a[i] * s.x;
}

// ---- Per-thread chunks. ----

// 64 bytes per lane: lanes a chunk apart at every step.
template <int CHUNK>
__global__ void chunk_scan(const int *__restrict__ in, int *__restrict__ out,
                           int chunks) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= chunks)
    return;
  int base = CHUNK * t;
  int running = 0;
  for (int j = 0; j < CHUNK; ++j) {
    running += in[base + j];
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: uncoalesced load from 'in': 8x the sectors needed {{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'base' varies with the thread index here
    // CHECK-MESSAGES: :[[@LINE-4]]:3: note: load the runs cooperatively instead: let lanes read consecutive elements ('j * blockDim.x + threadIdx.x') into shared memory or registers, then walk each thread's run there (what cub::BlockLoad does with BLOCK_LOAD_TRANSPOSE)
    out[base + j] = running;
    // The stores of CHUNK = 8 (32 bytes a lane, an element at a time) are
    // graded as a store run: stores are not merged as loads are.
    // CHECK-MESSAGES: :[[@LINE-3]]:5: warning: uncoalesced store to 'out': {{.*}}[cudalint-uncoalesced-access]
    // CHECK-MESSAGES: :[[@LINE-4]]:5: note: each thread stores its own run of 32 bytes
    // CHECK-MESSAGES: :[[@LINE-12]]:7: note: 'base' varies with the thread index here
    // CHECK-MESSAGES: :[[@LINE-6]]:5: note: store lane-consecutive elements instead
  }
}

void run_chunk_scan(const int *in, int *out, int chunks) {
  chunk_scan<8><<<chunks / 128, 128>>>(in, out, chunks);
  chunk_scan<32><<<chunks / 128, 128>>>(in, out, chunks);
}

// A run that fits one sector (8 floats, 32 bytes): the L1 absorbs it.
__global__ void chunk_of_a_sector(const float *__restrict__ in,
                                  float *__restrict__ out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int j = 0; j < 8; ++j)
    acc += in[t * 8 + j];
  out[t] = acc;
}

// The warp-cooperative spelling of the same walk: lanes adjacent.
__global__ void chunk_interleaved(const float *__restrict__ in,
                                  float *__restrict__ out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int j = 0; j < 32; ++j)
    acc += in[(blockIdx.x * 32 + j) * blockDim.x + threadIdx.x];
  out[t] = acc;
}

// Unit-stride float4 vectors: one 16-byte element per lane.
__global__ void vector_copy(const float4 *__restrict__ in,
                            float4 *__restrict__ out, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4)
    out[i] = in[i];
}

// ---- Vector accesses whose lanes are rows apart. ----

// A float4 load in a transpose: each lane's 16 bytes are a row away from its
// neighbour's, half a sector each; the sector arithmetic uses the vector's
// width, and lanes a memory segment apart are judged like records.
__global__ void transpose_float4(const float *__restrict__ in,
                                 float *__restrict__ out, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = (blockIdx.y * blockDim.y + threadIdx.y) * 4;
  float4 v = reinterpret_cast<const float4 *>(in)[(row * n + col) / 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced load from 'in': 2x the sectors needed [cudalint-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: 'row' varies with the thread index here
  // CHECK-MESSAGES: :[[@LINE-3]]:14: note: a transpose or permutation{{.*}}stage a tile through shared memory
  out[(col + 0) * n + row] = v.x;
  out[(col + 1) * n + row] = v.y;
  out[(col + 2) * n + row] = v.z;
  out[(col + 3) * n + row] = v.w;
}

void run_transpose_float4(const float *in, float *out, int n) {
  transpose_float4<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(in, out, n);
}

// A thread walks its own row a float4 at a time: the L1 keeps the other
// half of each sector for the next step. Quiet.
__global__ void row_sums_float4(const float4 *__restrict__ in,
                                float *__restrict__ out, int n4) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int c = 0; c < n4; ++c) {
    float4 v = in[row * n4 + c];
    acc += v.x + v.y + v.z + v.w;
  }
  out[row] = acc;
}

void run_row_sums_float4(const float4 *in, float *out, int n4) {
  row_sums_float4<<<n4 / 128, 128>>>(in, out, n4);
}
