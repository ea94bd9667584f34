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
EM_JS(void, js_engine_warm, (const char* game), { Module.miniappEngine.warm(UTF8ToString(game)); });
EM_JS(void, js_announce, (const char* text), { Module.miniappAnnounce(UTF8ToString(text)); });
EM_JS(void, js_clipboard, (const char* text), {
    var t = UTF8ToString(text);
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(t).catch(function() {});
});
// The link to the top-level app (shell/miniapp/api.js): the share sheet (1) or the clipboard (0).
EM_JS(int, js_share, (const char* page_url, const char* title), {
    return Module.miniappShare(UTF8ToString(page_url), UTF8ToString(title)) ? 1 : 0;
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
EM_JS(void, js_prompt_close, (int id), { Module.miniappPromptClose(id); });
// A page's script module: <module>/<module>.js is loaded on first use and registers itself as
// window.miniappScripts[module] = {ready, call}; ready resolves once it can take calls, and
// call(id, op, args, send) answers one, sending each message back through
// _miniapp_script_message(id, json). A module that failed to load is tried again on the next call.
EM_JS(void, js_script_call, (int id, const char* module_ptr, const char* op_ptr, const char* args_ptr), {
    var name = UTF8ToString(module_ptr), op = UTF8ToString(op_ptr), args = JSON.parse(UTF8ToString(args_ptr));
    var send = function (msg) {
        Module.ccall('miniapp_script_message', null, ['number', 'string'], [id, JSON.stringify(msg)]);
    };
    var registered = function () { return window.miniappScripts && window.miniappScripts[name]; };
    Module.scriptBoots = Module.scriptBoots || {};
    if (!Module.scriptBoots[name]) {
        Module.scriptBoots[name] = new Promise(function (resolve, reject) {
            if (registered()) return resolve(registered().ready);
            var s = document.createElement('script');
            s.src = name + '/' + name + '.js';
            s.onload = function () {
                if (registered()) resolve(registered().ready);
                else reject(new Error(s.src + ' did not register the script module ' + name));
            };
            s.onerror = function () { reject(new Error(name + '/' + name + '.js could not be loaded')); };
            document.head.appendChild(s);
        });
        Module.scriptBoots[name].catch(function () { delete Module.scriptBoots[name]; });
    }
    Module.scriptBoots[name].then(function () {
        return registered().call(id, op, args, send);
    }).catch(function (err) {
        send({ type: 'error', message: String(err && err.message || err) });
    });
});
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

void WebHost::engine_warm(const std::string& game) { js_engine_warm(game.c_str()); }

void WebHost::deliver(int ticket, const std::string& reply) {
    auto it = pending_.find(ticket);
    if (it == pending_.end()) return; // cancelled
    auto done = std::move(it->second);
    pending_.erase(it);
    done(reply);
}

void WebHost::announce(const std::string& text) { js_announce(text.c_str()); }
void WebHost::set_clipboard(const std::string& text) { js_clipboard(text.c_str()); }
bool WebHost::share_link(const std::string& page_url, const std::string& title) {
    return js_share(page_url.c_str(), title.c_str()) != 0;
}

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

int WebHost::prompt_text(const ui::TextPrompt& p, std::function<void(std::optional<std::string>)> done) {
    int id = next_prompt_++;
    prompts_[id] = std::move(done);
    nlohmann::json spec = {{"title", p.title},       {"message", p.message}, {"initial", p.initial},
                           {"placeholder", p.placeholder}, {"ok", p.ok},     {"cancel", p.cancel},
                           {"accept", p.file_accept}, {"fileLabel", p.file_label}, {"multiline", p.multiline}};
    js_prompt(id, spec.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    return id;
}

void WebHost::close_prompt(int id) {
    if (prompts_.erase(id)) js_prompt_close(id);
}

void WebHost::prompt_done(int id, bool ok, const std::string& text) {
    auto it = prompts_.find(id);
    if (it == prompts_.end()) return;
    auto done = std::move(it->second);
    prompts_.erase(it);
    done(ok ? std::optional<std::string>(text) : std::nullopt);
}

} // namespace platform

namespace platform {

int WebHost::script_call(const std::string& module, const std::string& op,
                         const std::string& args_json,
                         std::function<void(const std::string&)> on_message) {
    int id = next_script_call_++;
    script_calls_[id] = std::move(on_message);
    js_script_call(id, module.c_str(), op.c_str(), args_json.c_str());
    return id;
}

void WebHost::script_forget(int id) { script_calls_.erase(id); }

void WebHost::script_message(int id, const std::string& json) {
    auto it = script_calls_.find(id);
    if (it == script_calls_.end()) return;
    auto on_message = it->second; // a copy: the callback may forget its own call
    on_message(json);
}

} // namespace platform
