// host.h — what the UI needs from the platform, and nothing more.
//
// The UI layer (ImGui widgets, pages) never includes SDL or Emscripten headers; the platform
// backend (src/platform/) implements this narrow interface, like Dear ImGui's backends.
#pragma once
#include "miniapp/storage.h"

#include <functional>
#include <memory>
#include <string>

namespace ui {

class Host {
  public:
    virtual ~Host() = default;

    // Milliseconds on a monotonic clock.
    virtual double now_ms() = 0;

    // Send one engine request ("othello search …", see src/games/README.md) to the AI worker;
    // `done` runs on the UI thread with the JSON reply (an {"error":…} reply if the worker
    // failed). Returns a ticket for cancel().
    virtual int engine_request(const std::string& request, std::function<void(const std::string&)> done) = 0;
    // Forget a request: its reply, when it comes, is dropped. A long search is stopped by
    // restarting the worker.
    virtual void engine_cancel(int ticket) = 0;

    // Speak `text` through the page's aria-live region.
    virtual void announce(const std::string& text) = 0;
    // Copy to the system clipboard.
    virtual void set_clipboard(const std::string& text) = 0;
    // The browser's language ("ko-KR").
    virtual std::string locale() = 0;
    // Document title (the nav bar title, for the tab and screen readers).
    virtual void set_document_title(const std::string& title) = 0;
    // Start-up failed: show `message` on the page instead of the app.
    virtual void show_fatal(const std::string& message) = 0;
    // The storage medium (localStorage in the browser).
    virtual std::unique_ptr<miniapp::StorageBackend> storage_backend() = 0;
    // A JSON event for the embedding parent (postMessage) and page listeners.
    virtual void emit_event(const std::string& json) = 0;
};

} // namespace ui
