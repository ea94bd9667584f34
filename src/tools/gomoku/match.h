// match.h — the `gomoku` tool's measuring commands: match, stats, selfplay, tune.
#pragma once

int cmd_match(int argc, char** argv);
int cmd_stats(int argc, char** argv);
int cmd_selfplay(int argc, char** argv);
int cmd_tune(int argc, char** argv);
int cmd_tune_combos(int argc, char** argv);
