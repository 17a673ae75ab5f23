/* bench.h -- benchmarks: solver sets, parallel speedup, move ordering. */
#ifndef DROPFOUR_BENCH_H
#define DROPFOUR_BENCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/options.h"
#include "cli/session.h"
#include "search/node/stats.h"

/* `dropfour bench WHAT ...`: dispatches on o->argv[0]. */
int bench_main(const struct options *o, struct cli_session *session);
/* One row of the speedup table: a run with this many threads. */
struct speedup_row {
	int threads;
	double secs;
	uint64_t nodes, spawned, stolen;
	double share_lo, share_hi; /* smallest and largest work share */
	double busy_s;             /* busy thread-seconds */
	double busy;               /* working share of threads x time, 0..1 */
	double imbalance;          /* max / mean of the threads' busy seconds */
	double imbalance_pct;      /* (max - mean) / max * 100 */
};
/* One position at one thread count: its fastest run so far. */
struct speedup_cell {
	double secs;
	double tbusy[STATS_MAX_THREADS]; /* per thread, busy seconds */
	uint64_t nodes, spawned, stolen;
	uint64_t tnodes[STATS_MAX_THREADS];
	bool done;
};

/* bench-table.c: the speedup tables (what each bench shares). */

/* Thread count `threads`' row: the sum of its positions' fastest runs. */
void bench_speedup_row_of(const struct speedup_cell *cells, int npos,
                          int threads, struct speedup_row *row);
/* The CSV's column heads. */
void bench_speedup_head_csv(FILE *csv);
/* Row li as one JSON object (bench speedup --json); the CSV as usual. */
void bench_speedup_row_json(const struct speedup_row *rows, int li, int npos,
                            int cores, FILE *csv);
/* Fill the work shares, busy and imbalance from per-thread nodes and busy
 * seconds (row->threads and row->secs set). */
void bench_speedup_load(struct speedup_row *row, const uint64_t *tnodes,
                        const double *tbusy);
/* Where row li's speedup over row 0 goes (stats_speedup_factors()). */
void bench_speedup_factors(const struct speedup_row *rows, int li,
                           struct stats_speedup *f);
/* The table of the factors, under the speedup table. */
void bench_speedup_factors_table(const struct speedup_row *rows, int n);
/* The thread counts of --threads (a list, or 1..N), into list[]. */
int bench_thread_list(const struct options *o, int *list);
/* The table's column heads (and the CSV's, if csv). */
void bench_speedup_head(FILE *csv);
/* Row li of rows[] (row 0 is the baseline of the speedup). */
void bench_speedup_row(const struct speedup_row *rows, int li, int cores,
                       FILE *csv);
/* The speedup curve under the table. */
void bench_speedup_curve(const struct speedup_row *rows, int n);
/* bench-game.c: `dropfour bench speedup --game [MOVES]`: the AI's
 * searches of a game at club, strong and expert, on each thread count. */
int bench_speedup_game(const struct options *o, int argc, char **argv);
/* bench-tour.c: `dropfour bench speedup --tour`. */
int bench_speedup_tour(const struct options *o);
/* bench-tour.c: `dropfour bench tour-sample [K]`: estimate a whole count from K
 * prefixes drawn at random (default 7x7). */
int bench_tour_sample(const struct options *o, int argc, char **argv);
/* bench-ordering.c */
int bench_ordering(const struct options *o, int argc, char **argv);

#endif
