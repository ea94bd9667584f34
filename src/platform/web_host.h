// web_host.h — ui::Host for the browser: the AI worker, aria-live, clipboard, localStorage,
// events to the embedding parent. All JavaScript lives in shell/miniapp.js; this file only
// calls the Module.miniapp* hooks it installs.
#pragma once
#include "ui/host.h"

#include <map>

namespace platform {

class WebHost : public ui::Host {
  public:
    double now_ms() override;
    int engine_request(const std::string& request, std::function<void(const std::string&)> done) override;
    void engine_cancel(int ticket) override;
    void engine_warm(const std::string& game) override;
    void announce(const std::string& text) override;
    void set_clipboard(const std::string& text) override;
    bool share_link(const std::string& page_url, const std::string& title) override;
    std::string locale() override;
    void set_document_title(const std::string& title) override;
    void show_fatal(const std::string& message) override;
    std::unique_ptr<miniapp::StorageBackend> storage_backend() override;
    void emit_event(const std::string& json) override;
    int prompt_text(const ui::TextPrompt& prompt, std::function<void(std::optional<std::string>)> done) override;
    void close_prompt(int id) override;
    int script_call(const std::string& module, const std::string& op, const std::string& args_json,
                    std::function<void(const std::string&)> on_message) override;
    void script_forget(int id) override;
    // A message from a page's script module (called from JavaScript).
    void script_message(int id, const std::string& json);
    // The user closed a prompt (called from JavaScript).
    void prompt_done(int id, bool ok, const std::string& text);

    // A reply from the worker (called from JavaScript).
    void deliver(int ticket, const std::string& reply);

  private:
    int next_ticket_ = 1;
    std::map<int, std::function<void(const std::string&)>> pending_;
    int next_prompt_ = 1;
    std::map<int, std::function<void(std::optional<std::string>)>> prompts_;
    int next_script_call_ = 1;
    std::map<int, std::function<void(const std::string&)>> script_calls_;
};

// localStorage under the "miniarena:" prefix; falls back to memory when the browser refuses
// (private mode, sandboxed iframe).
std::unique_ptr<miniapp::StorageBackend> make_local_storage_backend();

} // namespace platform
