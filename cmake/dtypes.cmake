# The dtype names, in ScalarType order, read off the one dtype list (Note [One dtype list] in
# include/cupric/dtype_list.hpp), and the map from names to the indices a kernel family's
# generated units pass as CUPRIC_FAMILY_INDEX.
#   CUPRIC_DTYPES                      bool int8 ... complex128
#   cupric_dtype_indices(OUT names...) OUT = their indices (an unknown name is an error)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/include/cupric/dtype_list.hpp)
# (the rows end in a backslash, which a CMake list would take as an escape: match the rows'
# heads in the whole text instead of reading lines)
file(READ ${CMAKE_CURRENT_SOURCE_DIR}/include/cupric/dtype_list.hpp _cupric_dtype_text)
string(REGEX MATCHALL "\n  _\\([A-Za-z0-9]+, [^,\n]+, [^,\n]+, \"[a-z0-9]+\"" _cupric_dtype_rows "${_cupric_dtype_text}")
set(CUPRIC_DTYPES)
foreach(row IN LISTS _cupric_dtype_rows)
  string(REGEX REPLACE ".*\"([a-z0-9]+)\"$" "\\1" name "${row}")
  list(APPEND CUPRIC_DTYPES ${name})
endforeach()
list(LENGTH CUPRIC_DTYPES _cupric_ndtypes)
if(_cupric_ndtypes EQUAL 0)
  message(FATAL_ERROR "cmake/dtypes.cmake: no dtype rows found in include/cupric/dtype_list.hpp")
endif()

function(cupric_dtype_indices out)
  set(indices)
  foreach(name IN LISTS ARGN)
    list(FIND CUPRIC_DTYPES ${name} idx)
    if(idx LESS 0)
      message(FATAL_ERROR "unknown dtype '${name}' (the dtypes are: ${CUPRIC_DTYPES})")
    endif()
    list(APPEND indices ${idx})
  endforeach()
  set(${out} ${indices} PARENT_SCOPE)
endfunction()
