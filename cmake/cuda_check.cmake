# CUPRIC_CUDA_CHECK_ONLY: the CUDA backend built only to check that it compiles (CI without a GPU).
#
# Note [CUDA compile check]
# CI builds the CUDA backend on a machine with the CUDA toolkit but no GPU, so its kernels are
# compiled and never run; the C++ and Python tests run on the host backend. There the build only
# has to show that every kernel compiles, and three steps of nvcc do work nobody uses (CPU seconds
# of ufunc_logic_4_cuda.cu, the heaviest unit, measured one at a time: 92.7 s in all, of which
# cicc 46.6, ptxas 9.9, the host compile of the unit's launch code 33.5):
#  - SASS: each architecture becomes `NN-virtual` (PTX only), so ptxas does not run;
#  - device optimization: -Ofc=max (nvcc >= 12.8) cuts cicc's optimizer passes (46.6 -> 38.9 s);
#  - the host side of .cu units (kernel stubs, launch and registration code) at -O0 (33.5 -> 17.4 s).
# Measured per unit (CPU s, whole nvcc command, normal -> check): ufunc_logic_4 91.8 -> 56.0,
# ufunc_arith_5 79.0 -> 54.0, reduce_minmax_1 47.1 -> 16.5; all 91 CUDA objects 1368 CPU s (the
# normal build's, from CI's log: about 2250). A check build also gives the common dtypes no unit of
# their own and puts all of a family's dtypes in one CUDA unit (a unit costs ~4.6 CPU s before its
# first kernel: iota, tri and isclose, 3 units of nearly nothing, cost 14-17 CPU s; module size is
# no concern where no module is loaded), except the four heaviest elementwise families, whose one
# unit cost 1.5-1.7 times their three (CUPRIC_CHECK_SPLIT_FAMILIES; 46 family units -> 26), and compiles the
# tiled and strided elementwise kernels once per type signature instead of once per functor (Note
# [Compile-check strided kernels] in src/engine/elementwise/cuda/cuda_loops.cuh: ufunc_arith_0,
# 5 dtypes, 52.8 -> 23.2 CPU s, ufunc_logic_0 46.4 -> 20.5; cast_1 24.4 -> 24.8, its casts having
# a signature each); such a build has CUDA loops for contiguous arrays only. Nothing
# of the host backend changes, so the tests run the same code as in a normal build. A build with a GPU
# keeps the default (SASS for the listed architectures: no JIT pause at a kernel's first use, and
# optimized code): tools/run-tests turns this on only when nvidia-smi finds no GPU. A check build
# is not for a GPU (the driver would JIT the PTX, and non-contiguous elementwise loops refuse to
# run): never ship or benchmark one.

# OUT: the architectures of OUT as PTX only (90 -> 90-virtual; 90-real -> 90-virtual).
function(cupric_cuda_check_architectures out)
  set(archs)
  foreach(a IN LISTS ${out})
    string(REGEX REPLACE "-(real|virtual)$" "" a "${a}")
    list(APPEND archs "${a}-virtual")
  endforeach()
  list(REMOVE_DUPLICATES archs)
  set(${out} ${archs} PARENT_SCOPE)
endfunction()

# After enable_language(CUDA): the host side of .cu units unoptimized (nvcc's -O is the host
# compiler's level; replaced in the configurations' flags, as older nvcc refuse a second -O) and
# the device side compiled fast (-Ofc=max, nvcc >= 12.8).
macro(cupric_cuda_check_flags)
  foreach(cfg IN ITEMS RELEASE RELWITHDEBINFO MINSIZEREL DEBUG)
    string(REGEX REPLACE "(^| )-O[0-3s]( |$)" "\\1-O0\\2" CMAKE_CUDA_FLAGS_${cfg} "${CMAKE_CUDA_FLAGS_${cfg}}")
  endforeach()
  if(CMAKE_CUDA_COMPILER_VERSION VERSION_GREATER_EQUAL 12.8)
    string(APPEND CMAKE_CUDA_FLAGS " -Ofc=max")
  endif()
endmacro()
