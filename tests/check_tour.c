/* check_tour.c -- the knight's tour counter.
 *
 * Known answers that this code did not compute:
 *   - the seed's figures: 1682 tours of the 4x7 board from a corner, 2 of
 *     the 3x4 board;
 *   - a second, plain counter written here (coordinates, a visited array,
 *     no bitboards, no pruning) on every start square of the small boards;
 *   - published counts, OEIS (https://oeis.org):
 *       A165134 directed Hamiltonian paths of the n X n knight graph:
 *         5x5 1728, 6x6 6637920; its example (G. Coserea) gives the 5x5
 *         count per start square: 304 from a corner, 56, 64 at the centre;
 *       A118067 directed Hamiltonian paths of the 3 X n knight graph:
 *         3x4 16, 3x7 104, 3x8 792;
 *       A079137 undirected Hamiltonian paths of the 4 X n knight graph
 *         (a directed count is twice that): 4x5 82, 4x6 744, 4x7 6378,
 *         4x8 31088;
 *       A001230 undirected closed tours of the 2n X 2n board: 6x6 9862,
 *         so 2 * 9862 directed closed tours from each square.
 * Pruning is checked against the unpruned counter, symmetry by counting
 * the corners (and every image of a start square) separately, the thread
 * count and split depth by comparing counts, the prefix contract of the
 * distributed driver by adding up the counts below tour_expand()'s
 * prefixes.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check_suites.h"
#include "cli/tour-cli.h"
#include "tour/tour.h"
#include "core/util.h"

/* ---- the plain counter ------------------------------------------------ */

struct plain {
	int w, h, n, start;
	bool closed;
	bool seen[TOUR_MAX_SIDE][TOUR_MAX_SIDE];
};

static bool
plain_jump(int x0, int y0, int x1, int y1)
{
	int dx = abs(x1 - x0), dy = abs(y1 - y0);
	return (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
}

static uint64_t
plain_rec(struct plain *p, int x, int y, int visited)
{
	static const int dx[8] = {1, 2, 2, 1, -1, -2, -2, -1};
	static const int dy[8] = {2, 1, -1, -2, -2, -1, 1, 2};
	uint64_t n = 0;

	if (visited == p->n)
		return !p->closed ||
		       plain_jump(x, y, p->start % p->w, p->start / p->w);
	for (int k = 0; k < 8; k++) {
		int nx = x + dx[k], ny = y + dy[k];
		if (nx < 0 || ny < 0 || nx >= p->w || ny >= p->h ||
		    p->seen[nx][ny])
			continue;
		p->seen[nx][ny] = true;
		n += plain_rec(p, nx, ny, visited + 1);
		p->seen[nx][ny] = false;
	}
	return n;
}

/* Tours of the w x h board from (x, y). */
static uint64_t
plain_count(int w, int h, int x, int y, bool closed)
{
	struct plain p = {.w = w, .h = h, .n = w * h, .closed = closed};
	p.start = y * w + x;
	p.seen[x][y] = true;
	return plain_rec(&p, x, y, 1);
}

/* ---- helpers ------------------------------------------------------------ */

static void
board_ok(struct tour_board *b, int w, int h)
{
	const char *why = tour_board_init(b, w, h);
	check_that(why == NULL, "%dx%d: %s", w, h, why);
}

/* Tours from one square with these settings. */
static uint64_t
count_from(const struct tour_board *b, int sq, bool closed, bool prune,
           int threads, int split)
{
	struct tour_prefix p = {.len = 1};
	struct tour_params par;
	struct tour_result r;
	uint64_t n = 0;

	p.sq[0] = (uint8_t)sq;
	tour_params_default(&par);
	par.closed = closed;
	par.prune = prune;
	par.threads = threads;
	par.split_depth = split;
	check_that(tour_count(b, &p, 1, &par, NULL, &n, &r) == 0,
	           "tour_count refused a1");
	check_that(r.tours == n && !r.stopped, "result disagrees");
	return n;
}

static uint64_t
count_all(const struct tour_board *b, bool closed, int threads)
{
	uint64_t t = 0;
	for (int sq = 0; sq < TOUR_MAX_SQUARES; sq++)
		if (b->all & (1ULL << sq))
			t += count_from(b, sq, closed, true, threads, 0);
	return t;
}

/* The plan of `dropfour tour` for these options, counted. */
static uint64_t
count_plan(int w, int h, const char *from, bool closed, int threads,
           bool *symmetric)
{
	struct options o;
	struct tour_plan p;
	struct tour_result r;

	memset(&o, 0, sizeof o);
	o.width = w;
	o.height = h;
	o.width_given = o.height_given = true;
	o.threads = threads;
	o.tour.from = from;
	o.tour.closed = closed;
	check_that(tour_cli_plan_make(&o, 4, 7, false, &p) == 0,
	           "plan refused");
	uint64_t *counts = xcalloc((size_t)p.n, sizeof *counts);
	check_that(tour_count(&p.b, p.pre, p.n, &p.par, NULL, counts, &r) == 0,
	           "plan's prefixes refused");
	uint64_t t = tour_cli_plan_total(&p, counts);
	if (symmetric)
		*symmetric = p.symmetric;
	free(counts);
	tour_cli_plan_free(&p);
	return t;
}

/* ---- tests -------------------------------------------------------------- */

START_TEST(test_seed_figures)
{
	struct tour_board b;

	board_ok(&b, 4, 7);
	ck_assert_uint_eq(count_from(&b, 0, false, true, 1, 0), 1682);
	ck_assert_uint_eq(count_from(&b, 0, false, true, 2, 1), 1682);
	board_ok(&b, 7, 4);
	ck_assert_uint_eq(count_from(&b, 0, false, true, 2, 2), 1682);
	board_ok(&b, 3, 4);
	ck_assert_uint_eq(count_from(&b, 0, false, true, 1, 0), 2);
	board_ok(&b, 4, 3);
	ck_assert_uint_eq(count_from(&b, 0, false, true, 2, 0), 2);
	ck_assert_uint_eq(count_plan(4, 7, NULL, false, 2, NULL), 1682);
}
END_TEST

/* Every start square of the small boards, open and closed, pruned and not,
 * against the plain counter. */
START_TEST(test_plain_counter)
{
	static const int sizes[][2] = {
	    {1, 1}, {1, 3}, {2, 3}, {3, 3}, {3, 4}, {4, 3}, {4, 4}, {3, 5},
	    {5, 3}, {3, 6}, {3, 7}, {4, 5}, {5, 4}, {3, 8}, {4, 6},
	};
	uint64_t nonzero = 0;
	/* The sanitizer runs (scale below 1) stop at 15 squares. */
	int most = check_scale() < 1 ? 15 : 64;

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		int w = sizes[i][0], h = sizes[i][1];
		struct tour_board b;
		if (w * h > most)
			continue;
		board_ok(&b, w, h);
		for (int y = 0; y < h; y++) {
			for (int x = 0; x < w; x++) {
				for (int c = 0; c < 2; c++) {
					uint64_t want =
					    plain_count(w, h, x, y, c);
					uint64_t got =
					    count_from(&b, y * 8 + x, c, true,
					               1 + (x + y) % 2, 0);
					uint64_t raw = count_from(
					    &b, y * 8 + x, c, false, 1, 0);
					check_that(
					    got == want && raw == want,
					    "%dx%d from %c%d%s: %llu tours "
					    "(%llu unpruned), the plain "
					    "counter "
					    "%llu",
					    w, h, 'a' + x, y + 1,
					    c ? " closed" : "",
					    (unsigned long long)got,
					    (unsigned long long)raw,
					    (unsigned long long)want);
					nonzero += want;
				}
			}
		}
	}
	/* The comparison is not vacuous. */
	check_that(nonzero > (most < 64 ? 30 : 2000), "only %llu tours in all",
	           (unsigned long long)nonzero);
}
END_TEST

/* A larger board from a few squares: the pruning changes nothing. */
START_TEST(test_pruning_unchanged)
{
	struct tour_board b;
	static const int from[][2] = {{0, 0}, {2, 0}, {1, 2}, {2, 2}};
	size_t nfrom = check_scale() < 1 ? 1 : sizeof from / sizeof from[0];

	board_ok(&b, 5, 5);
	for (size_t i = 0; i < nfrom; i++) {
		int sq = from[i][1] * 8 + from[i][0];
		uint64_t a = count_from(&b, sq, false, true, 2, 0);
		uint64_t r = count_from(&b, sq, false, false, 2, 0);
		ck_assert_uint_eq(a, r);
		ck_assert_uint_eq(
		    a, plain_count(5, 5, from[i][0], from[i][1], false));
	}
	if (check_scale() < 1)
		return; /* the sanitizer runs */
	board_ok(&b, 5, 6);
	uint64_t c = count_from(&b, 0, true, true, 2, 0);
	ck_assert_uint_eq(c, count_from(&b, 0, true, false, 2, 0));
	ck_assert_uint_gt(c, 0);
}
END_TEST

/* A165134's example: the 5x5 count per start square, and the total. */
START_TEST(test_published_5x5)
{
	static const int table[5][5] = {
	    {304, 0, 56, 0, 304}, {0, 56, 0, 56, 0},    {56, 0, 64, 0, 56},
	    {0, 56, 0, 56, 0},    {304, 0, 56, 0, 304},
	};
	struct tour_board b;
	bool sym;

	board_ok(&b, 5, 5);
	for (int y = 0; y < 5; y++)
		for (int x = 0; x < 5; x++)
			ck_assert_uint_eq(
			    count_from(&b, y * 8 + x, false, true, 2, 0),
			    (uint64_t)table[y][x]);
	ck_assert_uint_eq(count_plan(5, 5, "all", false, 2, &sym), 1728);
	ck_assert(sym);
}
END_TEST

/* A118067 (3 X n, directed) and A079137 (4 X n, undirected: times 2). */
START_TEST(test_published_narrow)
{
	static const struct {
		int w, h;
		uint64_t tours;
	} known[] = {
	    {3, 4, 16},       {3, 7, 104},       {3, 8, 792},
	    {4, 3, 16},       {4, 5, 2 * 82},    {4, 6, 2 * 744},
	    {4, 7, 2 * 6378}, {8, 4, 2 * 31088},
	};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		struct tour_board b;
		if (check_scale() < 1 && known[i].w * known[i].h > 21)
			continue; /* the sanitizer runs */
		board_ok(&b, known[i].w, known[i].h);
		uint64_t got = count_all(&b, false, 2);
		check_that(got == known[i].tours, "%dx%d: %llu tours, not %llu",
		           known[i].w, known[i].h, (unsigned long long)got,
		           (unsigned long long)known[i].tours);
		/* And through the plan, one start per orbit. */
		ck_assert_uint_eq(
		    count_plan(known[i].w, known[i].h, "all", false, 2, NULL),
		    known[i].tours);
	}
}
END_TEST

/* A001230: 9862 undirected closed tours of 6x6: each passes every square
 * in two directions. */
START_TEST(test_published_closed_6x6)
{
	ck_assert_uint_eq(count_plan(6, 6, "a1", true, 2, NULL), 2 * 9862);
	ck_assert_uint_eq(count_plan(6, 6, "c3", true, 2, NULL), 2 * 9862);
	if (check_scale() >= 1)
		ck_assert_uint_eq(count_plan(6, 6, "all", true, 2, NULL),
		                  2 * 9862 * 36);
}
END_TEST

/* A165134: 6637920 directed open tours of 6x6 (about a second; not in
 * the sanitizer runs, tour_suite()). */
START_TEST(test_published_6x6)
{
	ck_assert_uint_eq(count_plan(6, 6, "all", false, 2, NULL), 6637920);
}
END_TEST

/* The four corners of a rectangle, and every image of a square under the
 * board's symmetries, start the same number of tours. */
START_TEST(test_symmetry)
{
	static const int sizes[][2] = {{4, 7}, {5, 6}, {5, 5}, {3, 8}};

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		int w = sizes[i][0], h = sizes[i][1];
		int map[8][TOUR_MAX_SQUARES];
		struct tour_board b;
		board_ok(&b, w, h);
		int corner[4] = {0, w - 1, (h - 1) * 8, (h - 1) * 8 + w - 1};
		uint64_t c0 = count_from(&b, corner[0], false, true, 2, 0);
		for (int k = 1; k < 4; k++)
			ck_assert_uint_eq(
			    count_from(&b, corner[k], false, true, 2, 0), c0);
		check_that(c0 > 0, "%dx%d: no tour from the corner", w, h);
		int ng = tour_symmetries(&b, map);
		ck_assert_int_eq(ng, w == h ? 8 : 4);
		int sq = 1 * 8 + 1; /* b2 */
		uint64_t s0 = count_from(&b, sq, false, true, 1, 0);
		for (int g = 1; g < ng; g++)
			ck_assert_uint_eq(
			    count_from(&b, map[g][sq], false, true, 1, 0), s0);
	}
	/* One start per orbit adds up like every start. */
	struct tour_board b;
	board_ok(&b, 5, 6);
	bool sym;
	ck_assert_uint_eq(count_plan(5, 6, "all", false, 2, &sym),
	                  count_all(&b, false, 2));
	ck_assert(sym);
	int rep[TOUR_MAX_SQUARES], weight[TOUR_MAX_SQUARES], total = 0;
	int k = tour_start_orbits(&b, rep, weight);
	for (int i = 0; i < k; i++)
		total += weight[i];
	ck_assert_int_eq(total, 30);
	ck_assert_int_eq(k, 9); /* 5x6: 3 x 3 quarter-board squares */
}
END_TEST

/* The count does not depend on threads or split depth. */
START_TEST(test_threads_invariant)
{
	struct tour_board b;
	board_ok(&b, 5, 6);
	uint64_t one = count_from(&b, 0, false, true, 1, 0);
	for (int t = 1; t <= 4; t++)
		for (int d = 1; d <= 9; d += 2)
			ck_assert_uint_eq(count_from(&b, 0, false, true, t, d),
			                  one);
}
END_TEST

/* The distributed driver's contract: the tours below the prefixes that
 * tour_expand() makes add up to those below their parent. */
START_TEST(test_expand_prefixes)
{
	struct tour_board b;
	struct tour_prefix root = {.len = 1}, *pre;
	struct tour_params par;
	struct tour_result r;

	board_ok(&b, 5, 6);
	uint64_t want = count_from(&b, 0, false, true, 1, 0);
	for (int len = 1; len <= 8; len++) {
		int n = tour_expand(&b, &root, len, false, &pre);
		uint64_t *counts = xcalloc((size_t)n, sizeof *counts);
		tour_params_default(&par);
		par.threads = 2;
		ck_assert_int_eq(tour_count(&b, pre, n, &par, NULL, counts, &r),
		                 0);
		ck_assert_uint_eq(r.tours, want);
		for (int i = 0; i < n; i++)
			check_true(pre[i].len == len &&
			           tour_prefix_valid(&b, &pre[i]));
		free(counts);
		free(pre);
	}
	/* A bad prefix is refused. */
	struct tour_prefix bad = {.len = 2, .sq = {0, 1}};
	uint64_t c;
	tour_params_default(&par);
	ck_assert(!tour_prefix_valid(&b, &bad));
	ck_assert_int_eq(tour_count(&b, &bad, 1, &par, NULL, &c, &r), -1);
}
END_TEST

static int listed, listed_bad;
static uint8_t listed_first[TOUR_MAX_SQUARES];

static void
collect(void *arg, const uint8_t *sq, int n)
{
	const struct tour_board *b = arg;
	struct tour_prefix p = {.len = n};
	memcpy(p.sq, sq, (size_t)n);
	if (n != b->n || !tour_prefix_valid(b, &p) || sq[0] != 0)
		listed_bad++;
	if (listed == 0)
		memcpy(listed_first, sq, (size_t)n);
	listed++;
}

/* --list: the tours listed are real tours, as many as asked. */
START_TEST(test_list)
{
	struct tour_board b;
	struct tour_prefix p = {.len = 1};
	struct tour_params par;
	struct tour_result r;
	uint64_t n;

	board_ok(&b, 4, 7);
	tour_params_default(&par);
	par.threads = 2;
	par.list = collect;
	par.list_arg = &b;
	par.list_max = 25;
	listed = listed_bad = 0;
	tour_count(&b, &p, 1, &par, NULL, &n, &r);
	ck_assert_uint_eq(n, 1682);
	ck_assert_int_eq(listed, 25);
	ck_assert_int_eq(listed_bad, 0);
	par.list_max = UINT64_MAX;
	listed = 0;
	tour_count(&b, &p, 1, &par, NULL, &n, &r);
	ck_assert_int_eq(listed, 1682);
	ck_assert_int_eq(listed_bad, 0);
}
END_TEST

/* Stop the count once it has made progress (slow sanitizer starts). */
struct stop_later {
	struct tour_run *run;
	struct search_stop *stop;
};

static void *
stop_later(void *arg)
{
	const struct stop_later *sl = arg;
	struct tour_run *run = sl->run;
	struct timespec ts = {0, 20 * 1000000L};
	while (atomic_load(&run->stats.thread[0].nodes) +
	           atomic_load(&run->stats.thread[1].nodes) ==
	       0)
		nanosleep(&ts, NULL);
	nanosleep(&ts, NULL);
	search_stop_request(sl->stop);
	return NULL;
}

/* The stop token requested from another thread ends a long count
 * promptly. */
START_TEST(test_stop)
{
	struct tour_board b;
	struct tour_prefix p = {.len = 1};
	struct tour_params par;
	struct tour_result r;
	struct tour_run *run = xmalloc(sizeof *run);
	pthread_t th;
	uint64_t n;

	board_ok(&b, 7, 7); /* hours of work */
	struct search_stop stop;
	search_stop_init(&stop, NULL);
	tour_params_default(&par);
	par.threads = 2;
	par.stop = &stop;
	tour_run_init(run);
	struct stop_later sl = {run, &stop};
	pthread_create(&th, NULL, stop_later, &sl);
	double t0 = util_now_s();
	tour_count(&b, &p, 1, &par, run, &n, &r);
	pthread_join(th, NULL);
	ck_assert(r.stopped);
	check_that(util_now_s() - t0 < 5, "took %.1f s to stop",
	           util_now_s() - t0);
	ck_assert_uint_gt(r.nodes, 0);
	/* The slots carry the threads' numbers and paths. */
	struct stats_snapshot s;
	stats_snapshot(&run->stats, &s);
	ck_assert_int_eq(s.nthreads, 2);
	ck_assert_uint_eq(s.nodes, r.nodes);
	uint8_t path[TOUR_MAX_SQUARES];
	int len = tour_slot_path(&run->slot[0], path);
	ck_assert_int_ge(len, 1);
	ck_assert_int_eq(path[0], 0);
	free(run);
}
END_TEST

START_TEST(test_squares_and_sizes)
{
	struct tour_board b;
	char buf[4];

	ck_assert_ptr_nonnull(tour_board_init(&b, 9, 4));
	ck_assert_ptr_nonnull(tour_board_init(&b, 4, 9));
	ck_assert_ptr_nonnull(tour_board_init(&b, 0, 4));
	board_ok(&b, 8, 8);
	ck_assert_int_eq(b.n, 64);
	ck_assert_int_eq(tour_square_parse(&b, "a1"), 0);
	ck_assert_int_eq(tour_square_parse(&b, "h8"), 63);
	ck_assert_int_eq(tour_square_parse(&b, "c2"), 10);
	ck_assert_int_eq(tour_square_parse(&b, "i1"), -1);
	ck_assert_int_eq(tour_square_parse(&b, "a9"), -1);
	ck_assert_int_eq(tour_square_parse(&b, "a10"), -1);
	ck_assert_int_eq(tour_square_parse(&b, "A1"), -1);
	ck_assert_str_eq(tour_square_name(10, buf), "c2");
	board_ok(&b, 4, 7);
	ck_assert_int_eq(tour_square_parse(&b, "d7"), 6 * 8 + 3);
	ck_assert_int_eq(tour_square_parse(&b, "e1"), -1);
	ck_assert_int_eq(tour_square_parse(&b, "a8"), -1);
	/* b1 of 4x7 reaches a3, c3 and d2. */
	ck_assert_uint_eq(b.adj[1], (1ULL << 16) | (1ULL << 18) | (1ULL << 11));
}
END_TEST

Suite *
tour_suite(void)
{
	/* One test case per test, so each has its own timeout and CK_RUN_CASE
	 * picks one. */
	const struct check_test tests[] = {
	    CHECK_CASE("squares", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_squares_and_sizes),
	    CHECK_CASE("seed", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_seed_figures),
	    CHECK_CASE("plain", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_plain_counter),
	    CHECK_CASE("pruning", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_pruning_unchanged),
	    CHECK_CASE("oeis-5x5", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_published_5x5),
	    CHECK_CASE("oeis-narrow", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_published_narrow),
	    CHECK_CASE("oeis-closed", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_published_closed_6x6),
	    /* About a second: the sanitizer runs (scale below 1) leave it
	     * out rather than pass it without counting. */
	    CHECK_CASE("oeis-6x6", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(check_scale() >= 1 ? test_published_6x6 : NULL),
	    CHECK_CASE("symmetry", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_symmetry),
	    CHECK_CASE("threads", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_threads_invariant),
	    CHECK_CASE("expand", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_expand_prefixes),
	    CHECK_CASE("list", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_list),
	    CHECK_CASE("stop", CHECK_TIMEOUT_LONG),
	    CHECK_TEST(test_stop),
	};

	return check_suite("tour", tests, sizeof tests / sizeof tests[0]);
}
