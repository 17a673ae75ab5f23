/* search-share.c -- src/search/node/search-share.c for the boards of at most 64
 * bits (core/board.h, docs/solver.md). */
#define BOARD_BITS 64
#include "search/node/search-share.c"
