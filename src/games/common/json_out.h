// json_out.h — a minimal JSON *writer* for engine replies (the service protocol).
//
// Engines answer requests with one flat JSON object; building it by hand invites escaping
// bugs, so every reply goes through this. Reading JSON is never done here (the mini-app
// uses nlohmann::json for that).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace games {

class JsonOut {
  public:
    JsonOut& begin_object() { sep(); out_ += '{'; first_ = true; return *this; }
    JsonOut& end_object() { out_ += '}'; first_ = false; return *this; }
    JsonOut& begin_array() { sep(); out_ += '['; first_ = true; return *this; }
    JsonOut& end_array() { out_ += ']'; first_ = false; return *this; }
    // Object key; the next value call writes its value.
    JsonOut& key(std::string_view k) { sep(); str(k); out_ += ':'; first_ = true; return *this; }
    JsonOut& value(std::string_view s) { sep(); str(s); return *this; }
    JsonOut& value(const char* s) { return value(std::string_view(s)); }
    JsonOut& value(bool b) { sep(); out_ += b ? "true" : "false"; return *this; }
    JsonOut& value(int64_t v) { sep(); out_ += std::to_string(v); return *this; }
    JsonOut& value(int v) { return value(int64_t(v)); }
    JsonOut& value(uint64_t v) { sep(); out_ += std::to_string(v); return *this; }
    JsonOut& value(double v);
    JsonOut& null() { sep(); out_ += "null"; return *this; }
    template <class T> JsonOut& field(std::string_view k, const T& v) { key(k); return value(v); }

    const std::string& str() const { return out_; }

  private:
    void sep() {
        if (!first_) out_ += ',';
        first_ = false;
    }
    void str(std::string_view s);
    std::string out_;
    bool first_ = true;
};

// {"error": message} — the reply to any request that cannot be served.
std::string json_error(std::string_view message);

} // namespace games
