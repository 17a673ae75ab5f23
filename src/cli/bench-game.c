/* bench-game.c -- `dropfour bench speedup --game [MOVES]`: the AI's
 * searches of a game, replayed at the levels club, strong and expert at
 * their own budgets on each thread count of --threads (default 1,2).
 *
 * The searches are the game's own: the limits of a level's move come from
 * options_side_limits(), as the game's (ui_limits(), text.c) do, with the
 * game's seed for the move (--seed, default 1, plus the stones on the
 * board); the book is the game's (--no-book: none).  Each thread count
 * replays the game on a table of its own, emptied when a level's game
 * begins, so that every search finds what the game's earlier searches left
 * there, as in the game; the thread counts take turns search by search,
 * and the whole replay runs --repeat times.
 *
 * A search of a fixed time does the same work on any thread count only
 * where it ends before its time (its root proven); elsewhere more threads
 * buy depth, not time.  So two runs of one search compare at the deepest
 * depth both completed (search_limits.marks): the time to complete it,
 * the nodes and the busy thread-seconds by then of every search the move
 * made (the depth-limited search, the proof before or beside it, its
 * checks, the traps); runs that both proved the root compare whole.  The
 * speedup is the one-thread run's time to that point over the other's,
 * summed over the searches, and its factors are stats_speedup_factors()'s
 * (threads x busy x node speed / node overhead) over the same sums.  A
 * book move (no run of it searched a node) is counted and left out of
 * every other figure: it has no threads to compare.  Beside it: the
 * depth each run reached, and the node rate of the whole searches against
 * the one-thread run of the same searches (the Totals line's product,
 * threads x busy x node speed, against one thread on the same positions).
 * docs/parallel-search.md has the choice and its limits. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/bench.h"
#include "cli/book-cli.h"
#include "cli/cli.h"
#include "cli/json.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "cli/solve.h"
#include "core/util.h"
#include "search/policy/level.h"
#include "search/search.h"

/* The built-in game: club against club on one thread (selfplay --level
 * club --time 0.3 --seed 1), a draw of 42 moves, the second player's 21
 * searches replayed. */
static const char game_default[] = "344446275523224333574611776613677116512255";

static const int game_levels[] = {LEVEL_CLUB, LEVEL_STRONG, LEVEL_EXPERT};
#define NLEVELS ((int)(sizeof game_levels / sizeof game_levels[0]))

/* One search at one thread count in one round. */
struct game_run {
	double secs, busy_s;
	uint64_t nodes;
	int depth, score;
	bool proven; /* the root's exact score */
	struct search_marks marks;
};

/* A level's figures at one thread count, against the first count's.
 * Book moves (game_book()) count among the searches and nowhere else: no
 * thread searched them, so they have no speedup. */
struct game_row {
	int threads, searches, book, proven, deeper, shallower, compared;
	double depth_sum;
	/* at the points where the runs compare (compare_at()) */
	double base_secs, secs, busy_s;
	uint64_t base_nodes, nodes;
	/* the whole searches */
	double whole_base_secs, whole_secs, whole_busy_s;
	uint64_t whole_base_nodes, whole_nodes;
	double sp_lo, sp_hi; /* the rounds' speedups */
};

/* Where run b compares with the base run a: the whole runs when both
 * proved the root, else the deepest depth both completed.  False when
 * they have no such point (one completed no iteration). */
static bool
compare_at(const struct game_run *a, const struct game_run *b, double *at,
           uint64_t *an, double *bt, uint64_t *bn, double *bbusy)
{
	if (a->proven && b->proven) {
		*at = a->secs, *an = a->nodes;
		*bt = b->secs, *bn = b->nodes, *bbusy = b->busy_s;
		return true;
	}
	int da = a->marks.n ? a->marks.mark[a->marks.n - 1].depth : 0;
	int db = b->marks.n ? b->marks.mark[b->marks.n - 1].depth : 0;
	for (int d = da < db ? da : db; d > 0; d--) {
		const struct search_mark *ma = search_marks_find(&a->marks, d),
		                         *mb = search_marks_find(&b->marks, d);
		if (ma == NULL || mb == NULL)
			continue;
		*at = ma->seconds, *an = ma->nodes;
		*bt = mb->seconds, *bn = mb->nodes, *bbusy = mb->busy_s;
		return true;
	}
	return false;
}

/* The game's positions where the second player is to move: boards into
 * *pos, their number returned (-1 after an error, printed). */
static int
game_positions(const struct options *o, const char *moves, board_t **pos)
{
	size_t len = strlen(moves);
	char *pre = xcalloc(len + 1, 1);
	char err[160];
	board_t b;
	int n = 0;
	*pos = xcalloc(len / 2 + 1, sizeof **pos);
	/* the whole game first, then the second player's positions */
	if (solve_parse_line(moves, o->width, o->height, &b, err, sizeof err) !=
	    0) {
		cli_error("bench speedup --game: %s: %s", moves, err);
		free(pre);
		return -1;
	}
	for (size_t i = 1; i < len; i += 2) {
		memcpy(pre, moves, i);
		pre[i] = '\0';
		solve_parse_line(pre, o->width, o->height, &b, err, sizeof err);
		if (b.over || board_is_full(&b))
			break;
		(*pos)[n++] = b;
	}
	free(pre);
	return n;
}

/* One search: level lv's move on b with `threads` threads, on s.  Its
 * time is the whole of search_run(), its work every search it made
 * (struct search_marks): the depth-limited search, the proof before or
 * beside it, the checks, the traps. */
static void
game_search(const struct options *o, const struct cli_session *session,
            struct search *s, int lv, const board_t *b, int threads,
            struct game_run *run)
{
	struct options lo = *o;
	struct search_limits lim;
	struct search_result r;
	lo.level[0] = lo.level[1] = lv;
	lo.seed = (o->seed_given ? o->seed : 1) + (uint64_t)b->moves;
	options_side_limits(&lo, session->book, 1, &lim);
	lim.threads = threads;
	lim.marks = &run->marks;
	const uint64_t t0 = util_now_ns();
	search_marks_begin(&run->marks, t0);
	search_run(s, b, &lim, &r);
	const uint64_t t1 = util_now_ns();
	run->secs = t1 > t0 ? (double)(t1 - t0) / 1e9 : 0;
	search_marks_work(&run->marks, &run->nodes, &run->busy_s);
	run->depth = r.depth;
	run->proven = r.kind == SCORE_EXACT && !r.partial;
	run->score = r.score;
	if (run->proven)
		run->depth = b->w * b->h - b->moves;
}

/* The index in runs[] of round rep, level l, search k, thread count li. */
static size_t
run_at(int rep, int l, int k, int li, int npos, int nlist)
{
	return (((size_t)rep * NLEVELS + (size_t)l) * (size_t)npos +
	        (size_t)k) *
	           (size_t)nlist +
	       (size_t)li;
}

/* A proven score never depends on the threads, nor on the round: 1 (and
 * a message) when search k of level l proved two, up to round rep. */
static int
check_proven(const struct game_run *runs, int rep, int l, int k, int npos,
             int nlist)
{
	const struct game_run *first = NULL;
	for (int r = 0; r <= rep; r++)
		for (int li = 0; li < nlist; li++) {
			const struct game_run *x =
			    &runs[run_at(r, l, k, li, npos, nlist)];
			if (!x->proven)
				continue;
			if (first == NULL) {
				first = x;
			} else if (x->score != first->score) {
				cli_error("%s, search %d: proven %d, and %d "
				          "before",
				          levels[game_levels[l]].name, k + 1,
				          x->score, first->score);
				return CLI_EXIT_FAILURE;
			}
		}
	return 0;
}

/* Every search of every level at every thread count, --repeat rounds,
 * into runs[run_at()].  Returns 1 when two runs of a search proved
 * different scores. */
static int
game_runs(const struct options *o, const struct cli_session *session,
          struct search **ss, const board_t *pos, int npos, const int *list,
          int nlist, struct game_run *runs)
{
	struct cli_progress line;
	int status = 0;
	cli_progress_begin(&line);
	for (int rep = 0; rep < o->bench.repeat; rep++)
		for (int l = 0; l < NLEVELS; l++) {
			for (int li = 0; li < nlist; li++)
				search_clear(ss[li]); /* a new game */
			for (int k = 0; k < npos; k++) {
				for (int li = 0; li < nlist; li++) {
					cli_progress_show(
					    &line,
					    "  round %d/%d, %s, search %d/%d, "
					    "%d thread%s",
					    rep + 1, o->bench.repeat,
					    levels[game_levels[l]].name, k + 1,
					    npos, list[li],
					    list[li] == 1 ? "" : "s");
					game_search(o, session, ss[li],
					            game_levels[l], &pos[k],
					            list[li],
					            &runs[run_at(rep, l, k, li,
					                         npos, nlist)]);
				}
				status |=
				    check_proven(runs, rep, l, k, npos, nlist);
			}
		}
	cli_progress_clear(&line);
	return status;
}

/* Whether search k of level l is a book move: no run of it, at any
 * thread count in any round, searched a node (the book had the root and
 * every move from it, or the root was decided). */
static bool
game_book(const struct game_run *runs, int l, int k, int npos, int nlist,
          int repeat)
{
	for (int rep = 0; rep < repeat; rep++)
		for (int li = 0; li < nlist; li++)
			if (runs[run_at(rep, l, k, li, npos, nlist)].nodes > 0)
				return false;
	return true;
}

/* Level l's row at thread count li, from every round's runs. */
static void
game_row_of(const struct game_run *runs, int l, int li, int npos, int nlist,
            int repeat, int threads, struct game_row *row)
{
	memset(row, 0, sizeof *row);
	row->threads = threads;
	for (int rep = 0; rep < repeat; rep++) {
		double rb = 0, rs = 0;
		for (int k = 0; k < npos; k++) {
			const struct game_run *a =
			    &runs[run_at(rep, l, k, 0, npos, nlist)];
			const struct game_run *b =
			    &runs[run_at(rep, l, k, li, npos, nlist)];
			double at, bt, bbusy;
			uint64_t an, bn;
			row->searches++;
			if (game_book(runs, l, k, npos, nlist, repeat)) {
				row->book++;
				continue;
			}
			row->proven += b->proven;
			row->depth_sum += b->depth;
			row->deeper += b->depth > a->depth;
			row->shallower += b->depth < a->depth;
			row->whole_base_secs += a->secs;
			row->whole_base_nodes += a->nodes;
			row->whole_secs += b->secs;
			row->whole_nodes += b->nodes;
			row->whole_busy_s += b->busy_s;
			if (!compare_at(a, b, &at, &an, &bt, &bn, &bbusy))
				continue;
			row->compared++;
			row->base_secs += at;
			row->base_nodes += an;
			row->secs += bt;
			row->nodes += bn;
			row->busy_s += bbusy;
			rb += at;
			rs += bt;
		}
		double sp = rs > 0 ? rb / rs : 0;
		if (rep == 0 || sp < row->sp_lo)
			row->sp_lo = sp;
		if (rep == 0 || sp > row->sp_hi)
			row->sp_hi = sp;
	}
}

/* The node rate of row's whole searches over the first count's. */
static double
row_rate(const struct game_row *row)
{
	if (row->whole_secs <= 0 || row->whole_base_secs <= 0 ||
	    row->whole_base_nodes == 0)
		return 0;
	return ((double)row->whole_nodes / row->whole_secs) /
	       ((double)row->whole_base_nodes / row->whole_base_secs);
}

static void
row_factors(const struct game_row *row, struct stats_speedup *f)
{
	stats_speedup_factors(row->base_secs, row->base_nodes, row->threads,
	                      row->secs, row->nodes, row->busy_s, f);
}

/* Why row has no speedup, or NULL when it has one (f, row_factors()). */
static const char *
row_none(const struct game_row *row, const struct stats_speedup *f)
{
	if (row->book == row->searches)
		return "all book moves (no search)";
	if (row->compared == 0)
		return "no depth both runs completed";
	if (!(f->speedup > 0))
		return "no work to compare";
	return NULL;
}

/* The searches made: those of the row that were not book moves. */
static int
row_searched(const struct game_row *row)
{
	return row->searches - row->book;
}

static double
row_depth(const struct game_row *row)
{
	return row_searched(row) > 0 ? row->depth_sum / row_searched(row) : 0;
}

static const char game_csv_head[] =
    "level,threads,searches,book,proven,depth,deeper,shallower,compared,"
    "seconds,base_seconds,nodes,base_nodes,speedup,speedup_min,speedup_max,"
    "busy,node_speed,node_overhead,rate,whole_seconds,whole_nodes\n";

/* A row of the CSV: the speedup's fields empty when it has none. */
static void
game_row_csv(FILE *csv, const char *level, const struct game_row *row,
             const struct stats_speedup *f)
{
	fprintf(csv, "%s,%d,%d,%d,%d,%.2f,%d,%d,%d,%.6f,%.6f,%llu,%llu,", level,
	        row->threads, row->searches, row->book, row->proven,
	        row_depth(row), row->deeper, row->shallower, row->compared,
	        row->secs, row->base_secs, (unsigned long long)row->nodes,
	        (unsigned long long)row->base_nodes);
	if (row_none(row, f) == NULL)
		fprintf(csv, "%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,", f->speedup,
		        row->sp_lo, row->sp_hi, f->busy, f->node_speed,
		        f->node_overhead);
	else
		fputs(",,,,,,", csv);
	if (row_searched(row) > 0)
		fprintf(csv, "%.4f,", row_rate(row));
	else
		fputs(",", csv);
	fprintf(csv, "%.6f,%llu\n", row->whole_secs,
	        (unsigned long long)row->whole_nodes);
}

/* name's figure, or null when the row has no speedup. */
static void
json_factor(struct json *j, const char *name, bool none, double v)
{
	if (none)
		json_null(j, name);
	else
		json_real(j, name, v, 4);
}

static void
game_row_json(const char *level, const struct game_row *row,
              const struct stats_speedup *f)
{
	const bool none = row_none(row, f) != NULL;
	struct json j;
	json_begin(&j, stdout, "speedup_level");
	json_str(&j, "level", level);
	json_int(&j, "threads", row->threads);
	json_int(&j, "searches", row->searches);
	json_int(&j, "book", row->book);
	json_int(&j, "proven", row->proven);
	json_real(&j, "depth", row_depth(row), 2);
	json_int(&j, "deeper", row->deeper);
	json_int(&j, "shallower", row->shallower);
	json_int(&j, "compared", row->compared);
	json_real(&j, "seconds", row->secs, 6);
	json_real(&j, "base_seconds", row->base_secs, 6);
	json_uint(&j, "nodes", row->nodes);
	json_uint(&j, "base_nodes", row->base_nodes);
	json_factor(&j, "speedup", none, f->speedup);
	json_factor(&j, "speedup_min", none, row->sp_lo);
	json_factor(&j, "speedup_max", none, row->sp_hi);
	json_factor(&j, "busy", none, f->busy);
	json_factor(&j, "node_speed", none, f->node_speed);
	json_factor(&j, "node_overhead", none, f->node_overhead);
	json_factor(&j, "rate", row_searched(row) == 0, row_rate(row));
	json_real(&j, "whole_seconds", row->whole_secs, 6);
	json_uint(&j, "whole_nodes", row->whole_nodes);
	json_end(&j);
}

/* The text table's row (the factors' table is game_factors_row()). */
static void
game_row_text(const char *level, const struct game_row *row)
{
	char rate[32];
	printf("%-7s %7d %8d %5d ", level, row->threads, row->searches,
	       row->book);
	if (row_searched(row) == 0) {
		printf("  all book moves (no search)\n");
		return;
	}
	util_si(rate, sizeof rate,
	        row->whole_secs > 0 ? (double)row->whole_nodes / row->whole_secs
	                            : 0);
	printf("%6d %6.2f %6d %9d %9.2fs %9s %6.2f\n", row->proven,
	       row_depth(row), row->deeper, row->shallower, row->whole_secs,
	       rate, row_rate(row));
}

static void
game_factors_row(const char *level, const struct game_row *row,
                 const struct stats_speedup *f)
{
	const char *none = row_none(row, f);
	printf("%-7s %7d %5d/%-5d %5d ", level, row->threads, row->compared,
	       row_searched(row), row->book);
	if (none != NULL) {
		printf("  %s: no speedup\n", none);
		return;
	}
	printf("%9.3fs %8.3f (%.2f-%.2f) = %2d x %6.3f x %6.3f / %6.3f\n",
	       row->secs, f->speedup, row->sp_lo, row->sp_hi, f->threads,
	       f->busy, f->node_speed, f->node_overhead);
}

/* Every level's rows: text (two tables), or JSON; the CSV beside. */
static void
game_report(const struct options *o, const struct game_run *runs, int npos,
            const int *list, int nlist, FILE *csv)
{
	struct game_row *rows =
	    xcalloc((size_t)NLEVELS * (size_t)nlist, sizeof *rows);
	for (int l = 0; l < NLEVELS; l++)
		for (int li = 0; li < nlist; li++)
			game_row_of(runs, l, li, npos, nlist, o->bench.repeat,
			            list[li], &rows[l * nlist + li]);
	if (!o->json)
		printf("%-7s %7s %8s %5s %6s %6s %6s %9s %10s %9s %6s\n",
		       "level", "threads", "searches", "book", "proven",
		       "depth", "deeper", "shallower", "time", "nodes/s",
		       "rate");
	for (int i = 0; i < NLEVELS * nlist; i++) {
		const char *name = levels[game_levels[i / nlist]].name;
		struct stats_speedup f;
		row_factors(&rows[i], &f);
		if (o->json)
			game_row_json(name, &rows[i], &f);
		else
			game_row_text(name, &rows[i]);
		if (csv != NULL)
			game_row_csv(csv, name, &rows[i], &f);
	}
	if (!o->json) {
		printf(
		    "\nwhere the speedup goes, to the deepest depth both runs "
		    "completed (against\nthe %d-thread runs; book moves left "
		    "out):\nspeedup = threads x busy x node speed / node "
		    "overhead\n",
		    list[0]);
		printf("%-7s %7s %11s %5s %10s %19s   %2s   %6s   %6s   %6s\n",
		       "level", "threads", "compared", "book", "time",
		       "speedup (rounds)", "", "busy", "speed", "overhd");
		for (int i = 0; i < NLEVELS * nlist; i++) {
			struct stats_speedup f;
			row_factors(&rows[i], &f);
			game_factors_row(levels[game_levels[i / nlist]].name,
			                 &rows[i], &f);
		}
	}
	free(rows);
}

int
bench_speedup_game(const struct options *o, int argc, char **argv)
{
	struct cli_session session = {NULL, NULL, NULL};
	int list[OPTIONS_MAX_THREAD_LIST], nlist = 2;
	board_t *pos = NULL;
	FILE *csv = NULL;
	struct output_file of;

	if (argc > 1) {
		cli_error(
		    "bench speedup --game takes at most one game (MOVES)");
		return CLI_EXIT_USAGE;
	}
	if (argc == 0 && (o->width != 7 || o->height != 6)) {
		cli_error("bench speedup --game: the built-in game is 7x6; "
		          "give the MOVES of a %dx%d game",
		          o->width, o->height);
		return CLI_EXIT_USAGE;
	}
	const char *moves = argc == 1 ? argv[0] : game_default;
	int npos = game_positions(o, moves, &pos);
	if (npos <= 0) {
		if (npos == 0)
			cli_error("bench speedup --game: %s: no search of the "
			          "second player's",
			          moves);
		free(pos);
		return npos < 0 ? CLI_EXIT_USAGE : CLI_EXIT_FAILURE;
	}
	if (o->nthread_list > 0)
		nlist = bench_thread_list(o, list);
	else
		list[0] = 1, list[1] = 2;
	if (o->bench.csv != NULL) {
		if (output_file_open(&of, "--csv", o->bench.csv) != 0) {
			free(pos);
			return CLI_EXIT_USAGE;
		}
		csv = of.f;
		fputs(game_csv_head, csv);
	}
	if (book_cli_attach(o, &session) != 0) {
		if (csv != NULL)
			output_file_close(&of);
		free(pos);
		return CLI_EXIT_FAILURE;
	}
	if (!o->json) {
		printf("# dropfour bench speedup --game: %d searches a level "
		       "(the second player's of a %zu-move game), threads",
		       npos, strlen(moves));
		for (int li = 0; li < nlist; li++)
			printf("%s%d", li ? "," : " ", list[li]);
		printf(", %d round%s, table %zu MB, %s, %d cores\n",
		       o->bench.repeat, o->bench.repeat == 1 ? "" : "s",
		       o->tt_mb, session.book != NULL ? "book" : "no book",
		       util_ncpus());
	}
	struct search **ss = xcalloc((size_t)nlist, sizeof *ss);
	for (int li = 0; li < nlist; li++)
		ss[li] = output_search_new(o->tt_mb);
	struct game_run *runs = xcalloc((size_t)o->bench.repeat * NLEVELS *
	                                    (size_t)npos * (size_t)nlist,
	                                sizeof *runs);
	int status = game_runs(o, &session, ss, pos, npos, list, nlist, runs);
	game_report(o, runs, npos, list, nlist, csv);
	if (!output_flush())
		status = CLI_EXIT_FAILURE;
	if (csv != NULL && output_file_close(&of) != 0)
		status = CLI_EXIT_FAILURE;
	for (int li = 0; li < nlist; li++)
		search_free(ss[li]);
	free(ss);
	free(runs);
	free(pos);
	book_cli_detach(&session);
	return status;
}
