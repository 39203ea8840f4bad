# The JIT header set embedded into libcupric (Note [JIT headers] in src/jit/host_compiler.cpp).
set(CUPRIC_JIT_HEADER_FILES
  ${CMAKE_CURRENT_SOURCE_DIR}/include/cupric/config.hpp ${CMAKE_CURRENT_SOURCE_DIR}/include/cupric/complex.hpp
  ${CMAKE_CURRENT_SOURCE_DIR}/include/cupric/half.hpp ${CMAKE_CURRENT_SOURCE_DIR}/include/cupric/jit/device.hpp
  ${CMAKE_CURRENT_SOURCE_DIR}/include/cupric/jit/host_cuda.hpp ${CMAKE_CURRENT_SOURCE_DIR}/include/cupric/jit/host_launch.hpp)
add_custom_command(
  OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/gen/jit_headers.cpp
  COMMAND ${CMAKE_COMMAND} -DROOT=${CMAKE_CURRENT_SOURCE_DIR} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/gen/jit_headers.cpp
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed_headers.cmake
  DEPENDS ${CUPRIC_JIT_HEADER_FILES} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed_headers.cmake
  COMMENT "Embedding the JIT header set")
target_sources(cupric PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/gen/jit_headers.cpp)
