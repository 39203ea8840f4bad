// NCCL through dlopen (include/cupric/runtime/nccl.hpp).
//
// Note [NCCL]: cupric does not link NCCL. load() finds libnccl.so.2 like every CUDA library
// (Note [Library search order]) and looks up the entry points below; the prototypes are NCCL's
// public C API (nccl.h), with ncclComm_t as void* and ncclUniqueId as 128 bytes.
#include "cupric/runtime/nccl.hpp"
#include <dlfcn.h>
#include <mutex>
#include "cupric/error.hpp"
#include "cupric/runtime/libraries.hpp"

namespace cupric::nccl {

namespace {

struct Api {
  int (*get_version)(int*);
  int (*get_unique_id)(UniqueId*);
  int (*comm_init_rank)(void**, int, UniqueId, int);
  int (*comm_init_all)(void**, int, const int*);
  int (*comm_destroy)(void*);
  int (*comm_abort)(void*);
  int (*comm_count)(void*, int*);
  int (*comm_cu_device)(void*, int*);
  int (*comm_user_rank)(void*, int*);
  const char* (*get_error_string)(int);
  int (*all_reduce)(const void*, void*, size_t, int, int, void*, void*);
  int (*reduce)(const void*, void*, size_t, int, int, int, void*, void*);
  int (*broadcast)(const void*, void*, size_t, int, int, void*, void*);
  int (*reduce_scatter)(const void*, void*, size_t, int, int, void*, void*);
  int (*all_gather)(const void*, void*, size_t, int, void*, void*);
  int (*send)(const void*, size_t, int, int, void*, void*);
  int (*recv)(void*, size_t, int, int, void*, void*);
  int (*comm_init_rank_config)(void**, int, UniqueId, int, void*) = nullptr;
  int (*group_start)();
  int (*group_end)();
};

std::mutex g_mu;
Api* g_api = nullptr;
std::string g_error;

template <class F>
bool sym(void* h, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(h, name));
  return f != nullptr;
}

const Api& api() {
  {
    std::lock_guard<std::mutex> lk(g_mu);
    if (g_api) return *g_api;
  }
  if (!load({})) {
    std::lock_guard<std::mutex> lk(g_mu);
    throw RuntimeError("NCCL is not available: libnccl.so.2 could not be loaded (" + g_error +
                       "); install it with `pip install nvidia-nccl-cu12` (or the system's libnccl2 package)");
  }
  return *g_api;
}

void check(int result, const char* what) {
  if (result == 0) return;
  const Api& a = api();
  std::string text = a.get_error_string ? a.get_error_string(result) : "unknown NCCL error";
  throw NcclError(result, std::string(what) + ": " + text);
}

}  // namespace

bool load(const std::vector<std::string>& dirs) {
  std::lock_guard<std::mutex> lk(g_mu);
  if (g_api) return true;
  void* h = nullptr;
  LibraryInfo info = find_library("nccl", dirs, &h);
  if (!h) {
    g_error = info.error.empty() ? "not found" : info.error;
    return false;
  }
  auto* a = new Api();
  bool ok = sym(h, "ncclGetVersion", a->get_version) && sym(h, "ncclGetUniqueId", a->get_unique_id) &&
            sym(h, "ncclCommInitRank", a->comm_init_rank) && sym(h, "ncclCommInitAll", a->comm_init_all) &&
            sym(h, "ncclCommDestroy", a->comm_destroy) && sym(h, "ncclCommAbort", a->comm_abort) &&
            sym(h, "ncclCommCount", a->comm_count) && sym(h, "ncclCommCuDevice", a->comm_cu_device) &&
            sym(h, "ncclCommUserRank", a->comm_user_rank) && sym(h, "ncclGetErrorString", a->get_error_string) &&
            sym(h, "ncclAllReduce", a->all_reduce) && sym(h, "ncclReduce", a->reduce) &&
            sym(h, "ncclBroadcast", a->broadcast) && sym(h, "ncclReduceScatter", a->reduce_scatter) &&
            sym(h, "ncclAllGather", a->all_gather) && sym(h, "ncclGroupStart", a->group_start) &&
            sym(h, "ncclGroupEnd", a->group_end);
  // Point-to-point arrived in NCCL 2.7; optional.
  sym(h, "ncclSend", a->send);
  sym(h, "ncclRecv", a->recv);
  sym(h, "ncclCommInitRankConfig", a->comm_init_rank_config);  // NCCL 2.14+; optional
  if (!ok) {
    delete a;
    g_error = "libnccl at " + info.path + " lacks an entry point cupric needs";
    return false;
  }
  g_api = a;
  return true;
}

bool available() {
  try {
    return load({});
  } catch (...) { return false; }
}

int get_version() {
  int v = 0;
  check(api().get_version(&v), "ncclGetVersion");
  return v;
}

UniqueId get_unique_id() {
  UniqueId id{};
  check(api().get_unique_id(&id), "ncclGetUniqueId");
  return id;
}

Communicator::Communicator(int nranks, const UniqueId& id, int rank) {
  if (nranks < 1) throw ValueError("ndev must be at least 1");
  if (rank < 0 || rank >= nranks) throw ValueError("rank must be in [0, ndev)");
  check(api().comm_init_rank(&comm_, nranks, id, rank), "ncclCommInitRank");
}

namespace {
// ncclConfig_t as NCCL 2.18 lays it out (NCCL_CONFIG_INITIALIZER: size, magic, version, then
// the settings). NCCL reads a config by its version, so later releases accept this one and
// leave their newer settings at their defaults.
struct ConfigV218 {
  size_t size = sizeof(ConfigV218);
  unsigned int magic = 0xcafebeef;
  unsigned int version = 21800;
  int blocking, cga_cluster_size, min_ctas, max_ctas;
  const char* net_name;
  int split_share;
};
}  // namespace

Communicator::Communicator(int nranks, const UniqueId& id, int rank, const CommConfig& config) {
  if (nranks < 1) throw ValueError("ndev must be at least 1");
  if (rank < 0 || rank >= nranks) throw ValueError("rank must be in [0, ndev)");
  const Api& a = api();
  if (!a.comm_init_rank_config || get_version() < 21800)
    throw RuntimeError("NcclCommunicator(config=...) needs NCCL 2.18 or newer (ncclCommInitRankConfig); found " +
                       std::to_string(get_version()));
  ConfigV218 c{};
  c.size = sizeof(ConfigV218);
  c.magic = 0xcafebeef;
  c.version = 21800;
  c.blocking = config.blocking;
  c.cga_cluster_size = config.cga_cluster_size;
  c.min_ctas = config.min_ctas;
  c.max_ctas = config.max_ctas;
  c.net_name = config.net_name.empty() ? nullptr : config.net_name.c_str();
  c.split_share = config.split_share;
  check(a.comm_init_rank_config(&comm_, nranks, id, rank, &c), "ncclCommInitRankConfig");
}

std::vector<void*> Communicator::init_all(const std::vector<int>& devices) {
  if (devices.empty()) throw ValueError("init_all needs at least one device");
  std::vector<void*> comms(devices.size(), nullptr);
  check(api().comm_init_all(comms.data(), static_cast<int>(devices.size()), devices.data()), "ncclCommInitAll");
  return comms;
}

Communicator::~Communicator() {
  if (comm_ && g_api) g_api->comm_destroy(comm_);
}

void Communicator::destroy() {
  if (!comm_) return;
  void* c = comm_;
  comm_ = nullptr;
  check(api().comm_destroy(c), "ncclCommDestroy");
}

void Communicator::abort() {
  if (!comm_) return;
  void* c = comm_;
  comm_ = nullptr;
  check(api().comm_abort(c), "ncclCommAbort");
}

namespace {
void* live(void* comm) {
  if (!comm) throw RuntimeError("the NCCL communicator was destroyed");
  return comm;
}
void* p(uintptr_t x) { return reinterpret_cast<void*>(x); }
}  // namespace

int Communicator::device_id() const {
  int d = 0;
  check(api().comm_cu_device(live(comm_), &d), "ncclCommCuDevice");
  return d;
}
int Communicator::rank_id() const {
  int r = 0;
  check(api().comm_user_rank(live(comm_), &r), "ncclCommUserRank");
  return r;
}
int Communicator::size() const {
  int n = 0;
  check(api().comm_count(live(comm_), &n), "ncclCommCount");
  return n;
}
void Communicator::all_reduce(uintptr_t s, uintptr_t r, size_t n, int dt, int op, uintptr_t st) {
  check(api().all_reduce(p(s), p(r), n, dt, op, live(comm_), p(st)), "ncclAllReduce");
}
void Communicator::reduce(uintptr_t s, uintptr_t r, size_t n, int dt, int op, int root, uintptr_t st) {
  check(api().reduce(p(s), p(r), n, dt, op, root, live(comm_), p(st)), "ncclReduce");
}
void Communicator::broadcast(uintptr_t s, uintptr_t r, size_t n, int dt, int root, uintptr_t st) {
  check(api().broadcast(p(s), p(r), n, dt, root, live(comm_), p(st)), "ncclBroadcast");
}
void Communicator::reduce_scatter(uintptr_t s, uintptr_t r, size_t n, int dt, int op, uintptr_t st) {
  check(api().reduce_scatter(p(s), p(r), n, dt, op, live(comm_), p(st)), "ncclReduceScatter");
}
void Communicator::all_gather(uintptr_t s, uintptr_t r, size_t n, int dt, uintptr_t st) {
  check(api().all_gather(p(s), p(r), n, dt, live(comm_), p(st)), "ncclAllGather");
}
void Communicator::send(uintptr_t b, size_t n, int dt, int peer, uintptr_t st) {
  if (!api().send) throw RuntimeError("ncclSend needs NCCL 2.7 or later");
  check(api().send(p(b), n, dt, peer, live(comm_), p(st)), "ncclSend");
}
void Communicator::recv(uintptr_t b, size_t n, int dt, int peer, uintptr_t st) {
  if (!api().recv) throw RuntimeError("ncclRecv needs NCCL 2.7 or later");
  check(api().recv(p(b), n, dt, peer, live(comm_), p(st)), "ncclRecv");
}

void group_start() { check(api().group_start(), "ncclGroupStart"); }
void group_end() { check(api().group_end(), "ncclGroupEnd"); }

}  // namespace cupric::nccl
