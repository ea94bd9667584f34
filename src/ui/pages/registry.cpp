// pages/registry.cpp — every page this build can show, by its app.json path.
#include "ui/app.h"
#include "ui/pages/botlab/botlab.h"
#include "ui/pages/gomoku/gomoku.h"
#include "ui/pages/index/index.h"
#include "ui/pages/othello/othello.h"
#include "ui/pages/review/review.h"
#include "ui/pages/settings/settings.h"
#include "ui/pages/tictactoe/tictactoe.h"

namespace ui {

template <class P> static std::unique_ptr<PageView> make(App& app) { return std::make_unique<P>(app); }

const std::map<std::string, App::PageCreator>& App::registry() {
    static const std::map<std::string, PageCreator> pages = {
        {"pages/index/index", make<IndexPage>},
        {"pages/tictactoe/tictactoe", make<TicTacToePage>},
        {"pages/othello/othello", make<OthelloPage>},
        {"pages/gomoku/gomoku", make<GomokuPage>},
        {"pages/botlab/botlab", make<BotLabPage>},
        {"pages/review/review", make<ReviewPage>},
        {"pages/settings/settings", make<SettingsPage>},
    };
    return pages;
}

// Each game's reader for the Review page (pages/<game>/<game>_review.cpp).
bool read_othello_review(const miniapp::Query&, miniapp::Lang, ReviewGame&, ReviewFault&);
bool read_gomoku_review(const miniapp::Query&, miniapp::Lang, ReviewGame&, ReviewFault&);
bool read_tictactoe_review(const miniapp::Query&, miniapp::Lang, ReviewGame&, ReviewFault&);

// A plain table searched in order: three games need no map of their own in the page.
ReviewReader review_reader(std::string_view id) {
    static const struct {
        const char* id;
        ReviewReader read;
    } readers[] = {
        {"othello", read_othello_review},
        {"gomoku", read_gomoku_review},
        {"tictactoe", read_tictactoe_review},
    };
    for (const auto& r : readers)
        if (id == r.id) return r.read;
    return nullptr;
}

} // namespace ui
