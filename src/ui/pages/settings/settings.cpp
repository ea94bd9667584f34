#include "ui/pages/settings/settings.h"

#include "games/common/catalogue.h"
#include "ui/ladder.h"
#include "ui/play.h"

namespace ui {

using miniapp::Str;

namespace {
int index_of(const std::string& v, std::initializer_list<const char*> keys) {
    int i = 0;
    for (const char* k : keys) {
        if (v == k) return i;
        ++i;
    }
    return 0;
}
} // namespace

nlohmann::json SettingsPage::game_state() const {
    return {{"language", app_.language_choice()},
            {"theme", app_.theme_choice()},
            {"records", records::all_json(app_.storage())}};
}

// A level's name as its game's page shows it: the game's level in the catalogue, by its id or
// the engine's name for it (tic-tac-toe's records keep "easy" and "hard"), else the ladder's.
static const char* level_label(const App& app, const games::GameInfo& game, const std::string& level) {
    for (const games::LevelInfo& l : game.levels)
        if (level == l.id || level == l.engine) return app.tr(miniapp::str_from_name(l.label));
    if (auto l = parse_ladder(level)) return app.tr(ladder_label(*l));
    return nullptr;
}

// Records: per game of the catalogue, one line per level played against the AI; a reset that
// asks first.
void SettingsPage::draw_records(Rect& r) {
    const Theme& t = app_.theme();
    app_.text(r.take_top(app_.rpx(50), app_.rpx(12)), app_.tr(Str::Records), FontRole::Title, t.text);
    Rect box = r;
    bool any = false;
    for (const games::GameInfo& g : games::catalogue()) {
        const auto by_level = records::load(app_.storage(), g.id);
        std::string line;
        for (const auto& [level, rec] : by_level) {
            const char* label = level_label(app_, g, level);
            if (!label) continue;
            line += (line.empty() ? "" : "\n") + std::string(label) + " · " + records::counts_text(app_, rec);
        }
        if (line.empty()) continue;
        any = true;
        const float h = app_.measure(line, FontRole::Small, r.w * 0.62f).y + app_.rpx(8);
        Rect row = r.take_top(std::max(h, app_.rpx(40)), app_.rpx(8));
        app_.control(std::string("records-") + std::string(g.id), row);
        app_.text(Rect{row.x, row.y, row.w * 0.36f, app_.rpx(40)}, app_.tr(miniapp::str_from_name(g.name)), FontRole::Body, t.text);
        app_.text(Rect{row.x + row.w * 0.38f, row.y, row.w * 0.62f, row.h}, line, FontRole::Small, t.text_secondary);
    }
    if (!any) app_.text(r.take_top(app_.rpx(44), app_.rpx(8)), app_.tr(Str::RecordsNone), FontRole::Small, t.text_secondary);
    app_.control("records", Rect{box.x, box.y, box.w, r.y - box.y});
    Rect reset = r.take_top(app_.tap(64), app_.rpx(40));
    reset.w = std::min(reset.w, app_.rpx(320));
    if (app_.button("records-reset", reset, app_.tr(Str::RecordsReset), ButtonKind::Secondary, any)) {
        app_.modal(app_.tr(Str::RecordsResetTitle), app_.tr(Str::RecordsResetMessage), app_.tr(Str::RecordsResetConfirm),
                   app_.tr(Str::Cancel), [this](bool confirmed) {
                       if (!confirmed) return;
                       records::reset(app_.storage());
                       app_.toast(Str::RecordsResetDone);
                   });
    }
}

void SettingsPage::draw(Rect body) {
    const Theme& t = app_.theme();
    Rect r = body.inset(app_.rpx(metrics::kPadding));
    auto save = [&] {
        app_.storage().setStorageSync("settings", {{"lang", app_.language_choice()}, {"theme", app_.theme_choice()}});
    };

    app_.text(r.take_top(app_.rpx(50), app_.rpx(12)), app_.tr(Str::SettingsLanguage), FontRole::Title, t.text);
    int lang = app_.segmented("language", r.take_top(app_.tap(metrics::kButton), app_.rpx(40)),
                              {{"auto", app_.tr(Str::SettingsAuto)}, {"ko", app_.tr(Str::LanguageNameKo)}, {"en", app_.tr(Str::LanguageNameEn)}},
                              index_of(app_.language_choice(), {"auto", "ko", "en"}));
    if (lang >= 0) {
        app_.set_language(lang == 0 ? "auto" : lang == 1 ? "ko" : "en");
        save();
        app_.announce(app_.tr(Str::SettingsLanguageChanged));
    }

    app_.text(r.take_top(app_.rpx(50), app_.rpx(12)), app_.tr(Str::SettingsTheme), FontRole::Title, t.text);
    int theme = app_.segmented("theme", r.take_top(app_.tap(metrics::kButton), app_.rpx(40)),
                               {{"auto", app_.tr(Str::SettingsAuto)}, {"light", app_.tr(Str::SettingsLight)},
                                {"dark", app_.tr(Str::SettingsDark)}},
                               index_of(app_.theme_choice(), {"auto", "light", "dark"}));
    if (theme >= 0) {
        app_.set_theme(theme == 0 ? "auto" : theme == 1 ? "light" : "dark");
        save();
    }

    draw_records(r);

    app_.text(r.take_top(app_.rpx(50), app_.rpx(12)), app_.tr(Str::SettingsAbout), FontRole::Title, t.text);
    app_.text(r.take_top(app_.rpx(160)), app_.tr(Str::SettingsAboutText), FontRole::Small, t.text_secondary);
}

} // namespace ui
