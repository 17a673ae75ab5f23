/* options-limits.c -- the search limits that the options ask for: of
 * play (a level, or the expert's depth, time and evaluation), of the
 * solver modes, and the game's most threads. */
#include "config.h"

#include "book/book.h"
#include "cli/options.h"
#include "core/util.h"
#include "search/policy/level.h"
#include "search/node/settings.h"

void
options_limits(const struct options *o, const struct book *book,
               struct search_limits *lim)
{
	options_side_limits(o, book, 0, lim);
}

void
options_side_limits(const struct options *o, const struct book *book, int side,
                    struct search_limits *lim)
{
	search_limits_default(lim);
	lim->mode = o->perfect        ? SEARCH_EXACT
	            : o->eval_average ? SEARCH_AVERAGE
	                              : SEARCH_DEPTH;
	/* Perfect play shows (and chooses among) every column's score. */
	lim->analyze = o->perfect;
	lim->move_only = o->perfect;
	lim->depth = o->depth;
	lim->threads = o->threads;
	lim->split = o->split;
	lim->split_depth = o->split_depth;
	lim->time_limit = o->time_limit;
	lim->no_ordering = o->no_ordering;
	lim->seed = o->seed;
	lim->book = book != NULL ? book_oracle(book) : NULL;
	/* Perfect play has a bound, past which a depth-limited search names
	 * the move (a board too big to solve). */
	if (o->perfect)
		search_limits_set_perfect(lim, PERFECT_BOUND_S);
	if (o->level[side] >= 0) {
		level_limits(&levels[o->level[side]], lim);
		/* With a level, --time is the default level's budget and
		 * the others scale with it (self-play ladders run fast), the
		 * share of it that a proof may take too. */
		const struct level *lv = &levels[o->level[side]];
		if (o->time_limit > 0 && !lv->perfect) {
			double scale =
			    o->time_limit / levels[LEVEL_DEFAULT].think;
			lim->time_limit = scale * lv->think;
			lim->prove_time *= scale;
		}
	}
}

void
options_solve_limits(const struct options *o, const struct book *book,
                     struct search_limits *lim)
{
	options_limits(o, book, lim);
	lim->mode = o->solve.weak ? SEARCH_WEAK : SEARCH_EXACT;
	lim->analyze = o->solve.analyze;
	lim->move_only = false;
	lim->time_limit = 0;
	lim->seed = 0;
	if (o->mode == MODE_SOLVE) {
		lim->time_limit = o->time_limit;
		lim->node_limit = o->node_limit;
	}
}

int
options_game_max_threads(const struct options *o)
{
	int most = 4 * util_ncpus();
	if (most < 8)
		most = 8;
	if (most < o->threads)
		most = o->threads;
	return most > STATS_MAX_THREADS ? STATS_MAX_THREADS : most;
}
