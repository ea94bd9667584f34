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
// The Bot Lab core: botlab/botlab.js is loaded on first use; each call's messages come back
// through _miniapp_botlab_message(id, json). Runs keep their handle for "stop".
EM_JS(void, js_botlab_call, (int id, const char* op_ptr, const char* args_ptr), {
    var op = UTF8ToString(op_ptr), args = JSON.parse(UTF8ToString(args_ptr));
    var send = function (msg) {
        Module.ccall('miniapp_botlab_message', null, ['number', 'string'], [id, JSON.stringify(msg)]);
    };
    Module.botlabRuns = Module.botlabRuns || {};
    if (!Module.botlabBoot) {
        Module.botlabBoot = new Promise(function (resolve, reject) {
            if (window.MiniArenaBotLab) return resolve(window.MiniArenaBotLab.ready);
            var s = document.createElement('script');
            s.src = 'botlab/botlab.js';
            s.onload = function () { resolve(window.MiniArenaBotLab.ready); };
            s.onerror = function () { reject(new Error('botlab/botlab.js could not be loaded')); };
            document.head.appendChild(s);
        });
    }
    Module.botlabBoot.then(function (B) {
        if (op === 'load') {
            return B.loadBot(args.source).then(function (r) { send({ type: 'loaded', result: r }); });
        }
        if (op === 'example') {
            return B.exampleSource(args.id).then(function (src) {
                var ex = B.examples.filter(function (e) { return e.id === args.id; })[0] || {};
                send({ type: 'example', id: args.id, title: ex.title || args.id, game: ex.game, source: src });
            });
        }
        if (op === 'examples') return send({ type: 'examples', examples: B.examples });
        if (op === 'run') {
            var handle = B.run(args, function (ev) { send(ev); });
            Module.botlabRuns[id] = handle;
            return handle.done.then(function () { delete Module.botlabRuns[id]; });
        }
        if (op === 'stop') {
            var h = Module.botlabRuns[args.run];
            return h ? h.stop() : null;
        }
        send({ type: 'error', message: 'unknown Bot Lab call ' + op });
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

int WebHost::botlab_call(const std::string& op, const std::string& args_json,
                         std::function<void(const std::string&)> on_message) {
    int id = next_botlab_++;
    botlab_[id] = std::move(on_message);
    js_botlab_call(id, op.c_str(), args_json.c_str());
    return id;
}

void WebHost::botlab_forget(int id) { botlab_.erase(id); }

void WebHost::botlab_message(int id, const std::string& json) {
    auto it = botlab_.find(id);
    if (it == botlab_.end()) return;
    auto on_message = it->second; // a copy: the callback may forget its own call
    on_message(json);
}

} // namespace platform
