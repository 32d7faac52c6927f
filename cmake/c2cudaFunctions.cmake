# c2cuda_add_sources(<target> FILES a.c [b.c ...]
#                    [OPTIONS opt ...] [OUTPUT_DIR dir] [DEPENDS file ...])
#
# For each C file, a build step runs
#
#   c2cuda <OPTIONS> <abs path of a.c> -o <OUTPUT_DIR>/a.cu
#
# in the current source directory (so relative paths in OPTIONS, such as
# --schedule sched.json or -I include, mean what they mean next to this
# CMakeLists.txt), and a.cu becomes a PRIVATE source of <target>. The step
# reruns when a.c, the c2cuda executable, a file named by --schedule in
# OPTIONS, a file listed in DEPENDS, or a header that a.c includes changes
# (Ninja and Makefile generators, through a depfile c2cuda writes beside
# a.cu, a.cu.d; with other generators list the headers in DEPENDS), and when
# OPTIONS change. Relative include directories in OPTIONS (-I dir) are made
# absolute.
#
# OUTPUT_DIR defaults to ${CMAKE_CURRENT_BINARY_DIR}/c2cuda/<target>; a
# relative OUTPUT_DIR is relative to ${CMAKE_CURRENT_BINARY_DIR}. The .cu
# files are named after the C files (a.c -> a.cu), so two FILES of one target
# and OUTPUT_DIR may not share a name.
#
# The .cu files are CUDA that needs only the CUDA runtime: the project must
# enable CUDA (project(... LANGUAGES C CUDA) or enable_language(CUDA)), and
# the target wants CUDA_ARCHITECTURES (or CMAKE_CUDA_ARCHITECTURES) set. The
# function asks for C++17 for the target's CUDA (cuda_std_17).
include_guard(GLOBAL)
# Relative paths in a DEPFILE are relative to the binary directory (CMP0116);
# the function records the policies in force where it is defined.
cmake_policy(VERSION 3.20...3.25)

function(c2cuda_add_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "OUTPUT_DIR" "FILES;OPTIONS;DEPENDS")
  set(fn "c2cuda_add_sources(${target})")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${fn}: unexpected arguments: ${arg_UNPARSED_ARGUMENTS}"
      " (expected FILES a.c ... [OPTIONS ...] [OUTPUT_DIR dir] [DEPENDS ...])")
  endif()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "${fn}: '${target}' is not a target; call "
      "add_executable()/add_library() first")
  endif()
  get_target_property(aliased "${target}" ALIASED_TARGET)
  if(aliased)
    set(target "${aliased}")
  endif()
  if(NOT arg_FILES)
    message(FATAL_ERROR "${fn}: no FILES given")
  endif()
  if(NOT TARGET c2cuda::c2cuda)
    message(FATAL_ERROR "${fn}: the target c2cuda::c2cuda is missing; "
      "call find_package(c2cuda REQUIRED) first")
  endif()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "CUDA" IN_LIST languages)
    message(FATAL_ERROR "${fn}: c2cuda writes CUDA (.cu) files, and CUDA is "
      "not enabled in this project: use project(<name> LANGUAGES C CUDA) or "
      "enable_language(CUDA), and set CMAKE_CUDA_ARCHITECTURES (e.g. 90)")
  endif()

  if(NOT arg_OUTPUT_DIR)
    set(arg_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/c2cuda/${target}")
  endif()
  get_filename_component(out_dir "${arg_OUTPUT_DIR}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  file(MAKE_DIRECTORY "${out_dir}")

  # Relative include directories (-I dir, -Idir, --extra-arg=-Idir) made
  # absolute, against the source directory they are relative to anyway: the
  # headers then appear in the depfile with absolute paths (CMake reads the
  # depfile's relative paths against the binary directory). Files OPTIONS
  # reads besides the C file (--schedule FILE, --schedule=FILE; llvm::cl
  # takes one dash or two) become dependencies.
  set(options "")
  set(deps "")
  set(next "")
  foreach(opt IN LISTS arg_OPTIONS)
    if(next STREQUAL "include" AND NOT opt MATCHES "^\\$<")
      get_filename_component(opt "${opt}" ABSOLUTE
                             BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    elseif(next STREQUAL "schedule")
      list(APPEND deps "${opt}")
    elseif(opt MATCHES "^(-I|--?extra-arg=-I)([^$].*)$")
      set(prefix "${CMAKE_MATCH_1}")
      get_filename_component(dir "${CMAKE_MATCH_2}" ABSOLUTE
                             BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      set(opt "${prefix}${dir}")
    elseif(opt MATCHES "^--?schedule=(.+)$")
      list(APPEND deps "${CMAKE_MATCH_1}")
    endif()
    list(APPEND options "${opt}")
    if(opt STREQUAL "-I")
      set(next "include")
    elseif(opt MATCHES "^--?schedule$")
      set(next "schedule")
    else()
      set(next "")
    endif()
  endforeach()
  list(APPEND deps ${arg_DEPENDS})
  set(abs_deps "")
  foreach(dep IN LISTS deps)
    if(dep MATCHES "^\\$<")           # a generator expression: as given
      list(APPEND abs_deps "${dep}")
    else()
      get_filename_component(dep "${dep}" ABSOLUTE
                             BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      list(APPEND abs_deps "${dep}")
    endif()
  endforeach()

  # The headers the C file includes (not the system ones): c2cuda's Clang
  # writes a depfile (-MMD) where the generator reads one.
  set(use_depfile FALSE)
  if(CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    set(use_depfile TRUE)
  endif()

  get_target_property(generated "${target}" C2CUDA_GENERATED_SOURCES)
  if(NOT generated)
    set(generated "")
  endif()
  set(outputs "")
  foreach(file IN LISTS arg_FILES)
    get_filename_component(src "${file}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(stem "${src}" NAME_WLE)
    set(out "${out_dir}/${stem}.cu")
    if(out IN_LIST generated)
      message(FATAL_ERROR "${fn}: ${out} is already generated for ${target}; "
        "give '${file}' its own OUTPUT_DIR")
    endif()
    list(APPEND generated "${out}")
    list(APPEND outputs "${out}")
    file(RELATIVE_PATH shown "${CMAKE_BINARY_DIR}" "${out}")
    set(depfile_args "")
    set(depfile_opts "")
    if(use_depfile)
      set(depfile "${out}.d")
      set(depfile_args DEPFILE "${depfile}")
      set(depfile_opts --extra-arg=-MMD "--extra-arg=-MF${depfile}"
                       "--extra-arg=-MT${out}")
    endif()
    add_custom_command(
      OUTPUT "${out}"
      COMMAND "$<TARGET_FILE:c2cuda::c2cuda>" ${options} ${depfile_opts}
              "${src}" -o "${out}"
      DEPENDS "${src}" "$<TARGET_FILE:c2cuda::c2cuda>" ${abs_deps}
      ${depfile_args}
      WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
      COMMENT "c2cuda: generating ${shown}"
      COMMAND_EXPAND_LISTS VERBATIM)
  endforeach()
  set_property(TARGET "${target}" PROPERTY C2CUDA_GENERATED_SOURCES "${generated}")
  target_sources("${target}" PRIVATE ${outputs})
  # The generated code is C++17 ([[maybe_unused]], nullptr).
  target_compile_features("${target}" PRIVATE cuda_std_17)
endfunction()
