/* split.c -- per-task contexts, split points, stop/cut-off polling and the
 * per-thread accounting of the parallel search. */
#include "config.h"

#include <assert.h>

#include <sched.h>
#include <stdlib.h>
#include <time.h>
#ifdef __linux__
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "search/node/split.h"
#include "core/util.h"

static inline void
cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Sleep while *word holds `seen`, at most ns nanoseconds: a futex on
 * Linux, elsewhere a plain sleep.  Returns early on a wake-up, a signal or
 * a changed word; callers look again. */
static void
park(_Atomic int *word, int seen, long ns)
{
	struct timespec ts = {.tv_sec = 0, .tv_nsec = ns};
#ifdef __linux__
	syscall(SYS_futex, (int *)word, FUTEX_WAIT_PRIVATE, seen, &ts, NULL, 0);
#else
	if (atomic_load(word) == seen)
		nanosleep(&ts, NULL);
#endif
}

/* Wake the thread parked on *word, if any. */
static void
unpark(_Atomic int *word)
{
#ifdef __linux__
	syscall(SYS_futex, (int *)word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
#else
	(void)word;
#endif
}

static void
lock(struct split_team *team)
{
	unsigned spins = 0;
	while (atomic_flag_test_and_set_explicit(&team->lock,
	                                         memory_order_acquire)) {
		cpu_relax();
		/* With more threads than cores the holder may not be
		 * running: let it (16 threads on 2 cores under TSan spun
		 * here for minutes). */
		if ((++spins & 63) == 0)
			sched_yield();
	}
}

static void
unlock(struct split_team *team)
{
	atomic_flag_clear_explicit(&team->lock, memory_order_release);
}

void
split_team_init(struct split_team *team, const struct search_limits *lim,
                struct stats *stats, int threads, int split_threads)
{
	assert(team != NULL && lim != NULL && stats != NULL);
	assert(threads >= 1 && threads <= STATS_MAX_THREADS);
	assert(split_threads >= 1 && split_threads <= threads);
	memset(team, 0, sizeof *team);
	team->lim = lim;
	team->stats = stats;
	team->threads = threads;
	atomic_init(&team->state, SPLIT_RUNNING);
	atomic_init(&team->nodes, 0);
	atomic_init(&team->own_cells, 0);
	atomic_flag_clear(&team->lock);
	team->maxopen =
	    split_threads > 1 ? split_threads * SPLIT_MAX_OPEN_PER_THREAD : 0;
	team->open = team->maxopen
	                 ? xcalloc((size_t)team->maxopen, sizeof *team->open)
	                 : NULL;
	team->nopen = 0;
	atomic_init(&team->unclaimed, 0);
	atomic_init(&team->waiting_tasks, 0);
	atomic_init(&team->working, 0);
	atomic_init(&team->spinning, 0);
	for (int t = 0; t < STATS_MAX_THREADS; t++) {
		team->nest[t] = 0;
		atomic_init(&team->wake[t].seq, 0);
		atomic_init(&team->wake[t].parked, 0);
	}
}

void
split_team_free(struct split_team *team)
{
	free(team->open);
	team->open = NULL;
}

/* A thread starts or ends a stretch of search work; `working` counts the
 * threads that are not free to take a queued task.  Returns true if the
 * thread had nothing else under way. */
static bool
enter(struct split_team *team, int tid)
{
	if (team->nest[tid]++ == 0) {
		atomic_fetch_add_explicit(&team->working, 1,
		                          memory_order_relaxed);
		return true;
	}
	return false;
}

static void
leave(struct split_team *team, int tid)
{
	if (--team->nest[tid] == 0)
		atomic_fetch_sub_explicit(&team->working, 1,
		                          memory_order_relaxed);
}

/* This thread's index in the team: a one-thread team runs on the caller,
 * outside any parallel region of its own (search_run()), and the caller may
 * be thread k of some other region (a book build's solvers). */
static inline int
team_tid(const struct split_team *team)
{
	return team->threads == 1 ? 0 : omp_get_thread_num();
}

/* The boundary of the threads' own leaf tables now (0: none yet). */
static int
own_cells(const struct split_team *team)
{
	return atomic_load_explicit(&team->own_cells, memory_order_relaxed);
}

/* A recorded search: a span of kind k of context c starts at `now`. */
static void
trace_span(struct split_ctx *c, enum trace_kind k, int ply, int arg,
           uint64_t now)
{
	c->tr_span =
	    trace_open(c->team->trace, c->tid, k, c->root_col, ply, arg, now) +
	    1;
}

void
split_ctx_root(struct split_ctx *c, struct split_team *team)
{
	*c = (struct split_ctx){.team = team, .sp = NULL, .root_col = -1};
	c->tid = team_tid(team);
	c->own_cells = own_cells(team);
	c->busy_from = util_now_ns();
	if (team->trace != NULL)
		trace_span(c, TRACE_ROOT, 0, 0, c->busy_from);
	enter(team, c->tid);
}

/* A task starts on thread tid: run, and stolen if another thread made it. */
static void
count_run(struct split_team *team, int tid, int spawner)
{
	struct stats_thread *t = &team->stats->thread[tid];
	stats_add(&t->run, 1);
	if (spawner != tid) {
		stats_add(&t->stolen, 1);
		if (team->trace != NULL)
			trace_instant(team->trace, tid, TRACE_STEAL, -1,
			              spawner, util_now_ns());
	}
}

void
split_ctx_task(struct split_ctx *c, const struct split_ctx *parent, int spawner,
               int root_col)
{
	*c = (struct split_ctx){.team = parent->team,
	                        .sp = NULL,
	                        .root_col = root_col,
	                        .rng = parent->rng};
	c->tid = team_tid(c->team);
	c->own_cells = own_cells(c->team);
	count_run(c->team, c->tid, spawner);
	c->busy_from = util_now_ns();
	if (c->team->trace != NULL)
		trace_span(c, TRACE_TASK, 1, 0, c->busy_from);
	enter(c->team, c->tid);
}

static void
flush(struct split_ctx *c)
{
	struct stats_thread *t = &c->team->stats->thread[c->tid];
	atomic_store_explicit(&t->root_col, c->root_col, memory_order_relaxed);
	atomic_store_explicit(&t->ply, c->sp != NULL ? c->sp->ply : 0,
	                      memory_order_relaxed);
	/* (the slot's one writer: a plain maximum) */
	if (c->max_moves >
	    atomic_load_explicit(&t->max_moves, memory_order_relaxed))
		atomic_store_explicit(&t->max_moves, c->max_moves,
		                      memory_order_relaxed);
	if (c->nodes) {
		stats_add(&t->nodes, c->nodes);
		const uint64_t before = atomic_fetch_add_explicit(
		    &c->team->nodes, c->nodes, memory_order_relaxed);
		/* The node limit at every flush, not only at a poll: a
		 * context that flushes before its 1,024th node (a wait at a
		 * split point, a short move's end) never polls, and under
		 * load `go nodes 100000` searched 191,446. */
		const uint64_t limit = c->team->lim->node_limit;
		if (limit && before + c->nodes >= limit)
			split_stop(c->team, SPLIT_STOP_NODES);
		if (c->root_col >= 0)
			atomic_fetch_add_explicit(
			    &c->team->stats->col[c->root_col].nodes, c->nodes,
			    memory_order_relaxed);
		c->total += c->nodes;
		c->nodes = 0;
	}
	if (c->probes) {
		stats_add(&t->tt_probes, c->probes);
		stats_add(&t->tt_hits, c->hits);
		c->probes = c->hits = 0;
	}
}

/* Flush the counts and the busy time up to now; returns now. */
static uint64_t
settle(struct split_ctx *c)
{
	flush(c);
	uint64_t now = util_now_ns();
	/* The deadline likewise: the clock is read here anyway, at every
	 * poll (a vDSO call every 1,024 nodes costs nothing measurable) and
	 * at every wait. */
	if (c->team->deadline_ns && now >= c->team->deadline_ns)
		split_stop(c->team, SPLIT_STOP_DEADLINE);
	if (now > c->busy_from)
		stats_add(&c->team->stats->thread[c->tid].busy_ns,
		          now - c->busy_from);
	c->busy_from = now;
	return now;
}

void
split_ctx_finish(struct split_ctx *c)
{
	uint64_t now = settle(c);
	if (c->team->trace != NULL)
		trace_close(c->team->trace, c->tid, c->tr_span - 1, now);
	leave(c->team, c->tid);
}

bool
split_chain_cut(const struct split_point *sp)
{
	for (; sp != NULL; sp = sp->parent)
		if (atomic_load_explicit(&sp->cut, memory_order_relaxed))
			return true;
	return false;
}

void
split_stop(struct split_team *team, int reason)
{
	assert((reason & ~SPLIT_STOP_MASK) == 0 && reason != 0);
	int s = atomic_load_explicit(&team->state, memory_order_relaxed);
	while ((s & SPLIT_STOP_MASK) == 0 &&
	       !atomic_compare_exchange_weak(&team->state, &s, s | reason))
		;
}

bool
split_claim_done(struct split_team *team)
{
	return (atomic_fetch_or(&team->state, SPLIT_DONE) & SPLIT_DONE) == 0;
}

/* True once the search is stopped or done.  A request of the limits' stop
 * token (or of a token up its chain) becomes the team's stop here, for
 * split_poll() and for a split point's moves alike: every owner takes a
 * stopped search for aborted, so no move left unsearched is ever read as
 * a value. */
static bool
stopping(struct split_team *team)
{
	if (search_stop_requested(team->lim->stop))
		split_stop(team, SPLIT_STOP_REQUESTED);
	return split_over(team);
}

void
split_poll(struct split_ctx *c)
{
	struct split_team *team = c->team;

	settle(c);
	const uint64_t nodes =
	    atomic_load_explicit(&team->nodes, memory_order_relaxed);
	if (team->leaf_grow)
		tt_grow(team->leaf, nodes, team->leaf_grow);
	/* The big table widens as it fills (settings.h, TT_FLOOR_MB). */
	if (team->tt != NULL)
		tt_sample_grow(team->tt,
		               util_mix64(nodes ^ (uint64_t)c->tid << 56),
		               &c->tt_seen, &c->tt_used, TT_GROW_SAMPLES,
		               TT_GROW_FULL_PCT);
	/* A big search: from now on each thread keeps the last cells in a
	 * table of its own (settings.h, LEAF_OWN_AFTER). */
	const int big = team->leaf_cells - LEAF_OWN_GAP;
	if (team->own_after && nodes >= team->own_after && c->own_cells < big) {
		int first = c->own_cells;
		atomic_compare_exchange_strong_explicit(
		    &team->own_cells, &first, big, memory_order_relaxed,
		    memory_order_relaxed);
		c->own_cells = own_cells(team);
	}
	if (c->own_cells && team->leaf_grow)
		tt_grow(&team->own_leaf[c->tid], nodes, team->leaf_grow);
	/* settle() above has turned the node limit and the deadline into
	 * the team's stop. */
	if (stopping(team) || split_chain_cut(c->sp))
		c->aborted = true;
}

/* The context stops being busy: a wait of kind k begins. */
static void
wait_begin(struct split_ctx *c, enum trace_kind k, int ply, int arg)
{
	uint64_t now = settle(c);
	if (c->team->trace != NULL)
		c->tr_wait = trace_open(c->team->trace, c->tid, k, c->root_col,
		                        ply, arg, now) +
		             1;
}

void
split_wait_begin(struct split_ctx *c)
{
	wait_begin(c, TRACE_TASKWAIT, c->sp != NULL ? c->sp->ply : 0, 0);
}

void
split_wait_end(struct split_ctx *c)
{
	c->busy_from = util_now_ns();
	if (c->team->trace != NULL) {
		trace_close(c->team->trace, c->tid, c->tr_wait - 1,
		            c->busy_from);
		c->tr_wait = 0;
	}
}

void
split_count_spawn(struct split_ctx *c, int n)
{
	stats_add(&c->team->stats->thread[c->tid].spawned, (uint64_t)n);
}

void
split_count_cutoff(struct split_ctx *c)
{
	stats_add(&c->team->stats->thread[c->tid].cutoffs, 1);
}

void
split_count_defer(struct split_ctx *c)
{
	stats_add(&c->team->stats->thread[c->tid].deferred, 1);
}

/* ---- split points ------------------------------------------------------ */

/* Under the lock: hand out the next move of q, which has one left. */
static int
take(struct split_team *team, struct split_point *q)
{
	int k = q->next++;
	if (q->next == q->n && q->listed)
		atomic_fetch_sub_explicit(&team->unclaimed, 1,
		                          memory_order_relaxed);
	return k;
}

/* Hand out the next move of sp, or -1. */
static int
claim(struct split_team *team, struct split_point *sp)
{
	int k = -1;
	lock(team);
	if (sp->open && sp->next < sp->n)
		k = take(team, sp);
	unlock(team);
	return k;
}

/* Search move k of sp on this thread, in a context of its own.  Not once
 * the search is stopping: every move would search its first 1024 nodes
 * before it polled, and the moves left at every split point on the way
 * back to the root added up to 45-55 ms of stop latency with 3 threads on
 * 2 cores. */
static void
run_move(struct split_team *team, struct split_point *sp, int k)
{
	struct split_ctx c = {.team = team,
	                      .sp = sp,
	                      .root_col = sp->root_col,
	                      .own_cells = own_cells(team)};
	c.tid = team_tid(team);
	c.busy_from = util_now_ns();
	if (team->trace != NULL)
		trace_span(&c, TRACE_MOVE, sp->ply, k, c.busy_from);
	if (!split_chain_cut(sp) && !stopping(team))
		sp->move(&c, sp, k);
	uint64_t now = settle(&c);
	if (team->trace != NULL)
		trace_close(team->trace, c.tid, c.tr_span - 1, now);
	atomic_fetch_add_explicit(&sp->work, c.total + c.sub,
	                          memory_order_relaxed);
	/* The last touch of sp: the owner may leave once it sees every move
	 * done.  Then wake the owner if it sleeps (its wake word is in the
	 * team).  Both sides are sequentially consistent: either the owner,
	 * after it set `parked`, sees this move done, or this thread sees
	 * `parked`. */
	const int owner = sp->owner;
	atomic_fetch_add(&sp->finished, 1);
	struct split_wake *w = &team->wake[owner];
	if (atomic_load(&w->parked)) {
		atomic_fetch_add(&w->seq, 1);
		unpark(&w->seq);
	}
}

static bool
below(const struct split_point *q, const struct split_point *anchor)
{
	for (; q != NULL; q = q->parent)
		if (q == anchor)
			return true;
	return false;
}

/*
 * Work on a move of some open split point: the one nearest the root (the
 * most work left) among those below `anchor`, or among all if anchor is
 * NULL.  Returns false if there was none.
 */
static bool
help(struct split_team *team, const struct split_point *anchor)
{
	struct split_point *best = NULL;
	int k = -1;
	/* Waiting owners call this in a loop: look before taking the lock. */
	if (atomic_load_explicit(&team->unclaimed, memory_order_relaxed) == 0)
		return false;
	lock(team);
	for (int i = 0; i < team->nopen; i++) {
		struct split_point *q = team->open[i];
		if (q->next >= q->n || (best != NULL && q->ply >= best->ply))
			continue;
		if (anchor != NULL && !below(q->parent, anchor))
			continue;
		if (split_chain_cut(q))
			continue;
		best = q;
	}
	if (best != NULL)
		k = take(team, best);
	unlock(team);
	if (best == NULL)
		return false;
	run_move(team, best, k);
	return true;
}

/*
 * A helper task: a thread that was free works on open split points, the
 * most promising first, until none has a move left.  It names no split
 * point, so it may start after the one that spawned it has closed, and
 * nobody has to wait for it.
 */
static void
helper(struct split_team *team, int spawner)
{
	const int tid = team_tid(team);
	atomic_fetch_sub_explicit(&team->waiting_tasks, 1,
	                          memory_order_relaxed);
	bool free_thread = enter(team, tid);
	count_run(team, tid, spawner);
	int slot = team->trace != NULL
	               ? trace_open(team->trace, tid, TRACE_HELPER, -1, 0,
	                            spawner, util_now_ns())
	               : -1;
	if (free_thread)
		while (help(team, NULL))
			;
	if (slot >= 0)
		trace_close(team->trace, tid, slot, util_now_ns());
	leave(team, tid);
}

void
split_run(struct split_ctx *c, struct split_point *sp, int ply, int first,
          int n)
{
	struct split_team *team = c->team;

	atomic_init(&sp->cut, false);
	atomic_init(&sp->work, 0);
	atomic_init(&sp->finished, 0);
	sp->parent = c->sp;
	sp->ply = ply;
	sp->root_col = c->root_col;
	sp->owner = c->tid;
	sp->next = first;
	sp->n = n;
	sp->open = true;
	sp->listed = false;
	lock(team);
	if (team->nopen < team->maxopen) {
		team->open[team->nopen++] = sp;
		sp->listed = true;
		atomic_fetch_add_explicit(&team->unclaimed, 1,
		                          memory_order_relaxed);
	}
	unlock(team);

	/* Wake as many threads as are free, one helper task each. */
	int free_threads =
	    team->threads -
	    atomic_load_explicit(&team->working, memory_order_relaxed) -
	    atomic_load_explicit(&team->waiting_tasks, memory_order_relaxed);
	int helpers =
	    n - first - 1 < free_threads ? n - first - 1 : free_threads;
	if (helpers > 0)
		split_count_spawn(c, helpers);
	const int spawner = c->tid;
	for (int h = 0; h < helpers; h++) {
		atomic_fetch_add_explicit(&team->waiting_tasks, 1,
		                          memory_order_relaxed);
#pragma omp task firstprivate(team, spawner)
		helper(team, spawner);
	}

	/* The owner's own share; the moves count their own busy time. */
	wait_begin(c, TRACE_SPLIT, ply, n - first);
	int k;
	while ((k = claim(team, sp)) >= 0)
		run_move(team, sp, k);

	lock(team);
	sp->open = false;
	if (sp->listed) {
		for (int i = 0; i < team->nopen; i++)
			if (team->open[i] == sp) {
				team->open[i] = team->open[--team->nopen];
				break;
			}
	}
	const int claimed = sp->next - first;
	unlock(team);

	/* Moves still running elsewhere: help below instead of waiting. */
	if (atomic_load_explicit(&sp->finished, memory_order_acquire) <
	    claimed) {
		atomic_fetch_add_explicit(&team->spinning, 1,
		                          memory_order_relaxed);
		struct split_wake *w = &team->wake[c->tid];
		unsigned spins = 0;
		uint64_t since = 0;
		while (atomic_load_explicit(&sp->finished,
		                            memory_order_acquire) < claimed) {
			if (help(team, sp)) {
				since = 0;
				continue;
			}
			cpu_relax();
			if ((++spins & 63) != 0)
				continue;
			const uint64_t now = util_now_ns();
			if (since == 0)
				since = now;
			if (now - since < SPLIT_SPIN_NS)
				continue;
			/* The move may be on a thread that is not running
			 * (settings.h): sleep until it is done. */
			const int seen = atomic_load(&w->seq);
			atomic_store(&w->parked, 1);
			if (atomic_load(&sp->finished) < claimed)
				park(&w->seq, seen, SPLIT_PARK_NS);
			atomic_store(&w->parked, 0);
		}
		atomic_fetch_sub_explicit(&team->spinning, 1,
		                          memory_order_relaxed);
	}
	split_wait_end(c);
	c->sub += atomic_load_explicit(&sp->work, memory_order_relaxed);
}
