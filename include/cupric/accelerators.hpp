// CUPRIC_ACCELERATORS (V11-CUB): which accelerated (CUB-class) paths reductions and routines
// (scans) take, with CUPY_ACCELERATORS' semantics: a comma-separated list read at first use,
// "cub" by default, "" for none. Results are the same either way (up to float rounding order).
#pragma once
#include <string>
#include <vector>

namespace cupric {

// The accelerators in effect for routines (cumsum, ...) and for reductions (sum, ...).
std::vector<std::string> get_routine_accelerators();
std::vector<std::string> get_reduction_accelerators();
// Replace the lists; names are "cub", "cutensor", "cutensornet" (ValueError for others).
void set_routine_accelerators(const std::vector<std::string>& names);
void set_reduction_accelerators(const std::vector<std::string>& names);
// Whether "cub" is on for routines / for reductions.
bool cub_routines_enabled();
bool cub_reductions_enabled();

}  // namespace cupric
