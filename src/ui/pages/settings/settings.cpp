#include "ui/pages/settings/settings.h"

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
    return {{"language", app_.language_choice()}, {"theme", app_.theme_choice()}};
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

    app_.text(r.take_top(app_.rpx(50), app_.rpx(12)), app_.tr(Str::SettingsAbout), FontRole::Title, t.text);
    app_.text(r.take_top(app_.rpx(160)), app_.tr(Str::SettingsAboutText), FontRole::Small, t.text_secondary);
}

} // namespace ui
