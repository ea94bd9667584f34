// page_view.cpp — what every page gets from its base class, PageView: engine requests whose
// replies are dropped once the page is gone, text prompts that are taken down with it, and the
// answer to a command the page does not take.
//
// Index
//   lifetime ........... ~PageView(): what the page opened goes with it
//   engine ............. engine(), warm_engine(), cancel_engine()
//   prompts ............ prompt_text()
//   commands ........... command(): the default refusal
#include "ui/app.h"

namespace ui {

using nlohmann::json;

// --- lifetime --------------------------------------------------------------------------------

// A page going away cancels its engine requests, closes its prompts and takes its modal down:
// their callbacks would reach a page that no longer exists.
PageView::~PageView() {
    cancel_engine();
    for (int id : prompts_) app_.host().close_prompt(id);
    app_.page_gone(this);
}

// --- engine ----------------------------------------------------------------------------------

// Send `request` to the engine; `done` gets the parsed reply (an {"error"} when it is
// unreadable), unless the page cancelled it or went away first.
void PageView::engine(const std::string& request, std::function<void(const json&)> done) {
    // The ticket is known only after the call; the callback looks itself up by value.
    auto ticket = std::make_shared<int>(-1);
    int t = app_.host().engine_request(request, [this, ticket, done](const std::string& reply) {
        tickets_.erase(*ticket);
        json j = json::parse(reply, nullptr, false);
        if (j.is_discarded()) j = json{{"error", "the engine sent an unreadable reply"}};
        app_.mark_dirty();
        done(j);
    });
    *ticket = t;
    tickets_.insert(t);
}

// Have the platform start its engine worker and load `game`'s engine now, before the first request.
void PageView::warm_engine(const std::string& game) {
    app_.host().engine_warm(game);
}

// Drop every reply this page is waiting for.
void PageView::cancel_engine() {
    for (int t : tickets_) app_.host().engine_cancel(t);
    tickets_.clear();
}

// --- prompts ---------------------------------------------------------------------------------

// Open the host's text prompt; `done` gets the text, or nullopt when it was cancelled.
void PageView::prompt_text(const TextPrompt& prompt,
                           std::function<void(std::optional<std::string>)> done) {
    // The id is known only after the call; the callback looks itself up by value.
    auto id = std::make_shared<int>(-1);
    *id = app_.host().prompt_text(prompt, [this, id, done](std::optional<std::string> text) {
        prompts_.erase(*id);
        done(std::move(text));
    });
    prompts_.insert(*id);
}

// --- commands --------------------------------------------------------------------------------

// A page that takes no commands says so, naming the command.
std::string PageView::command(const json& m) {
    return "this page does not take \"" + m.value("type", std::string()) + "\"";
}

} // namespace ui
