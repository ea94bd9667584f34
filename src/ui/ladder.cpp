#include "ui/ladder.h"

namespace ui {

const char* ladder_id(Ladder l) {
    static const char* ids[] = {"random", "level1", "level2", "level3", "master"};
    return ids[int(l)];
}

const char* ladder_protocol(Ladder l) {
    static const char* names[] = {"random", "1", "2", "3", "master"};
    return names[int(l)];
}

miniapp::Str ladder_label(Ladder l) {
    static const miniapp::Str labels[] = {miniapp::Str::LevelRandom, miniapp::Str::Level1, miniapp::Str::Level2,
                                          miniapp::Str::Level3, miniapp::Str::LevelMaster};
    return labels[int(l)];
}

std::optional<Ladder> parse_ladder(std::string_view text) {
    for (Ladder l : kLadder) {
        std::string_view p = ladder_protocol(l);
        if (text == ladder_id(l) || text == p || (p.size() == 1 && text.size() == 2 && text[0] == 'l' && text[1] == p[0]))
            return l;
    }
    return std::nullopt;
}

} // namespace ui
