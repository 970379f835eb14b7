// RUN: %check_cudalint %s cudalint-divergent-barrier %t -- -nocudainc -isystem %inputs

// Sizes the host carries in a record: a configuration struct filled by
// assignments or an initialiser list, an object whose constructor sets its
// members, a struct handed to the launcher by pointer. A field holds what
// the writes to it in the file store; a record filled through a pointer of
// another type (read from a file), or a field changed in place, has no
// values that can be read, and the warning names the condition.
#include "cuda.h"

void readBytes(void *dst, unsigned long size);

// ---- Quiet: every size the launch can see keeps blocks whole. ----

struct RunConfig {
  int count;
  int block;
};

__global__ void normalise(float *v, int count) {
  __shared__ float head;
  const int g = threadIdx.x + blockIdx.x * blockDim.x;
  if (threadIdx.x == 0 && g < count)
    head = v[g];
  if (g >= count)
    return;
  __syncthreads();
  // CHECK-NOT: :[[@LINE-1]]:{{.*}}[cudalint-divergent-barrier]
  v[g] /= head + 1.f;
}

void launchNormalise(const RunConfig *cfg, float *v) {
  normalise<<<cfg->count / cfg->block, cfg->block>>>(v, cfg->count);
}

void runNormalise(float *v, bool small) {
  RunConfig cfg;
  cfg.count = 4096;
  cfg.block = 256;
  if (small)
    cfg.block = 128;
  launchNormalise(&cfg, v);
}

struct Shape {
  int rows, threads;
};

__global__ void reverse_rows(float *m, int rows) {
  extern __shared__ float line[];
  unsigned r = threadIdx.x + blockIdx.x * blockDim.x;
  if (r < rows) {
    line[threadIdx.x] = m[r];
    __syncthreads();
    // CHECK-NOT: :[[@LINE-1]]:{{.*}}[cudalint-divergent-barrier]
    m[r] = line[blockDim.x - 1 - threadIdx.x];
  }
}

void runReverse(float *m) {
  const Shape s = {8192, 512};
  reverse_rows<<<s.rows / s.threads, s.threads, s.threads * 4>>>(m, s.rows);
}

__global__ void shift_cells(int *cells, int total) {
  __shared__ int carry[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < total) {
    carry[threadIdx.x] = cells[i];
    __syncthreads();
    // CHECK-NOT: :[[@LINE-1]]:{{.*}}[cudalint-divergent-barrier]
    cells[i] = carry[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
    i += gridDim.x * blockDim.x;
  }
}

class CellGrid {
  int m_total;
  int m_threads = 64;

public:
  CellGrid() : m_total(64 * 200) {}
  void step(int *cells) {
    shift_cells<<<m_total / m_threads / 4, m_threads>>>(cells, m_total);
  }
};

void runCells(int *cells) {
  CellGrid g;
  g.step(cells);
}

// ---- Flagged: a size that splits a block, or one that is not followed. ----

struct Tiles {
  int count;
  int block;
};

__global__ void tile_max(float *v, int count) {
  __shared__ float peer[1024];
  if (blockIdx.x * blockDim.x + threadIdx.x >= count)
    return;
  peer[threadIdx.x] = v[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: {{.*}}[cudalint-divergent-barrier]
  v[blockIdx.x * blockDim.x + threadIdx.x] -= peer[threadIdx.x ^ 1];
}

// Read from a file: whatever the bytes say.
void runTileMax(float *v) {
  Tiles t;
  readBytes(&t, sizeof(t));
  tile_max<<<(t.count + t.block - 1) / t.block, t.block>>>(v, t.count);
}

struct Window {
  int length;
};

__global__ void window_sum(float *v, int length) {
  __shared__ float acc[256];
  if (blockDim.x * blockIdx.x + threadIdx.x < length) {
    acc[threadIdx.x] = 2.f * v[blockDim.x * blockIdx.x + threadIdx.x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning:
    // {{.*}}[cudalint-divergent-barrier]
    v[blockDim.x * blockIdx.x + threadIdx.x] += acc[0];
  }
}

// A length changed in place, and a second value that is no multiple of 256.
void runWindow(float *v, bool grow) {
  Window w = {4096};
  if (grow)
    w.length += 100;
  window_sum<<<(w.length + 255) / 256, 256>>>(v, w.length);
}

struct Batch {
  int items;
};

__global__ void batch_scale(float *v, int items) {
  __shared__ float first;
  if (threadIdx.x == 0)
    first = v[0];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < items) {
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning:
    // {{.*}}[cudalint-divergent-barrier]
    v[t] *= first;
  }
}

void runBatch(float *v, bool odd) {
  Batch b = {1024};
  if (odd)
    b.items = 1000;
  batch_scale<<<(b.items + 127) / 128, 128>>>(v, b.items);
}
