// train_data.h — the record `othello selfplay` writes and `othello train-eval` reads.
#pragma once
#include <cstdint>

struct TrainRecord {
    uint64_t player;   // side to move
    uint64_t opponent;
    int8_t score;      // final disc difference for the side to move (FFO convention)
    uint8_t empties;
    uint8_t flags;     // bit 0: exact (perfect play from here on); bit 1: `search` is set
    int8_t search;     // the mover's search value in discs (rounded), when flags bit 1
    uint32_t game;
};
static_assert(sizeof(TrainRecord) == 24);
