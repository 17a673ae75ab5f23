/* exact-bounds.h -- what the rules bound the exact solver's score by
 * before it asks the table: the draw cap and the claimeven bound
 * (docs/solver.md, "The exact solver").  Included by search-exact.c
 * alone, at the width of its unit (BOARD_BITS, core/board.h). */
#ifndef DROPFOUR_EXACT_BOUNDS_H
#define DROPFOUR_EXACT_BOUNDS_H

#include <stdbool.h>

#include "core/board.h"
#include "core/score.h"
#include "core/util.h"

static inline int
imax(int a, int b)
{
	return a > b ? a : b;
}

static inline int
imin(int a, int b)
{
	return a < b ? a : b;
}

/* ---- keys and bounds ------------------------------------------------- */

/* Every even-row cell (rows 2, 4, ... counted from 1) of a board of even
 * height: 0b1010...10 in every column. */
static inline bb_t
even_rows(const board_t *b)
{
	return b->bottom * (((((bb_t)1 << b->h) - 1) / 3) << 1);
}

/* The cells where a four of x begins, going in the direction of shift
 * s (1 up a column, h + 1 along a row, h + 2 and h the diagonals): its
 * cell of the lowest bit. */
static inline bb_t
four_starts(bb_t x, int s)
{
	const bb_t y = x & (x >> s);
	return y & (y >> 2 * s);
}

/* Whether the first player, taking `mine` while the second player keeps
 * to claimeven and so takes `theirs` (upper_bound()), could make a four
 * before the second player makes one.  Not when each of its fours has one
 * of theirs beside it in the same direction, in the same columns and
 * lower in each: to fill a four's cells the first player fills every
 * cell below them in its columns, and the second player's cells there
 * are filled as soon as the cell under each is (claimeven's answer in
 * the same column), so that four of theirs is whole before the first
 * player's last stone.  A vertical four of the first player's breaks it
 * (nothing of theirs lies below it). */
static inline bool
claimeven_breaks(const board_t *b, bb_t mine, bb_t theirs)
{
	if (four_starts(mine, 1))
		return true;
	/* A column's bit just above its playable cells: 2^h in the column. */
	const bb_t top = b->full + b->bottom;
	for (int s = b->h; s <= b->h + 2; s++) {
		const bb_t m = four_starts(mine, s);
		if (m == 0)
			continue;
		/* Every cell above the start of a four of theirs: with x the
		 * cells just above the starts, top - x is, column by column,
		 * -x in the column's h bits (no borrow leaves a column), and
		 * x | -x is every bit from x's lowest up. */
		const bb_t x = (four_starts(theirs, s) << 1) & b->full;
		const bb_t above = (x | (top - x)) & b->full;
		if (m & ~above)
			return true;
	}
	return false;
}

/*
 * Upper bound on the score of the side to move from the stones it can still
 * use: 0 if it cannot make a four at all (`can_four`: whether its stones and
 * the empty cells hold one); when it is the first player on a board of even
 * height, the claimeven bound (top of file), and -1 when the second
 * player's claimeven four comes before every four of the first player's
 * (claimeven_breaks()).  Returns the largest score otherwise.
 */
FORCE_INLINE int
upper_bound(const board_t *b, int hi, bool can_four)
{
	const bb_t empty = b->full & ~b->mask;
	if (!can_four)
		return imin(hi, 0);
	if ((b->h & 1) || (b->moves & 1))
		return hi;
	const bb_t opp = b->current ^ b->mask;
	const bb_t theirs = opp | (empty & even_rows(b) & ~board_possible(b));
	const bb_t mine = b->full & ~theirs;
	if (board_has_four_fast(mine, b->h))
		return claimeven_breaks(b, mine, theirs) ? hi : imin(hi, -1);
	return imin(hi, board_has_four_fast(theirs, b->h) ? -1 : 0);
}

/* Whether the child after the move at `cell` (the side to move being the
 * second player, so that the child is the first player's to move on a
 * board of even height) is refuted by its claimeven bound: the child's
 * score is at most upper_bound()'s 0 or -1, so ours is at least its
 * negation, and that reaches beta.  The value, a lower bound on ours
 * (fail-soft), in *v.  Looked at in the parent, before the child is
 * ordered among the others: when it is not the first searched, the
 * node is cut without searching those before it (docs/solver.md). */
FORCE_INLINE bool
child_claimeven_refutes(const board_t *b, bb_t cell, int beta, int *v)
{
	board_t cb = *b;
	board_play_cell(&cb, cell);
	const int ub = upper_bound(&cb, SCORE_INF, true);
	if (-ub < beta)
		return false;
	*v = -ub;
	return true;
}

#endif
