// What the CUDA library wrappers of this folder share (Note [CUDA libraries] in cublas.cpp): the
// library found and dlopened at first use, its entry points, and per-thread handle state.
#pragma once
#include <thread>

namespace cupric::cuda_libs {

// How a wrapper names its library: the file find_library looks for ("cublas"), the name errors
// use ("cuBLAS") and the PyPI package that provides it ("nvidia-cublas").
struct LibraryName {
  const char* file;
  const char* display;
  const char* package;
};

// dlopen's handle of the library (find_library, Note [Library search order] in
// src/runtime/libraries.cpp); RuntimeError naming the package to install when it is absent.
void* load_library(const LibraryName& lib);
// Entry point `name` of `handle`; RuntimeError "the <display> library found lacks <name>" followed
// by `advice` (default: upgrade the package) when it is missing.
void* library_symbol(void* handle, const LibraryName& lib, const char* name, const char* advice = nullptr);

// True on the thread that loaded libcupric (the main thread).
bool on_loading_thread();

// The calling thread's `State` (a wrapper's handles per device): destroyed with its thread, except
// the main thread's, which is left for process exit (the CUDA runtime may be shutting down then).
template <class State>
State& thread_state() {
  if (on_loading_thread()) {
    static State* main_state = new State();  // never destroyed (see above)
    return *main_state;
  }
  thread_local State state;
  return state;
}

}  // namespace cupric::cuda_libs
