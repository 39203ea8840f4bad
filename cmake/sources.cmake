# Which source files go into libcupric: one CMakeLists.txt per folder of src/, each calling
# cupric_add_sources() and add_subdirectory() for its subfolders.
#
# Note [Source folders]
# A folder named `cuda/` holds CUDA-only files (.cu, and .cpp that call the CUDA runtime): they
# are compiled only when the CUDA backend is on (CUPRIC_HAVE_CUDA). Every other folder is compiled
# in every build and holds no .cu file. Headers follow the same rule (a header under cuda/ is
# included only from CUDA files). So a backend is a folder, not a list of paths to exclude: an
# engine or library module `src/<name>/` keeps its backend-neutral front at its top and its
# implementations in `host/` and `cuda/`, which register themselves (Note [Dispatch] in
# include/cupric/detail/dispatch.hpp).

# Adds the .cpp (and, in a cuda/ folder, .cu) files of the current folder to libcupric.
function(cupric_add_sources)
  get_filename_component(folder "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
  file(GLOB cpp CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*.cpp")
  file(GLOB cu CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*.cu")
  if(folder STREQUAL "cuda")
    if(CUPRIC_HAVE_CUDA)
      target_sources(cupric PRIVATE ${cpp} ${cu})
    endif()
  else()
    if(cu)
      message(FATAL_ERROR "${cu}: .cu files belong in a folder named cuda/ (Note [Source folders] in cmake/sources.cmake)")
    endif()
    target_sources(cupric PRIVATE ${cpp})
  endif()
endfunction()

# Fails the configure step when a folder under `root` holds sources but no CMakeLists.txt, so a
# new folder is never silently left out of the library.
function(cupric_check_source_folders root)
  file(GLOB_RECURSE all LIST_DIRECTORIES false "${root}/*.cpp" "${root}/*.cu")
  foreach(f IN LISTS all)
    get_filename_component(dir "${f}" DIRECTORY)
    if(NOT EXISTS "${dir}/CMakeLists.txt")
      message(FATAL_ERROR "${dir} holds sources but no CMakeLists.txt: add one that calls cupric_add_sources() "
                          "and list it with add_subdirectory() in its parent (Note [Source folders] in cmake/sources.cmake)")
    endif()
  endforeach()
endfunction()
