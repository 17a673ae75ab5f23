/* bench-table.c -- the speedup tables of `bench speedup`: a thread
 * count's row from its positions' runs, the factors of the speedup
 * (threads x busy x node speed / node overhead), the curve, and the rows
 * as text, CSV and JSON.  Shared by the benches of positions, of the
 * game's moves (bench-game.c) and of knight's tours (bench-tour.c);
 * calls none of them. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/bench.h"
#include "cli/cli.h"
#include "cli/json.h"
#include "cli/output.h"
#include "core/util.h"

/* A thread count's row: the sum of its positions' fastest runs. */
void
bench_speedup_row_of(const struct speedup_cell *cells, int npos, int threads,
                     struct speedup_row *row)
{
	uint64_t tnodes[STATS_MAX_THREADS] = {0};
	double tbusy[STATS_MAX_THREADS] = {0};
	memset(row, 0, sizeof *row);
	row->threads = threads;
	for (int k = 0; k < npos; k++) {
		const struct speedup_cell *c = &cells[k];
		row->secs += c->secs;
		row->nodes += c->nodes;
		row->spawned += c->spawned;
		row->stolen += c->stolen;
		for (int t = 0; t < STATS_MAX_THREADS; t++) {
			tnodes[t] += c->tnodes[t];
			tbusy[t] += c->tbusy[t];
		}
	}
	bench_speedup_load(row, tnodes, tbusy);
}

void
bench_speedup_load(struct speedup_row *row, const uint64_t *tnodes,
                   const double *tbusy)
{
	/* The work share over the whole run: each thread's share of all
	 * nodes; the imbalance: of their busy seconds. */
	uint64_t sum = 0;
	for (int t = 0; t < row->threads; t++)
		sum += tnodes[t];
	row->share_lo = 1;
	row->share_hi = 0;
	for (int t = 0; t < row->threads && sum; t++) {
		double sh = (double)tnodes[t] / (double)sum;
		if (sh < row->share_lo)
			row->share_lo = sh;
		if (sh > row->share_hi)
			row->share_hi = sh;
	}
	row->busy_s = 0;
	for (int t = 0; t < row->threads; t++)
		row->busy_s += tbusy[t];
	row->busy =
	    row->secs > 0 ? row->busy_s / (row->secs * row->threads) : 0;
	stats_imbalance(tbusy, row->threads, &row->imbalance,
	                &row->imbalance_pct);
}

void
bench_speedup_factors(const struct speedup_row *rows, int li,
                      struct stats_speedup *f)
{
	stats_speedup_factors(rows[0].secs, rows[0].nodes, rows[li].threads,
	                      rows[li].secs, rows[li].nodes, rows[li].busy_s,
	                      f);
}

void
bench_speedup_factors_table(const struct speedup_row *rows, int n)
{
	printf("\nwhere the speedup goes (against the %d-thread row): "
	       "speedup = threads x busy x node speed / node overhead\n",
	       rows[0].threads);
	printf("%7s %8s   %7s   %6s   %10s   %13s %10s\n", "threads", "speedup",
	       "threads", "busy", "node speed", "node overhead", "imbalance");
	for (int li = 0; li < n; li++) {
		struct stats_speedup f;
		bench_speedup_factors(rows, li, &f);
		printf("%7d %8.3f = %7d x %6.3f x %10.3f / %13.3f %5.3f "
		       "(%.1f%%)\n",
		       rows[li].threads, f.speedup, f.threads, f.busy,
		       f.node_speed, f.node_overhead, rows[li].imbalance,
		       rows[li].imbalance_pct);
	}
}

void
bench_speedup_curve(const struct speedup_row *rows, int n)
{
	const int height = 10;
	int maxt = rows[n - 1].threads;
	double top = maxt;
	for (int i = 0; i < n; i++)
		if (rows[0].secs / rows[i].secs > top)
			top = rows[0].secs / rows[i].secs;
	printf("\nspeedup ('*' measured, '.' ideal)\n");
	for (int y = height; y >= 1; y--) {
		double lo = top * (y - 0.5) / height,
		       hi = top * (y + 0.5) / height;
		printf("%5.1f |", top * y / height);
		for (int t = 1; t <= maxt; t++) {
			char ch = ' ';
			if (t >= lo && t < hi)
				ch = '.';
			for (int i = 0; i < n; i++) {
				double sp = rows[0].secs / rows[i].secs;
				if (rows[i].threads == t && sp >= lo && sp < hi)
					ch = '*';
			}
			printf("  %c ", ch);
		}
		putchar('\n');
	}
	printf("      +");
	for (int t = 1; t <= maxt; t++)
		printf("----");
	printf("\n       ");
	for (int t = 1; t <= maxt; t++)
		printf("%3d ", t);
	printf(" threads\n");
}

void
bench_speedup_head_csv(FILE *csv)
{
	fprintf(csv, "threads,seconds,speedup,efficiency,nodes,"
	             "node_overhead,share_min,share_max,busy,spawned,"
	             "stolen,busy_seconds,node_speed,imbalance,"
	             "imbalance_pct\n");
}

void
bench_speedup_head(FILE *csv)
{
	printf("%7s %9s %8s %10s %13s %9s %13s %6s %9s %9s\n", "threads",
	       "time", "speedup", "efficiency", "nodes", "overhead",
	       "work share", "busy", "spawned", "stolen");
	if (csv)
		bench_speedup_head_csv(csv);
}

/* Row li of the CSV. */
static void
speedup_csv_row(const struct speedup_row *rows, int li, FILE *csv)
{
	const struct speedup_row *row = &rows[li];
	struct stats_speedup f;
	bench_speedup_factors(rows, li, &f);
	fprintf(csv,
	        "%d,%.6f,%.4f,%.4f,%llu,%.4f,%.4f,%.4f,%.4f,%llu,%llu,%.6f,"
	        "%.4f,%.4f,%.2f\n",
	        row->threads, row->secs, f.speedup, f.speedup / row->threads,
	        (unsigned long long)row->nodes, f.node_overhead, row->share_lo,
	        row->share_hi, row->busy, (unsigned long long)row->spawned,
	        (unsigned long long)row->stolen, row->busy_s, f.node_speed,
	        row->imbalance, row->imbalance_pct);
}

/* A row as one JSON object (bench speedup --json); the CSV as usual. */
void
bench_speedup_row_json(const struct speedup_row *rows, int li, int npos,
                       int cores, FILE *csv)
{
	const struct speedup_row *row = &rows[li];
	double sp = rows[0].secs / row->secs;
	struct json j;
	json_begin(&j, stdout, "speedup");
	json_int(&j, "threads", row->threads);
	json_int(&j, "positions", npos);
	json_real(&j, "seconds", row->secs, 6);
	json_real(&j, "speedup", sp, 4);
	json_real(&j, "efficiency", sp / row->threads, 4);
	json_uint(&j, "nodes", row->nodes);
	json_real(&j, "node_overhead",
	          (double)row->nodes / (double)rows[0].nodes, 4);
	json_real(&j, "share_min", row->share_lo, 4);
	json_real(&j, "share_max", row->share_hi, 4);
	json_real(&j, "busy", row->busy, 4);
	json_uint(&j, "spawned", row->spawned);
	json_uint(&j, "stolen", row->stolen);
	json_int(&j, "cores", cores);
	/* Where the speedup goes: speedup = threads x busy x node_speed /
	 * node_overhead (stats_speedup_factors()). */
	struct stats_speedup f;
	bench_speedup_factors(rows, li, &f);
	json_real(&j, "busy_seconds", row->busy_s, 6);
	json_real(&j, "node_speed", f.node_speed, 4);
	json_real(&j, "imbalance", row->imbalance, 4);
	json_real(&j, "imbalance_pct", row->imbalance_pct, 2);
	json_end(&j);
	if (csv)
		speedup_csv_row(rows, li, csv);
}

int
bench_thread_list(const struct options *o, int *list)
{
	const int cores = util_ncpus();
	int nlist = 0;

	if (o->nthread_list > 1) {
		memcpy(list, o->thread_list,
		       sizeof(int) * (size_t)o->nthread_list);
		return o->nthread_list;
	}
	int maxt = o->nthread_list == 1 ? o->threads : cores < 4 ? 4 : cores;
	for (int t = 1; t <= maxt && nlist < OPTIONS_MAX_THREAD_LIST; t++)
		list[nlist++] = t;
	return nlist;
}

void
bench_speedup_row(const struct speedup_row *rows, int li, int cores, FILE *csv)
{
	const struct speedup_row *row = &rows[li];
	double sp = rows[0].secs / row->secs;
	double ov = (double)row->nodes / (double)rows[0].nodes;
	char nodes[32], bal[32];
	snprintf(nodes, sizeof nodes, "%llu", (unsigned long long)row->nodes);
	snprintf(bal, sizeof bal, "%.0f%%-%.0f%%", row->share_lo * 100,
	         row->share_hi * 100);
	printf(
	    "%7d %8.2fs %8.2f %9.0f%% %13s %9.3f %13s %5.0f%% %9llu %9llu%s\n",
	    row->threads, row->secs, sp, 100 * sp / row->threads, nodes, ov,
	    bal, 100 * row->busy, (unsigned long long)row->spawned,
	    (unsigned long long)row->stolen,
	    row->threads > cores ? "  (more threads than cores)" : "");
	output_flush();
	if (csv)
		speedup_csv_row(rows, li, csv);
}
