// match.h — the `gomoku` tool's measuring commands (match, stats, selfplay, tune) and the rule reader
// every command of the tool shares.
#pragma once
#include "games/gomoku/types.h"

#include <optional>
#include <string_view>

// The rule `name` names, or nothing after saying on stderr which names there are (every
// command of the tool reads a rule through this, so a bad one gets the same message).
std::optional<gomoku::Rule> rule_or_report(std::string_view name);

int cmd_match(int argc, char** argv);
int cmd_stats(int argc, char** argv);
int cmd_selfplay(int argc, char** argv);
int cmd_tune(int argc, char** argv);
int cmd_tune_combos(int argc, char** argv);
