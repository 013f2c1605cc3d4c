#include "hw_records.hpp"

namespace gpuatom::cli {

std::string hw_record_line(const HwDevice& device, const nvidia::hw::SingleRecord& record) {
  return nvidia::hw::record_line(device, record);
}

std::string hw_record_line(const HwDevice& device, const nvidia::hw::RacingRecord& record) {
  return nvidia::hw::record_line(device, record);
}

}  // namespace gpuatom::cli
