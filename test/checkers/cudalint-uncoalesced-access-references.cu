// A record bound to a reference is the memory it refers to: `c.x += c.vx`
// on `Cell &c = cells[i]` is an access of `cells[i].x`, as through a pointer.
// RUN: %check_cudalint %s cudalint-uncoalesced-access %t -- -nocudainc -isystem %inputs

#include "cuda.h"

struct Cell { float x, y, z, w; float vx, vy, vz, vw; int count; int pad[7]; };

// ---- Flagged. ----

__global__ void through_reference(Cell *cells, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Cell &c = cells[i];
    c.x += c.vx;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced load from and store to 'cells': 4x the sectors needed [cudalint-uncoalesced-access]
  }
}

__global__ void through_const_reference(const Cell *cells, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const Cell &c = cells[i];
    out[i] = c.x * 2.0f + c.vx;
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced load from 'cells': 4x the sectors needed [cudalint-uncoalesced-access]
  }
}

__global__ void through_pointer(Cell *cells, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Cell *c = &cells[i];
    c->x += c->vx;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced load from and store to 'cells': 4x the sectors needed [cudalint-uncoalesced-access]
  }
}

// ---- Not flagged. ----

// A reference to one float per thread: lanes adjacent.
__global__ void element_reference(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float &v = a[i];
    v = v * 2.0f;
  }
}

// A reference to a local accumulates in a register.
__global__ void local_reference(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float t = 0.0f;
  float &r = t;
  for (int k = 0; k < 4; ++k)
    r += a[i + k * n];
  a[i] = t;
}

// A reference to a field of a structure of arrays.
struct Particles { float *x, *vx; };
__global__ void soa_reference(Particles p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float &x = p.x[i];
    x += p.vx[i];
  }
}

void run(Cell *c, const Cell *cc, float *o, Particles p, int n) {
  through_reference<<<n / 256, 256>>>(c, n);
  through_const_reference<<<n / 256, 256>>>(cc, o, n);
  through_pointer<<<n / 256, 256>>>(c, n);
  element_reference<<<n / 256, 256>>>(o, n);
  local_reference<<<n / 256, 256>>>(o, n);
  soa_reference<<<n / 256, 256>>>(p, n);
}
