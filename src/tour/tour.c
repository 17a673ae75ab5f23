/* tour.c -- knight's tours: the board, its symmetries, path prefixes, and
 * the parallel counter (OpenMP tasks below each prefix, per-thread
 * statistics in the engine's stats slots). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/omp.h"
#include "tour/tour.h"
#include "core/util.h"

/*
 * TOUR_SPLIT_DEPTH (tour.h): how many plies below the start square spawn
 * tasks.  Deeper means more, smaller tasks: a more even share at the end
 * of the count, more task overhead.  Measured on 6x6 from every start
 * square (six up to symmetry), two threads, `dropfour bench speedup --tour
 * -j 2,2 --split-depth D` (the shares of the nodes and the busy time hold
 * on a loaded machine, where the times do not): depth 1, 27 tasks, shares
 * 47%-53%, busy 97%; depth 2, 130 tasks, 42%-58%, 97%; depth 3, 480
 * tasks, 46%-54%; depth 5, 4451 tasks, 50%-50%, busy 100%; depth 7, 28282
 * tasks, the same shares.  Depth 5 is the shallowest with an even split.
 */
_Static_assert(TOUR_SPLIT_DEPTH >= 1 && TOUR_SPLIT_DEPTH <= TOUR_MAX_SPLIT,
               "the default split depth must be a valid --split-depth");
/*
 * Nodes with fewer unvisited squares than this never spawn tasks: below
 * some twenty squares a subtree is a few thousand nodes, less work than a
 * task costs to hand over (on 5x5, depth 5 spent more time in task
 * overhead than in the walk).
 */
#define TOUR_MIN_SPLIT_LEFT 22
/* Flush counters and poll the stop flag every this many nodes (plus one). */
#define TOUR_POLL_MASK 1023

#define FILE_A  0x0101010101010101ULL
#define BIT(sq) (1ULL << (sq))

const char *
tour_board_init(struct tour_board *b, int w, int h)
{
	static const int dx[8] = {1, 2, 2, 1, -1, -2, -2, -1};
	static const int dy[8] = {2, 1, -1, -2, -2, -1, 1, 2};

	if (w < 1 || h < 1)
		return "a board needs at least one file and one rank";
	if (w > TOUR_MAX_SIDE || h > TOUR_MAX_SIDE)
		return "at most 8 files (-W) and 8 ranks (-H)";
	memset(b, 0, sizeof *b);
	b->w = w;
	b->h = h;
	b->n = w * h;
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			int sq = y * 8 + x;
			b->all |= BIT(sq);
			for (int k = 0; k < 8; k++) {
				int nx = x + dx[k], ny = y + dy[k];
				if (nx >= 0 && nx < w && ny >= 0 && ny < h)
					b->adj[sq] |= BIT(ny * 8 + nx);
			}
		}
	}
	return NULL;
}

int
tour_square_parse(const struct tour_board *b, const char *s)
{
	if (s == NULL || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' ||
	    s[2] != '\0')
		return -1;
	int x = s[0] - 'a', y = s[1] - '1';
	if (x >= b->w || y >= b->h)
		return -1;
	return y * 8 + x;
}

char *
tour_square_name(int sq, char *buf)
{
	buf[0] = (char)('a' + sq % 8);
	buf[1] = (char)('1' + sq / 8);
	buf[2] = '\0';
	return buf;
}

int
tour_symmetries(const struct tour_board *b, int map[8][TOUR_MAX_SQUARES])
{
	int ng = b->w == b->h ? 8 : 4;

	for (int sq = 0; sq < TOUR_MAX_SQUARES; sq++) {
		int x = sq % 8, y = sq / 8;
		int X = b->w - 1 - x, Y = b->h - 1 - y;
		if (!(b->all & BIT(sq))) {
			for (int g = 0; g < 8; g++)
				map[g][sq] = sq;
			continue;
		}
		/* Identity, the two mirrors, the half turn; then for a
		 * square the two diagonals and the quarter turns. */
		map[0][sq] = y * 8 + x;
		map[1][sq] = y * 8 + X;
		map[2][sq] = Y * 8 + x;
		map[3][sq] = Y * 8 + X;
		map[4][sq] = x * 8 + y;
		map[5][sq] = X * 8 + Y;
		map[6][sq] = X * 8 + y;
		map[7][sq] = x * 8 + Y;
	}
	return ng;
}

int
tour_start_orbits(const struct tour_board *b, int *rep, int *weight)
{
	int map[8][TOUR_MAX_SQUARES], ng = tour_symmetries(b, map), n = 0;
	uint64_t seen = 0;

	for (int sq = 0; sq < TOUR_MAX_SQUARES; sq++) {
		if (!(b->all & BIT(sq)) || (seen & BIT(sq)))
			continue;
		uint64_t orbit = 0;
		for (int g = 0; g < ng; g++)
			orbit |= BIT(map[g][sq]);
		seen |= orbit;
		rep[n] = sq;
		weight[n] = __builtin_popcountll(orbit);
		n++;
	}
	return n;
}

bool
tour_prefix_valid(const struct tour_board *b, const struct tour_prefix *p)
{
	uint64_t seen = 0;

	if (p->len < 1 || p->len > b->n)
		return false;
	for (int i = 0; i < p->len; i++) {
		int sq = p->sq[i];
		if (sq >= TOUR_MAX_SQUARES || !(b->all & BIT(sq)) ||
		    (seen & BIT(sq)))
			return false;
		if (i > 0 && !(b->adj[p->sq[i - 1]] & BIT(sq)))
			return false;
		seen |= BIT(sq);
	}
	return true;
}

/* ---- the pruning rules ------------------------------------------------ */

/*
 * For the unvisited squares u (the current square among them, as the way
 * in of its neighbours): *ge1 marks the squares with at least one knight
 * neighbour in u, *ge2 those with at least two.  Eight shifts of the chess
 * layout, summed bit-sliced.
 */
static inline void
ways_in(uint64_t u, uint64_t *ge1, uint64_t *ge2)
{
	const uint64_t na = ~FILE_A, nab = ~(FILE_A | FILE_A << 1);
	const uint64_t nh = ~(FILE_A << 7), ngh = ~(FILE_A << 6 | FILE_A << 7);
	const uint64_t s[8] = {
	    (u << 17) & na, (u << 15) & nh, (u << 10) & nab, (u << 6) & ngh,
	    (u >> 17) & nh, (u >> 15) & na, (u >> 10) & ngh, (u >> 6) & nab,
	};
	uint64_t one = 0, two = 0;

	for (int i = 0; i < 8; i++) {
		two |= one & s[i];
		one |= s[i];
	}
	*ge1 = one;
	*ge2 = two;
}

/*
 * The moves from cur into u (the unvisited squares, at least two; cur not
 * among them) that can still lead to a tour.  Whatever the move, the
 * squares left unvisited but for the new current one must each keep a way
 * in from u (which holds the new current square), and all but one of them
 * two ways: a square with a single way in can only be the end of the path.
 *   1. a square of u with no neighbour in u: no move helps;
 *   2. three or more squares with one neighbour: none helps; two: only a
 *      move onto one of them (the other is then the end);
 *   3. closed tours end next to the start: some square next to the start
 *      must be left, and an end square not next to it must be moved onto.
 */
static inline __attribute__((always_inline)) uint64_t
live_moves(const struct tour_board *b, int cur, uint64_t u, uint64_t start_adj,
           const bool closed, const bool prune)
{
	uint64_t moves = b->adj[cur] & u, ge1, ge2;

	if (!prune || moves == 0)
		return moves;
	ways_in(u, &ge1, &ge2);
	if (u & ~ge1) /* 1 */
		return 0;
	uint64_t ends = u & ~ge2;
	if (ends) {
		uint64_t rest = ends & (ends - 1);
		if (rest & (rest - 1)) /* 2 */
			return 0;
		if (rest)
			moves &= ends;
	}
	if (closed) { /* 3 */
		if (!(u & start_adj))
			return 0;
		uint64_t far = ends & ~start_adj;
		if (far & (far - 1))
			return 0;
		if (far)
			moves &= far;
	}
	return moves;
}

/* ---- the serial walk ---------------------------------------------------- */

struct job {
	const struct tour_board *b;
	const struct tour_prefix *pre;
	_Atomic uint64_t *count; /* per prefix */
	struct tour_run *run;
	int split_depth;
	bool closed, prune;
	tour_list_fn *list;
	void *list_arg;
	uint64_t list_max;
	const struct search_stop *stop; /* tour_params' */
	_Atomic uint64_t listed;
	_Alignas(64) atomic_flag list_lock;
};

/* One task's walk: private counters flushed into the thread's slots. */
struct walker {
	struct job *j;
	const struct tour_board *b;
	struct stats_thread *st;
	struct tour_slot *slot;
	const struct search_stop *stop;
	uint64_t start_adj;
	uint64_t nodes, tours; /* not yet flushed */
	uint64_t busy_from;    /* ns: busy time up to here is flushed */
	bool stopped;
	int len;
	uint8_t path[TOUR_MAX_SQUARES];
};

static void
publish_path(struct walker *w)
{
	uint64_t word[TOUR_MAX_SQUARES / 8] = {0};

	for (int i = 0; i < w->len; i++)
		word[i / 8] |= (uint64_t)w->path[i] << (8 * (i % 8));
	for (int i = 0; i < (w->len + 7) / 8; i++)
		atomic_store_explicit(&w->slot->path[i], word[i],
		                      memory_order_relaxed);
	atomic_store_explicit(&w->slot->len, w->len, memory_order_relaxed);
}

static void
flush(struct walker *w)
{
	uint64_t now = util_now_ns();
	stats_add(&w->st->busy_ns, now - w->busy_from);
	w->busy_from = now;
	stats_add(&w->st->nodes, w->nodes);
	stats_add(&w->slot->tours, w->tours);
	w->nodes = w->tours = 0;
	publish_path(w);
	if (search_stop_requested(w->stop))
		w->stopped = true;
}

int
tour_slot_path(const struct tour_slot *s, uint8_t *sq)
{
	struct tour_slot *m = (struct tour_slot *)s; /* loads only */
	int len = atomic_load_explicit(&m->len, memory_order_relaxed);

	if (len < 0 || len > TOUR_MAX_SQUARES)
		len = 0;
	for (int i = 0; i < len; i++) {
		uint64_t word =
		    atomic_load_explicit(&m->path[i / 8], memory_order_relaxed);
		sq[i] = (uint8_t)(word >> (8 * (i % 8)));
	}
	return len;
}

/* A whole tour is on w->path: list it if asked. */
static void
list_tour(struct walker *w)
{
	struct job *j = w->j;

	if (atomic_load_explicit(&j->listed, memory_order_relaxed) >=
	    j->list_max)
		return;
	while (atomic_flag_test_and_set_explicit(&j->list_lock,
	                                         memory_order_acquire))
		;
	if (atomic_load_explicit(&j->listed, memory_order_relaxed) <
	    j->list_max) {
		atomic_store_explicit(
		    &j->listed,
		    atomic_load_explicit(&j->listed, memory_order_relaxed) + 1,
		    memory_order_relaxed);
		j->list(j->list_arg, w->path, w->len);
	}
	atomic_flag_clear_explicit(&j->list_lock, memory_order_release);
}

/*
 * The tours below the path w->path[0..len-1] ending on cur, with u the
 * squares still unvisited.  Every call is a node.
 */
static inline __attribute__((always_inline)) uint64_t
walk_body(struct walker *w, int cur, uint64_t u, const bool closed,
          const bool prune, uint64_t (*self)(struct walker *, int, uint64_t))
{
	const struct tour_board *b = w->b;

	if ((++w->nodes & TOUR_POLL_MASK) == 0)
		flush(w);
	if (w->stopped)
		return 0;
	if ((u & (u - 1)) == 0) { /* the last square, or none */
		int last = cur;
		if (u != 0) {
			if (!(b->adj[cur] & u))
				return 0;
			last = __builtin_ctzll(u);
			w->path[w->len++] = (uint8_t)last;
		}
		uint64_t found =
		    !closed || (b->adj[last] & BIT(w->path[0])) != 0;
		if (found) {
			w->tours++;
			if (w->j->list != NULL)
				list_tour(w);
		}
		if (u != 0)
			w->len--;
		return found;
	}
	uint64_t moves = live_moves(b, cur, u, w->start_adj, closed, prune);
	uint64_t n = 0;
	while (moves) {
		int sq = __builtin_ctzll(moves);
		moves &= moves - 1;
		w->path[w->len++] = (uint8_t)sq;
		n += self(w, sq, u & ~BIT(sq));
		w->len--;
	}
	return n;
}

#define WALKER(name, closed, prune)                                            \
	static uint64_t name(struct walker *w, int cur, uint64_t u)            \
	{                                                                      \
		return walk_body(w, cur, u, closed, prune, name);              \
	}
WALKER(walk_open, false, true)
WALKER(walk_closed, true, true)
WALKER(walk_open_plain, false, false)
WALKER(walk_closed_plain, true, false)

static uint64_t
walk(struct walker *w, int cur, uint64_t u)
{
	bool c = w->j->closed;
	if (w->j->prune)
		return c ? walk_closed(w, cur, u) : walk_open(w, cur, u);
	return c ? walk_closed_plain(w, cur, u) : walk_open_plain(w, cur, u);
}

static uint64_t
moves_of(const struct job *j, int cur, uint64_t u, uint64_t start_adj)
{
	if (j->prune)
		return j->closed
		           ? live_moves(j->b, cur, u, start_adj, true, true)
		           : live_moves(j->b, cur, u, start_adj, false, true);
	return j->b->adj[cur] & u;
}

/* ---- tasks ----------------------------------------------------------------
 */

/* A node handed to a task: plain data, copied into the task. */
struct node {
	int pi;      /* the prefix it is under */
	int spawner; /* thread that created the task */
	int len;
	uint64_t u; /* unvisited squares */
	uint8_t path[TOUR_MAX_SQUARES];
};

static void run_node(struct job *j, const struct node *nd);

/* Nothing of this frame may be shared with the task: spawn() returns
 * before the task runs (there is no taskwait), so the job pointer and the
 * node are copied into it. */
static void
spawn(struct job *j, const struct node *nd)
{
	struct node child = *nd;
#pragma omp task firstprivate(child, j) default(none)
	run_node(j, &child);
}

static void
run_node(struct job *j, const struct node *nd)
{
	int tid = omp_get_thread_num();
	struct stats_thread *st = &j->run->stats.thread[tid];
	uint64_t n = 0;
	struct walker w = {
	    .j = j,
	    .b = j->b,
	    .st = st,
	    .slot = &j->run->slot[tid],
	    .stop = j->stop,
	    .start_adj = j->b->adj[nd->path[0]],
	    .busy_from = util_now_ns(),
	    .len = nd->len,
	};
	int cur = nd->path[nd->len - 1];

	memcpy(w.path, nd->path, (size_t)nd->len);
	stats_add(&st->run, 1);
	if (nd->spawner != tid)
		stats_add(&st->stolen, 1);
	if (search_stop_requested(w.stop)) {
		w.stopped = true;
	} else if (nd->len <= j->split_depth &&
	           __builtin_popcountll(nd->u) >= TOUR_MIN_SPLIT_LEFT) {
		/* Split: one task per live move. */
		struct node child = *nd;
		uint64_t moves = moves_of(j, cur, nd->u, w.start_adj);
		w.nodes++;
		child.spawner = tid;
		child.len = nd->len + 1;
		while (moves) {
			int sq = __builtin_ctzll(moves);
			moves &= moves - 1;
			child.path[nd->len] = (uint8_t)sq;
			child.u = nd->u & ~BIT(sq);
			stats_add(&st->spawned, 1);
			spawn(j, &child);
		}
	} else {
		n = walk(&w, cur, nd->u);
	}
	flush(&w);
	if (n)
		atomic_fetch_add_explicit(&j->count[nd->pi], n,
		                          memory_order_relaxed);
	atomic_fetch_add_explicit(&j->run->tasks, 1, memory_order_relaxed);
}

/* ---- the public calls ------------------------------------------------- */

void
tour_params_default(struct tour_params *p)
{
	memset(p, 0, sizeof *p);
	p->threads = 1;
	p->prune = true;
}

void
tour_run_init(struct tour_run *r)
{
	memset(r, 0, sizeof *r);
}

static void
slots_begin(struct tour_run *r, int threads)
{
	for (int t = 0; t < threads; t++) {
		atomic_store(&r->slot[t].tours, 0);
		atomic_store(&r->slot[t].len, 0);
	}
	atomic_store(&r->tasks, 0);
}

int
tour_count(const struct tour_board *b, const struct tour_prefix *pre, int n,
           const struct tour_params *par, struct tour_run *run,
           uint64_t *counts, struct tour_result *res)
{
	struct tour_run *own = NULL;
	struct job j;
	int threads = par->threads < 1                   ? 1
	              : par->threads > STATS_MAX_THREADS ? STATS_MAX_THREADS
	                                                 : par->threads;

	for (int i = 0; i < n; i++)
		if (!tour_prefix_valid(b, &pre[i]))
			return -1;
	if (run == NULL) {
		own = run = xmalloc(sizeof *run);
		tour_run_init(run);
	}
	memset(&j, 0, sizeof j);
	j.b = b;
	j.pre = pre;
	j.count = xcalloc((size_t)(n > 0 ? n : 1), sizeof *j.count);
	j.run = run;
	j.split_depth =
	    par->split_depth > 0 ? par->split_depth : TOUR_SPLIT_DEPTH;
	j.closed = par->closed;
	j.prune = par->prune;
	j.list = par->list_max > 0 ? par->list : NULL;
	j.list_arg = par->list_arg;
	j.list_max = par->list_max;
	j.stop = par->stop;
	atomic_init(&j.listed, 0);
	atomic_flag_clear(&j.list_lock);
	for (int i = 0; i < n; i++)
		atomic_init(&j.count[i], 0);

	slots_begin(run, threads);
	stats_begin(&run->stats, NULL, threads, true, NULL);
	uint64_t t0 = util_now_ns();
#pragma omp parallel num_threads(threads) shared(j, pre, n, b) default(none)
#pragma omp single
	{
		int tid = omp_get_thread_num();
		for (int i = 0; i < n; i++) {
			struct node nd = {.pi = i, .spawner = tid};
			nd.len = pre[i].len;
			nd.u = b->all;
			for (int k = 0; k < pre[i].len; k++) {
				nd.path[k] = pre[i].sq[k];
				nd.u &= ~BIT(pre[i].sq[k]);
			}
			stats_add(&j.run->stats.thread[tid].spawned, 1);
			spawn(&j, &nd);
		}
	}
	stats_end(&run->stats);

	memset(res, 0, sizeof *res);
	res->seconds = (double)(util_now_ns() - t0) / 1e9;
	res->nthreads = threads;
	res->stopped = search_stop_requested(par->stop);
	for (int i = 0; i < n; i++) {
		counts[i] = atomic_load(&j.count[i]);
		res->tours += counts[i];
	}
	for (int t = 0; t < threads; t++) {
		res->thread_tours[t] = atomic_load(&run->slot[t].tours);
		res->thread_nodes[t] = atomic_load(&run->stats.thread[t].nodes);
		res->nodes += res->thread_nodes[t];
	}
	free(j.count);
	free(own);
	return 0;
}

/* ---- prefixes for a distributed driver ---------------------------------- */

struct expand {
	const struct tour_board *b;
	bool closed;
	int len;
	uint64_t start_adj;
	struct tour_prefix *out;
	int n, cap;
	struct tour_prefix cur;
};

static void
expand_rec(struct expand *e, uint64_t u)
{
	int last = e->cur.sq[e->cur.len - 1];

	if (e->cur.len == e->len || u == 0) {
		if (u == 0 && e->closed &&
		    !(e->b->adj[last] & BIT(e->cur.sq[0])))
			return;
		if (e->n == e->cap) {
			e->cap = e->cap ? 2 * e->cap : 64;
			e->out =
			    xrealloc(e->out, (size_t)e->cap * sizeof *e->out);
		}
		e->out[e->n++] = e->cur;
		return;
	}
	uint64_t moves =
	    (u & (u - 1)) == 0 ? e->b->adj[last] & u
	    : e->closed ? live_moves(e->b, last, u, e->start_adj, true, true)
	                : live_moves(e->b, last, u, e->start_adj, false, true);
	while (moves) {
		int sq = __builtin_ctzll(moves);
		moves &= moves - 1;
		e->cur.sq[e->cur.len++] = (uint8_t)sq;
		expand_rec(e, u & ~BIT(sq));
		e->cur.len--;
	}
}

int
tour_expand(const struct tour_board *b, const struct tour_prefix *p, int len,
            bool closed, struct tour_prefix **out)
{
	struct expand e = {.b = b, .closed = closed, .len = len};
	uint64_t u = b->all;

	if (!tour_prefix_valid(b, p)) {
		*out = NULL;
		return 0;
	}
	e.cur = *p;
	e.start_adj = b->adj[p->sq[0]];
	for (int i = 0; i < p->len; i++)
		u &= ~BIT(p->sq[i]);
	if (len < p->len)
		e.len = p->len;
	expand_rec(&e, u);
	*out = e.out;
	return e.n;
}
