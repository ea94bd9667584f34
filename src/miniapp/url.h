// url.h — WeChat-style page URLs: "/pages/a/a?k=v", "../b/b?x=1", "b?x=1".
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace miniapp {

using Query = std::map<std::string, std::string>;

struct PageUrl {
    std::string path; // "pages/index/index" (no leading slash)
    Query query;
};

// Resolve `url` against the page at `current` ("pages/index/index"), as wx.navigateTo does:
// a leading '/' is from the app root; otherwise relative to the current page's folder, with
// "." and ".." segments. Query values are percent-decoded ('+' is a space).
// nullopt when the url is empty or climbs above the root.
std::optional<PageUrl> resolve_url(std::string_view url, std::string_view current);

// Percent-decode; invalid escapes are kept literally.
std::string url_decode(std::string_view s);

// "pages/x/x?a=1&b=2" from a PageUrl (keys sorted, values percent-encoded).
std::string to_string(const PageUrl& url);

} // namespace miniapp
