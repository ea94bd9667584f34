// fake_host.h — ui::Host for tests: everything the browser backend does, in process and under
// the test's control.
//
//   clock ........... now_ms() is a manual clock: it moves only when the test advances it
//   engine .......... requests are answered by the engines' own service dispatch
//                     (games::serve_line, the same "<game> <verb> …" protocol the WebAssembly
//                     engine module serves); replies wait in a queue until the test delivers
//                     them (to see the "thinking" state, or cancel one), or go out on the next
//                     frame by themselves (auto_reply)
//   storage ......... in memory, owned by the host: it outlives an App, as localStorage
//                     outlives a reload
//   prompts ......... recorded; the test answers or cancels them
//   Bot Lab ......... calls recorded; each is answered on the next frame with one configurable
//                     message (an error by default: there is no JavaScript core here)
//   the rest ........ announcements, events, clipboard, titles, fatal messages recorded
//
// Nothing is ever answered inside the call that asked (a browser's worker never does): what
// goes out by itself goes out in pump(), which the driver calls before each frame.
#pragma once
#include "ui/host.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace uitest {

class FakeHost : public ui::Host {
  public:
    // --- the clock -----------------------------------------------------------------------
    double now_ms() override { return clock_ms; }
    void advance(double ms) { clock_ms += ms; }
    double clock_ms = 1000;

    // --- the engine ----------------------------------------------------------------------
    int engine_request(const std::string& request,
                       std::function<void(const std::string&)> done) override;
    void engine_cancel(int ticket) override;
    void engine_warm(const std::string& game) override { warmed.push_back(game); }

    struct Request {
        int ticket;
        std::string text;
        std::function<void(const std::string&)> done;
    };
    // Requests not yet answered, oldest first.
    const std::deque<Request>& pending() const { return pending_; }
    // Answer the oldest pending request through the engines' service dispatch; false when
    // none is pending.
    bool deliver_next();
    // Answer every pending request (and any a reply leads to); returns how many.
    int deliver_all();
    // Answer the oldest pending request with `reply` instead of the engine's (a worker error).
    bool deliver_next_as(const std::string& reply);

    // Every request ever sent, in order; cancelled tickets; engine_warm() calls.
    std::vector<std::string> requests;
    std::vector<int> cancelled;
    std::vector<std::string> warmed; // the games engine_warm() named, in order
    // Engine replies go out by themselves in the next pump() instead of waiting for the test.
    bool auto_reply = false;
    // What is due before a frame: Bot Lab answers, and engine replies under auto_reply.
    void pump();

    // --- prompts -------------------------------------------------------------------------
    int prompt_text(const ui::TextPrompt& prompt,
                    std::function<void(std::optional<std::string>)> done) override;
    void close_prompt(int id) override;
    // The open prompts, by id.
    struct Prompt {
        ui::TextPrompt spec;
        std::function<void(std::optional<std::string>)> done;
    };
    const std::map<int, Prompt>& prompts() const { return prompts_; }
    // Answer the oldest open prompt (`nullopt` = Cancel); false when none is open.
    bool answer_prompt(std::optional<std::string> text);
    std::vector<int> closed_prompts;

    // --- pages' script modules ------------------------------------------------------------
    int script_call(const std::string& module, const std::string& op, const std::string& args_json,
                    std::function<void(const std::string&)> on_message) override;
    void script_forget(int id) override { script_calls_.erase(id); }
    // Each call is answered in the next pump() with this message.
    std::string script_reply = R"({"type":"error","message":"no script modules in this host"})";
    std::vector<std::string> script_calls; // "<module> <op> <args>"

    // --- storage ---------------------------------------------------------------------------
    std::unique_ptr<miniapp::StorageBackend> storage_backend() override;
    // The raw entries, key → stored text (the envelope included), as localStorage holds them.
    std::map<std::string, std::string> stored;

    // --- recorded ------------------------------------------------------------------------
    void announce(const std::string& text) override { announced.push_back(text); }
    void set_clipboard(const std::string& text) override { clipboard = text; }
    // A share: the link as the page would make it (kAppUrl + "#/" + page_url), to the
    // clipboard unless `share_sheet` (then only recorded, as the browser's sheet takes it).
    bool share_link(const std::string& page_url, const std::string& title) override {
        shared.push_back(std::string(kAppUrl) + "#/" + page_url);
        shared_titles.push_back(title);
        if (!share_sheet) clipboard = shared.back();
        return share_sheet;
    }
    static constexpr const char* kAppUrl = "https://arena.test/index.html";
    bool share_sheet = false;
    std::vector<std::string> shared, shared_titles;
    std::string locale() override { return locale_name; }
    void set_document_title(const std::string& title) override { titles.push_back(title); }
    void show_fatal(const std::string& message) override { fatal = message; }
    void emit_event(const std::string& json) override { events.push_back(json); }

    std::vector<std::string> announced, titles, events;
    std::string clipboard, fatal;
    std::string locale_name = "en-US";

  private:
    int next_ticket_ = 1, next_prompt_ = 1, next_script_call_ = 1;
    std::deque<Request> pending_;
    std::map<int, Prompt> prompts_;
    std::map<int, std::function<void(const std::string&)>> script_calls_;
    std::deque<int> script_unanswered_;
};

} // namespace uitest
