# Writes OUT, a C++ header defining `static const char NAME[]` as the bytes
# of IN (a raw string literal), for sources kept as ordinary files but
# compiled into a binary (lib/tunegen/runtime/*.cuh). Run at build time:
#   cmake -DIN=file -DOUT=file.inc -DNAME=Identifier -P EmbedText.cmake
# OUT is rewritten only when its text changes.
file(READ "${IN}" C2CUDA_EMBED_TEXT)
string(FIND "${C2CUDA_EMBED_TEXT}" ")c2c_embed\"" C2CUDA_EMBED_CLASH)
if(NOT C2CUDA_EMBED_CLASH EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw string's end ')c2c_embed\"'")
endif()
get_filename_component(C2CUDA_EMBED_NAME "${IN}" NAME)
file(WRITE "${OUT}.tmp"
  "// Generated from ${C2CUDA_EMBED_NAME} by cmake/EmbedText.cmake; do not edit.\n"
  "static const char ${NAME}[] = R\"c2c_embed(${C2CUDA_EMBED_TEXT})c2c_embed\";\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
