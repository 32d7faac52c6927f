# c2cuda_embed_text(OUTVAR DIR FILE:NAME ...): for each DIR/FILE, a build
# rule writing ${CMAKE_CURRENT_BINARY_DIR}/embedded/FILE.inc, which defines
# `static const char NAME[]` as FILE's bytes (cmake/EmbedText.cmake). Keeps
# sources such as the tuning harness's CUDA or the report's CSS and JS in
# ordinary files while the binaries carry them. OUTVAR gets the .inc paths
# (list them among the target's sources; add
# ${CMAKE_CURRENT_BINARY_DIR}/embedded to its include directories).
function(c2cuda_embed_text OUTVAR DIR)
  set(outs)
  foreach(pair ${ARGN})
    string(REPLACE ":" ";" pair "${pair}")
    list(GET pair 0 file)
    list(GET pair 1 name)
    set(in ${DIR}/${file})
    set(out ${CMAKE_CURRENT_BINARY_DIR}/embedded/${file}.inc)
    add_custom_command(OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -DIN=${in} -DOUT=${out} -DNAME=${name}
              -P ${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake
      DEPENDS ${in} ${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake
      COMMENT "Embedding ${file}")
    list(APPEND outs ${out})
  endforeach()
  set(${OUTVAR} ${outs} PARENT_SCOPE)
endfunction()
