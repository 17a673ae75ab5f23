/* level.h -- named levels of play: from a beginner a casual player can beat
 * to perfect play.
 *
 * Every level thinks for a time budget of its own (so that every move of
 * the AI is a search the live panel shows), then chooses its move from the
 * searched column scores as a person of that strength would:
 *   - it always takes a win in one and always blocks the opponent's win in
 *     one, and never plays under the opponent's winning cell while another
 *     move is left (the mistakes of a level are human, never absurd);
 *   - wins and losses further away than its sight (in plies) feel like a
 *     good or bad position, not like certainties;
 *   - it adds noise of the level's temperature to the values (Gumbel noise,
 *     so the pick is a softmax over the columns), seeded: a game can be
 *     replayed.
 * The strong levels take the search's own move; "perfect" is the exact
 * solver.  docs/levels.md has the ladder measured by self-play.
 */
#ifndef DROPFOUR_LEVEL_H
#define DROPFOUR_LEVEL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "search/search.h"

enum level_id {
	LEVEL_BEGINNER = 0,
	LEVEL_CASUAL,
	LEVEL_CLUB,
	LEVEL_STRONG,
	LEVEL_EXPERT,
	LEVEL_PERFECT,
	LEVEL_COUNT
};

/* The level of a new game when none is asked for. */
#define LEVEL_DEFAULT LEVEL_CLUB

struct level {
	const char *name;  /* "beginner", the --level word */
	const char *about; /* a few words for people */
	double think;      /* the time budget of a move, seconds */
	int sight;         /* plies within which a proven result counts as
	                    * proven; 0: every one */
	double noise;      /* temperature on the values; 0: the best move */
	bool perfect;      /* the exact solver */
	bool book;         /* takes the opening book's exact values; the
	                    * weak levels do not, so that they stay
	                    * beatable in the opening */
	int prove_share;   /* percent of think that a proof within the
	                    * budget may take (search_limits' prove_cells);
	                    * 0: the level does not prove */
	bool practical;    /* plays for the opponent's mistakes
	                    * (search_limits' practical) */
};

extern const struct level levels[LEVEL_COUNT];

/* The level named `name` (or its number, 1..LEVEL_COUNT), or -1. */
int level_find(const char *name);
/* The search limits of a level's move: its mode, its time budget (the
 * depth-limited levels deepen to the end of the game while the budget
 * lasts) and lim->level; lim->book is dropped for a level that does not
 * take the book (struct level's book).  Other fields of lim (threads,
 * split, seed) are left as they are; search_run() then applies
 * level_choose(). */
void level_limits(const struct level *lv, struct search_limits *lim);
/* The move of a level that chooses for itself (level_is_human()) on b
 * from the search's result r (its column scores), with noise drawn from
 * seed; -1 when no column is legal. */
WIDTH_FN int level_choose(const struct level *lv, const board_t *b,
                          const struct search_result *r, uint64_t seed);
/* Why a move was played on b, given the search's result r: the search's
 * own best column, a win in one, the block of the opponent's win in one
 * (both forced: no search chose them), or the level's own pick among the
 * searched columns. */
enum level_reason {
	LEVEL_REASON_BEST = 0,
	LEVEL_REASON_WIN,
	LEVEL_REASON_BLOCK,
	LEVEL_REASON_PICK,
};
enum level_reason level_why(const board128_t *b, const struct search_result *r,
                            int played);

/* Column c's score in r, the result of a search of b, in words (the
 * result's own score when c has none): the text game's and the panel's
 * "plays 6 (+3); the search's best is 4 (+7)". */
const char *level_col_words(const board128_t *b, const struct search_result *r,
                            int c, char *buf, size_t len);
/* Every level's name, each between before and after, into buf; returns
 * the length written, at least len when buf was too short. */
size_t level_names(char *buf, size_t len, const char *before,
                   const char *after);

/* Whether a level chooses for itself (noise or limited sight) rather than
 * taking the search's move. */
bool level_is_human(const struct level *lv);

#endif
