// web_storage.cpp — miniapp::StorageBackend over window.localStorage.
#include "web_host.h"

#include <emscripten.h>
#include <nlohmann/json.hpp>

#include <cstdlib>

namespace platform {

// clang-format off
// {"key": text, …} for every "miniarena:" entry, or null when localStorage is unusable.
EM_JS(char*, js_storage_load, (), {
    var out = null;
    try {
        var ls = window.localStorage, o = {};
        for (var i = 0; i < ls.length; i++) {
            var k = ls.key(i);
            if (k && k.indexOf("miniarena:") === 0) o[k.substring(10)] = ls.getItem(k);
        }
        out = JSON.stringify(o);
    } catch (e) { out = "null"; }
    var n = lengthBytesUTF8(out) + 1, p = _malloc(n);
    stringToUTF8(out, p, n);
    return p;
});
EM_JS(int, js_storage_write, (const char* key, const char* text), {
    try { window.localStorage.setItem("miniarena:" + UTF8ToString(key), UTF8ToString(text)); return 1; }
    catch (e) { return 0; }
});
EM_JS(void, js_storage_remove, (const char* key), {
    try { window.localStorage.removeItem("miniarena:" + UTF8ToString(key)); } catch (e) {}
});
// clang-format on

namespace {

class LocalStorageBackend : public miniapp::StorageBackend {
  public:
    std::vector<std::pair<std::string, std::string>> load() override {
        char* p = js_storage_load();
        nlohmann::json j = nlohmann::json::parse(p, nullptr, false);
        std::free(p);
        std::vector<std::pair<std::string, std::string>> out;
        if (!j.is_object()) {
            problem_ = "localStorage is not available: settings and games are kept for this visit only";
            usable_ = false;
            return out;
        }
        for (auto it = j.begin(); it != j.end(); ++it)
            if (it->is_string()) out.emplace_back(it.key(), it->get<std::string>());
        return out;
    }
    bool write(const std::string& key, const std::string& text) override {
        return !usable_ || js_storage_write(key.c_str(), text.c_str()) != 0;
    }
    void remove(const std::string& key) override {
        if (usable_) js_storage_remove(key.c_str());
    }
    std::string problem() const override { return problem_; }

  private:
    bool usable_ = true;
    std::string problem_;
};

} // namespace

std::unique_ptr<miniapp::StorageBackend> make_local_storage_backend() {
    return std::make_unique<LocalStorageBackend>();
}

} // namespace platform
