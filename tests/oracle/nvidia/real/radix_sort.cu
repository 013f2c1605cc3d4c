// CUB 1.17.2's device-wide radix sort (cub::DeviceRadixSort), instantiated for the oracle's real
// CUDA corpus (builds.txt): the onesweep kernels (an atomicAdd hands out tile numbers, the digit
// histogram counts with shared and global atomicAdd, BlockRadixRankMatch ranks with atomicOr) and
// the upsweep/downsweep kernels. Only the instantiations matter: the corpus never runs it.
#include <cub/device/device_radix_sort.cuh>

cudaError_t sort_pairs_u32(void* temp, size_t& temp_bytes, const unsigned* keys_in, unsigned* keys_out,
                           const int* values_in, int* values_out, int n) {
  return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys_in, keys_out, values_in, values_out, n);
}

cudaError_t sort_keys_u64_descending(void* temp, size_t& temp_bytes, const unsigned long long* keys_in,
                                     unsigned long long* keys_out, int n) {
  return cub::DeviceRadixSort::SortKeysDescending(temp, temp_bytes, keys_in, keys_out, n);
}
