// Loads of whole structs go through a copy constructor, not an lvalue-to-
// rvalue conversion; they are loads all the same.
// RUN: %check_cudalint %s cudalint-missing-restrict %t -- -nocudainc -isystem %inputs

#include "cuda.h"

struct Vec2 {
  float x, y;
};

__global__ void sum_vectors(Vec2 *acc, const Vec2 *v, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'v' is reloaded after each store through 'acc'{{.*}}
  // CHECK-MESSAGES: :[[@LINE+4]]:5: note: store through 'acc'
  // CHECK-MESSAGES: :[[@LINE+2]]:14: note: load through 'v', repeated after the store in the next iteration
  for (int j = 0; j < n; ++j) {
    Vec2 e = v[j];
    acc[0].x += e.x;
    acc[0].y += e.y;
  }
}

// A struct copied out and read again after a store is straight-line code:
// see cudalint-missing-restrict-straight-line.cu.

// A store followed by a load of a fresh address reissues nothing: quiet.
__global__ void copy_fresh(Vec2 *out, const Vec2 *in) {
  out[0].x = 0.0f;
  out[1] = in[0];
}

// A struct of floats cannot hold an unsigned: a store through `pos` never
// changes `counts[v]`, so nothing is reloaded (cuda-samples' marchingCubes
// was reported before). A struct that holds floats may alias a float.
struct Float4 { float x, y, z, w; };
__global__ void different_types(Float4 *pos, const unsigned *counts, int v,
                                int n) {
  for (int i = 0; i < n; ++i)
    pos[counts[v] + i] = Float4{1, 2, 3, 4};
}
__global__ void containing_type(Float4 *pos, const float *scale, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'scale' is reloaded after each store through 'pos'{{.*}}
  for (int i = 0; i < n; ++i)
    pos[i].x = scale[0];
}
