/* bench-ordering.c -- `dropfour bench ordering`: what move ordering buys.
 *
 * One of the reports dropfour grew out of measured its search with and
 * without move ordering at increasing depths, on positions from the start,
 * the middle and the end of a game.  This is that benchmark on our engine:
 * for every position and depth it runs the depth-limited search twice on an
 * empty table, once with the full ordering (table move, threats, centre)
 * and once with --no-ordering (centre first only), and prints nodes and
 * time for both and their ratios.  The middle and end positions also get
 * an exact solve ("exact" in the depth column), where ordering matters
 * most.
 *
 * Node counts are exact and repeatable on one thread, so the benchmark runs
 * on one thread unless --threads is given.  Depths go up two plies at a
 * time; a position's ladder stops once a row (both runs) has taken
 * BENCH_ORDERING_ROW_S seconds (--time changes it), once the result is
 * proven, or at the end of the game.  That keeps the default run to well
 * under a minute on a small machine.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "cli/bench.h"
#include "core/board.h"
#include "cli/options.h"
#include "core/score.h"
#include "search/search.h"
#include "core/util.h"

/* Stop deepening a position once one row took this long (both runs);
 * --time changes it. */
#define BENCH_ORDERING_ROW_S     1.5
#define BENCH_ORDERING_MAX_DEPTH 42
/* Time ratios of runs shorter than this are not shown. */
#define BENCH_ORDERING_MIN_S 0.005
/* A smaller table than the game's: it is cleared before every run. */
#define BENCH_ORDERING_TT_MB 64

struct bench_pos {
	const char *phase;
	const char *moves;
	bool exact; /* also solve exactly */
};

/* The middle and end positions are from Pascal Pons' public test sets
 * (Test_L2_R2 line 1, exact score 0; Test_L2_R1 line 1, exact score 4),
 * see shared/data/pons-testsets/SOURCE.md. */
static const struct bench_pos bench_ordering_positions[] = {
    {.phase = "start", .moves = ""},
    {.phase = "middle", .moves = "274552224131661", .exact = true},
    {.phase = "end", .moves = "5554224333234511764415115", .exact = true},
};

struct bench_run {
	uint64_t nodes;
	double seconds;
	int move, score;
	enum score_kind kind;
};

static void
bench_ordering_run(struct search *s, const board_t *b,
                   const struct search_limits *base, bool no_ordering,
                   struct bench_run *out)
{
	struct search_limits lim = *base;
	struct search_result r;

	lim.no_ordering = no_ordering;
	search_clear(s);
	search_run(s, b, &lim, &r);
	out->nodes = r.nodes;
	out->seconds = r.seconds;
	out->move = r.move;
	out->score = r.score;
	out->kind = r.kind;
}

static void
bench_ordering_row(FILE *csv, const struct bench_pos *p, const board_t *b,
                   const char *depth, const struct bench_run *on,
                   const struct bench_run *off)
{
	char n1[16], n2[16], words[64], tratio[16] = "-";
	double nr = on->nodes ? (double)off->nodes / (double)on->nodes : 0.0;
	double tr = on->seconds > 0 ? off->seconds / on->seconds : 0.0;

	/* Below a few milliseconds the time ratio is noise. */
	if (on->seconds >= BENCH_ORDERING_MIN_S &&
	    off->seconds >= BENCH_ORDERING_MIN_S)
		snprintf(tratio, sizeof tratio, "%.1fx", tr);
	printf("%-7s %-5s %8s %9.3f %8s %9.3f %7.1fx %7s  %d %s\n", p->phase,
	       depth, util_si(n1, sizeof n1, (double)on->nodes), on->seconds,
	       util_si(n2, sizeof n2, (double)off->nodes), off->seconds, nr,
	       tratio, on->move + 1,
	       score_words(b, on->kind, on->score, words, sizeof words));
	output_flush();
	if (csv != NULL)
		fprintf(csv,
		        "%s,%s,%s,%" PRIu64 ",%.6f,%" PRIu64 ",%.6f,%.3f,"
		        "%.3f,%d\n",
		        p->phase, p->moves[0] ? p->moves : "-", depth,
		        on->nodes, on->seconds, off->nodes, off->seconds, nr,
		        tr, on->move + 1);
}

/* The positions given on the command line (argc of them, "-" for the
 * empty board), in user.  Returns 0, or -1 after printing why one is
 * bad. */
static int
ordering_given(const struct options *o, int argc, char **argv,
               struct bench_pos *user)
{
	for (int i = 0; i < argc; i++) {
		board_t b;
		size_t at = 0;
		const char *m = strcmp(argv[i], "-") == 0 ? "" : argv[i];
		enum board_err e =
		    board_parse(&b, o->width, o->height, m, (size_t)-1, &at);
		if (e != BOARD_OK || b.over) {
			cli_error("bad position '%s' "
			          "at character %zu: %s",
			          argv[i], at + 1,
			          e != BOARD_OK ? board_err_string(e)
			                        : "the game is already won");
			return -1;
		}
		user[i] = (struct bench_pos){
		    .phase = "given", .moves = m, .exact = o->perfect};
	}
	return 0;
}

/* One position's rows: deeper by two plies while a row (on and off
 * together) takes under budget seconds, then the exact search where the
 * position asks for it. */
static void
ordering_position(const struct options *o, struct search *s,
                  struct search_limits *base, double budget,
                  const struct bench_pos *p, FILE *csv)
{
	board_t b;
	struct bench_run on, off;
	char depth[16];

	board_parse(&b, o->width, o->height, p->moves, (size_t)-1, NULL);
	printf("%s position: %s (%d stones)\n", p->phase,
	       p->moves[0] ? p->moves : "empty board", b.moves);
	int left = b.w * b.h - b.moves;
	for (int d = 2; d <= BENCH_ORDERING_MAX_DEPTH; d += 2) {
		if (d > left)
			d = left;
		base->depth = d;
		bench_ordering_run(s, &b, base, false, &on);
		bench_ordering_run(s, &b, base, true, &off);
		snprintf(depth, sizeof depth, "%d", d);
		bench_ordering_row(csv, p, &b, depth, &on, &off);
		if (on.seconds + off.seconds > budget || d == left ||
		    on.kind == SCORE_EXACT)
			break;
	}
	if (p->exact) {
		struct search_limits ex = *base;
		ex.mode = SEARCH_EXACT;
		bench_ordering_run(s, &b, &ex, false, &on);
		bench_ordering_run(s, &b, &ex, true, &off);
		bench_ordering_row(csv, p, &b, "exact", &on, &off);
	}
}

int
bench_ordering(const struct options *o, int argc, char **argv)
{
	struct bench_pos user[16];
	const struct bench_pos *pos = bench_ordering_positions;
	size_t npos = sizeof bench_ordering_positions /
	              sizeof bench_ordering_positions[0];
	struct search_limits base;
	FILE *csv = NULL;
	int threads = o->nthread_list > 0 ? o->threads : 1;
	double budget =
	    o->time_limit > 0 ? o->time_limit : BENCH_ORDERING_ROW_S;

	if (argc > (int)(sizeof user / sizeof user[0])) {
		cli_error("bench ordering takes at most %zu "
		          "positions",
		          sizeof user / sizeof user[0]);
		return CLI_EXIT_USAGE;
	}
	if (argc == 0 && (o->width != BOARD_DEFAULT_WIDTH ||
	                  o->height != BOARD_DEFAULT_HEIGHT)) {
		/* The built-in positions are 7x6: keep only the start. */
		npos = 1;
	}
	if (argc > 0) {
		if (ordering_given(o, argc, argv, user) != 0)
			return CLI_EXIT_USAGE;
		pos = user;
		npos = (size_t)argc;
	}
	struct output_file of;
	if (o->bench.csv != NULL) {
		if (output_file_open(&of, "--csv", o->bench.csv) != 0) {
			return CLI_EXIT_USAGE;
		}
		csv = of.f;
		fputs("phase,position,depth,nodes_on,seconds_on,nodes_off,"
		      "seconds_off,node_ratio,time_ratio,move\n",
		      csv);
	}

	search_limits_default(&base);
	base.mode = SEARCH_DEPTH;
	base.threads = threads;
	base.split = o->split;
	base.split_depth = o->split_depth;
	struct search *s = output_search_new(BENCH_ORDERING_TT_MB);

	printf("move ordering on and off: %dx%d board, %d thread%s, deeper "
	       "while a row takes under %g s, empty table for every run\n",
	       o->width, o->height, threads, threads == 1 ? "" : "s", budget);
	printf("%-7s %-5s %8s %9s %8s %9s %8s %7s  %s\n", "phase", "depth",
	       "nodes", "seconds", "nodes", "seconds", "nodes", "time", "best");
	printf("%-7s %-5s %18s %18s %16s\n", "", "", "(ordering on)",
	       "(ordering off)", "(off / on)");

	for (size_t i = 0; i < npos; i++)
		ordering_position(o, s, &base, budget, &pos[i], csv);
	search_free(s);
	if (csv != NULL && output_file_close(&of) != 0)
		return CLI_EXIT_FAILURE;
	return 0;
}
