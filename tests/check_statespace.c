/* check_statespace.c -- the state space of small boards against answers
 * that no one here computed.
 *
 * Position counts: John Tromp's table of the number of legal Connect Four
 * positions per board size, "John's Connect Four Playground",
 * https://tromp.github.io/c4/c4.html (7x6: 4,531,985,219,092, also OEIS
 * A212693 per ply).  A legal position there is one reached by play from the
 * empty board that stops at the first four: positions whose last stone made
 * four are counted, nothing after them is.  That is statespace's definition,
 * and it meets the table exactly on every size below.
 *
 * Values: every position of 4x4 against the exact solver (search_solve);
 * terminal positions against the brute-force reference (tests/brute.c),
 * which finds the four cell by cell.  Empty boards: Tromp's page lists
 * 4x4, 5x4, 4x5 and 5x5 as draws.
 *
 * The 5x4 comparison with the solver is a long check (seconds, far more
 * under the sanitizers): the "statespace-long" case, tagged
 * CHECK_TAG_APART, which tests/long-statespace.sh runs when
 * DROPFOUR_LONG_CHECKS is set (to anything but 0) and skips (77) otherwise.
 */
#include "config.h"

#include <dirent.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book/book.h"
#include "brute.h"
#include "check_suites.h"
#include "statespace/statespace-book.h"
#include "statespace/statespace.h"
#include "core/util.h"

#define TEST_TT_MB 16

static const struct {
	int w, h;
	uint64_t positions; /* Tromp's table */
	int empty;          /* the empty board's value: all drawn */
} published[] = {
    /* 5x4 (a second) last: the sanitizer runs' smaller scale leaves it
     * out (statespace_suite()), so that no case passes without counting */
    {4, 4, 161029, 0},
    {4, 5, 1706255, 0},
    {5, 4, 3945711, 0},
};

static struct statespace *
run(int w, int h, int threads, size_t memory, const char *tmpdir)
{
	struct statespace_limits lim = {
	    .w = w,
	    .h = h,
	    .threads = threads,
	    .memory_bytes = memory,
	    .tmpdir = tmpdir,
	};
	char err[300];
	struct statespace *ss = statespace_run(&lim, err, sizeof err);
	check_that(ss != NULL, "statespace %dx%d: %s", w, h, err);
	return ss;
}

START_TEST(test_tromp_counts)
{
	struct statespace *ss =
	    run(published[_i].w, published[_i].h, 2, (size_t)1 << 30, NULL);
	struct statespace_ply sum;
	statespace_totals(ss, &sum);
	ck_assert_uint_eq(sum.positions, published[_i].positions);
	ck_assert_uint_eq(sum.won + sum.drawn + sum.lost, sum.positions);

	board_t b;
	int v = 99;
	board_init(&b, published[_i].w, published[_i].h);
	ck_assert(statespace_lookup(ss, &b, &v));
	ck_assert_int_eq(v, published[_i].empty);
	ck_assert_uint_eq(statespace_row(ss, 0)->positions, 1);
	/* First plies by hand: w, w^2, and no position is over before ply 7. */
	ck_assert_uint_eq(statespace_row(ss, 1)->positions,
	                  (uint64_t)published[_i].w);
	ck_assert_uint_eq(statespace_row(ss, 2)->positions,
	                  (uint64_t)(published[_i].w * published[_i].w));
	for (int ply = 0; ply < 7; ply++)
		ck_assert_uint_eq(statespace_row(ss, ply)->terminal, 0);
	statespace_free(ss);
}
END_TEST

/* ---- every position against the solver and the brute force ---------- */

struct versus {
	struct search *s;
	uint64_t seen, solved, stride, n;
};

static void
to_brute(const board_t *b, struct brute *g)
{
	brute_init(g, b->w, b->h);
	for (int c = 0; c < b->w; c++)
		for (int r = 0; r < b->h; r++)
			if (board_cell(b, c, r) != 0)
				brute_set(g, c, r, board_cell(b, c, r));
}

static int
check_one(void *arg, const board_t *b, bool over, int score)
{
	struct versus *vs = arg;
	struct brute g;
	int last = b->moves & 1 ? 1 : 2; /* who dropped the last stone */

	vs->seen++;
	to_brute(b, &g);
	check_that(!brute_has_four(&g, 3 - last),
	           "ply %d: the side to move has four", b->moves);
	if (brute_has_four(&g, last)) {
		check_that(over, "ply %d: a four that is not terminal",
		           b->moves);
		check_that(score == -(b->w * b->h + 2 - b->moves) / 2,
		           "ply %d: four made, value %d", b->moves, score);
		return 0;
	}
	if (board_is_full(b)) {
		check_that(over && score == 0, "full board valued %d", score);
		return 0;
	}
	check_that(!over, "ply %d: terminal without four", b->moves);
	if (vs->n++ % vs->stride != 0)
		return 0;
	int exact = search_solve(vs->s, b, false, NULL);
	vs->solved++;
	if (exact != score) {
		char moves[80] = "";
		board_format(b, moves, sizeof moves);
		ck_abort_msg("statespace %d, solver %d for\n%s", score, exact,
		             moves);
	}
	return 0;
}

static void
versus_solver(int w, int h, uint64_t stride)
{
	struct statespace *ss = run(w, h, 2, (size_t)1 << 30, NULL);
	struct versus vs = {.s = search_new(TEST_TT_MB, NULL, 0),
	                    .stride = stride};
	struct statespace_ply sum;

	ck_assert_int_eq(statespace_each(ss, check_one, &vs), 0);
	statespace_totals(ss, &sum);
	ck_assert_uint_eq(vs.seen, sum.positions);
	ck_assert_uint_ge(vs.solved * stride, sum.positions - sum.terminal);
	search_free(vs.s);
	statespace_free(ss);
}

START_TEST(test_4x4_vs_solver)
{
	double scale = check_scale();
	versus_solver(4, 4, scale >= 1.0 ? 1 : (uint64_t)(1.0 / scale + 0.5));
}
END_TEST

START_TEST(test_5x4_vs_solver)
{
	versus_solver(5, 4, 1);
}
END_TEST

/* What the statespace_each() callback same_value() holds each position
 * to: its image (the mirror image, with mirror) is in `other`, with the
 * same value.  n counts the positions, self_mirrored those that are their
 * own mirror image. */
struct same {
	const struct statespace *other;
	bool mirror;
	uint64_t n, self_mirrored;
};

static int
same_value(void *arg, const board_t *b, bool over, int score)
{
	struct same *p = arg;
	board_t r = *b;
	int v = 0;
	(void)over;
	p->n++;
	if (p->mirror) {
		board_mirror(b, &r);
		p->self_mirrored +=
		    r.mask == b->mask && r.current == b->current;
	}
	check_that(statespace_lookup(p->other, &r, &v) && v == score,
	           "position %llu%s: valued %d there, %d here",
	           (unsigned long long)p->n, p->mirror ? " mirrored" : "", v,
	           score);
	return 0;
}

/* Mirror images: distinct positions, the same value. */
START_TEST(test_mirror)
{
	struct statespace *ss = run(4, 4, 2, (size_t)1 << 30, NULL);
	struct same m = {.other = ss, .mirror = true};
	struct statespace_ply sum;
	ck_assert_int_eq(statespace_each(ss, same_value, &m), 0);
	statespace_totals(ss, &sum);
	/* Positions that are their own mirror are counted once, the others
	 * in pairs. */
	ck_assert_uint_gt(m.self_mirrored, 0);
	ck_assert_uint_eq((sum.positions - m.self_mirrored) % 2, 0);
	statespace_free(ss);
}
END_TEST

/* ---- the same answer whatever the threads or the memory ---------------- */

static void
assert_same(const struct statespace *a, const struct statespace *b)
{
	int cells = statespace_width(a) * statespace_height(a);
	for (int ply = 0; ply <= cells; ply++) {
		const struct statespace_ply *x = statespace_row(a, ply);
		const struct statespace_ply *y = statespace_row(b, ply);
		ck_assert_uint_eq(x->positions, y->positions);
		ck_assert_uint_eq(x->terminal, y->terminal);
		ck_assert_uint_eq(x->won, y->won);
		ck_assert_uint_eq(x->drawn, y->drawn);
		ck_assert_uint_eq(x->lost, y->lost);
	}
	struct same p = {.other = b};
	ck_assert_int_eq(statespace_each(a, same_value, &p), 0);
}

START_TEST(test_threads_same)
{
	struct statespace *one = run(4, 4, 1, (size_t)1 << 30, NULL);
	struct statespace *three = run(4, 4, 3, (size_t)1 << 30, NULL);
	assert_same(one, three);
	assert_same(three, one);
	statespace_free(one);
	statespace_free(three);
}
END_TEST

START_TEST(test_disk_same)
{
	char dir[4096];
	check_tmpdir(dir, sizeof dir);

	struct statespace *mem = run(4, 5, 2, (size_t)1 << 30, dir);
	/* 64 kB: every level past the first few goes to files. */
	struct statespace *disk = run(4, 5, 2, (size_t)64 << 10, dir);
	struct statespace_ply sum;
	statespace_totals(mem, &sum);
	ck_assert_int_eq(sum.parts_on_disk, 0);
	ck_assert_uint_eq(statespace_disk_bytes(mem), 0);
	statespace_totals(disk, &sum);
	ck_assert_int_gt(sum.parts_on_disk, sum.parts / 2);
	ck_assert_uint_ge(statespace_disk_bytes(disk), 9 * 1706255 / 2);
	ck_assert_uint_le(statespace_peak_memory(disk), (size_t)64 << 10);
	/* The files are unlinked as soon as they are made. */
	ck_assert_int_eq(check_dir_entries(dir), 0);
	assert_same(mem, disk);
	assert_same(disk, mem);
	statespace_free(mem);
	statespace_free(disk);
	ck_assert_int_eq(check_dir_entries(dir), 0);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

START_TEST(test_stop_and_errors)
{
	struct search_stop stop;
	search_stop_init(&stop, NULL);
	search_stop_request(&stop);
	struct statespace_limits lim = {
	    .w = 4,
	    .h = 4,
	    .threads = 2,
	    .memory_bytes = 1 << 20,
	    .stop = &stop,
	};
	char err[300] = "";
	ck_assert(statespace_run(&lim, err, sizeof err) == NULL);
	ck_assert_str_eq(err, "stopped");

	/* A budget that forces files into a directory that is not there. */
	search_stop_clear(&stop);
	lim.memory_bytes = 1024;
	lim.tmpdir = "/nonexistent/dropfour";
	ck_assert(statespace_run(&lim, err, sizeof err) == NULL);
	ck_assert_msg(strstr(err, "/nonexistent/dropfour") != NULL, "%s", err);

	ck_assert_ptr_nonnull(statespace_size_error(8, 7));
	ck_assert_ptr_null(statespace_size_error(7, 6));
	ck_assert_ptr_null(statespace_size_error(4, 4));
}
END_TEST

/* ---- checkpoints: a stopped run resumed ------------------------------ */

struct stopper {
	struct search_stop stop;
	enum statespace_phase phase;
	int ply, notes, resumed;
};

static void
stop_at(void *arg, enum statespace_phase phase, int ply,
        const struct statespace_ply *row)
{
	struct stopper *s = arg;
	(void)row;
	if (phase == s->phase && ply == s->ply)
		search_stop_request(&s->stop);
}

static void
count_note(void *arg, const char *msg)
{
	struct stopper *s = arg;
	s->notes++;
	s->resumed += strstr(msg, "resuming") != NULL;
}

/* Stopped after a forward level, then after a backward level, then run to
 * the end (with another thread count and budget): every value as in a run
 * that was never stopped, and the directory gone after
 * statespace_state_remove(). */
START_TEST(test_state_resume)
{
	static const struct {
		enum statespace_phase phase;
		int ply;
	} stops[] = {{STATESPACE_FORWARD, 7}, {STATESPACE_BACKWARD, 9}};
	char dir[4096], err[300], want[4200];
	struct stopper s = {0};
	search_stop_init(&s.stop, NULL);
	struct statespace_limits lim = {
	    .w = 4,
	    .h = 4,
	    .threads = 2,
	    .memory_bytes = (size_t)1 << 30,
	    .stop = &s.stop,
	    .progress = stop_at,
	    .progress_arg = &s,
	    .note = count_note,
	    .note_arg = &s,
	};
	check_tmpdir(dir, sizeof dir);
	lim.state_dir = dir;
	struct statespace *fresh = run(4, 4, 1, (size_t)1 << 30, NULL);

	for (size_t i = 0; i < sizeof stops / sizeof *stops; i++) {
		s.phase = stops[i].phase;
		s.ply = stops[i].ply;
		search_stop_clear(&s.stop);
		ck_assert(statespace_run(&lim, err, sizeof err) == NULL);
		snprintf(want, sizeof want, "levels saved in %s", dir);
		ck_assert_msg(strstr(err, want) != NULL, "%s", err);
		ck_assert_int_eq(s.resumed, (int)i);
	}
	s.ply = -1;
	search_stop_clear(&s.stop);
	lim.threads = 3;
	lim.memory_bytes = 64 << 10;
	struct statespace *resumed = statespace_run(&lim, err, sizeof err);
	ck_assert_msg(resumed != NULL, "%s", err);
	ck_assert_int_eq(s.resumed, 2);
	ck_assert_int_eq(s.notes, 2); /* nothing found damaged */
	assert_same(fresh, resumed);
	assert_same(resumed, fresh);
	ck_assert_int_eq(statespace_state_remove(resumed), 0);
	ck_assert_int_eq(access(dir, F_OK), -1);
	statespace_free(resumed);
	statespace_free(fresh);
}
END_TEST

/* ---- the solved table as a book ------------------------------------- */

struct in_book {
	const struct book *bk;
	uint64_t canonical; /* positions that are their pair's entry */
};

static int
check_in_book(void *arg, const board_t *b, bool over, int score)
{
	struct in_book *ib = arg;
	int v = 99;
	bool found = book_probe(ib->bk, b, &v);
	if (over) {
		check_that(!found, "a finished game in the book");
		return 0;
	}
	check_that(found && v == score, "ply %d: book %d, statespace %d",
	           b->moves, found ? v : 99, score);
	ib->canonical += board_key(b) <= board_mirror_key(b, board_key(b));
	return 0;
}

START_TEST(test_book)
{
	char path[4096], err[600];
	const char *base = getenv("TMPDIR");
	uint64_t n = 0;
	snprintf(path, sizeof path, "%s/dropfour-ss-book-XXXXXX",
	         base && *base ? base : "/tmp");
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);

	struct statespace *ss = run(4, 4, 2, (size_t)1 << 30, NULL);
	ck_assert_msg(statespace_write_book(ss, path, &n, err, sizeof err) == 0,
	              "%s", err);
	/* The book's own checked reader: size, order, checksum, entries. */
	struct book *bk = book_open(path, err, sizeof err);
	ck_assert_msg(bk != NULL, "%s", err);
	ck_assert_int_eq(book_width(bk), 4);
	ck_assert_int_eq(book_height(bk), 4);
	ck_assert_uint_eq(book_count(bk), n);
	struct in_book ib = {.bk = bk};
	ck_assert_int_eq(statespace_each(ss, check_in_book, &ib), 0);
	/* One entry per mirror pair of positions not over, none else. */
	ck_assert_uint_eq(ib.canonical, n);
	book_free(bk);
	statespace_free(ss);
	unlink(path);
}
END_TEST

/* ---- ranks: the distributed passes over threads ------------------------ */

/* A stand-in for MPI: ranks are threads, a collective is two barriers. */
struct world {
	int size;
	pthread_barrier_t bar;
	const uint64_t *send[4], *counts[4];
	uint64_t *vec[4];
};

struct rank {
	struct world *w;
	struct statespace_comm comm;
	int wd, ht;
	size_t memory;
	const char *tmpdir;
	struct statespace *ss;
	char err[300];
};

static bool
world_exchange(void *ctx, const uint64_t *send, const uint64_t *counts,
               uint64_t **recv, uint64_t *rcounts)
{
	struct rank *me = ctx;
	struct world *w = me->w;
	int self = me->comm.rank;
	size_t total = 0, at = 0;

	w->send[self] = send;
	w->counts[self] = counts;
	pthread_barrier_wait(&w->bar);
	for (int r = 0; r < w->size; r++)
		total += rcounts[r] = w->counts[r][self];
	*recv = total ? xmalloc(total * sizeof **recv) : NULL;
	for (int r = 0; r < w->size; r++) {
		uint64_t off = 0;
		for (int d = 0; d < self; d++)
			off += w->counts[r][d];
		if (rcounts[r] > 0) /* *recv is NULL when total is 0 */
			memcpy(*recv + at, w->send[r] + off,
			       rcounts[r] * sizeof **recv);
		at += rcounts[r];
	}
	pthread_barrier_wait(&w->bar);
	return true;
}

static void
world_sum(void *ctx, uint64_t *v, int n)
{
	struct rank *me = ctx;
	struct world *w = me->w;
	uint64_t tmp[8] = {0};

	ck_assert_int_le(n, 8);
	w->vec[me->comm.rank] = v;
	pthread_barrier_wait(&w->bar);
	for (int r = 0; r < w->size; r++)
		for (int i = 0; i < n; i++)
			tmp[i] += w->vec[r][i];
	pthread_barrier_wait(&w->bar);
	memcpy(v, tmp, (size_t)n * sizeof *v);
}

static void *
rank_main(void *arg)
{
	struct rank *me = arg;
	struct statespace_limits lim = {
	    .w = me->wd,
	    .h = me->ht,
	    .threads = 1,
	    .memory_bytes = me->memory,
	    .tmpdir = me->tmpdir,
	    .comm = &me->comm,
	};
	me->ss = statespace_run(&lim, me->err, sizeof me->err);
	return NULL;
}

struct found {
	struct rank *ranks;
	int size;
};

/* Every position of the one-process run is on exactly one rank, with the
 * same value. */
static int
on_one_rank(void *arg, const board_t *b, bool over, int score)
{
	struct found *f = arg;
	int n = 0, v;
	(void)over;
	for (int r = 0; r < f->size; r++) {
		if (statespace_lookup(f->ranks[r].ss, b, &v)) {
			n++;
			check_that(v == score, "rank %d: value %d, not %d", r,
			           v, score);
		}
	}
	check_that(n == 1, "a position on %d ranks", n);
	return 0;
}

static void
ranks_vs_one(int w, int h, int size, size_t memory)
{
	struct world world = {.size = size};
	struct rank ranks[4];
	pthread_t tid[4];

	ck_assert_int_le(size, 4);
	pthread_barrier_init(&world.bar, NULL, (unsigned)size);
	for (int r = 0; r < size; r++) {
		ranks[r] = (struct rank){.w = &world,
		                         .wd = w,
		                         .ht = h,
		                         .memory = memory,
		                         .comm = {.rank = r,
		                                  .size = size,
		                                  .ctx = &ranks[r],
		                                  .exchange = world_exchange,
		                                  .sum = world_sum}};
	}
	for (int r = 0; r < size; r++)
		ck_assert_int_eq(
		    pthread_create(&tid[r], NULL, rank_main, &ranks[r]), 0);
	for (int r = 0; r < size; r++)
		pthread_join(tid[r], NULL);
	pthread_barrier_destroy(&world.bar);
	for (int r = 0; r < size; r++) {
		check_that(ranks[r].ss != NULL, "rank %d: %s", r, ranks[r].err);
		/* A small budget must have sent levels to files on each. */
		check_that(
		    (memory < ((size_t)1 << 20)) ==
		        (statespace_disk_bytes(ranks[r].ss) > 0),
		    "rank %d: %llu bytes in files", r,
		    (unsigned long long)statespace_disk_bytes(ranks[r].ss));
	}

	struct statespace *one = run(w, h, 1, (size_t)1 << 30, NULL);
	/* Every rank prints the one-process table. */
	for (int r = 0; r < size; r++) {
		for (int ply = 0; ply <= w * h; ply++) {
			const struct statespace_ply *x =
			    statespace_row(one, ply);
			const struct statespace_ply *y =
			    statespace_row(ranks[r].ss, ply);
			ck_assert_uint_eq(x->positions, y->positions);
			ck_assert_uint_eq(x->terminal, y->terminal);
			ck_assert_uint_eq(x->won, y->won);
			ck_assert_uint_eq(x->drawn, y->drawn);
			ck_assert_uint_eq(x->lost, y->lost);
		}
	}
	struct found f = {.ranks = ranks, .size = size};
	ck_assert_int_eq(statespace_each(one, on_one_rank, &f), 0);
	statespace_free(one);
	for (int r = 0; r < size; r++)
		statespace_free(ranks[r].ss);
}

START_TEST(test_ranks)
{
	static const int sizes[] = {1, 2, 3};
	ranks_vs_one(4, 4, sizes[_i], (size_t)1 << 30);
}
END_TEST

START_TEST(test_ranks_on_disk)
{
	/* Two ranks, each with 64 kB for levels: files on both. */
	ranks_vs_one(4, 4, 2, (size_t)64 << 10);
}
END_TEST

Suite *
statespace_suite(void)
{
	const struct check_test tests[] = {
	    CHECK_CASE("statespace", CHECK_TIMEOUT_LONG),
	    CHECK_LOOP(test_tromp_counts,
	               (int)(sizeof published / sizeof published[0]) -
	                   (check_scale() < 1.0 ? 1 : 0)),
	    CHECK_TEST(test_4x4_vs_solver),
	    CHECK_TEST(test_mirror),
	    CHECK_TEST(test_threads_same),
	    CHECK_TEST(test_disk_same),
	    CHECK_TEST(test_stop_and_errors),
	    CHECK_TEST(test_state_resume),
	    CHECK_TEST(test_book),

	    /* Ranks are threads that each run OpenMP regions. */
	    CHECK_CASE("statespace-ranks", CHECK_TIMEOUT_LONG),
	    CHECK_LOOP(test_ranks, 3),
	    CHECK_TEST(test_ranks_on_disk),

	    {.tcase = "statespace-long",
	     .timeout = 3600,
	     .tags = CHECK_TAG_APART},
	    CHECK_TEST(test_5x4_vs_solver),
	};

	return check_suite("statespace", tests, sizeof tests / sizeof tests[0]);
}
