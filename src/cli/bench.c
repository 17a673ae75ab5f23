/* bench.c -- benchmarks: the solver on test-set files, and the parallel
 * speedup and efficiency of the search against the thread count. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "cli/bench.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "cli/solve.h"
#include "cli/tour-cli.h"
#include "core/util.h"

static int bench_solve(const struct options *o, int argc, char **argv);
static int bench_speedup(const struct options *o, int argc, char **argv);

struct bench_entry {
	const char *name;
	int (*run)(const struct options *, int, char **);
};

static const struct bench_entry bench_table[] = {
    {"solve", bench_solve},
    {"speedup", bench_speedup},
    {"ordering", bench_ordering},
    {"tour-sample", bench_tour_sample},
};

int
bench_main(const struct options *o, struct cli_session *session)
{
	(void)session; /* the benchmarks and the builds load nothing */
	if (o->argc < 1) {
		cli_error("bench needs one of: solve, speedup, ordering, "
		          "tour-sample");
		return CLI_EXIT_USAGE;
	}
	for (size_t i = 0; i < sizeof bench_table / sizeof bench_table[0]; i++)
		if (strcmp(o->argv[0], bench_table[i].name) == 0) {
			const bool speedup = strcmp(o->argv[0], "speedup") == 0;
			if (o->json &&
			    (o->bench.tour ||
			     (strcmp(o->argv[0], "solve") != 0 && !speedup))) {
				cli_error("--json applies to bench solve "
				          "and bench speedup");
				return CLI_EXIT_USAGE;
			}
			if ((o->bench.tour || o->bench.game) && !speedup) {
				cli_error("--%s applies to bench speedup",
				          o->bench.tour ? "tour" : "game");
				return CLI_EXIT_USAGE;
			}
			if (o->bench.tour && o->bench.game) {
				cli_error("--tour and --game: one or the "
				          "other");
				return CLI_EXIT_USAGE;
			}
			/* the bench options a benchmark does not use are
			 * refused, never ignored */
			if (o->bench.csv != NULL &&
			    (strcmp(o->argv[0], "solve") != 0 && !speedup)) {
				cli_error("--csv applies to bench solve and "
				          "bench speedup");
				return CLI_EXIT_USAGE;
			}
			if (o->bench.repeat > 1 && !speedup) {
				cli_error("--repeat applies to bench speedup");
				return CLI_EXIT_USAGE;
			}
			if (o->bench.per_position &&
			    (!speedup || o->bench.tour || o->bench.game)) {
				cli_error("--per-position applies to "
				          "bench speedup on positions (not "
				          "--tour or --game)");
				return CLI_EXIT_USAGE;
			}
			return bench_table[i].run(o, o->argc - 1, o->argv + 1);
		}
	cli_error("unknown benchmark '%s' (solve, speedup, "
	          "ordering, tour-sample)",
	          o->argv[0]);
	return CLI_EXIT_USAGE;
}

/* A position with its expected score from a test-set file. */
struct bench_pos {
	board_t b;
	int expect;
	bool has_expect;
	long lineno; /* in its file */
	char moves[BOARD_MAX_CELLS + 1];
};

/* Read "<moves> [score]" lines; returns the count or -1. */
static int
read_positions(const char *path, int w, int h, bool json,
               struct bench_pos **out)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int n = 0, alloc = 0;
	long lineno = 0;

	if (f == NULL) {
		cli_error("%s: %s", path, strerror(errno));
		return -1;
	}
	*out = NULL;
	ssize_t got;
	while ((got = util_getline(&line, &cap, f)) != -1) {
		char err[160];
		board_t b;
		lineno++;
		if (solve_parse_input(line, (size_t)got, w, h, &b, err,
		                      sizeof err) != 0) {
			cli_error("%s:%ld:%s", path, lineno, err);
			if (json)
				json_error(stdout, path, lineno, err);
			continue;
		}
		if (n == alloc) {
			alloc = alloc ? alloc * 2 : 256;
			*out = xrealloc(*out, (size_t)alloc * sizeof **out);
		}
		struct bench_pos *p = &(*out)[n++];
		p->b = b;
		p->lineno = lineno;
		size_t len = strcspn(line, " \t\r\n");
		if (len > BOARD_MAX_CELLS)
			len = BOARD_MAX_CELLS;
		memcpy(p->moves, line, len);
		p->moves[len] = '\0';
		p->has_expect = sscanf(line + len, "%d", &p->expect) == 1;
	}
	int err = errno;
	bool bad = ferror(f) != 0;
	free(line);
	fclose(f);
	if (bad) {
		cli_error("%s: read error: %s", path, strerror(err));
		free(*out);
		*out = NULL;
		return -1;
	}
	return n;
}

/* What one test-set file's run adds up to. */
struct set_totals {
	double secs;
	uint64_t nodes;
	int matched, checked;
};

/* Solve the n positions of the set read from path, each on a cleared
 * table, printing each result in JSON with --json and each mismatch with
 * the expected score on stderr. */
static void
solve_set(const struct options *o, struct search *s,
          const struct search_limits *lim, const char *path,
          const struct bench_pos *pos, int n, struct set_totals *tot)
{
	search_clear(s);
	for (int k = 0; k < n; k++) {
		struct search_result r;
		search_run(s, &pos[k].b, lim, &r);
		if (o->json) {
			solve_print_json(stdout, pos[k].moves, &pos[k].b, false,
			                 o->solve.weak, &r, false);
			if (!output_flush())
				break;
		}
		tot->secs += r.seconds;
		tot->nodes += r.nodes;
		if (pos[k].has_expect) {
			int want = pos[k].expect;
			if (o->solve.weak)
				want = want > 0 ? 1 : want < 0 ? -1 : 0;
			tot->checked++;
			tot->matched += r.score == want;
			if (r.score != want)
				cli_error("%s:%ld: %s: expected %d, got "
				          "%d%s",
				          path, pos[k].lineno,
				          pos[k].moves[0] ? pos[k].moves : "-",
				          want, r.score,
				          r.partial ? " (partial)" : "");
		}
	}
}

/* The set's row of the table (or its JSON line): mean time and nodes,
 * the rate, and how many scores matched. */
static void
solve_set_row(const struct options *o, const char *path, int n,
              const struct set_totals *tot, FILE *csv)
{
	const char *base = strrchr(path, '/');
	char t[32], nd[32], nps[32];
	double secs = tot->secs;
	uint64_t nodes = tot->nodes;
	double mean = n ? secs / n : 0;
	if (mean < 1e-3)
		snprintf(t, sizeof t, "%.2f us", mean * 1e6);
	else if (mean < 1)
		snprintf(t, sizeof t, "%.2f ms", mean * 1e3);
	else
		snprintf(t, sizeof t, "%.2f s", mean);
	snprintf(nd, sizeof nd, "%.0f", n ? (double)nodes / n : 0);
	util_si(nps, sizeof nps, secs > 0 ? (double)nodes / secs : 0);
	if (o->json) {
		struct json j;
		json_begin(&j, stdout, "bench_set");
		json_str(&j, "set", base ? base + 1 : path);
		json_int(&j, "positions", n);
		json_real(&j, "mean_seconds", mean, 9);
		json_real(&j, "mean_nodes", n ? (double)nodes / n : 0, 1);
		json_real(&j, "nps", secs > 0 ? (double)nodes / secs : 0, 0);
		json_int(&j, "matched", tot->matched);
		json_int(&j, "checked", tot->checked);
		json_end(&j);
	} else
		printf("%-28s %9d %12s %14s %12s %5d/%d\n",
		       base ? base + 1 : path, n, t, nd, nps, tot->matched,
		       tot->checked);
	if (csv != NULL)
		fprintf(csv, "%s,%d,%.9f,%.1f,%.0f,%d,%d\n",
		        base ? base + 1 : path, n, mean,
		        n ? (double)nodes / n : 0,
		        secs > 0 ? (double)nodes / secs : 0, tot->matched,
		        tot->checked);
}

static int
bench_solve(const struct options *o, int argc, char **argv)
{
	struct search_limits lim;
	int status = 0;

	if (argc < 1) {
		cli_error("bench solve needs test-set FILEs");
		return CLI_EXIT_USAGE;
	}
	/* --csv: the table's rows as CSV, written as every --csv and -o
	 * file is (output_file_open(): replaced atomically, a device or FIFO
	 * written in place, a folder refused) */
	struct output_file of;
	FILE *csv = NULL;
	if (o->bench.csv != NULL) {
		if (output_file_open(&of, "--csv", o->bench.csv) != 0)
			return CLI_EXIT_USAGE;
		csv = of.f;
		fprintf(csv, "set,positions,mean_seconds,mean_nodes,nps,"
		             "matched,checked\n");
	}
	options_solve_limits(o, NULL, &lim); /* no book: the solver alone */

	if (!o->json)
		printf("# dropfour %s bench solve: %d thread%s, split %s, "
		       "table %zu "
		       "MB%s\n",
		       PACKAGE_VERSION, lim.threads,
		       lim.threads == 1 ? "" : "s",
		       search_split_names[lim.split], o->tt_mb,
		       o->solve.weak ? ", weak" : "");
	if (!o->json)
		printf("%-28s %9s %12s %14s %12s %9s\n", "set", "positions",
		       "mean time", "mean nodes", "nodes/s", "matched");
	struct search *s = output_search_new(o->tt_mb);
	for (int i = 0; i < argc; i++) {
		struct bench_pos *pos;
		int n =
		    read_positions(argv[i], o->width, o->height, o->json, &pos);
		if (n < 0) {
			status = CLI_EXIT_FAILURE;
			continue;
		}
		struct set_totals tot = {0};
		solve_set(o, s, &lim, argv[i], pos, n, &tot);
		solve_set_row(o, argv[i], n, &tot, csv);
		free(pos);
		if (!output_flush()) {
			status = CLI_EXIT_FAILURE;
			break;
		}
		if (tot.matched != tot.checked)
			status = CLI_EXIT_FAILURE;
	}
	if (csv != NULL && output_file_close(&of) != 0)
		status = CLI_EXIT_FAILURE;
	search_free(s);
	return status;
}

/* ---- speedup ---------------------------------------------------------- */

/* Built-in positions: the eight hardest of the first 300 of Test_L1_R2,
 * 5 to 21 million nodes each, about 7 s in all on one thread of the 2-core
 * development machine; bench/speedup-set.txt holds them with their scores,
 * for programs that read a file (bench/peers.sh speedup). */
static const char *const speedup_default[] = {
    "7357561511", "1511475",  "76122164", "122743",
    "651426425",  "47237454", "77541",    "474362661",
};

/* Solve one position with lim->threads threads, keeping the run in *cell
 * if it is the fastest so far.  Returns 1 if the score differs from
 * *score (set on the first call, when first). */
static int
speedup_one(struct search *s, const struct search_limits *lim,
            const struct bench_pos *pos, int *score, bool first,
            struct speedup_cell *cell)
{
	struct search_result r;
	struct stats_snapshot snap;
	search_clear(s);
	search_run(s, &pos->b, lim, &r);
	stats_snapshot(search_stats(s), &snap);
	if (!cell->done || r.seconds < cell->secs) {
		memset(cell, 0, sizeof *cell);
		cell->done = true;
		cell->secs = r.seconds;
		cell->nodes = r.nodes;
		cell->spawned = snap.spawned;
		cell->stolen = snap.stolen;
		for (int t = 0; t < snap.nthreads && t < STATS_MAX_THREADS;
		     t++) {
			cell->tnodes[t] = snap.thread[t].nodes;
			cell->tbusy[t] = snap.thread[t].busy_s;
		}
	}
	/* The score never depends on the thread count. */
	if (first) {
		*score = r.score;
	} else if (r.score != *score) {
		cli_error("%s: score %d with %d threads "
		          "but %d before",
		          pos->moves, r.score, lim->threads, *score);
		return CLI_EXIT_FAILURE;
	}
	return 0;
}

/* bench speedup --per-position: each position's fastest run at every
 * thread count, against its own run at the first count (text or JSON
 * Lines).  Where the whole set's speedup comes from: short searches
 * spend a larger share idle, and a few long ones weigh most. */
static void
speedup_positions(const struct bench_pos *pos, int npos,
                  const struct speedup_cell *cells, const int *list, int nlist,
                  bool json)
{
	if (!json)
		printf("\nper position (the fastest run of each)\n%-24s %7s "
		       "%10s %8s %13s %9s %6s\n",
		       "position", "threads", "time", "speedup", "nodes",
		       "overhead", "busy");
	for (int k = 0; k < npos; k++) {
		const struct speedup_cell *c0 = &cells[k];
		for (int li = 0; li < nlist; li++) {
			const struct speedup_cell *c =
			    &cells[(size_t)li * (size_t)npos + (size_t)k];
			const double sp = c->secs > 0 ? c0->secs / c->secs : 0;
			const double ov =
			    c0->nodes ? (double)c->nodes / (double)c0->nodes
			              : 0;
			double bs = 0;
			for (int t = 0; t < list[li]; t++)
				bs += c->tbusy[t];
			const double busy =
			    c->secs > 0 ? bs / (c->secs * list[li]) : 0;
			const char *name = pos[k].moves[0] ? pos[k].moves : "-";
			if (json) {
				struct json j;
				json_begin(&j, stdout, "speedup_position");
				json_str(&j, "position", pos[k].moves);
				json_int(&j, "threads", list[li]);
				json_real(&j, "seconds", c->secs, 6);
				json_real(&j, "speedup", sp, 4);
				json_uint(&j, "nodes", c->nodes);
				json_real(&j, "node_overhead", ov, 4);
				json_real(&j, "busy", busy, 4);
				json_end(&j);
			} else
				printf("%-24s %7d %9.4fs %8.2f %13llu %9.3f "
				       "%5.0f%%\n",
				       li == 0 ? name : "", list[li], c->secs,
				       sp, (unsigned long long)c->nodes, ov,
				       100 * busy);
		}
	}
}

/* The positions bench speedup runs: FILE's (argv[0]) or the built-in
 * 7x6 set, in *pos (*npos of them).  Returns CLI_EXIT_OK, or the status
 * to exit with after the error is printed. */
static int
speedup_positions_of(const struct options *o, int argc, char **argv,
                     struct bench_pos **pos, int *npos)
{
	if (argc > 1) {
		cli_error("bench speedup takes at most one FILE");
		return CLI_EXIT_USAGE;
	}
	if (argc == 1) {
		*npos =
		    read_positions(argv[0], o->width, o->height, o->json, pos);
		if (*npos <= 0) {
			cli_error("no positions to run");
			free(*pos);
			return CLI_EXIT_FAILURE;
		}
	} else if (o->width != 7 || o->height != 6) {
		cli_error("bench speedup: the built-in positions are 7x6; give "
		          "a FILE of %dx%d positions",
		          o->width, o->height);
		return CLI_EXIT_USAGE;
	} else {
		*npos =
		    (int)(sizeof speedup_default / sizeof speedup_default[0]);
		*pos = xcalloc((size_t)*npos, sizeof **pos);
		for (int i = 0; i < *npos; i++) {
			char err[128];
			solve_parse_line(speedup_default[i], o->width,
			                 o->height, &(*pos)[i].b, err,
			                 sizeof err);
			snprintf((*pos)[i].moves, sizeof(*pos)[i].moves, "%s",
			         speedup_default[i]);
		}
	}
	return CLI_EXIT_OK;
}

/* Every position runs at every thread count in turn, and the whole round
 * again for each repeat: the machine's speed drifts over seconds, so runs
 * seconds apart compare fairly where whole passes minutes apart did not.
 * The fastest run of each position and thread count is kept in cells (a
 * row of npos a thread count).  Returns the runs' statuses or'ed. */
static int
speedup_runs(const struct options *o, struct search *s,
             struct search_limits *lim, const struct bench_pos *pos, int npos,
             const int *list, int nlist, int *scores,
             struct speedup_cell *cells)
{
	int status = 0;
	struct cli_progress line;
	cli_progress_begin(&line);
	for (int rep = 0; rep < o->bench.repeat; rep++) {
		for (int k = 0; k < npos; k++) {
			for (int li = 0; li < nlist; li++) {
				lim->threads = list[li];
				cli_progress_show(
				    &line,
				    "  run %d/%d, position %d/%d, %d thread%s",
				    rep + 1, o->bench.repeat, k + 1, npos,
				    list[li], list[li] == 1 ? "" : "s");
				status |= speedup_one(
				    s, lim, &pos[k], &scores[k],
				    rep == 0 && li == 0,
				    &cells[(size_t)li * (size_t)npos +
				           (size_t)k]);
			}
		}
	}
	cli_progress_clear(&line);
	return status;
}

static int
bench_speedup(const struct options *o, int argc, char **argv)
{
	int list[OPTIONS_MAX_THREAD_LIST], nlist;
	struct bench_pos *pos = NULL;
	int npos = 0;
	const int cores = util_ncpus();
	FILE *csv = NULL;

	if (o->bench.tour) {
		if (argc == 0)
			return bench_speedup_tour(o);
		cli_error("bench speedup --tour takes no FILE");
		return CLI_EXIT_USAGE;
	}
	if (o->bench.game)
		return bench_speedup_game(o, argc, argv);
	nlist = bench_thread_list(o, list);
	int got = speedup_positions_of(o, argc, argv, &pos, &npos);
	if (got != CLI_EXIT_OK)
		return got;
	struct output_file of;
	if (o->bench.csv != NULL) {
		if (output_file_open(&of, "--csv", o->bench.csv) != 0) {
			free(pos);
			return CLI_EXIT_USAGE;
		}
		csv = of.f;
	}

	struct search_limits lim;
	options_solve_limits(o, NULL, &lim); /* no book: the solver alone */

	if (!o->json) {
		printf("# dropfour bench speedup: %d position%s, split %s, "
		       "table %zu MB, %d core%s, best of %d per position\n",
		       npos, npos == 1 ? "" : "s",
		       search_split_names[lim.split], o->tt_mb, cores,
		       cores == 1 ? "" : "s", o->bench.repeat);
		bench_speedup_head(csv);
	} else if (csv) {
		bench_speedup_head_csv(csv);
	}

	struct speedup_row *rows = xcalloc((size_t)nlist, sizeof *rows);
	struct speedup_cell *cells =
	    xcalloc((size_t)nlist * (size_t)npos, sizeof *cells);
	struct search *s = output_search_new(o->tt_mb);
	int *scores = xcalloc((size_t)npos, sizeof *scores);
	int status =
	    speedup_runs(o, s, &lim, pos, npos, list, nlist, scores, cells);
	for (int li = 0; li < nlist; li++) {
		bench_speedup_row_of(&cells[(size_t)li * (size_t)npos], npos,
		                     list[li], &rows[li]);
		if (o->json)
			bench_speedup_row_json(rows, li, npos, cores, csv);
		else
			bench_speedup_row(rows, li, cores, csv);
	}
	if (!o->json) {
		bench_speedup_factors_table(rows, nlist);
		bench_speedup_curve(rows, nlist);
	}
	if (o->bench.per_position)
		speedup_positions(pos, npos, cells, list, nlist, o->json);
	if (!output_flush())
		status = CLI_EXIT_FAILURE;
	if (csv != NULL && output_file_close(&of) != 0)
		status = CLI_EXIT_FAILURE;
	search_free(s);
	free(scores);
	free(cells);
	free(rows);
	free(pos);
	return status;
}
