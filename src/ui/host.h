// host.h — what the UI needs from the platform, and nothing more.
//
// The UI layer (ImGui widgets, pages) never includes SDL or Emscripten headers; the platform
// backend (src/platform/) implements this narrow interface, like Dear ImGui's backends.
#pragma once
#include "miniapp/storage.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace ui {

// A text the user types or pastes: shown as a DOM dialog over the canvas (phones get their
// native keyboard, paste and file picker; ImGui text input is not used for this).
struct TextPrompt {
    std::string title;
    std::string message;     // a line under the title (may be empty)
    std::string initial;     // the text area's starting content
    std::string placeholder;
    std::string ok, cancel;  // button labels
    std::string file_accept; // e.g. ".js,text/javascript": adds a file picker; empty = none
    std::string file_label;  // the file picker's button label
    bool multiline = true;
};

class Host {
  public:
    virtual ~Host() = default;

    // Milliseconds on a monotonic clock.
    virtual double now_ms() = 0;

    // Send one engine request ("othello search …", see src/games/README.md) to the AI worker;
    // `done` runs on the UI thread with the JSON reply (an {"error":…} reply if the worker
    // failed). Returns a ticket for cancel().
    virtual int engine_request(const std::string& request, std::function<void(const std::string&)> done) = 0;
    // Start the AI worker and have it load `game`'s engine module ahead of the first request (a
    // game page opened), so the first reply does not wait for the module to load and the
    // player's first move's frame does not share the CPU with it. Later requests load it anyway.
    virtual void engine_warm(const std::string& game) { (void)game; }
    // Forget a request: its reply, when it comes, is dropped. A long search is stopped by
    // restarting the worker.
    virtual void engine_cancel(int ticket) = 0;

    // Speak `text` through the page's aria-live region.
    virtual void announce(const std::string& text) = 0;
    // Copy to the system clipboard.
    virtual void set_clipboard(const std::string& text) = 0;
    // Share a link to `page_url` ("pages/x/x?position=…", a page with its query) in the app
    // itself (the top-level app, also from an embed): through the system's share sheet where
    // the browser has one (returns true), else copied to the clipboard (false: the page says so).
    virtual bool share_link(const std::string& page_url, const std::string& title) {
        (void)title;
        set_clipboard(page_url);
        return false;
    }
    // The browser's language ("ko-KR").
    virtual std::string locale() = 0;
    // Document title (the nav bar title, for the tab and screen readers).
    virtual void set_document_title(const std::string& title) = 0;
    // Start-up failed: show `message` on the page instead of the app.
    virtual void show_fatal(const std::string& message) = 0;
    // The storage medium (localStorage in the browser).
    virtual std::unique_ptr<miniapp::StorageBackend> storage_backend() = 0;
    // Ask for a text; `done(nullopt)` on cancel. Returns the prompt's id for close_prompt.
    virtual int prompt_text(const TextPrompt& prompt, std::function<void(std::optional<std::string>)> done) = 0;
    // Take prompt `id` down without an answer (its page went away); nothing if already answered.
    virtual void close_prompt(int id) = 0;
    // A call into a page's script module (in the browser `<module>/<module>.js` of the site,
    // loaded on first use, which answers `call(id, op, args, send)`): `op` with JSON `args`;
    // every message the module sends back for this call (a reply, or a stream of events) goes
    // to `on_message`, on the UI thread, as JSON text. What the ops mean is between the page and
    // its module. Returns a call id; script_forget(id) drops later messages.
    virtual int script_call(const std::string& module, const std::string& op,
                            const std::string& args_json,
                            std::function<void(const std::string&)> on_message) = 0;
    virtual void script_forget(int id) = 0;
    // A JSON event for the embedding parent (postMessage) and page listeners.
    virtual void emit_event(const std::string& json) = 0;
};

} // namespace ui
