#include "miniapp/storage.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string_view>
#include <vector>

namespace miniapp {

using nlohmann::json;

namespace {

constexpr int kMaxDepth = 256; // deeper JSON is refused: serializing it recurses

// Does `text` nest arrays/objects more than `limit` deep (strings skipped)? Checked before
// parsing, so a hostile stored value cannot overflow the stack later.
bool text_nests_deeper_than(std::string_view text, int limit) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit) return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

// The same for a parsed value, without recursion.
bool nests_deeper_than(const json& value, int limit) {
    std::vector<std::pair<const json*, int>> todo{{&value, 1}};
    while (!todo.empty()) {
        auto [v, d] = todo.back();
        todo.pop_back();
        if (!v->is_structured()) continue;
        if (d > limit) return true;
        for (const auto& child : *v) todo.push_back({&child, d + 1});
    }
    return false;
}

// Well-formed UTF-8 (keys end up as JSON strings and as localStorage keys).
bool valid_utf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n == 0 || i + size_t(n) > s.size() || (n == 2 && c < 0xC2)) return false;
        for (int k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + size_t(k)]) >> 6) != 2) return false;
        i += size_t(n);
    }
    return true;
}

} // namespace

// --- MemoryBackend ---------------------------------------------------------------------

std::vector<std::pair<std::string, std::string>> MemoryBackend::load() {
    return {entries.begin(), entries.end()};
}

bool MemoryBackend::write(const std::string& key, const std::string& text) {
    if (refuse_writes) return false;
    entries[key] = text;
    return true;
}

void MemoryBackend::remove(const std::string& key) { entries.erase(key); }

// --- FileBackend -----------------------------------------------------------------------

std::vector<std::pair<std::string, std::string>> FileBackend::load() {
    entries_.clear();
    std::ifstream in(path_, std::ios::binary);
    if (!in) return {}; // no file yet: empty storage
    std::stringstream ss;
    ss << in.rdbuf();
    json j = json::parse(ss.str(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        // Keep the bytes for the user: move the file aside rather than overwrite it.
        problem_ = "storage file " + path_ + " is corrupt; moved to " + path_ + ".corrupt";
        in.close();
        std::rename(path_.c_str(), (path_ + ".corrupt").c_str());
        return {};
    }
    for (auto it = j.begin(); it != j.end(); ++it)
        entries_[it.key()] = it->is_string() ? it->get<std::string>() : it->dump();
    return {entries_.begin(), entries_.end()};
}

// Write the whole file through a temporary and a rename, so a crash never leaves half a file.
bool FileBackend::flush() {
    json j = json::object();
    for (const auto& [k, v] : entries_) j[k] = v;
    const std::string tmp = path_ + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) return false;
        out << j.dump(-1, ' ', false, json::error_handler_t::replace);
        if (!out) return false;
    }
    return std::rename(tmp.c_str(), path_.c_str()) == 0;
}

bool FileBackend::write(const std::string& key, const std::string& text) {
    auto old = entries_.find(key);
    std::optional<std::string> previous;
    if (old != entries_.end()) previous = old->second;
    entries_[key] = text;
    if (flush()) return true;
    if (previous) entries_[key] = *previous; else entries_.erase(key);
    return false;
}

void FileBackend::remove(const std::string& key) {
    entries_.erase(key);
    flush();
}

// --- Storage ---------------------------------------------------------------------------

size_t Storage::entry_size(const std::string& key, const std::string& data) {
    return key.size() + data.size();
}

Storage::Storage(std::unique_ptr<StorageBackend> backend) : backend_(std::move(backend)) {
    if (!backend_) backend_ = std::make_unique<MemoryBackend>();
    for (auto& [key, text] : backend_->load()) {
        if (text_nests_deeper_than(text, kMaxDepth)) {
            problems_.push_back("storage key \"" + key + "\" is nested too deeply; ignored");
            continue;
        }
        json env = json::parse(text, nullptr, false);
        if (env.is_discarded()) {
            problems_.push_back("storage key \"" + key + "\" is corrupt (not JSON); ignored");
            continue;
        }
        if (!env.is_object() || !env.contains("miniarena") || !env.contains("data")) {
            problems_.push_back("storage key \"" + key + "\" was not written by this app; ignored");
            continue;
        }
        std::string data = env["data"].dump();
        total_ += entry_size(key, data);
        data_[key] = std::move(data);
    }
    if (std::string p = backend_->problem(); !p.empty()) problems_.push_back(p);
}

StorageResult Storage::setStorageSync(const std::string& key, const json& value) {
    if (key.empty()) return {false, "setStorageSync:fail parameter error: key must not be empty"};
    if (value.is_discarded()) return {false, "setStorageSync:fail parameter error: no data"};
    if (!valid_utf8(key)) return {false, "setStorageSync:fail parameter error: key must be UTF-8 text"};
    if (nests_deeper_than(value, kMaxDepth - 2))
        return {false, "setStorageSync:fail parameter error: data nested more than 254 levels deep"};
    std::string data = value.dump(-1, ' ', false, json::error_handler_t::replace);
    size_t size = entry_size(key, data);
    if (size > kMaxEntryBytes)
        return {false, "setStorageSync:fail entry size limit reached (" + std::to_string(size) +
                           " bytes > 1 MB)"};
    auto old = data_.find(key);
    size_t old_size = old == data_.end() ? 0 : entry_size(key, old->second);
    if (total_ - old_size + size > kMaxTotalBytes)
        return {false, "setStorageSync:fail storage limit reached (10 MB)"};
    json env = {{"miniarena", 1}, {"data", value}};
    if (!backend_->write(key, env.dump(-1, ' ', false, json::error_handler_t::replace)))
        return {false, "setStorageSync:fail the storage medium refused the write"};
    total_ = total_ - old_size + size;
    data_[key] = std::move(data);
    return {true, "setStorageSync:ok"};
}

std::optional<json> Storage::getStorageSync(const std::string& key) const {
    auto it = data_.find(key);
    if (it == data_.end()) return std::nullopt;
    return json::parse(it->second, nullptr, false);
}

StorageResult Storage::removeStorageSync(const std::string& key) {
    auto it = data_.find(key);
    if (it != data_.end()) {
        total_ -= entry_size(key, it->second);
        data_.erase(it);
        backend_->remove(key);
    }
    return {true, "removeStorageSync:ok"};
}

void Storage::clearStorageSync() {
    for (auto& [key, _] : data_) backend_->remove(key);
    data_.clear();
    total_ = 0;
}

StorageInfo Storage::getStorageInfoSync() const {
    StorageInfo info;
    for (auto& [key, _] : data_) info.keys.push_back(key);
    info.currentSize = total_;
    info.limitSize = kMaxTotalBytes;
    return info;
}

} // namespace miniapp

namespace miniapp {

void Storage::report_problem(const std::string& message) {
    if (std::find(problems_.begin(), problems_.end(), message) == problems_.end()) problems_.push_back(message);
}

} // namespace miniapp
