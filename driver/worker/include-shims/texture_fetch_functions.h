/* Empty on purpose.
 * clang 19's CUDA wrapper includes texture_fetch_functions.h, which CUDA 13
 * removed; cudalint puts this directory last on the include path so the
 * real header wins where a toolkit still ships one. */
