// fault.h — a notation parser's way out, shared by the games: the fault as English text (the
// game's own fault_message, found by argument-dependent lookup) and, when asked for, as data.
#pragma once
#include <string>

namespace games {

// Always false, for `return fail(...)` at the point of the fault.
template <class Fault>
bool fail(const Fault& f, std::string& error, Fault* out) {
    error = fault_message(f);
    if (out) *out = f;
    return false;
}

} // namespace games
