// NVIDIA's block-linear (tiled) surface layout, exactly as nvidia.md §8.2 writes it (the layout
// public emulators decode: Ryujinx BlockLinearLayout, BnTxx BlockLinearSwizzle, Mesa nil).
//
// A GOB ("group of bytes") is 64 bytes × 8 rows = 512 bytes. A block is 1 GOB wide,
// `block_height` GOBs high and `block_depth` GOBs deep (powers of two 1..32, from the surface
// header; used as given, without the shrinking drivers apply to small surfaces).
#pragma once

#include <cstdint>

namespace gpuatom::memory {

inline constexpr uint64_t gob_width_bytes = 64;
inline constexpr uint64_t gob_rows = 8;
inline constexpr uint64_t gob_bytes = gob_width_bytes * gob_rows;  // 512

struct BlockLinearShape {
  uint64_t row_bytes = 0;     // W: width of a row in bytes (width × texel bytes)
  uint32_t height = 1;        // H: rows
  uint32_t depth = 1;         // slices (3D); 1 otherwise
  uint32_t block_height = 1;  // BH, in GOBs
  uint32_t block_depth = 1;   // BD, in GOBs
};

// The offset of byte (X, y) inside its GOB:
// ((X mod 64) / 32) × 256 + ((y mod 8) / 2) × 64 + ((X mod 32) / 16) × 32 + (y mod 2) × 16 + X mod 16.
constexpr uint64_t gob_offset(uint64_t x_bytes, uint64_t y) {
  return ((x_bytes % 64) / 32) * 256 + ((y % 8) / 2) * 64 + ((x_bytes % 32) / 16) * 32 + (y % 2) * 16 + x_bytes % 16;
}

constexpr uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// width_in_gobs = ceil(W / 64).
constexpr uint64_t width_in_gobs(const BlockLinearShape& s) { return ceil_div(s.row_bytes, gob_width_bytes); }

// Bytes of one block: 512 × BH × BD.
constexpr uint64_t block_bytes(const BlockLinearShape& s) {
  return gob_bytes * uint64_t{s.block_height} * s.block_depth;
}

// rob_size = 512 × BH × BD × width_in_gobs (one row of blocks).
constexpr uint64_t rob_bytes(const BlockLinearShape& s) { return block_bytes(s) * width_in_gobs(s); }

// slice_size = ceil(H / (8 × BH)) × rob_size (one block-deep slab of the whole height).
constexpr uint64_t slab_bytes(const BlockLinearShape& s) {
  return ceil_div(s.height, gob_rows * s.block_height) * rob_bytes(s);
}

// Stride between array layers: slice_size × ceil(depth / BD). ASSUMPTION (nvidia.md §8.2, §13):
// layers are packed with no extra alignment.
constexpr uint64_t layer_stride_bytes(const BlockLinearShape& s) {
  return slab_bytes(s) * ceil_div(s.depth, s.block_depth);
}

// The byte offset of (X bytes, y, z) from the surface (or layer) base:
//   (z / BD) × slice_size + (y / (8 × BH)) × rob_size + (X / 64) × (512 × BH × BD)
//   + (z mod BD) × (512 × BH) + ((y mod (8 × BH)) / 8) × 512 + gob_offset(X, y).
constexpr uint64_t block_linear_offset(const BlockLinearShape& s, uint64_t x_bytes, uint64_t y, uint64_t z) {
  const uint64_t bh = s.block_height;
  const uint64_t bd = s.block_depth;
  return (z / bd) * slab_bytes(s) + (y / (gob_rows * bh)) * rob_bytes(s) +
         (x_bytes / gob_width_bytes) * block_bytes(s) + (z % bd) * (gob_bytes * bh) +
         ((y % (gob_rows * bh)) / gob_rows) * gob_bytes + gob_offset(x_bytes, y);
}

// Whether a block dimension (in GOBs) is one the header can hold: a power of two from 1 to 32.
constexpr bool valid_block_gobs(uint32_t gobs) { return gobs >= 1 && gobs <= 32 && (gobs & (gobs - 1)) == 0; }

}  // namespace gpuatom::memory
