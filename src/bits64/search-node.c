/* search-node.c -- src/search/node/search-node.c for the boards of at most 64
 * bits: the 64-bit search (core/board.h, docs/solver.md). */
#define BOARD_BITS 64
#include "search/node/search-node.c"
