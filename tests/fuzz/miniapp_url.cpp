// miniapp_url — wx.navigateTo-style urls: first line the url, second line the current page
// (made into a clean page path first, as the router would have it).
// Promises: a resolved url is a clean relative path (no empty, "." or ".." segments) and
// to_string() of it resolves back to the same path and query.
#include "fuzz_common.h"
#include "miniapp/url.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto [url, current_line] = fuzz::split_first_line(fuzz::as_text(data, size));
    // The current page comes from the router: a clean page path (no query, no "." or ".."
    // segments), so the second line is first made into one.
    const auto cur = miniapp::resolve_url("/" + std::string(current_line), "");
    const std::string current = cur ? cur->path : std::string();
    (void)miniapp::url_decode(url);
    const auto r = miniapp::resolve_url(url, current);
    if (!r) return 0;
    const std::string& path = r->path;
    FUZZ_CHECK(!path.empty() && path.front() != '/' && path.back() != '/', path);
    FUZZ_CHECK(path.find("//") == std::string::npos, path);
    FUZZ_CHECK(("/" + path + "/").find("/../") == std::string::npos, path);
    FUZZ_CHECK(("/" + path + "/").find("/./") == std::string::npos, path);
    for (const auto& [k, v] : r->query) FUZZ_CHECK(!k.empty(), "empty query key");

    const std::string again = miniapp::to_string(*r);
    const auto r2 = miniapp::resolve_url("/" + again, "pages/elsewhere/elsewhere");
    FUZZ_CHECK(r2.has_value(), "to_string resolves: " + fuzz::printable(again));
    FUZZ_CHECK(r2->path == r->path, "path round trip: " + fuzz::printable(again));
    FUZZ_CHECK(r2->query == r->query, "query round trip: " + fuzz::printable(again));
    return 0;
}
