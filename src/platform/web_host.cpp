#include "web_host.h"

#include <emscripten.h>
#include <nlohmann/json.hpp>

#include <cstdlib>

namespace platform {

// clang-format off
EM_JS(void, js_engine_post, (int ticket, const char* request), {
    Module.miniappEngine.post(ticket, UTF8ToString(request));
});
EM_JS(void, js_engine_cancel, (int ticket), { Module.miniappEngine.cancel(ticket); });
EM_JS(void, js_announce, (const char* text), { Module.miniappAnnounce(UTF8ToString(text)); });
EM_JS(void, js_clipboard, (const char* text), {
    var t = UTF8ToString(text);
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(t).catch(function() {});
});
EM_JS(char*, js_locale, (), {
    var s = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
    var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
});
EM_JS(void, js_title, (const char* title), { document.title = UTF8ToString(title); });
EM_JS(void, js_fatal, (const char* message), { Module.miniappFatal(UTF8ToString(message)); });
EM_JS(void, js_emit, (const char* json), { Module.miniappEmit(UTF8ToString(json)); });
EM_JS(void, js_prompt, (int id, const char* spec), { Module.miniappPrompt(id, JSON.parse(UTF8ToString(spec))); });
// clang-format on

double WebHost::now_ms() { return emscripten_get_now(); }

int WebHost::engine_request(const std::string& request, std::function<void(const std::string&)> done) {
    int ticket = next_ticket_++;
    pending_[ticket] = std::move(done);
    js_engine_post(ticket, request.c_str());
    return ticket;
}

void WebHost::engine_cancel(int ticket) {
    if (pending_.erase(ticket)) js_engine_cancel(ticket);
}

void WebHost::deliver(int ticket, const std::string& reply) {
    auto it = pending_.find(ticket);
    if (it == pending_.end()) return; // cancelled
    auto done = std::move(it->second);
    pending_.erase(it);
    done(reply);
}

void WebHost::announce(const std::string& text) { js_announce(text.c_str()); }
void WebHost::set_clipboard(const std::string& text) { js_clipboard(text.c_str()); }

std::string WebHost::locale() {
    char* p = js_locale();
    std::string s(p);
    std::free(p);
    return s;
}

void WebHost::set_document_title(const std::string& title) { js_title(title.c_str()); }
void WebHost::show_fatal(const std::string& message) { js_fatal(message.c_str()); }
void WebHost::emit_event(const std::string& json) { js_emit(json.c_str()); }
std::unique_ptr<miniapp::StorageBackend> WebHost::storage_backend() { return make_local_storage_backend(); }

} // namespace platform

namespace platform {

void WebHost::prompt_text(const ui::TextPrompt& p, std::function<void(std::optional<std::string>)> done) {
    int id = next_prompt_++;
    prompts_[id] = std::move(done);
    nlohmann::json spec = {{"title", p.title},       {"message", p.message}, {"initial", p.initial},
                           {"placeholder", p.placeholder}, {"ok", p.ok},     {"cancel", p.cancel},
                           {"accept", p.file_accept}, {"fileLabel", p.file_label}, {"multiline", p.multiline}};
    js_prompt(id, spec.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
}

void WebHost::prompt_done(int id, bool ok, const std::string& text) {
    auto it = prompts_.find(id);
    if (it == prompts_.end()) return;
    auto done = std::move(it->second);
    prompts_.erase(it);
    done(ok ? std::optional<std::string>(text) : std::nullopt);
}

} // namespace platform
