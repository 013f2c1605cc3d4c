// CUB 1.17.2's sparse matrix-vector product (cub::DeviceSpmv::CsrMV), instantiated for the
// oracle's real CUDA corpus (builds.txt): its segment fix-up kernel adds the partial sums of rows
// that straddle tiles with atomicAdd on global memory, in float and in double. Only the
// instantiations matter: the corpus never runs it.
#include <cub/device/device_spmv.cuh>

cudaError_t spmv_f32(void* temp, size_t& temp_bytes, const float* values, const int* row_offsets,
                     const int* column_indices, const float* x, float* y, int rows, int columns, int nonzeros) {
  return cub::DeviceSpmv::CsrMV(temp, temp_bytes, values, row_offsets, column_indices, x, y, rows, columns, nonzeros);
}

cudaError_t spmv_f64(void* temp, size_t& temp_bytes, const double* values, const int* row_offsets,
                     const int* column_indices, const double* x, double* y, int rows, int columns, int nonzeros) {
  return cub::DeviceSpmv::CsrMV(temp, temp_bytes, values, row_offsets, column_indices, x, y, rows, columns, nonzeros);
}
