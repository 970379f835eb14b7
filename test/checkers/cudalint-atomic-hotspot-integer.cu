// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

// ---- Flagged: integer updates of one address by every thread. ----

__global__ void longest(const int *offsets, int *max_len, int n) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s < n)
    atomicMax(max_len, offsets[s + 1] - offsets[s]);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicMax' of 'int' into 'max_len' serialises every warp of the block on one address [cudalint-atomic-hotspot]
}

__global__ void smallest(const unsigned *v, unsigned *lo, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicMin(&lo[0], v[i]);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicMin' of 'unsigned int' into 'lo' serialises every warp of the block on one address [cudalint-atomic-hotspot]
}

// A compaction cursor: the returned slot is used.
__global__ void compact(const float *in, float *out, unsigned *cursor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0.f) {
    unsigned slot = atomicAdd(cursor, 1u);
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'atomicAdd' of 'unsigned int' into 'cursor' serialises every warp of the block on one address [cudalint-atomic-hotspot]
    out[slot] = in[i];
  }
}

// Bit sets and a float max through its bit pattern.
__global__ void flags(const unsigned *bits, unsigned *any, unsigned *all,
                      const float *x, float *mx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicOr(any, bits[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicOr' of 'unsigned int' into 'any' serialises every warp of the block on one address [cudalint-atomic-hotspot]
  atomicAnd_block(all, bits[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicAnd_block' of 'unsigned int' into 'all' serialises every warp of the block on one address [cudalint-atomic-hotspot]
  atomicXor_system(any + 1, bits[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicXor_system' of 'unsigned int' into 'any' serialises every warp of the block on one address [cudalint-atomic-hotspot]
  atomicMax(reinterpret_cast<int *>(mx), __float_as_int(fabsf(x[i])));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'atomicMax' of 'int' into 'mx' serialises every warp of the block on one address [cudalint-atomic-hotspot]
}

// The last index seen, exchanged by every thread.
__global__ void last_seen(const int *key, int *last, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && key[i] == 7)
    atomicExch(last, i);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'atomicExch' of 'int' into 'last' serialises every warp of the block on one address [cudalint-atomic-hotspot]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: the exchanges of every warp of the block serialise on one address; an exchange combines nothing, so no reduction shortens the chain, and no rewrite is offered
    // CHECK-MESSAGES-NOT: :[[@LINE-3]]:5: note: to combine per block
}

// ---- Quiet. ----

// A flag set to one constant: a signal, not an update that piles up.
__global__ void raise_flag(const float *x, int *flag) {
  if (x[blockIdx.x * blockDim.x + threadIdx.x] < 0.f)
    atomicExch(flag, 1);
}

// One atomic per block after a block reduction.
__global__ void block_max(const int *v, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = v[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (int st = 128; st > 0; st >>= 1) {
    if (threadIdx.x < st)
      s[threadIdx.x] = max(s[threadIdx.x], s[threadIdx.x + st]);
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicMax(out, s[0]);
}

// Distinct counters per lane.
__global__ void per_lane(int *counts) {
  atomicAdd(&counts[blockIdx.x * blockDim.x + threadIdx.x], 1);
}

void launch(const int *o, int *m, const unsigned *u, unsigned *w,
            const float *f, float *g) {
  longest<<<64, 256>>>(o, m, 1000);
  smallest<<<64, 256>>>(u, w, 1000);
  compact<<<64, 256>>>(f, g, w, 1000);
  flags<<<64, 256>>>(u, w, w, f, g);
  last_seen<<<64, 256>>>(o, m, 1000);
  raise_flag<<<64, 256>>>(f, m);
  block_max<<<64, 256>>>(o, m);
  per_lane<<<64, 256>>>(m);
}
