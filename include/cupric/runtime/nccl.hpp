// NCCL collectives (cupric.cuda.nccl wraps these). libnccl.so.2 is dlopen'ed at first use
// (Note [NCCL] in src/runtime/nccl.cpp); when it is missing every call raises RuntimeError naming
// the library and how to install it.
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>
#include "cupric/runtime/backend.hpp"

namespace cupric::nccl {

// NCCL_UNIQUE_ID_BYTES
inline constexpr size_t kUniqueIdBytes = 128;
using UniqueId = std::array<char, kUniqueIdBytes>;

// Loads libnccl (searching `dirs` first; see find_library). False when it cannot be loaded.
bool load(const std::vector<std::string>& dirs = {});
bool available();
// ncclGetVersion (e.g. 22703 for 2.27.3).
int get_version();
UniqueId get_unique_id();

// ncclConfig_t's settings (CuPy's NcclConfig); kUnset leaves one at NCCL's default.
struct CommConfig {
  static constexpr int kUnset = INT32_MIN;  // NCCL_CONFIG_UNDEF_INT
  int blocking = kUnset;
  int cga_cluster_size = kUnset;
  int min_ctas = kUnset;
  int max_ctas = kUnset;
  std::string net_name;  // empty: unset
  int split_share = kUnset;
};

// A communicator of one rank (ncclComm_t). Errors raise NcclError's text in RuntimeError with
// the NCCL result code (Communicator methods), as CuPy's NcclError.
class Communicator {
 public:
  Communicator(int nranks, const UniqueId& id, int rank);
  // ncclCommInitRankConfig (NCCL 2.14+; RuntimeError naming the version needed on older ones).
  Communicator(int nranks, const UniqueId& id, int rank, const CommConfig& config);
  explicit Communicator(void* comm) : comm_(comm) {}
  ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;
  // One communicator per device of `devices`, in one process (ncclCommInitAll).
  static std::vector<void*> init_all(const std::vector<int>& devices);

  void destroy();
  void abort();
  void* handle() const { return comm_; }
  int device_id() const;
  int rank_id() const;
  int size() const;
  // Buffers and streams are raw pointers; `datatype` and `op` are NCCL's enum values.
  void all_reduce(uintptr_t send, uintptr_t recv, size_t count, int datatype, int op, uintptr_t stream);
  void reduce(uintptr_t send, uintptr_t recv, size_t count, int datatype, int op, int root, uintptr_t stream);
  void broadcast(uintptr_t send, uintptr_t recv, size_t count, int datatype, int root, uintptr_t stream);
  void reduce_scatter(uintptr_t send, uintptr_t recv, size_t recv_count, int datatype, int op, uintptr_t stream);
  void all_gather(uintptr_t send, uintptr_t recv, size_t count, int datatype, uintptr_t stream);
  void send(uintptr_t buf, size_t count, int datatype, int peer, uintptr_t stream);
  void recv(uintptr_t buf, size_t count, int datatype, int peer, uintptr_t stream);

 private:
  void* comm_ = nullptr;
};

void group_start();
void group_end();

// Thrown for an NCCL error: the result code and ncclGetErrorString's text.
struct NcclError : std::runtime_error {
  NcclError(int code, const std::string& what) : std::runtime_error(what), code(code) {}
  int code;
};

}  // namespace cupric::nccl
