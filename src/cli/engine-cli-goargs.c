/* engine-cli-goargs.c -- what a `go` asks for (docs/engine-protocol.md):
 * its words read and checked (go_parse(): the numbers, searchmoves'
 * moves) and the time manager (go_budget(): the side to move's clock
 * less Move Overhead, a share of it, the margin; a clock run out is a
 * move at once; go_guard(): when the answer is due).  Under the searches
 * of engine-cli-go.c, which it does not call. */
#include "config.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli/engine-cli-int.h"
#include "search/policy/level.h"

/* go's words that end a searchmoves list. */
static bool
go_word(const char *w)
{
	static const char *const words[] = {
	    "perfect", "infinite",  "ponder",     "depth", "movetime",
	    "nodes",   "movestogo", "mate",       "wtime", "btime",
	    "winc",    "binc",      "searchmoves"};
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
		if (strcmp(w, words[k]) == 0)
			return true;
	return false;
}

/* searchmoves M1 M2 ... from argv[*i] on: the root's columns into
 * a->searchmoves, *i at the last move; -1 after an error line. */
static int
go_searchmoves(struct eng *g, int argc, char **argv, int *i, struct go_args *a)
{
	char q[96];
	int n = 0;
	while (*i + 1 < argc && !go_word(argv[*i + 1])) {
		const char *w = argv[++*i];
		int c = eng_parse_move(&g->pos, w);
		if (c < 0 || !board_can_play(&g->pos, c)) {
			eng_error(g, "go searchmoves: '%s' is not a legal move",
			          eng_quote(w, strlen(w), q, sizeof q));
			return -1;
		}
		a->searchmoves |= 1u << c;
		n++;
	}
	if (n == 0) {
		eng_error(g, "go searchmoves: no move given");
		return -1;
	}
	return 0;
}

int
go_parse(struct eng *g, int argc, char **argv, struct go_args *a)
{
	static const struct {
		const char *name;
		size_t at; /* offset of the long in struct go_args */
		long lo, hi;
	} nums[] = {
	    {"depth", offsetof(struct go_args, depth), 1, SEARCH_MAX_DEPTH},
	    {"movetime", offsetof(struct go_args, movetime), -86400000L,
	     86400000L},
	    {"nodes", offsetof(struct go_args, nodes), 1, 1000000000000L},
	    {"movestogo", offsetof(struct go_args, movestogo), 1, 1000},
	    {"mate", offsetof(struct go_args, mate), 1, BOARD_MAX_CELLS},
	    {"wtime", offsetof(struct go_args, time[0]), -86400000L, 86400000L},
	    {"btime", offsetof(struct go_args, time[1]), -86400000L, 86400000L},
	    {"winc", offsetof(struct go_args, inc[0]), -86400000L, 86400000L},
	    {"binc", offsetof(struct go_args, inc[1]), -86400000L, 86400000L},
	};
	memset(a, 0, sizeof *a);
	for (size_t k = 0; k < sizeof nums / sizeof nums[0]; k++)
		*(long *)((char *)a + nums[k].at) = GO_UNSET;
	for (int i = 1; i < argc; i++) {
		char what[64], q[96];
		if (strcmp(argv[i], "perfect") == 0) {
			a->perfect = true;
			continue;
		} else if (strcmp(argv[i], "infinite") == 0) {
			a->infinite = true;
			continue;
		} else if (strcmp(argv[i], "ponder") == 0) {
			a->ponder = true;
			continue;
		} else if (strcmp(argv[i], "searchmoves") == 0) {
			if (go_searchmoves(g, argc, argv, &i, a) != 0)
				return -1;
			continue;
		}
		size_t k = 0;
		while (k < sizeof nums / sizeof nums[0] &&
		       strcmp(argv[i], nums[k].name) != 0)
			k++;
		if (k == sizeof nums / sizeof nums[0]) {
			eng_error(
			    g,
			    "go: unknown word '%s' (perfect, depth N, "
			    "movetime MS, nodes N, mate N, searchmoves M..., "
			    "infinite, ponder, wtime, btime, winc, binc, "
			    "movestogo)",
			    eng_quote(argv[i], strlen(argv[i]), q, sizeof q));
			return -1;
		}
		snprintf(what, sizeof what, "go %s", nums[k].name);
		long v = eng_number(g, what, i + 1 < argc ? argv[i + 1] : NULL,
		                    nums[k].lo, nums[k].hi);
		if (v < nums[k].lo)
			return -1;
		*(long *)((char *)a + nums[k].at) = v;
		i++;
	}
	if (a->mate > 0 && (a->depth > 0 || a->nodes > 0 || a->perfect)) {
		eng_error(g, "go: mate takes no depth, nodes or perfect");
		return -1;
	}
	if (a->perfect && (a->depth > 0 || a->nodes > 0 || a->infinite)) {
		eng_error(g, "go: perfect takes no depth, nodes or infinite");
		return -1;
	}
	if (!a->perfect && g->level >= 0 && levels[g->level].perfect &&
	    (a->depth > 0 || a->nodes > 0)) {
		eng_error(g, "go: level perfect takes no depth or nodes");
		return -1;
	}
	return 0;
}

/* The time manager: of the side to move's clock (the other side's clock
 * is not used) less Move Overhead, a share for this move (its clock over
 * the moves to go, or over its moves left on the board, at most 20) plus
 * most of its increment, never more than the clock less a margin that
 * covers the engine's own latency (the answer's unwinding, the main
 * thread's poll, the pipe): ENGINE_CLOCK_MARGIN_S plus a twentieth of the
 * clock, at most half of it and at most ENGINE_CLOCK_MARGIN_MAX_S.  0: no
 * clock for the side to move; -1: a move at once (a clock at or below
 * ENGINE_AT_ONCE_MS after the overhead: zero, negative, a flag fallen). */
#define ENGINE_CLOCK_MARGIN_S     0.030
#define ENGINE_CLOCK_MARGIN_MAX_S 1.0
double
go_budget(const struct eng *g, const struct go_args *a)
{
	int side = g->pos.moves % 2;
	if (a->time[side] == GO_UNSET)
		return 0;
	long left_ms = a->time[side] - g->move_overhead_ms;
	if (left_ms <= ENGINE_AT_ONCE_MS)
		return -1;
	double left = (double)left_ms / 1e3;
	double inc = a->inc[side] > 0 ? (double)a->inc[side] / 1e3 : 0;
	long mine = (long)(g->pos.w * g->pos.h - g->pos.moves + 1) / 2;
	long moves = a->movestogo > 0 ? a->movestogo : mine < 20 ? mine : 20;
	double t = left / (double)(moves > 1 ? moves : 1) + inc * 0.75;
	double margin = ENGINE_CLOCK_MARGIN_S + left / 20;
	if (margin > left / 2)
		margin = left / 2;
	if (margin > ENGINE_CLOCK_MARGIN_MAX_S)
		margin = ENGINE_CLOCK_MARGIN_MAX_S;
	if (t > left - margin)
		t = left - margin;
	return t > ENGINE_AT_ONCE_S ? t : ENGINE_AT_ONCE_S;
}

/* When the answer is due for a search of `budget` seconds. */
double
go_guard(double budget)
{
	double m = budget / 10 < ENGINE_ANSWER_MARGIN_S
	               ? budget / 10
	               : ENGINE_ANSWER_MARGIN_S;
	return budget - m;
}
