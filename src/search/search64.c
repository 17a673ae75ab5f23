/* search64.c -- the 64-bit search: the files of the search that touch
 * positions, compiled once more for the boards of at most 64 bits
 * (board64_t on uint64_t bitboards: core/board.h, docs/solver.md "Boards
 * of more than 64 bits"), as one unit.
 *
 * Each function of those files keeps its name here: the headers declare
 * them WIDTH_FN (core/board.h), which is `static` in this unit, so the
 * 64-bit copies are internal to it and beside the 128-bit ones (the same
 * files compiled as they are) without a second name.  The rest of the
 * library reaches them through the one table at the bottom,
 * search_width64, which search_run(), search_export() and search_import()
 * (search/policy/search-run.c) pick for a board of at most 64 bits.
 */
#define BOARD_BITS 64

/* The out-of-line rules at 64 bits: calls of core/board64.c's. */
#include "core/board64.h"

#include "search/node/tt-store.c"
#include "search/node/order.c"
#include "search/node/eval.c"
#include "search/node/choose.c"
#include "search/node/search-exact.c"
#include "search/node/search-node.c"
#include "search/node/search-root.c"
#include "search/node/average.c"
#include "search/node/search-share.c"

#include "search/policy/level-choose.c"
#include "search/policy/search-driver.c"
#include "search/policy/search-prove.c"
#include "search/policy/search-traps.c"

const struct search_width search_width64 = {
    .play = search_play,
    .set_traps = search_set_traps,
    .share_export = search_share_export,
    .share_import = search_share_import,
    .share_merge = search_share_merge,
};
