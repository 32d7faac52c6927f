# find_package(c2cuda): the c2cuda source-to-source compiler as imported
# executables, and c2cuda_add_sources() to generate CUDA from annotated C in
# a build. See "Using c2cuda from CMake" in share/doc/c2cuda/user-guide.md.
#
#   c2cuda::c2cuda        the compiler (c2cuda FILE.c -o FILE.cu)
#   c2cuda::c2cuda-tune   runs a tuning bundle on a GPU node
#   c2cuda_EXECUTABLE     the compiler's path
#   c2cuda_add_sources(<target> FILES a.c ... [OPTIONS ...] [OUTPUT_DIR dir]
#                      [DEPENDS file ...])
if(CMAKE_VERSION VERSION_LESS 3.20)
  set(c2cuda_FOUND FALSE)
  set(c2cuda_NOT_FOUND_MESSAGE
      "c2cuda's CMake package needs CMake 3.20 or newer (this is ${CMAKE_VERSION})")
  return()
endif()

include("${CMAKE_CURRENT_LIST_DIR}/c2cudaTargets.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/c2cudaFunctions.cmake")
get_target_property(c2cuda_EXECUTABLE c2cuda::c2cuda LOCATION)
