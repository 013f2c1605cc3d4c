// Thrust 1.17.2 through its CUDA backend, instantiated for the oracle's real CUDA corpus
// (builds.txt): thrust::sort_by_key on integer keys, which Thrust hands to CUB's radix sort (the
// onesweep and histogram kernels with their shared and global atomics) with Thrust's own policy
// and key-value types. Only the instantiations matter: the corpus never runs it.
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

void sort_by_key(int* keys, float* values, int n) { thrust::sort_by_key(thrust::device, keys, keys + n, values); }

