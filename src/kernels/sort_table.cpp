// The sort kernels' table (kernels/sort_kernels.hpp), filled by host/sort.cpp and cuda/sort_*.cu.
#include "kernels/sort_kernels.hpp"

namespace cupric {

SortFns& sort_fns(DeviceType t) {
  static SortFns host, cuda;
  return t == DeviceType::Host ? host : cuda;
}

}  // namespace cupric
