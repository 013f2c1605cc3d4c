// CUB 1.17.2's device-wide histograms (cub::DeviceHistogram), instantiated for the oracle's real
// CUDA corpus (builds.txt): the privatized shared-memory bins (atomicAdd on shared memory) and
// the global-memory fallback and merge (atomicAdd on global memory), with 32- and 64-bit counters.
// Only the instantiations matter: the corpus compiles this file to cubins and never runs it.
#include <cub/device/device_histogram.cuh>

// 256 even bins of 8-bit samples, int counters: the shared-memory path most images take.
cudaError_t histogram_even_u8(void* temp, size_t& temp_bytes, const unsigned char* samples, int* bins, int n) {
  return cub::DeviceHistogram::HistogramEven(temp, temp_bytes, samples, bins, 257, 0, 256, n);
}

// Bins given by their edges over float samples, 64-bit counters.
cudaError_t histogram_range_f32(void* temp, size_t& temp_bytes, const float* samples, unsigned long long* bins,
                                const float* levels, int n) {
  return cub::DeviceHistogram::HistogramRange(temp, temp_bytes, samples, bins, 65, levels, n);
}

// RGBA pixels, three channels counted, unsigned counters.
cudaError_t histogram_rgb(void* temp, size_t& temp_bytes, const unsigned char* pixels, unsigned* bins[3], int n) {
  int levels[3] = {257, 257, 257};
  unsigned lower[3] = {0, 0, 0};
  unsigned upper[3] = {256, 256, 256};
  return cub::DeviceHistogram::MultiHistogramEven<4, 3>(temp, temp_bytes, pixels, bins, levels, lower, upper, n);
}
