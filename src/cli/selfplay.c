/* selfplay.c -- `dropfour selfplay`: the AI against itself, no screen.
 *
 * Plays --games games from the empty board (or --load, --position), prints
 * every move with its time, nodes and score, ends each game with exactly
 * one of
 *
 *	result: first player wins
 *	result: second player wins
 *	result: draw
 *
 * and closes with a summary over all games.  Game i (from 0) breaks ties
 * among equally good moves with the seed seed + i, so depth-limited games
 * differ from each other and a run is reproducible: without --seed a fixed
 * default seed is used.  The table is emptied before every game so that a
 * game does not depend on the ones before it.
 *
 * `--threads LIST` (e.g. 1,2,4) changes the thread count between moves:
 * move k of a game searches on LIST[k mod n] threads, the way the game's
 * `T`/`t` keys change it between searches (tests/soak.sh uses it).
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "search/engine/engine.h"
#include "core/game.h"
#include "cli/options.h"
#include "core/score.h"
#include "search/policy/level.h"
#include "search/search.h"
#include "cli/selfplay.h"
#include "cli/setup.h"
#include "core/util.h"

/* The seed of the first game when --seed is not given. */
#define SELFPLAY_SEED 1

struct selfplay_totals {
	int games;
	int wins[2]; /* first, second player */
	int draws;
	int moves;
	double seconds;
	uint64_t nodes;
	int level_wins[2]; /* --level A,B: the games A and B won */
};

static const char *
selfplay_result(enum game_state s)
{
	switch (s) {
	case GAME_WIN1:
		return "first player wins";
	case GAME_WIN2:
		return "second player wins";
	default:
		return "draw";
	}
}

/* "threads 2,1,3 in turn" in place of the limits' "3 threads": a thread
 * list is used move by move. */
static void
thread_list_words(const struct options *o, char *what, size_t len)
{
	char *t = strstr(what, " thread");
	char *start = t;
	if (t == NULL)
		return;
	while (start > what && start[-1] != ',')
		start--;
	char rest[160], list[128];
	size_t n = 0;
	t = strchr(t + 1, ',');
	snprintf(rest, sizeof rest, "%s", t != NULL ? t : "");
	for (int i = 0; i < o->nthread_list && n < sizeof list - 8; i++)
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%d",
		                      i ? "," : "", o->thread_list[i]);
	snprintf(start, len - (size_t)(start - what), " threads %s in turn%s",
	         list, rest);
}

/* One game; returns 0, or -1 if the engine had no move. */
/* One game; returns 0, or -1 if the engine had no move.  Side s (0: the
 * first player) plays with lims[s ^ swap] on engine es[s ^ swap]. */
static int
selfplay_game(struct engine *const *es, const struct options *o,
              const struct game *start, struct search_limits *lims, int swap,
              struct selfplay_totals *tot)
{
	struct game g = *start;
	struct search_result r;
	char words[64], si[16], moves[BOARD_MAX_CELLS + 1];

	engine_clear(es[0]);
	if (es[1] != es[0])
		engine_clear(es[1]);
	for (int k = 0; g.state == GAME_ON; k++) {
		board_t root = g.board;
		int who = (board_to_move(&root) - 1) ^ swap;
		struct search_limits *lim = &lims[who];
		struct engine *e = es[who];
		if (o->nthread_list > 1)
			lim->threads = o->thread_list[k % o->nthread_list];
		uint64_t id = engine_start(e, &root, lim);
		engine_wait(e, id, &r);
		if (r.move < 0 || game_play(&g, r.move) != BOARD_OK) {
			game_moves_string(&g, moves, sizeof moves);
			cli_error("the engine found no move "
			          "after '%s'",
			          moves);
			return -1;
		}
		printf(
		    "  %2d. %c %d  %9.3f s  %7s node%s  %s", root.moves + 1,
		    board_to_move(&root) == 1 ? 'X' : 'O', r.move + 1,
		    r.seconds, util_si(si, sizeof si, (double)r.nodes),
		    r.nodes == 1 ? " " : "s",
		    score_words(&root, r.kind, r.score, words, sizeof words));
		if (r.kind == SCORE_HEURISTIC && r.depth > 0)
			printf(" (depth %d)", r.depth);
		if (o->nthread_list > 1)
			printf("  [%d thread%s]", lim->threads,
			       lim->threads == 1 ? "" : "s");
		printf("\n");
		if (!output_flush())
			return -1;
		tot->moves++;
		tot->seconds += r.seconds;
		tot->nodes += r.nodes;
	}

	game_moves_string(&g, moves, sizeof moves);
	printf("moves: %s\n", moves);
	printf("result: %s\n", selfplay_result(g.state));
	tot->games++;
	if (g.state == GAME_WIN1) {
		tot->wins[0]++;
		tot->level_wins[0 ^ swap]++;
	} else if (g.state == GAME_WIN2) {
		tot->wins[1]++;
		tot->level_wins[1 ^ swap]++;
	} else {
		tot->draws++;
	}
	return 0;
}

int
selfplay_main(const struct options *o, struct cli_session *session)
{
	struct search_limits lims[2];
	struct selfplay_totals tot;
	char what[160], si[16];
	uint64_t seed = o->seed_given ? o->seed : SELFPLAY_SEED;
	struct game start;
	char from[BOARD_MAX_CELLS + 1];
	int status = CLI_EXIT_OK;

	if (setup_game(&start, o) != 0)
		return CLI_EXIT_USAGE;
	start.player[0] = start.player[1] = PLAYER_AI;
	game_moves_string(&start, from, sizeof from);

	options_side_limits(o, session->book, 0, &lims[0]);
	options_side_limits(o, session->book, 1, &lims[1]);
	/* Two levels: each its own table, and they change colours every
	 * game (A first in even games). */
	bool duel = o->level[0] != o->level[1];
	if (duel)
		snprintf(what, sizeof what, "%s against %s",
		         levels[o->level[0]].name, levels[o->level[1]].name);
	else if (o->level[0] >= 0)
		snprintf(what, sizeof what, "level %s",
		         levels[o->level[0]].name);
	else
		search_limits_describe(&lims[0], what, sizeof what);
	if (o->nthread_list > 1)
		thread_list_words(o, what, sizeof what);
	memset(&tot, 0, sizeof tot);
	struct engine *es[2];
	es[0] = output_engine_new(o->tt_mb);
	es[1] = duel ? output_engine_new(o->tt_mb) : es[0];

	for (int i = 0; i < o->games; i++) {
		int swap = duel ? i & 1 : 0;
		lims[0].seed = lims[1].seed = seed + (uint64_t)i;
		printf("game %d of %d: %dx%d, %s, seed %" PRIu64 "\n", i + 1,
		       o->games, start.w, start.h, what, lims[0].seed);
		if (duel)
			printf("  first player %s\n",
			       levels[o->level[swap]].name);
		if (from[0] != '\0')
			printf("  from %s\n", from);
		if (!output_flush() ||
		    selfplay_game(es, o, &start, lims, swap, &tot) != 0) {
			status = CLI_EXIT_FAILURE;
			break;
		}
	}
	if (es[1] != es[0])
		engine_free(es[1]);
	engine_free(es[0]);

	printf("summary: %d game%s: %d won by the first player, %d by the "
	       "second, %d drawn\n",
	       tot.games, tot.games == 1 ? "" : "s", tot.wins[0], tot.wins[1],
	       tot.draws);
	if (duel)
		printf("summary: %s %d win%s, %s %d win%s, %d draw%s\n",
		       levels[o->level[0]].name, tot.level_wins[0],
		       tot.level_wins[0] == 1 ? "" : "s",
		       levels[o->level[1]].name, tot.level_wins[1],
		       tot.level_wins[1] == 1 ? "" : "s", tot.draws,
		       tot.draws == 1 ? "" : "s");
	if (tot.moves > 0)
		printf("summary: %d moves, on average %.3f s and %s nodes a "
		       "move\n",
		       tot.moves, tot.seconds / tot.moves,
		       util_si(si, sizeof si, (double)tot.nodes / tot.moves));
	return status;
}
