// CUPRIC_ACCELERATORS (include/cupric/accelerators.hpp): parsed once, settable at run time.
#include "cupric/accelerators.hpp"
#include <atomic>
#include <cstdlib>
#include <mutex>
#include "cupric/error.hpp"

namespace cupric {

namespace {

bool known(const std::string& n) { return n == "cub" || n == "cutensor" || n == "cutensornet"; }

std::vector<std::string> parse_env() {
  const char* v = std::getenv("CUPRIC_ACCELERATORS");
  if (!v) return {"cub"};
  std::vector<std::string> r;
  std::string s(v), cur;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == ',') {
      size_t b = cur.find_first_not_of(" \t"), e = cur.find_last_not_of(" \t");
      if (b != std::string::npos) {
        std::string name = cur.substr(b, e - b + 1);
        if (known(name)) r.push_back(name);  // unknown names are ignored, as a typo must not break import
      }
      cur.clear();
    } else {
      cur += s[i];
    }
  }
  return r;
}

struct State {
  std::mutex mu;
  std::vector<std::string> routine, reduction;
  std::atomic<bool> cub_routine{true}, cub_reduction{true};
  State() {
    routine = reduction = parse_env();
    update();
  }
  void update() {
    auto has = [](const std::vector<std::string>& v) {
      for (const auto& n : v)
        if (n == "cub") return true;
      return false;
    };
    cub_routine = has(routine);
    cub_reduction = has(reduction);
  }
};

State& state() {
  static State s;
  return s;
}

void check(const std::vector<std::string>& names) {
  for (const auto& n : names)
    if (!known(n)) throw ValueError("Unknown accelerator: " + n);
}

}  // namespace

std::vector<std::string> get_routine_accelerators() {
  std::lock_guard<std::mutex> g(state().mu);
  return state().routine;
}
std::vector<std::string> get_reduction_accelerators() {
  std::lock_guard<std::mutex> g(state().mu);
  return state().reduction;
}
void set_routine_accelerators(const std::vector<std::string>& names) {
  check(names);
  std::lock_guard<std::mutex> g(state().mu);
  state().routine = names;
  state().update();
}
void set_reduction_accelerators(const std::vector<std::string>& names) {
  check(names);
  std::lock_guard<std::mutex> g(state().mu);
  state().reduction = names;
  state().update();
}
bool cub_routines_enabled() { return state().cub_routine.load(std::memory_order_relaxed); }
bool cub_reductions_enabled() { return state().cub_reduction.load(std::memory_order_relaxed); }

}  // namespace cupric
