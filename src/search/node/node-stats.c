/* node-stats.c -- the exact solver's node breakdown (node-stats.h): the
 * counters of a build with --enable-node-stats and their report. */
#include "config.h"

#include "search/node/node-stats.h"

#ifdef DROPFOUR_NODE_STATS
struct node_stats node_stats;
#endif

bool
node_stats_built(void)
{
#ifdef DROPFOUR_NODE_STATS
	return true;
#else
	return false;
#endif
}

#ifdef DROPFOUR_NODE_STATS
static double
pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* The counts of row r (all rows: r < 0) into k[] and e[]. */
static void
row_sums(int r, uint64_t *k, uint64_t *e)
{
	for (int i = 0; i < NODE_KINDS; i++)
		k[i] = 0;
	for (int i = 0; i < NEV_EVENTS; i++)
		e[i] = 0;
	for (int row = 0; row < NODE_STATS_ROWS; row++) {
		if (r >= 0 && row != r)
			continue;
		for (int i = 0; i < NODE_KINDS; i++)
			k[i] += node_stats.kind[row][i];
		for (int i = 0; i < NEV_EVENTS; i++)
			e[i] += node_stats.event[row][i];
	}
}

static uint64_t
nodes_of(const uint64_t *k, const uint64_t *e)
{
	uint64_t n = e[NEV_ROOT];
	for (int i = 0; i < NODE_KINDS; i++)
		n += k[i];
	return n;
}

static void
print_row(FILE *f, const char *label, const uint64_t *k, const uint64_t *e)
{
	const uint64_t stores =
	    e[NEV_STORE_NEW] + e[NEV_STORE_SAME] + e[NEV_STORE_EVICT];
	fprintf(
	    f,
	    "%5s %11llu %10llu %10llu %10llu %10llu %10llu %11llu "
	    "%11llu %10llu %5.1f %10llu %5.1f\n",
	    label, (unsigned long long)nodes_of(k, e),
	    (unsigned long long)k[NODE_BOUNDS],
	    (unsigned long long)k[NODE_TABLE], (unsigned long long)k[NODE_WIN],
	    (unsigned long long)k[NODE_CAP], (unsigned long long)k[NODE_ETC],
	    (unsigned long long)k[NODE_INTERIOR], (unsigned long long)e[NEV_C4],
	    (unsigned long long)e[NEV_FORCED], pct(e[NEV_HIT], e[NEV_PROBE]),
	    (unsigned long long)stores, pct(e[NEV_STORE_EVICT], stores));
}
#endif

void
node_stats_print(FILE *f)
{
#ifdef DROPFOUR_NODE_STATS
	uint64_t k[NODE_KINDS], e[NEV_EVENTS];
	fprintf(f, "node breakdown of the exact solver (by empty cells)\n"
	           "empty       nodes     bounds      table        win "
	           "       cap        etc    interior    c4-count     "
	           "forced  hit%%     stores evict%%\n");
	for (int r = NODE_STATS_ROWS - 1; r >= 0; r--) {
		row_sums(r, k, e);
		if (nodes_of(k, e) == 0)
			continue;
		char label[8];
		snprintf(label, sizeof label, "%d", r);
		print_row(f, label, k, e);
	}
	row_sums(-1, k, e);
	print_row(f, "all", k, e);
	const uint64_t n = nodes_of(k, e);
	fprintf(f, "nodes %llu (root functions %llu, book %llu)\n",
	        (unsigned long long)n, (unsigned long long)e[NEV_ROOT],
	        (unsigned long long)k[NODE_BOOK]);
	fprintf(f, "c4's count (its negamax calls) %llu, %.1f%% of the nodes\n",
	        (unsigned long long)e[NEV_C4], pct(e[NEV_C4], n));
	fprintf(f,
	        "cut nodes %llu, cut by the first child %.2f%%; interior "
	        "nodes whose best move was the first (c4's `Best moves "
	        "guessed`) %.2f%%; children searched a node %.3f\n",
	        (unsigned long long)e[NEV_CUT],
	        pct(e[NEV_CUT_FIRST], e[NEV_CUT]),
	        pct(e[NEV_BEST_FIRST], k[NODE_INTERIOR]),
	        k[NODE_INTERIOR]
	            ? (double)e[NEV_SEARCHED] / (double)k[NODE_INTERIOR]
	            : 0.0);
	const uint64_t probes = e[NEV_PROBE] + e[NEV_ETC_PROBE];
	const uint64_t hits = e[NEV_HIT] + e[NEV_ETC_HIT];
	const uint64_t stores =
	    e[NEV_STORE_NEW] + e[NEV_STORE_SAME] + e[NEV_STORE_EVICT];
	fprintf(f,
	        "table: node probes %llu hit %.2f%%; ETC probes %llu hit "
	        "%.2f%%; all probes (c4's `Hit rate`) %.2f%%\n",
	        (unsigned long long)e[NEV_PROBE], pct(e[NEV_HIT], e[NEV_PROBE]),
	        (unsigned long long)e[NEV_ETC_PROBE],
	        pct(e[NEV_ETC_HIT], e[NEV_ETC_PROBE]), pct(hits, probes));
	fprintf(f,
	        "table: stores %llu: into an empty slot %.2f%%, onto the "
	        "same position %.2f%%, replacing another %.2f%%\n",
	        (unsigned long long)stores, pct(e[NEV_STORE_NEW], stores),
	        pct(e[NEV_STORE_SAME], stores),
	        pct(e[NEV_STORE_EVICT], stores));
#else
	(void)f;
#endif
}
