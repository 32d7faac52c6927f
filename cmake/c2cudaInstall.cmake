# Installation and the CMake package (cmake --install BUILD --prefix P):
#
#   P/bin/c2cuda, P/bin/c2cuda-tune      the user-facing tools
#   P/lib/cmake/c2cuda/                  find_package(c2cuda): c2cuda::c2cuda,
#                                        c2cuda::c2cuda-tune, c2cuda_add_sources()
#   P/share/doc/c2cuda/                  docs/*.md and the JSON schemas they link
#
# c2cuda-harness-demo (tools/) and c2cuda-report-demo (test/) drive the lit
# tests only and are not installed. The libraries under lib/ are static and
# private to the tools: nothing to link against, so no headers either.
#
# The same package is written into the build tree (BUILD/lib/cmake/c2cuda),
# pointing at the tools there: -DCMAKE_PREFIX_PATH=BUILD works without
# installing.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(C2CUDA_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/c2cuda" CACHE STRING
    "Where c2cudaConfig.cmake is installed, relative to the prefix")

install(DIRECTORY "${CMAKE_SOURCE_DIR}/docs/"
        DESTINATION "${CMAKE_INSTALL_DOCDIR}"
        FILES_MATCHING PATTERN "*.md" PATTERN "*.json")

set(_c2cuda_installed_tools "")
foreach(tool c2cuda c2cuda-tune)
  if(TARGET ${tool})
    list(APPEND _c2cuda_installed_tools ${tool})
  endif()
endforeach()
if(NOT TARGET c2cuda)
  message(STATUS "c2cuda: the tool is not built; no CMake package to install")
  if(_c2cuda_installed_tools)
    install(TARGETS ${_c2cuda_installed_tools}
            RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
  endif()
  return()
endif()

# c2cuda links the shared libLLVM and libclang-cpp: keep the directory they
# were linked from (C2CUDA_LLVM_PREFIX/lib when it is not a system directory)
# in the installed binary's RUNPATH. c2cuda-tune is static.
set_target_properties(c2cuda PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)

install(TARGETS ${_c2cuda_installed_tools} EXPORT c2cudaTargets
        RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(EXPORT c2cudaTargets NAMESPACE c2cuda::
        DESTINATION "${C2CUDA_INSTALL_CMAKEDIR}")

# The package only imports executables: any architecture may use it.
write_basic_package_version_file(
  "${CMAKE_BINARY_DIR}/lib/cmake/c2cuda/c2cudaConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}" COMPATIBILITY SameMinorVersion
  ARCH_INDEPENDENT)
install(FILES "${CMAKE_CURRENT_LIST_DIR}/c2cudaConfig.cmake"
              "${CMAKE_CURRENT_LIST_DIR}/c2cudaFunctions.cmake"
              "${CMAKE_BINARY_DIR}/lib/cmake/c2cuda/c2cudaConfigVersion.cmake"
        DESTINATION "${C2CUDA_INSTALL_CMAKEDIR}")

# The build tree's copy of the package.
export(EXPORT c2cudaTargets NAMESPACE c2cuda::
       FILE "${CMAKE_BINARY_DIR}/lib/cmake/c2cuda/c2cudaTargets.cmake")
configure_file("${CMAKE_CURRENT_LIST_DIR}/c2cudaConfig.cmake"
               "${CMAKE_BINARY_DIR}/lib/cmake/c2cuda/c2cudaConfig.cmake" COPYONLY)
configure_file("${CMAKE_CURRENT_LIST_DIR}/c2cudaFunctions.cmake"
               "${CMAKE_BINARY_DIR}/lib/cmake/c2cuda/c2cudaFunctions.cmake" COPYONLY)
