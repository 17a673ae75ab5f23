/* board64.c -- the rules' functions of core/board-bits.c for board64_t,
 * the boards of at most 64 bits (core/board.h): that file compiled with
 * BOARD_BITS 64.  A unit of its own, not part of search/search64.c: the
 * 64-bit search calls them as the 128-bit one calls board-bits.c's, from
 * another unit (compiled into the search's, they changed its code and
 * cost it 1.5% more instructions). */
#define BOARD_BITS 64
#include "core/board-bits.c"
