# embed_weights.cmake — writes a C++ source holding the bytes of a data file, for native builds
# to compile in: the pattern weights (patterns.cpp: embedded_weights) and the opening book
# (book.cpp: embedded_book), read by the same parsers as the files the web build ships. Run at
# build time:
#   cmake -DIN=data/weights-<hash>.bin -DOUT=embedded_weights.cpp -P embed_weights.cmake
#   cmake -DIN=data/book-<hash>.bin -DOUT=embedded_book.cpp -DSYMBOL=EMBEDDED_BOOK
#         -DNAMESPACE=othello -P embed_weights.cmake
# SYMBOL and NAMESPACE default to the weights' (EMBEDDED_WEIGHTS in othello::patterns).
# No tool but CMake: its hex dump (lowercase) becomes "0x..," 24 bytes a line.
if(NOT IN OR NOT OUT)
  message(FATAL_ERROR "usage: cmake -DIN=file.bin -DOUT=file.cpp [-DSYMBOL=S -DNAMESPACE=N] "
                      "-P embed_weights.cmake")
endif()
if(NOT SYMBOL)
  set(SYMBOL EMBEDDED_WEIGHTS)
endif()
if(NOT NAMESPACE)
  set(NAMESPACE othello::patterns)
endif()
get_filename_component(_name ${IN} NAME)
file(READ ${IN} _hex HEX)
string(LENGTH "${_hex}" _digits)
math(EXPR _size "${_digits} / 2")
string(REGEX REPLACE "(................................................)" "\\1\n" _hex "${_hex}")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _bytes "${_hex}")
file(WRITE ${OUT}.tmp
"// Generated at build time by embed_weights.cmake from ${_name}
// (${_size} bytes): the data file, compiled in. Do not edit: the data is the .bin.
#include <cstddef>

namespace ${NAMESPACE} {

extern const unsigned char ${SYMBOL}[];
extern const std::size_t ${SYMBOL}_SIZE;

const unsigned char ${SYMBOL}[] = {
${_bytes}
};
const std::size_t ${SYMBOL}_SIZE = sizeof ${SYMBOL};

} // namespace ${NAMESPACE}
")
file(RENAME ${OUT}.tmp ${OUT})
