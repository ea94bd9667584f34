#include "fake_host.h"

#include "games/service/service.h"

#include <algorithm>

namespace uitest {

namespace {
// Storage entries kept in the host's map, so they outlive the App that wrote them.
class HostStorage : public miniapp::StorageBackend {
  public:
    explicit HostStorage(std::map<std::string, std::string>& entries) : entries_(entries) {}
    std::vector<std::pair<std::string, std::string>> load() override {
        return {entries_.begin(), entries_.end()};
    }
    bool write(const std::string& key, const std::string& text) override {
        entries_[key] = text;
        return true;
    }
    void remove(const std::string& key) override { entries_.erase(key); }

  private:
    std::map<std::string, std::string>& entries_;
};
} // namespace

std::unique_ptr<miniapp::StorageBackend> FakeHost::storage_backend() {
    return std::make_unique<HostStorage>(stored);
}

// Queue the request; the test (or pump() under auto_reply) answers it later.
int FakeHost::engine_request(const std::string& request,
                             std::function<void(const std::string&)> done) {
    const int ticket = next_ticket_++;
    requests.push_back(request);
    pending_.push_back({ticket, request, std::move(done)});
    return ticket;
}

// A cancelled request's reply never comes.
void FakeHost::engine_cancel(int ticket) {
    auto it = std::find_if(pending_.begin(), pending_.end(),
                           [ticket](const Request& r) { return r.ticket == ticket; });
    if (it == pending_.end()) return;
    pending_.erase(it);
    cancelled.push_back(ticket);
}

// The engine module's answer: games::serve_line, as engine_module.cpp's engine_serve.
bool FakeHost::deliver_next() {
    if (pending_.empty()) return false;
    return deliver_next_as(games::serve_line(pending_.front().text));
}

bool FakeHost::deliver_next_as(const std::string& reply) {
    if (pending_.empty()) return false;
    Request r = std::move(pending_.front()); // off the queue first: the callback may ask again
    pending_.pop_front();
    r.done(reply);
    return true;
}

int FakeHost::deliver_all() {
    int n = 0;
    while (deliver_next()) ++n;
    return n;
}

void FakeHost::pump() {
    while (!script_unanswered_.empty()) {
        const int id = script_unanswered_.front();
        script_unanswered_.pop_front();
        auto it = script_calls_.find(id);
        if (it == script_calls_.end()) continue; // forgotten
        auto on_message = it->second;            // a copy: the callback may forget its own call
        on_message(script_reply);
    }
    if (auto_reply) deliver_all();
}

int FakeHost::prompt_text(const ui::TextPrompt& prompt,
                          std::function<void(std::optional<std::string>)> done) {
    const int id = next_prompt_++;
    prompts_[id] = {prompt, std::move(done)};
    return id;
}

// The page went away: its prompt is taken down unanswered.
void FakeHost::close_prompt(int id) {
    if (prompts_.erase(id)) closed_prompts.push_back(id);
}

bool FakeHost::answer_prompt(std::optional<std::string> text) {
    if (prompts_.empty()) return false;
    auto done = std::move(prompts_.begin()->second.done);
    prompts_.erase(prompts_.begin());
    done(std::move(text));
    return true;
}

int FakeHost::script_call(const std::string& module, const std::string& op,
                          const std::string& args_json,
                          std::function<void(const std::string&)> on_message) {
    const int id = next_script_call_++;
    script_calls.push_back(module + " " + op + " " + args_json);
    script_calls_[id] = std::move(on_message);
    script_unanswered_.push_back(id);
    return id;
}

} // namespace uitest
