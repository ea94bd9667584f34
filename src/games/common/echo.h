// echo.h — input quoted back in a protocol reply (Gomocup's UNKNOWN/ERROR, NBoard's status error).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace games {

// The first `max` bytes of s (then "..."), control and non-ASCII bytes as \xNN and the backslash
// as \\, so that a reply stays one short printable line whatever came in.
std::string echo(std::string_view s, size_t max);

} // namespace games
