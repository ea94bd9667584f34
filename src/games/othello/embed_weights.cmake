# embed_weights.cmake — writes a C++ source holding the bytes of the pattern weights file, for
# native builds to compile in (patterns.cpp: embedded_weights, read by the same parser as the
# file the web build ships). Run at build time:
#   cmake -DIN=data/weights-<hash>.bin -DOUT=embedded_weights.cpp -P embed_weights.cmake
# No tool but CMake: its hex dump (lowercase) becomes "0x..," 24 bytes a line.
if(NOT IN OR NOT OUT)
  message(FATAL_ERROR "usage: cmake -DIN=weights.bin -DOUT=file.cpp -P embed_weights.cmake")
endif()
get_filename_component(_name ${IN} NAME)
file(READ ${IN} _hex HEX)
string(LENGTH "${_hex}" _digits)
math(EXPR _size "${_digits} / 2")
string(REGEX REPLACE "(................................................)" "\\1\n" _hex "${_hex}")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _bytes "${_hex}")
file(WRITE ${OUT}.tmp
"// Generated at build time by embed_weights.cmake from ${_name}
// (${_size} bytes): the pattern weights file, compiled in. Do not edit: the data is the .bin.
#include <cstddef>

namespace othello::patterns {

extern const unsigned char EMBEDDED_WEIGHTS[];
extern const std::size_t EMBEDDED_WEIGHTS_SIZE;

const unsigned char EMBEDDED_WEIGHTS[] = {
${_bytes}
};
const std::size_t EMBEDDED_WEIGHTS_SIZE = sizeof EMBEDDED_WEIGHTS;

} // namespace othello::patterns
")
file(RENAME ${OUT}.tmp ${OUT})
