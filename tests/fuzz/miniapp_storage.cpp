// miniapp_storage — Storage over a backend holding arbitrary stored texts (what another site
// or an older build might have left in localStorage, or a damaged storage file), then a few
// operations. Input: stored entries, a line "---", then operations.
//   stored entries  one per line, "key<TAB>text" (a line "@file" first: the rest of the
//                   section is the raw content of a FileBackend file instead)
//   operations      "+key<TAB>json" set, "-key" remove, "?key" get, "!" clear, "#" info
// Promises: construction never throws and reports (never loses) bad entries; a value set is
// read back equal; sizes stay within the limits and add up.
#include <unistd.h>

#include <fstream>

#include "fuzz_common.h"
#include "miniapp/storage.h"

using nlohmann::json;

namespace {

std::pair<std::string, std::string> key_text(std::string_view line) {
    const size_t tab = line.find('\t');
    if (tab == std::string_view::npos) return {std::string(line), std::string()};
    return {std::string(line.substr(0, tab)), std::string(line.substr(tab + 1))};
}

const std::string& file_path() {
    static const std::string path = [] {
        const char* dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        return std::string(dir) + "/miniarena-fuzz-storage-" + std::to_string(getpid()) + ".json";
    }();
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text = fuzz::as_text(data, size);
    std::string_view stored = text, ops;
    if (const size_t sep = text.find("\n---\n"); sep != std::string_view::npos) {
        stored = text.substr(0, sep);
        ops = text.substr(sep + 5);
    }

    std::unique_ptr<miniapp::StorageBackend> backend;
    size_t loaded_entries = 0;
    bool file_backend = false;
    if (stored.substr(0, 6) == "@file\n") {
        file_backend = true;
        std::remove(file_path().c_str());
        std::remove((file_path() + ".corrupt").c_str());
        {
            std::ofstream f(file_path(), std::ios::binary);
            f.write(stored.data() + 6, std::streamsize(stored.size() - 6));
        }
        backend = std::make_unique<miniapp::FileBackend>(file_path());
    } else {
        auto mem = std::make_unique<miniapp::MemoryBackend>();
        for (std::string_view line : fuzz::lines(stored, 64)) mem->entries.insert(key_text(line));
        loaded_entries = mem->entries.size();
        mem->refuse_writes = !ops.empty() && ops.front() == 'R'; // a full medium
        backend = std::move(mem);
    }

    miniapp::Storage storage(std::move(backend));
    auto info = storage.getStorageInfoSync();
    if (!file_backend)
        FUZZ_CHECK(info.keys.size() + storage.problems().size() == loaded_entries,
                   "every stored entry is either kept or reported");
    for (const std::string& key : info.keys) {
        const auto v = storage.getStorageSync(key);
        FUZZ_CHECK(v && !v->is_discarded(), "a kept entry reads back: " + fuzz::printable(key));
    }

    for (std::string_view line : fuzz::lines(ops, 64)) {
        if (line.empty()) continue;
        const char op = line.front();
        line.remove_prefix(1);
        if (op == '+') {
            auto [key, value_text] = key_text(line);
            const json value = json::parse(value_text, nullptr, false);
            const auto before = storage.getStorageSync(key);
            const auto r = storage.setStorageSync(key, value);
            const auto after = storage.getStorageSync(key);
            if (r.ok) {
                FUZZ_CHECK(r.errMsg == "setStorageSync:ok", r.errMsg);
                FUZZ_CHECK(after && *after == value, "set then get: " + fuzz::printable(key));
            } else {
                FUZZ_CHECK(r.errMsg.rfind("setStorageSync:fail", 0) == 0, r.errMsg);
                FUZZ_CHECK(before.has_value() == after.has_value() && (!before || *before == *after),
                           "a refused set changes nothing: " + fuzz::printable(key));
            }
        } else if (op == '-') {
            const auto r = storage.removeStorageSync(std::string(line));
            FUZZ_CHECK(r.ok, r.errMsg);
            FUZZ_CHECK(!storage.getStorageSync(std::string(line)), "removed");
        } else if (op == '?') {
            (void)storage.getStorageSync(std::string(line));
        } else if (op == '!') {
            storage.clearStorageSync();
            FUZZ_CHECK(storage.getStorageInfoSync().keys.empty(), "cleared");
        } else if (op == '#') {
            info = storage.getStorageInfoSync();
        }
    }

    // Sizes add up: every kept entry counts key + serialized value.
    info = storage.getStorageInfoSync();
    size_t sum = 0;
    for (const std::string& key : info.keys)
        sum += key.size() +
               storage.getStorageSync(key)->dump(-1, ' ', false, json::error_handler_t::replace).size();
    FUZZ_CHECK(sum == info.currentSize, "currentSize " + std::to_string(info.currentSize) +
                                            " != sum of entries " + std::to_string(sum));
    if (file_backend) {
        std::remove(file_path().c_str());
        std::remove((file_path() + ".corrupt").c_str());
        std::remove((file_path() + ".tmp").c_str());
    }
    return 0;
}
