/* brute.h -- an independent reference for the tests.
 *
 * A plain two-dimensional Connect Four board (one byte per cell), naive
 * four detection that walks the grid, brute-force minimax without a
 * transposition table or any pruning beyond "a winning move now is the best
 * move", and a move-order reconstruction that turns a drawn board back into
 * a legal move string.  Nothing here shares code or ideas with src/: the
 * tests hold the engine's bitboards against it.
 *
 * Scores use the convention of docs/solver.md (and of the Pons test sets): 0 a
 * draw; if the side to move wins, (w*h + 1 - m) / 2 where m is the number of
 * stones on the board just before the winning stone; a loss likewise,
 * negated.
 */
#ifndef DROPFOUR_TESTS_BRUTE_H
#define DROPFOUR_TESTS_BRUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Every board the engine takes: 4 to 16 columns, w * (h + 1) at most 128
 * bits (so at most 31 rows, on 4 columns). */
#define BRUTE_MAX_W 16
#define BRUTE_MAX_H 31

struct brute {
	int w, h;
	int moves;
	int height[BRUTE_MAX_W];
	signed char cell[BRUTE_MAX_W][BRUTE_MAX_H]; /* 0 empty, 1 or 2 */
};

void brute_init(struct brute *g, int w, int h);
/* 1 if the first player is to move, 2 if the second. */
int brute_to_move(const struct brute *g);
bool brute_can_play(const struct brute *g, int col);
/* Drop a stone of the side to move into a playable column; true if that
 * stone completes a four. */
bool brute_play(struct brute *g, int col);
/* Take the top stone out of a column. */
void brute_undo(struct brute *g, int col);
/* Put or remove a stone without gravity or turn bookkeeping (for building
 * boards cell by cell); keeps height[] and moves consistent only when the
 * caller fills columns bottom up. */
void brute_set(struct brute *g, int col, int row, int who);
/* True if the stone at (col, row) belongs to a four of its own colour. */
bool brute_four_through(const struct brute *g, int col, int row);
/* True if player `who` (1 or 2) has a four anywhere. */
bool brute_has_four(const struct brute *g, int who);
/* True if dropping a stone of `who` into `col` would complete a four. */
bool brute_wins_with(const struct brute *g, int col, int who);
/* True if a stone of `who` on (col, row) would be part of a four, whatever
 * the cell holds now. */
bool brute_four_if(const struct brute *g, int col, int row, int who);
/* The notation's character of a column: '1'..'9', then 'a'..'g' for the
 * columns 10 to 16; and back ('A'..'G' too), -1 for any other. */
char brute_col_char(int col);
int brute_char_col(char ch);
/* Play the notation onto an empty w x h board.  Returns the number of
 * moves, or -1 for a bad character, a full column or a move after a four. */
int brute_parse(struct brute *g, int w, int h, const char *s);
/* The exact score for the side to move by minimax.  The position must not
 * hold a four.  `nodes`, when not NULL, is incremented per node. */
int brute_score(struct brute *g, uint64_t *nodes);
/* Win / draw / loss (1, 0, -1) for the side to move, by the same minimax. */
int brute_wdl(struct brute *g);
/* Find a legal move string reaching the board: colours alternate starting
 * with player 1, every stone rests on the one below, and no position before
 * the last holds a four (the last may when `last_may_win`).  Writes the
 * move string (the notation) into out (NUL-terminated).  Returns 0, or -1
 * when no order exists (or the search gave up after `budget` removals,
 * 0 = 1000000). */
int brute_order(const struct brute *g, bool last_may_win, char *out, size_t len,
                uint64_t budget);
/* Number of stones of player `who`. */
int brute_count(const struct brute *g, int who);
/* True if both boards hold the same stones. */
bool brute_equal(const struct brute *a, const struct brute *b);

#endif
