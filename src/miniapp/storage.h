// storage.h — wx.setStorageSync / getStorageSync / removeStorageSync semantics.
//
// Values are JSON. Limits as WeChat: 1 MB per key (key + serialized value), 10 MB in all.
// The backend is localStorage in the browser (src/platform) and one file natively. Every
// entry is stored inside an envelope {"miniarena":1,"data":…}; a stored entry that does not
// parse or lacks the envelope (corrupt, or written by someone else) is reported in
// problems() and ignored — never fatal, never deleted behind the user's back.
#pragma once
#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace miniapp {

// Where raw entries live. Keys and texts are opaque to the backend.
class StorageBackend {
  public:
    virtual ~StorageBackend() = default;
    // Every stored (key, text) pair that belongs to this app.
    virtual std::vector<std::pair<std::string, std::string>> load() = 0;
    // Persist one entry; false when the medium refuses (quota, I/O error).
    virtual bool write(const std::string& key, const std::string& text) = 0;
    virtual void remove(const std::string& key) = 0;
    // A problem with the medium found while loading (e.g. a corrupt file), or "".
    virtual std::string problem() const { return {}; }
};

// Keeps entries in memory only (tests, and the fallback when no medium works).
class MemoryBackend : public StorageBackend {
  public:
    std::vector<std::pair<std::string, std::string>> load() override;
    bool write(const std::string& key, const std::string& text) override;
    void remove(const std::string& key) override;
    std::map<std::string, std::string> entries;
    bool refuse_writes = false; // simulate a full medium
};

// One JSON file holding {key: text}. A corrupt file is moved aside to "<path>.corrupt".
class FileBackend : public StorageBackend {
  public:
    explicit FileBackend(std::string path) : path_(std::move(path)) {}
    std::vector<std::pair<std::string, std::string>> load() override;
    bool write(const std::string& key, const std::string& text) override;
    void remove(const std::string& key) override;
    std::string problem() const override { return problem_; }

  private:
    bool flush();
    std::string path_;
    std::map<std::string, std::string> entries_;
    std::string problem_;
};

struct StorageResult {
    bool ok = false;
    std::string errMsg; // "setStorageSync:ok" / "setStorageSync:fail …"
};

struct StorageInfo {
    std::vector<std::string> keys;
    size_t currentSize = 0; // bytes
    size_t limitSize = 0;   // bytes
};

class Storage {
  public:
    static constexpr size_t kMaxEntryBytes = 1024 * 1024;
    static constexpr size_t kMaxTotalBytes = 10 * 1024 * 1024;

    explicit Storage(std::unique_ptr<StorageBackend> backend);

    StorageResult setStorageSync(const std::string& key, const nlohmann::json& value);
    // The stored value; nullopt when absent (WeChat returns "").
    std::optional<nlohmann::json> getStorageSync(const std::string& key) const;
    StorageResult removeStorageSync(const std::string& key);
    void clearStorageSync();
    StorageInfo getStorageInfoSync() const;

    // Entries found corrupt or foreign at load, one message each.
    const std::vector<std::string>& problems() const { return problems_; }
    // A value that parsed but does not hold what its reader expects (a count that is not a
    // number): reported beside the others, once; the reader ignores it.
    void report_problem(const std::string& message);

  private:
    static size_t entry_size(const std::string& key, const std::string& data);
    std::unique_ptr<StorageBackend> backend_;
    std::map<std::string, std::string> data_; // key → serialized value (no envelope)
    size_t total_ = 0;
    std::vector<std::string> problems_;
};

} // namespace miniapp
