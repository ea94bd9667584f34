// Storage semantics, limits and corrupt values.
#include "miniapp/storage.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace miniapp;
using nlohmann::json;

TEST_CASE("set, get, remove, clear and info") {
    auto backend = std::make_unique<MemoryBackend>();
    auto* raw = backend.get();
    Storage s(std::move(backend));
    CHECK_FALSE(s.getStorageSync("k"));
    CHECK(s.setStorageSync("k", json{{"a", 1}, {"b", {true, nullptr, "한"}}}).errMsg == "setStorageSync:ok");
    CHECK(*s.getStorageSync("k") == json{{"a", 1}, {"b", {true, nullptr, "한"}}});
    CHECK(raw->entries.at("k") == R"({"data":{"a":1,"b":[true,null,"한"]},"miniarena":1})");
    CHECK(s.setStorageSync("n", 42).ok);
    CHECK(*s.getStorageSync("n") == 42);
    auto info = s.getStorageInfoSync();
    CHECK(info.keys == std::vector<std::string>{"k", "n"});
    CHECK(info.currentSize == 1 + std::string(R"({"a":1,"b":[true,null,"한"]})").size() + 1 + 2);
    CHECK(info.limitSize == 10 * 1024 * 1024);
    CHECK(s.removeStorageSync("k").ok);
    CHECK_FALSE(s.getStorageSync("k"));
    CHECK(raw->entries.count("k") == 0);
    s.clearStorageSync();
    CHECK(s.getStorageInfoSync().keys.empty());
    CHECK(s.getStorageInfoSync().currentSize == 0);
    CHECK(s.setStorageSync("", 1).errMsg == "setStorageSync:fail parameter error: key must not be empty");
}

TEST_CASE("1 MB per key, 10 MB in all") {
    Storage s(std::make_unique<MemoryBackend>());
    // key "k" (1 byte) + quotes (2) + payload: exactly 1 MB fits, one byte more does not
    std::string fits(Storage::kMaxEntryBytes - 3, 'x');
    CHECK(s.setStorageSync("k", fits).ok);
    auto r = s.setStorageSync("k", fits + "x");
    CHECK_FALSE(r.ok);
    CHECK(r.errMsg == "setStorageSync:fail entry size limit reached (1048577 bytes > 1 MB)");
    CHECK(*s.getStorageSync("k") == fits); // the old value is kept
    // fill to 10 MB with 1 MB entries
    for (int i = 1; i < 10; ++i) CHECK(s.setStorageSync("k" + std::to_string(i), std::string(Storage::kMaxEntryBytes - 4, 'y')).ok);
    CHECK(s.getStorageInfoSync().currentSize == 10 * Storage::kMaxEntryBytes);
    auto full = s.setStorageSync("more", 1);
    CHECK(full.errMsg == "setStorageSync:fail storage limit reached (10 MB)");
    // replacing an entry with a smaller one is allowed at the limit
    CHECK(s.setStorageSync("k", "small").ok);
    CHECK(s.setStorageSync("more", 1).ok);
}

TEST_CASE("corrupt and foreign entries are reported and ignored, not deleted") {
    auto backend = std::make_unique<MemoryBackend>();
    backend->entries["good"] = R"({"miniarena":1,"data":[1,2]})";
    backend->entries["broken"] = R"({"miniarena":1,"data":[1,2)";
    backend->entries["foreign"] = R"("someone else's")";
    backend->entries["nodata"] = R"({"miniarena":1})";
    auto* raw = backend.get();
    Storage s(std::move(backend));
    CHECK(*s.getStorageSync("good") == json{1, 2});
    CHECK_FALSE(s.getStorageSync("broken"));
    CHECK_FALSE(s.getStorageSync("foreign"));
    CHECK(s.problems() == std::vector<std::string>{
                              "storage key \"broken\" is corrupt (not JSON); ignored",
                              "storage key \"foreign\" was not written by this app; ignored",
                              "storage key \"nodata\" was not written by this app; ignored"});
    CHECK(raw->entries.count("broken") == 1); // nothing lost
    CHECK(s.setStorageSync("broken", "fixed").ok);
    CHECK(*s.getStorageSync("broken") == "fixed");
}

TEST_CASE("a refused write keeps the old value and says so") {
    auto backend = std::make_unique<MemoryBackend>();
    auto* raw = backend.get();
    Storage s(std::move(backend));
    CHECK(s.setStorageSync("k", 1).ok);
    raw->refuse_writes = true;
    CHECK(s.setStorageSync("k", 2).errMsg == "setStorageSync:fail the storage medium refused the write");
    CHECK(*s.getStorageSync("k") == 1);
}

TEST_CASE("the file backend persists across instances and survives a corrupt file") {
    auto dir = std::filesystem::temp_directory_path() / "miniarena-storage-test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "storage.json").string();
    {
        Storage s(std::make_unique<FileBackend>(path));
        CHECK(s.problems().empty());
        CHECK(s.setStorageSync("scores", json{{"X", 3}}).ok);
    }
    {
        Storage s(std::make_unique<FileBackend>(path));
        CHECK(*s.getStorageSync("scores") == json{{"X", 3}});
    }
    {
        std::ofstream(path) << "{not json";
        Storage s(std::make_unique<FileBackend>(path));
        REQUIRE(s.problems().size() == 1);
        CHECK(s.problems()[0] == "storage file " + path + " is corrupt; moved to " + path + ".corrupt");
        CHECK(std::filesystem::exists(path + ".corrupt"));
        CHECK(s.setStorageSync("fresh", true).ok);
    }
    Storage s(std::make_unique<FileBackend>(path));
    CHECK(*s.getStorageSync("fresh") == true);
    std::filesystem::remove_all(dir);
}

TEST_CASE("keys must be UTF-8 and values at most 254 levels deep (found by fuzzing)") {
    const std::string dir = (std::filesystem::temp_directory_path() / "miniarena-storage-utf8").string();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    Storage s(std::make_unique<FileBackend>(dir + "/s.json"));
    auto r = s.setStorageSync(std::string("bad\xff"), 1);
    CHECK(r.errMsg == "setStorageSync:fail parameter error: key must be UTF-8 text");
    CHECK(s.setStorageSync("한글 키", 1).ok);
    json deep = 1;
    for (int i = 0; i < 300; ++i) deep = json::array({deep});
    CHECK(s.setStorageSync("deep", deep).errMsg == "setStorageSync:fail parameter error: data nested more than 254 levels deep");
    json fine = 1;
    for (int i = 0; i < 200; ++i) fine = json::array({fine});
    CHECK(s.setStorageSync("fine", fine).ok);
    std::filesystem::remove_all(dir);
}

TEST_CASE("a stored value nested too deeply is reported at start-up, not fatal") {
    auto backend = std::make_unique<MemoryBackend>();
    backend->entries["deep"] = std::string(100000, '[') + std::string(100000, ']');
    backend->entries["ok"] = R"({"miniarena":1,"data":"[[[ in a string ]]]"})";
    Storage s(std::move(backend));
    CHECK(s.problems() == std::vector<std::string>{"storage key \"deep\" is nested too deeply; ignored"});
    CHECK(*s.getStorageSync("ok") == "[[[ in a string ]]]");
}
