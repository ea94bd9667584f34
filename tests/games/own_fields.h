// own_fields.h — a service reply without the fields every game's replies share
// (src/games/common/snapshot.h), key order kept: the games' tests check their own fields
// exactly, and the shared ones where they mean something to that game.
#pragma once
#include <nlohmann/json.hpp>

#include <initializer_list>
#include <string>

inline std::string own_fields(const std::string& reply, std::initializer_list<const char*> keep = {}) {
    auto j = nlohmann::ordered_json::parse(reply, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return reply;
    for (const char* k : {"cells", "turn", "legalMoves", "forbiddenPoints", "last", "outcome", "position"}) {
        bool kept = false;
        for (const char* x : keep) kept = kept || std::string(x) == k;
        if (!kept) j.erase(k);
    }
    return j.dump();
}

// One shared field of a reply.
inline nlohmann::json shared_field(const std::string& reply, const char* key) {
    auto j = nlohmann::json::parse(reply, nullptr, false);
    return j.is_object() && j.contains(key) ? j[key] : nlohmann::json();
}
