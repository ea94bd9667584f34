// pages/botlab/botlab_bots — loading a bot into a game's lab: the paste box (or file picker) for
// the bot or its opposing bot, an example from web/botlab/, and the check in the sandbox that
// tells whether the bot can play.
#include "ui/pages/botlab/botlab.h"

#include "ui/pages/botlab/botlab_internal.h"

#include <optional>
#include <string>

namespace ui {

using miniapp::Str;
using nlohmann::json;
using namespace botlab;

// Load `bot` (of lab `l`) once in the sandbox to see whether it can play.
void BotLabPage::check_bot(Bot& bot, Lab& l) {
    bot.check = Check::Checking;
    Bot* target = &bot; // labs_ is a map: its Labs never move
    Lab* in = &l;
    call("load", {{"source", bot.source}}, [this, target, in](const json& m) {
        if (m.value("type", "") == "error") {
            target->check = Check::Failed;
            target->error = m.value("message", "?");
            return;
        }
        const json& r = m.contains("result") ? m["result"] : json::object();
        if (r.value("ok", false)) {
            target->check = Check::Ok;
            target->error.clear();
            target->hooks = r.contains("hooks") && r["hooks"].is_array() ? int(r["hooks"].size()) : 0;
        } else {
            target->check = Check::Failed;
            target->error = r.value("error", std::string("?"));
            log(*in, "referee", target->name + ": " + target->error, "error");
        }
    });
}

// The paste box for this game's bot (or its opposing bot), pre-filled with that bot's source.
void BotLabPage::prompt_bot(bool opponent) {
    TextPrompt p;
    p.title = app_.tr(opponent ? Str::LoadOpponentTitle : Str::LoadBotTitle);
    p.message = app_.tr(Str::LoadBotMessage);
    p.initial = opponent ? lab().opponent_bot.source : lab().bot.source;
    // A move that fits this game's board (the catalogue's: a centre, Othello's first legal square).
    const auto& move = info().placeholder_move;
    p.placeholder = "function onTurnStart(data) {\n  return [" + std::to_string(move[0]) + ", " + std::to_string(move[1]) + "];\n}";
    p.ok = app_.tr(Str::Ok);
    p.cancel = app_.tr(Str::Cancel);
    p.file_accept = ".js,.mjs,.txt,text/javascript,text/plain";
    p.file_label = app_.tr(Str::ChooseFile);
    prompt_text(p, [this, opponent, game = game_](std::optional<std::string> text) {
        if (!text) return;
        Lab& l = labs_[game];
        Bot& b = opponent ? l.opponent_bot : l.bot;
        b.source = *text;
        b.name = app_.tr(opponent ? Str::OpponentBotName : Str::MyBotName);
        if (opponent) l.use_opponent_bot = true;
        check_bot(b, l);
        save_lab(game);
    });
}

// An example becomes the bot of its game (the list shows only this game's).
void BotLabPage::use_example(const std::string& id) {
    show_examples_ = false;
    call("example", {{"id", id}}, [this](const json& m) {
        if (m.value("type", "") != "example") return;
        std::string game = lab_game_of(m, "game").value_or(game_);
        Lab& l = labs_[game];
        l.bot.source = m.value("source", "");
        const std::optional<ExampleText> text = example_text(m.value("id", std::string()));
        l.bot.name = text ? std::string(app_.tr(text->title)) : m.value("title", std::string("example"));
        check_bot(l.bot, l);
        if (game != game_) save_lab(game);
        if (game != game_ && !running_) switch_game(game);
        save();
    });
}

} // namespace ui
