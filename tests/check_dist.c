/* check_dist.c -- one search across workers (search/dist/dist.h), over the
 * loopback transport: the same logic as under MPI, without mpirun.
 *
 * Against answers known independently: the exact scores of Pascal Pons'
 * test sets (tests/data/pons-sample.txt: "MOVES SCORE", Test_L3_R1,
 * Test_L2_R1, Test_L2_R2), for 1 to 4 workers, plain and --analyze (every
 * column against one process's analysis); and depth-limited play, whose
 * guarantee is one process's move and score at the same depth
 * (docs/distributed-search.md), on openings and the sample's positions;
 * the averaged outcomes likewise; and depth-limited play with the shipped
 * opening book (tests/check_book.c checks its values), whose columns are
 * the book's exact scores over the workers too.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "book/book.h"
#include "check_suites.h"
#include "cli/book-cli.h"
#include "search/dist/dist-int.h"
#include "search/dist/dist.h"
#include "search/engine/engine.h"
#include "search/search.h"
#include "search/node/tt.h"
#include "core/util.h"

/* Up to n positions of the sample's set `set`, with their scores. */
static int
sample(const char *set, int n, char moves[][64], int *score)
{
	FILE *f = check_data_open("pons-sample.txt");
	char line[256], name[64], mv[64];
	int k = 0, sc;
	while (k < n && fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "%63s %63s %d", name, mv, &sc) == 3 &&
		    strcmp(name, set) == 0) {
			strcpy(moves[k], mv);
			score[k++] = sc;
		}
	fclose(f);
	return k;
}

/* Every search shared out, however small. */
static const struct dist_params share_all = {.share_all = true};

/* `workers` over the loopback: with one main table for all of them (as
 * the ranks of one machine share one) when the count is even, each its
 * own when it is odd, so that the tests below cover both. */
static struct dist_loopback *
loopback(int workers)
{
	char err[256];
	struct dist_loopback *lb =
	    dist_loopback_new(workers, 16, 1, NULL, err, sizeof err);
	check_that(lb != NULL, "loopback: %s", err);
	if (workers % 2 == 0)
		check_that(dist_loopback_share(lb), "no shared table");
	return lb;
}

/* The exact scores of a set, for 1..4 workers: the published ones. */
static void
exact_set(const char *set, int n)
{
	char moves[16][64];
	int score[16];
	int k = sample(set, check_scaled(n, 2), moves, score);
	check_that(k >= 2, "no %s positions in the sample", set);
	for (int workers = 1; workers <= 4; workers++) {
		struct dist_loopback *lb = loopback(workers);
		for (int i = 0; i < k; i++) {
			board_t b;
			struct search_limits lim;
			struct search_result r;
			struct dist_stats st;
			check_parse_ok(&b, 7, 6, moves[i]);
			search_limits_default(&lim);
			lim.mode = SEARCH_EXACT;
			check_true(dist_search(dist_loopback_transport(lb), &b,
			                       &lim, &share_all, &r, &st) == 0);
			check_that(
			    !r.partial && r.kind == SCORE_EXACT &&
			        r.score == score[i],
			    "%s %s, %d workers: %d (kind %d), published %d",
			    set, moves[i], workers, r.score, r.kind, score[i]);
			check_that(r.move >= 0 &&
			               r.col_kind[r.move] == SCORE_EXACT &&
			               r.col_score[r.move] == score[i],
			           "%s %s: move %d does not keep the score",
			           set, moves[i], r.move);
		}
		dist_loopback_free(lb);
	}
}

START_TEST(test_exact_l3)
{
	exact_set("Test_L3_R1", 8);
}
END_TEST

START_TEST(test_exact_l2)
{
	exact_set("Test_L2_R1", 4);
	exact_set("Test_L2_R2", 3);
}
END_TEST

/* One search of b each way: one process, and `workers` over the
 * loopback; every column compared where `columns`. */
static void
same_as_one(struct search *s, struct dist_loopback *lb, const char *moves,
            const struct search_limits *lim, bool columns, bool move)
{
	board_t b;
	struct search_result one, many;
	struct dist_stats st;
	check_parse_ok(&b, 7, 6, moves);
	search_clear(s);
	search_run(s, &b, lim, &one);
	check_true(dist_search(dist_loopback_transport(lb), &b, lim, &share_all,
	                       &many, &st) == 0);
	check_that(one.score == many.score && one.kind == many.kind,
	           "%s: one process %d (kind %d), %d workers %d (kind %d)",
	           moves, one.score, one.kind, st.nworkers, many.score,
	           many.kind);
	check_that(!move || one.move == many.move,
	           "%s: one process plays %d, %d workers %d", moves, one.move,
	           st.nworkers, many.move);
	for (int c = 0; columns && c < b.w; c++)
		check_that(one.col_kind[c] == many.col_kind[c] &&
		               (one.col_kind[c] == SCORE_NONE ||
		                one.col_score[c] == many.col_score[c]),
		           "%s column %d: one %d (kind %d), many %d (kind %d)",
		           moves, c + 1, one.col_score[c], one.col_kind[c],
		           many.col_score[c], many.col_kind[c]);
	/* More tasks than the root's columns, from the second ply down. */
	check_that(st.frontier >= 2 || b.w * b.h - b.moves <= 3,
	           "%s: a frontier of %d plies", moves, st.frontier);
}

/* Every position of moves[0..n) searched as lim asks, by one process
 * and by 1..most workers (from `least`), compared by same_as_one(). */
static void
same_for_workers(const char *const *moves, int n,
                 const struct search_limits *lim, int least, int most,
                 bool move)
{
	struct search *s = search_new(16, NULL, 0);
	for (int workers = least; workers <= most; workers++) {
		struct dist_loopback *lb = loopback(workers);
		for (int i = 0; i < n; i++)
			same_as_one(s, lb, moves[i], lim, true, move);
		dist_loopback_free(lb);
	}
	search_free(s);
}

START_TEST(test_analyze)
{
	char moves[16][64];
	const char *list[16];
	int score[16];
	int k = sample("Test_L3_R1", check_scaled(6, 2), moves, score);
	struct search_limits lim;
	search_limits_default(&lim);
	lim.mode = SEARCH_EXACT;
	lim.analyze = true;
	for (int i = 0; i < k; i++)
		list[i] = moves[i];
	same_for_workers(list, k, &lim, 2, 3, false);
}
END_TEST

/* A depth-limited mode at `depth`: the move, the score and every
 * column's value of one process, for 1..4 workers, on the six openings
 * and `nsample` positions of the sample's Test_L2_R2. */
static void
play_like_one(enum search_mode mode, int depth, const char *const *openings,
              int nsample)
{
	char moves[16][64];
	const char *list[24];
	int score[16], n = 0;
	int k = sample("Test_L2_R2", check_scaled(nsample, 1), moves, score);
	struct search_limits lim;
	search_limits_default(&lim);
	lim.mode = mode;
	lim.depth = depth;
	for (; n < 6; n++)
		list[n] = openings[n];
	for (int i = 0; i < k; i++)
		list[n++] = moves[i];
	same_for_workers(list, n, &lim, 1, 4, true);
}

/* Depth-limited play at depth 7. */
START_TEST(test_depth)
{
	static const char *const openings[6] = {"4",  "44",     "4453",
	                                        "32", "445566", "1234567"};
	play_like_one(SEARCH_DEPTH, 7, openings, 4);
}
END_TEST

/* The averaged outcomes (--eval average), which take no windows (one
 * process's doubles folded in the same order), at depth 6; 445566: the
 * side to move wins at once. */
START_TEST(test_average)
{
	static const char *const openings[6] = {"",     "4",      "4455",
	                                        "3344", "445566", "1234567"};
	play_like_one(SEARCH_AVERAGE, 6, openings, 3);
}
END_TEST

/* A stop ends the search at once, partial, and the workers take the
 * next search. */
START_TEST(test_stop)
{
	struct dist_loopback *lb = loopback(2);
	struct search_stop stop;
	board_t b;
	struct search_limits lim;
	struct search_result r;
	search_stop_init(&stop, NULL);
	search_stop_request(&stop);
	check_parse_ok(&b, 7, 6, "");
	search_limits_default(&lim);
	lim.mode = SEARCH_EXACT;
	lim.stop = &stop;
	check_true(dist_search(dist_loopback_transport(lb), &b, &lim,
	                       &share_all, &r, NULL) == 0);
	check_that(r.partial, "a stopped search is not marked partial");
	search_stop_clear(&stop);
	check_parse_ok(&b, 7, 6, "4453");
	lim.mode = SEARCH_WEAK;
	check_true(dist_search(dist_loopback_transport(lb), &b, &lim,
	                       &share_all, &r, NULL) == 0);
	/* 4453 scores -2 (Pons' Test_L3_R1): lost for the side to move;
	 * and the sign of the sample's Test_L3_R1 scores. */
	check_that(!r.partial && r.score == -1, "4453 weak: %d", r.score);
	char moves[16][64];
	int score[16];
	int k = sample("Test_L3_R1", check_scaled(8, 2), moves, score);
	for (int i = 0; i < k; i++) {
		check_parse_ok(&b, 7, 6, moves[i]);
		check_true(dist_search(dist_loopback_transport(lb), &b, &lim,
		                       &share_all, &r, NULL) == 0);
		check_that(r.score == (score[i] > 0) - (score[i] < 0) &&
		               r.kind == SCORE_EXACT,
		           "%s weak: %d (kind %d), published %d", moves[i],
		           r.score, r.kind, score[i]);
	}
	dist_loopback_free(lb);
}
END_TEST

/* Request the token once 300 ms have passed (its own pthread). */
static void *
stop_later(void *arg)
{
	struct timespec ts = {0, 300 * 1000000L};
	nanosleep(&ts, NULL);
	search_stop_request(arg);
	return NULL;
}

/* The search of the MPI game, stopped mid-run through the token its
 * limits carry: an exact solve and a depth-42 search of the empty board
 * (hours of work) come back promptly, partial, and the workers take the
 * next search. */
START_TEST(test_stop_midrun)
{
	static const enum search_mode modes[] = {SEARCH_EXACT, SEARCH_DEPTH};
	struct dist_loopback *lb = loopback(2);
	struct search_stop stop;
	struct search_limits lim;
	struct search_result r;
	board_t b;
	check_parse_ok(&b, 7, 6, "");
	for (int k = 0; k < 2; k++) {
		search_limits_default(&lim);
		lim.mode = modes[k];
		lim.depth = SEARCH_MAX_DEPTH;
		search_stop_init(&stop, NULL);
		lim.stop = &stop;
		pthread_t th;
		pthread_create(&th, NULL, stop_later, &stop);
		double t0 = util_now_s();
		check_true(dist_search(dist_loopback_transport(lb), &b, &lim,
		                       &share_all, &r, NULL) == 0);
		double took = util_now_s() - t0;
		pthread_join(th, NULL);
		check_that(r.partial, "mode %d: not marked partial", k);
		check_that(took < 5.0, "mode %d: %.1f s to stop", k, took);
	}
	check_parse_ok(&b, 7, 6, "4453");
	lim.mode = SEARCH_WEAK;
	lim.stop = NULL;
	check_true(dist_search(dist_loopback_transport(lb), &b, &lim,
	                       &share_all, &r, NULL) == 0);
	check_that(!r.partial && r.score == -1, "4453 weak: %d", r.score);
	dist_loopback_free(lb);
}
END_TEST

/* One search of b by s at lim, after a depth-2 search of `first` (which
 * gives the table its kind of values); `in` (may be NULL) imported in
 * between. */
static void
run_after(struct search *s, const board_t *first, const board_t *b,
          const struct search_limits *lim, const struct search_entries *hdr,
          const struct search_entry *in, struct search_result *r)
{
	struct search_limits l = *lim;
	l.depth = 2;
	search_run(s, first, &l, r);
	if (hdr != NULL)
		search_import(s, hdr, in);
	search_run(s, b, lim, r);
}

/* Table entries handed from one search to another (search_export(),
 * search_import(): what the workers pass on): the same answers (Pons'
 * score for the exact solve), fewer nodes than without them, and nothing
 * taken by a table of another size. */
static void
share_case(enum search_mode mode, const char *moves, int published)
{
	static struct search_entry e[DIST_SHARE_IN];
	struct search_entries hdr;
	struct search_result ra, rb, rc, rd, re;
	struct search_limits lim;
	board_t b, first;
	char err[128];
	struct search *a = search_new(16, err, sizeof err);
	struct search *with = search_new(16, err, sizeof err);
	struct search *none = search_new(16, err, sizeof err);
	struct search *other = search_new(32, err, sizeof err);
	struct search *other0 = search_new(32, err, sizeof err);
	check_that(a && with && none && other && other0, "search_new: %s", err);
	check_parse_ok(&b, 7, 6, moves);
	check_parse_ok(&first, 7, 6, "1");
	search_limits_default(&lim);
	lim.mode = mode;
	lim.depth = 12;
	search_run(a, &b, &lim, &ra);
	int n = search_export(a, &b, DIST_SHARE_PLIES, &hdr, e, DIST_SHARE_IN);
	check_that(n >= 50 && hdr.n == n, "%s: %d entries exported", moves, n);
	if (mode == SEARCH_DEPTH)
		first = b; /* the same kind of values from any search */
	run_after(with, &first, &b, &lim, &hdr, e, &rb);
	run_after(none, &first, &b, &lim, NULL, NULL, &rc);
	run_after(other, &first, &b, &lim, &hdr, e, &rd);
	run_after(other0, &first, &b, &lim, NULL, NULL, &re);
	/* An exact solve's move is any of the best (these tie). */
	check_that((rb.move == rc.move || mode == SEARCH_EXACT) &&
	               rb.score == rc.score && rb.kind == rc.kind &&
	               ra.score == rc.score,
	           "%s: with the entries %d (%d), without %d (%d)", moves,
	           rb.move, rb.score, rc.move, rc.score);
	if (published != -99)
		check_that(rb.score == published, "%s: %d, published %d", moves,
		           rb.score, published);
	for (int c = 0; c < b.w && mode == SEARCH_DEPTH; c++)
		check_that(rb.col_kind[c] == rc.col_kind[c] &&
		               rb.col_score[c] == rc.col_score[c],
		           "%s column %d: %d with the entries, %d without",
		           moves, c + 1, rb.col_score[c], rc.col_score[c]);
	check_that(rb.nodes * 2 < rc.nodes,
	           "%s: %llu nodes with the entries, %llu without", moves,
	           (unsigned long long)rb.nodes, (unsigned long long)rc.nodes);
	check_that(rd.nodes == re.nodes,
	           "%s: a table of another size took entries (%llu nodes, "
	           "%llu without)",
	           moves, (unsigned long long)rd.nodes,
	           (unsigned long long)re.nodes);
	search_free(a);
	search_free(with);
	search_free(none);
	search_free(other);
	search_free(other0);
}

START_TEST(test_share)
{
	share_case(SEARCH_DEPTH, "44", -99);
	share_case(SEARCH_DEPTH, "4453", -99);
	/* Pons' score, tests/data/pons-sample.txt (Test_L2_R2). */
	share_case(SEARCH_EXACT, "422156744412715", 2);
}
END_TEST

/* The shared table (search_share_table(), search_shared_prepare()): two
 * searches in one memory see each other's entries, and a prepare for
 * another kind of values empties it, for one of the same kind not. */
START_TEST(test_shared_table)
{
	const size_t mb = 16;
	size_t bytes = search_shared_bytes(mb);
	void *mem = calloc(1, bytes);
	check_true(mem != NULL);
	struct search *a = search_new(mb, NULL, 0);
	struct search *b2 = search_new(mb, NULL, 0);
	struct search *alone = search_new(mb, NULL, 0);
	check_true(a != NULL && b2 != NULL && alone != NULL);
	search_share_table(a, mem, mb);
	search_share_table(b2, mem, mb);
	board_t b;
	struct search_limits lim;
	struct search_result ra, rb, rc;
	/* Pons' score, tests/data/pons-sample.txt (Test_L2_R2). */
	check_parse_ok(&b, 7, 6, "422156744412715");
	search_limits_default(&lim);
	lim.mode = SEARCH_EXACT;
	check_that(!search_shared_prepare(mem, mb, &b, lim.mode),
	           "a new table was emptied");
	search_run(a, &b, &lim, &ra);
	search_run(b2, &b, &lim, &rb);
	search_run(alone, &b, &lim, &rc);
	check_that(ra.score == 2 && rb.score == 2 && rc.score == 2,
	           "422156744412715: %d, %d, %d; published 2", ra.score,
	           rb.score, rc.score);
	check_that(rb.nodes * 10 < rc.nodes,
	           "the second search in the shared table: %llu nodes, "
	           "%llu alone",
	           (unsigned long long)rb.nodes, (unsigned long long)rc.nodes);
	/* The same kind again: kept. */
	check_that(!search_shared_prepare(mem, mb, &b, SEARCH_WEAK),
	           "the table was emptied for the same kind of values");
	/* Depth-limited values next: emptied, every slot. */
	check_that(search_shared_prepare(mem, mb, &b, SEARCH_DEPTH),
	           "the table was not emptied for depth-limited values");
	const uint64_t *w = search_shared_slots(mem);
	size_t left = 0;
	for (size_t i = 0; i < tt_bytes(mb) / sizeof *w; i++)
		left += w[i] != 0;
	check_that(left == 0, "%zu slots left after the table was emptied",
	           left);
	lim.mode = SEARCH_DEPTH;
	lim.depth = 8;
	search_run(a, &b, &lim, &ra);
	search_run(alone, &b, &lim, &rc);
	check_that(ra.move == rc.move && ra.score == rc.score,
	           "depth 8: %d (%d) in the shared table, %d (%d) alone",
	           ra.move, ra.score, rc.move, rc.score);
	/* And back: the exact score again after the depth-limited values. */
	lim.mode = SEARCH_EXACT;
	check_that(search_shared_prepare(mem, mb, &b, SEARCH_EXACT),
	           "the table was not emptied for exact values");
	search_run(b2, &b, &lim, &rb);
	check_that(rb.score == 2, "422156744412715 after depth play: %d",
	           rb.score);
	search_free(a);
	search_free(b2);
	search_free(alone);
	free(mem);
}
END_TEST

/* Over a shared loopback, the exact solves after depth-limited play
 * are still Pons' (the table emptied between the kinds of values). */
START_TEST(test_shared_modes)
{
	char moves[16][64];
	int score[16];
	int k = sample("Test_L2_R1", check_scaled(4, 2), moves, score);
	struct dist_loopback *lb = loopback(2);
	for (int i = 0; i < k; i++) {
		board_t b;
		struct search_limits lim;
		struct search_result r;
		check_parse_ok(&b, 7, 6, moves[i]);
		search_limits_default(&lim);
		lim.depth = 9;
		check_true(dist_search(dist_loopback_transport(lb), &b, &lim,
		                       &share_all, &r, NULL) == 0);
		lim.mode = SEARCH_EXACT;
		check_true(dist_search(dist_loopback_transport(lb), &b, &lim,
		                       &share_all, &r, NULL) == 0);
		check_that(r.kind == SCORE_EXACT && r.score == score[i],
		           "%s after depth play: %d, published %d", moves[i],
		           r.score, score[i]);
	}
	dist_loopback_free(lb);
}
END_TEST

/* A worker of its own machine: an engine of `threads` threads searching
 * in the shared table at mem (its leader). */
static void
machine_worker(struct dist_worker *wk, void *mem, size_t mb, int threads)
{
	char err[256];
	memset(wk, 0, sizeof *wk);
	wk->e = engine_new(1, err, sizeof err);
	check_that(wk->e != NULL, "engine: %s", err);
	wk->threads = threads;
	wk->table = mem;
	wk->table_mb = mb;
	wk->leader = true;
}

/* Task `id` of b run on wk, what its box holds merged into `into`'s
 * table every millisecond as it runs (NULL: dropped), as a transport
 * passes them between machines; its answer into *r. */
static void
run_and_pass(struct dist_worker *wk, const board_t *b, uint32_t id, int upper,
             struct dist_worker *into, struct dist_result *r)
{
	static struct dist_task t;
	static struct dist_entries m;
	dist_task_init(&t, id, b);
	t.mode = SEARCH_EXACT;
	t.whole = 1;
	t.upper = (uint8_t)upper;
	dist_worker_start(wk, &t);
	for (;;) {
		bool done = dist_worker_poll(wk, r);
		while (dist_worker_upper(wk, &m) > 0)
			if (into != NULL)
				dist_worker_merge(into, &m);
		if (done)
			return;
		dist_worker_wait(wk, 1000);
	}
}

/* The table across machines (dist-upper.c): the stores of a search on one
 * machine (its upper positions, 24 or more empty cells), merged into a
 * second machine's table as they come, make the second machine's search
 * of the same position a small one; a third machine, which got nothing,
 * searches it whole.  Each gives Pons' score; the first on two threads,
 * whose stores come from both. */
START_TEST(test_upper)
{
	const size_t mb = 16;
	void *mem[3];
	struct dist_worker wk[3];
	board_t b;
	/* Pons' score, tests/data/pons-sample.txt (Test_L1_R2). */
	check_parse_ok(&b, 7, 6, "4277424");
	for (int i = 0; i < 3; i++) {
		mem[i] = calloc(1, search_shared_bytes(mb));
		check_true(mem[i] != NULL);
		check_true(
		    !search_shared_prepare(mem[i], mb, &b, SEARCH_EXACT));
		machine_worker(&wk[i], mem[i], mb, i == 0 ? 2 : 1);
	}
	struct dist_result r[3];
	run_and_pass(&wk[0], &b, 1, 24, &wk[1], &r[0]);
	run_and_pass(&wk[1], &b, 2, 0, NULL, &r[1]);
	run_and_pass(&wk[2], &b, 3, 0, NULL, &r[2]);
	for (int i = 0; i < 3; i++)
		check_that(!r[i].stopped && r[i].value == -4,
		           "machine %d: %d, published -4", i, r[i].value);
	check_that(r[1].nodes * 4 < r[2].nodes,
	           "with the first machine's entries %llu nodes, without "
	           "%llu",
	           (unsigned long long)r[1].nodes,
	           (unsigned long long)r[2].nodes);
	/* A search without the tap told nothing. */
	static struct dist_entries m;
	check_that(dist_worker_upper(&wk[2], &m) == 0,
	           "entries from a task that asked for none");
	for (int i = 0; i < 3; i++) {
		engine_free(wk[i].e);
		free(mem[i]);
	}
}
END_TEST

/* Positions i and j are the same or mirror images. */
static bool
same_or_mirror(const board_t *x, const board_t *y)
{
	board_t m;
	board_mirror(y, &m);
	return (x->current == y->current && x->mask == y->mask) ||
	       (x->current == m.current && x->mask == m.mask);
}

/* The frontier's twins (dist_tree_twins()): on the empty board three
 * plies down, 343 move orders reach 238 positions (OEIS A212693), and
 * every task but the first of each position or mirror image has a twin
 * of the same position before it; on 4444 (symmetric) two plies down,
 * the 49 tasks pair off but for 4444+44. */
START_TEST(test_twins)
{
	static const struct {
		const char *moves;
		int frontier, tasks, positions;
	} cases[] = {{"", 3, 343, 238}, {"4444", 2, 49, 49}};
	struct dist_loopback *lb = loopback(1);
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		board_t b;
		struct search_limits lim;
		struct master m;
		check_parse_ok(&b, 7, 6, cases[c].moves);
		search_limits_default(&lim);
		lim.mode = SEARCH_EXACT;
		dist_master_init(&m, dist_loopback_transport(lb), &lim, NULL,
		                 cases[c].frontier, &b);
		dist_tree_expand(&m, 0, dist_tree_negamax_leaf);
		dist_tree_twins(&m);
		int tasks = 0, positions = 0, classes = 0;
		for (int i = 0; i < m.count; i++) {
			const struct node *x = &m.n[i];
			if (x->state != NODE_QUEUED)
				continue;
			tasks++;
			bool seen = false, seen_mirror = false;
			for (int j = 0; j < i; j++) {
				const struct node *y = &m.n[j];
				if (y->state != NODE_QUEUED)
					continue;
				seen = seen || (x->b.current == y->b.current &&
				                x->b.mask == y->b.mask);
				seen_mirror =
				    seen_mirror || same_or_mirror(&x->b, &y->b);
			}
			positions += !seen;
			classes += !seen_mirror;
			check_that(seen_mirror == (x->twin >= 0),
			           "%s: task %d: twin %d", cases[c].moves, i,
			           x->twin);
			check_that(x->twin < 0 ||
			               (x->twin < i &&
			                same_or_mirror(&x->b, &m.n[x->twin].b)),
			           "%s: task %d: twin %d is another position",
			           cases[c].moves, i, x->twin);
		}
		check_that(tasks == cases[c].tasks &&
		               positions == cases[c].positions,
		           "%s: %d tasks, %d positions", cases[c].moves, tasks,
		           positions);
		check_that(classes < positions, "%s: no mirror images",
		           cases[c].moves);
		free(m.slot);
		free(m.n);
	}
	dist_loopback_free(lb);
}
END_TEST

/* Depth-limited play with the shipped book: positions of up to 7 stones,
 * whose every column the book holds, get one process's move and its
 * exact column scores (draws too) from 1 and 2 workers. */
START_TEST(test_book)
{
	static const char *const openings[] = {"", "4", "43", "4453",
	                                       "1234567"};
	char path[4096], err[512];
	snprintf(path, sizeof path, "%s/%s", BOOK_SRCDIR, BOOK_DEFAULT_NAME);
	struct book *bk = book_open(path, err, sizeof err);
	check_that(bk != NULL, "%s", err);
	struct search *s = search_new(16, NULL, 0);
	struct search_limits lim;
	search_limits_default(&lim);
	lim.depth = 4;
	lim.book = book_oracle(bk);
	for (int workers = 1; workers <= 2; workers++) {
		struct dist_loopback *lb = dist_loopback_new(
		    workers, 16, 1, lim.book, err, sizeof err);
		check_that(lb != NULL, "loopback: %s", err);
		for (size_t i = 0; i < sizeof openings / sizeof openings[0];
		     i++) {
			board_t b;
			struct search_result one;
			check_parse_ok(&b, 7, 6, openings[i]);
			search_clear(s);
			search_run(s, &b, &lim, &one);
			for (int c = 0; c < 7; c++)
				check_that(one.col_kind[c] == SCORE_EXACT,
				           "%s column %d: kind %d", openings[i],
				           c + 1, one.col_kind[c]);
			same_as_one(s, lb, openings[i], &lim, true, true);
		}
		dist_loopback_free(lb);
	}
	search_free(s);
	book_free(bk);
}
END_TEST

Suite *
dist_suite(void)
{
	Suite *s = suite_create("dist");
	TCase *tc = tcase_create("dist");
	/* A hang guard: the suite takes about a minute on two quiet cores,
	 * several under a loaded machine or a sanitizer. */
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_exact_l3);
	tcase_add_test(tc, test_exact_l2);
	tcase_add_test(tc, test_analyze);
	tcase_add_test(tc, test_depth);
	tcase_add_test(tc, test_average);
	tcase_add_test(tc, test_stop);
	tcase_add_test(tc, test_stop_midrun);
	tcase_add_test(tc, test_share);
	tcase_add_test(tc, test_book);
	tcase_add_test(tc, test_shared_table);
	tcase_add_test(tc, test_shared_modes);
	tcase_add_test(tc, test_twins);
	tcase_add_test(tc, test_upper);
	suite_add_tcase(s, tc);
	return s;
}
