// REQUIRES: cuda
// RUN: %check_cudalint --real-cuda %s cudalint-atomic-hotspot %t

// An integer atomic whose returned value each lane keeps hands out slots
// (a queue append, a ticket): no per-block reduction is offered for it,
// and the reduction's figure is not quoted. The same atomics with the
// value dropped are reductions and keep that remedy.

// ---- Slots: no block-combine remedy. ----

__global__ void append_in_loop(const unsigned *first, const unsigned *adj,
                               unsigned *queue, unsigned *tail, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  for (unsigned e = first[v]; e < first[v + 1]; ++e) {
    unsigned slot = atomicAdd(tail, 1u);
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: {{.*}}[cudalint-atomic-hotspot]
    // CHECK-MESSAGES: :[[@LINE-2]]:21: note: {{.*}}its own slot{{.*}}
    // CHECK-MESSAGES: :[[@LINE-3]]:21: note: no remedy offered{{.*}}scan{{.*}}
    // CHECK-MESSAGES-NOT: :[[@LINE-4]]:21: note: {{.*}}6.0x
    // CHECK-MESSAGES-NOT: :[[@LINE-5]]:21: note: to combine per block
    queue[slot] = adj[e];
  }
}

__global__ void ticket_index(const float *x, float *out, int *next, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > 0.f)
    out[atomicSub(next, 1) - 1] = x[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:9: note: {{.*}}its own slot{{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:9: note: no remedy offered{{.*}}
}

__global__ void append_assigned(const int *key, int *list, unsigned *count,
                                int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned at;
  if (i < n && key[i] != 0) {
    at = (atomicAdd(count, 1u));
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: {{.*}}[cudalint-atomic-hotspot]
    // CHECK-MESSAGES: :[[@LINE-2]]:11: note: {{.*}}its own slot{{.*}}
    // CHECK-MESSAGES: :[[@LINE-3]]:11: note: no remedy offered{{.*}}
    list[at] = i;
  }
}

// ---- Reductions: the block-combine remedy stays. ----

__global__ void count_positive(const float *x, unsigned *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > 0.f)
    atomicAdd(count, 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}}[cudalint-atomic-hotspot]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: {{.*}}6.0x{{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: to combine per block{{.*}}
}

__global__ void count_discarded(const int *key, int *hits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && key[i] == 3) {
    (void)atomicAdd(hits, 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: {{.*}}[cudalint-atomic-hotspot]
    // CHECK-MESSAGES: :[[@LINE-2]]:11: note: {{.*}}6.0x{{.*}}
    // CHECK-MESSAGES: :[[@LINE-3]]:11: note: to combine per block{{.*}}
  }
}
