# The host BLAS/LAPACK: PyPI's scipy-openblas64 (ILP64, `scipy_`-prefixed symbols; DESIGN.md,
# "Library modules"). cupric compiles against its headers only and dlopens the library at the
# first host linalg call (Note [OpenBLAS loading] in src/linalg/host/openblas.cpp), so nothing is
# linked here; the wheel's lib folder is compiled in as one place to look for it at run time.
find_package(Python 3.10 COMPONENTS Interpreter REQUIRED)
execute_process(
  COMMAND "${Python_EXECUTABLE}" -c "import scipy_openblas64 as s; print(s.get_include_dir()); print(s.get_lib_dir())"
  OUTPUT_VARIABLE _cupric_openblas_out OUTPUT_STRIP_TRAILING_WHITESPACE
  RESULT_VARIABLE _cupric_openblas_rc ERROR_QUIET)
if(NOT _cupric_openblas_rc EQUAL 0)
  message(FATAL_ERROR "cupric needs PyPI's scipy-openblas64 (the host BLAS/LAPACK) to build: "
                      "`${Python_EXECUTABLE} -m pip install scipy-openblas64`")
endif()
string(REPLACE "\n" ";" _cupric_openblas_out "${_cupric_openblas_out}")
list(GET _cupric_openblas_out 0 CUPRIC_OPENBLAS_INCLUDE_DIR)
list(GET _cupric_openblas_out 1 CUPRIC_OPENBLAS_LIB_DIR)
if(NOT EXISTS "${CUPRIC_OPENBLAS_INCLUDE_DIR}/cblas.h")
  message(FATAL_ERROR "scipy-openblas64 at ${CUPRIC_OPENBLAS_INCLUDE_DIR} has no cblas.h; reinstall it: "
                      "`${Python_EXECUTABLE} -m pip install --force-reinstall scipy-openblas64`")
endif()
message(STATUS "cupric: host BLAS/LAPACK headers from scipy-openblas64 (${CUPRIC_OPENBLAS_INCLUDE_DIR})")
# SYSTEM: OpenBLAS's headers are not held to cupric's warning flags.
target_include_directories(cupric SYSTEM PRIVATE "${CUPRIC_OPENBLAS_INCLUDE_DIR}")
target_compile_definitions(cupric PRIVATE CUPRIC_OPENBLAS_LIB_DIR="${CUPRIC_OPENBLAS_LIB_DIR}")
