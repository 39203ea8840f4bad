# Precompiled headers: the headers every C++ source of a target includes, parsed once per target.
#
# Note [Precompiled headers]
# Most of a small C++ unit's time is parsing the same headers: <cupric/ndarray.hpp> alone is 78,000
# preprocessed lines (the standard library behind it), <cupric/cupric.hpp> 92,000, the bindings'
# common.hpp (nanobind and the whole cupric API) 118,000, GoogleTest 104,000; about a CPU second per
# unit before its own code, in 48 binding files, 38 C++ test files and 150 library sources. So each
# of those targets compiles one precompiled header (CMake's target_precompile_headers: a .gch that
# GCC loads for every C++ source of the target, through `-include`) holding what nearly all of its
# sources include:
#  - _core: bindings/common.hpp (every binding file includes it, directly or through
#    ndarray_methods.hpp, library_entry.hpp or device_arg.hpp);
#  - cupric_tests: GoogleTest and <cupric/cupric.hpp>;
#  - libcupric's C++ sources (the CUDA ones cannot: nvcc has no precompiled headers): the array,
#    error, copy, creation, manipulation and ufunc headers and the standard headers most include.
# A precompiled header only adds declarations a unit would have seen anyway, or more: the objects
# and the library are the same code (the tests run against it unchanged). What goes in is chosen
# by use, not "everything": a larger header costs each unit more to load, and a unit that includes
# little (the JIT header set, dtype tables) would pay for parsing it otherwise skipped.
# ccache caches the .gch and the units that use it only with CCACHE_SLOPPINESS=pch_defines,
# time_macros (without, it compiles them uncached: slow, but right), and that is safe only in its
# depend mode (CCACHE_DEPEND=1; tools/run-tests sets both): in the default modes a comment-only edit
# of a precompiled header misses the direct-mode key but hits the preprocessed-output key, so the
# old .gch comes back from the cache; GCC then finds the header's contents changed, includes it
# again on top of the .gch, and every unit that includes it fails with redefinitions (reproduced
# with ccache 4.7.5 and GCC 12). CMake marks the precompiled header a system header, so -Wall's
# warnings inside the headers it holds are not shown in the units that use it; a build with
# CUPRIC_PRECOMPILED_HEADERS=OFF shows them (and checks that every unit includes what it uses).
# The other way round, GCC 12 reports its known false -Wstringop-overflow in std::string's operator+
# (inlined at -O3) in 8 libcupric sources only with the precompiled header (without it, none).
# Harmless; left visible rather than silenced with -Wno-stringop-overflow.
# Measured with tools/build-cost (docs/architecture.md, "Build time").
option(CUPRIC_PRECOMPILED_HEADERS "Precompile the headers the C++ sources of a target share" ON)

# Precompiles HEADERS (`<name>` or an absolute path) for the C++ sources of TARGET; its CUDA
# sources, if any, compile as before.
function(cupric_precompile_headers target)
  if(NOT CUPRIC_PRECOMPILED_HEADERS)
    return()
  endif()
  set(headers)
  foreach(h IN LISTS ARGN)
    string(REPLACE ">" "$<ANGLE-R>" h "${h}")  # a `>` would close the generator expression
    list(APPEND headers "$<$<COMPILE_LANGUAGE:CXX>:${h}>")
  endforeach()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
