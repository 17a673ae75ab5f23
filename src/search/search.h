/* search.h -- negamax alpha-beta search: exact solver and depth-limited play.
 *
 * Scores are for the side to move, on the scales of core/score.h.
 *
 * One `struct search` owns a transposition table and a stats block.
 * search_run() blocks the calling thread for the whole search (the
 * engine's worker thread); the caller stops it from any thread through the
 * stop token its limits carry (core/stop.h).  The search
 * never prints.
 *
 * The search is compiled twice (docs/solver.md): for board64_t, the boards
 * of at most 64 bits (search/search64.c, one unit), and for board128_t,
 * every board.  The functions below take board128_t, as everything above
 * the search holds; search_run() (search/policy/search-run.c) runs a
 * board of at most 64 bits on the 64-bit search.
 */
#ifndef DROPFOUR_SEARCH_H
#define DROPFOUR_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/board.h"
#include "core/stop.h"
#include "search/node/settings.h"
#include "search/node/stats.h"
#include "search/node/tt.h"

#define SEARCH_MAX_DEPTH 64

enum search_mode {
	SEARCH_EXACT = 0, /* exact score (perfect play) */
	SEARCH_WEAK,      /* win / draw / loss only: score 1, 0 or -1 */
	SEARCH_DEPTH,     /* depth-limited alpha-beta, heuristic evaluation */
	SEARCH_AVERAGE,   /* depth-limited, averaged-outcome evaluation */
};

enum split_scheme {
	SPLIT_DEEP = 0, /* young brothers wait, tasks below the root */
	SPLIT_ROOT,     /* one task per root column (the reports' scheme) */
	SPLIT_LAZY,     /* every thread searches the root, shared table */
	SPLIT_NSCHEMES
};

/* "deep", "root", "lazy": the --split words, indexed by the scheme. */
extern const char *const search_split_names[SPLIT_NSCHEMES];

/* Exact scores the searches may take instead of searching (the opening
 * book, book/book.h): probe() answers true with the score of a
 * position it holds.  The search knows nothing of the store's format.
 * Books hold boards of at most 64 bits: only the 64-bit search asks. */
struct search_oracle {
	bool (*probe)(const void *store, const board64_t *b, int *score);
	const void *store;
};

/* The oracle's score of b (any board; NULL oracle: none), if it holds b. */
static inline bool
search_oracle_probe(const struct search_oracle *bk, const board128_t *b,
                    int *score)
{
	board64_t b64;
	if (bk == NULL || !board_is_small(b->w, b->h))
		return false;
	board_to64(b, &b64);
	return bk->probe(bk->store, &b64, score);
}

/* The search's stop token is core/stop.h's (struct search_stop): the
 * node searches never read it: split_poll(), every SPLIT_POLL_MASK + 1
 * nodes, turns a request into the team's state (split.h), as it does the
 * deadline and the node limit. */

/* The exact solver's stores into its big table, told as they are made,
 * for positions of at least min_empty empty cells (and never those of
 * the leaf tables, below the search's leaf boundary): the entry's slot
 * and word (as search_export() gives them).  One search over several
 * machines passes them to the other machines' tables (search/dist/,
 * docs/distributed-search.md).  Called from every search thread at once;
 * what it does must be short and thread-safe. */
struct search_tap {
	int min_empty;
	void (*stored)(void *ctx, uint64_t slot, uint64_t word);
	void *ctx;
};

struct search_limits {
	/* The request: what to search.  (The members are grouped in
	 * anonymous structs, read as lim->mode etc.: the grouping says what
	 * each constructor of search-limits.c and level.c changes.) */
	struct {
		enum search_mode mode;
		/* exact/weak: score every column, not just the best */
		bool analyze;
		/* exact analysis for a move: the root's score first (book,
		 * table or a solve), then a column that does not reach it stays
		 * an upper bound; the columns that do are exact */
		bool move_only;
		int depth; /* depth modes: the deepest iteration (plies) */
		/* the columns the root may play (bit c: column c; the
		 * protocol's go searchmoves), 0: every column */
		uint32_t root_columns;
	};
	/* The resources: the threads, the split, the clock, the node count,
	 * the stop. */
	struct {
		int threads; /* >= 1 */
		enum split_scheme split;
		/* plies below the root where tasks are made; 0 auto */
		int split_depth;
		double time_limit;   /* seconds, 0 none; no iteration past it */
		uint64_t node_limit; /* 0 none */
		/* The search's stop token (core/stop.h), owned by the
		 * caller; NULL: stopped only by its time and node limits. */
		const struct search_stop *stop;
	};
	/* The policy: how the move is chosen within the budget. */
	struct {
		/* plain centre-first order, no threat ordering */
		bool no_ordering;
		uint64_t seed; /* 0: deterministic; else random tie-break */
		/* The opening book, read-only, or NULL: the searches take a
		 * position's score from it, at the root and below
		 * (depth-limited ones on their own scale: a root column as an
		 * exact score, a node below as a proven value, a draw as 0). */
		const struct search_oracle *book;
		/* Proof within the budget (depth mode): a position with at most
		 * prove_cells empty cells (0: never) is first solved exactly,
		 * for at most prove_time seconds (0: PROVE_UNTIMED_S), on the
		 * search's second table.  Solved, the result is the exact
		 * solver's move (the fastest win, the longest defence) and its
		 * exact score; else the depth-limited search has the rest of
		 * time_limit.  On two threads or more the proof runs beside the
		 * depth-limited search instead, on all the threads but one for
		 * the whole time_limit, and ends it when it proves the root.
		 * Either way, when the proof got as far as a draw or better
		 * with a column that keeps it, the move is that column unless
		 * the search proved its own move as good (a proven result is
		 * never given up). */
		int prove_cells;
		double prove_time;
		/* Practical play (the expert level, the protocol's searches): a
		 * proof beside the search that has found nothing by
		 * PROVE_CHECK_AFTER_PCT of the time stops the search and checks
		 * whether its move loses (else it goes on), and among columns
		 * of the same exact score in a proven draw or loss the move is
		 * the one giving an opponent that searches trap_horizon plies
		 * (0: TRAP_HORIZON_PLIES) the best chance of an error it cannot
		 * see (docs/levels.md). */
		bool practical;
		int trap_horizon;
		/* A bound on an exact search for a move (analyze and
		 * move_only): when the root is not proven within exact_bound
		 * seconds (0: no bound), a depth-limited search of
		 * PERFECT_FALLBACK_S seconds names the move, its score
		 * heuristic (not proven). */
		double exact_bound;
		/* A named level (level.h) choosing the move from the column
		 * scores, or NULL: the search's best move. */
		const struct level *level;
	};
	/* The distributed window and where the iterations report. */
	struct {
		/* A window search (a task of dist.h's search across processes):
		 * the position's own value, fail-soft, searched with the window
		 * (alpha, beta) on the raw scale (core/score.h: exact scores in
		 * exact mode, the depth-limited scale in depth mode), into
		 * search_result.value; no column scores.  SEARCH_AVERAGE has no
		 * windows and takes none. */
		bool window;
		int alpha, beta;
		/* Where the depth-limited iterations record their ends (struct
		 * search_marks, `bench speedup --game`), or NULL: nowhere. */
		struct search_marks *marks;
		/* The exact solver's stores told (struct search_tap), or
		 * NULL. */
		const struct search_tap *tap;
	};
};

/* The ends of a depth-limited search's iterations, as search_run()
 * reaches them: when each depth was complete, and the work done by then,
 * so that two runs of the same search on different thread counts compare
 * at the deepest depth both completed (docs/parallel-search.md).  The
 * caller owns it, calls search_marks_begin() before search_run(), and
 * reads it after (search_marks_work() for the whole run's work).
 *
 * Every search the run makes under these limits (each search_drive():
 * the depth-limited search, the proof before it or beside it, the
 * proof's checks and its second part, the traps' analyses, the fallback
 * of perfect play's bound) counts its team's nodes and busy seconds here:
 * those under way from their statistics (live[], at most
 * SEARCH_MARKS_LIVE at once: the proof and the search beside it), those
 * that ended added up (done_*) as they end, so that none is missed when
 * the next one empties its statistics and none is counted twice.  The
 * lock keeps the two together: the search beside the proof marks its
 * depths while the proof's searches end and begin. */
struct search_mark {
	int depth;
	double seconds; /* from t0_ns */
	/* Every thread's nodes and busy seconds by then, in every search of
	 * the run so far, within the statistics' flush lag (stats.h) */
	uint64_t nodes;
	double busy_s;
};
#define SEARCH_MARKS_LIVE 4
struct search_marks {
	uint64_t t0_ns;
	int n;
	atomic_flag lock;
	uint64_t done_nodes; /* the run's searches that ended */
	double done_busy_s;
	int searches; /* the run's searches (search_drive()) so far */
	const struct stats *live[SEARCH_MARKS_LIVE]; /* those under way */
	struct search_mark mark[SEARCH_MAX_DEPTH];
};
static inline void
search_marks_begin(struct search_marks *m, uint64_t t0_ns)
{
	memset(m, 0, sizeof *m);
	atomic_flag_clear(&m->lock);
	m->t0_ns = t0_ns;
}
/* The work of every search of the run so far (all of it once
 * search_run() returned): their nodes and busy thread-seconds. */
void search_marks_work(struct search_marks *m, uint64_t *nodes, double *busy_s);
/* The mark of depth d in m, NULL when the search did not complete it. */
static inline const struct search_mark *
search_marks_find(const struct search_marks *m, int d)
{
	for (int i = m->n - 1; i >= 0; i--)
		if (m->mark[i].depth == d)
			return &m->mark[i];
	return NULL;
}

struct level;

struct search_result {
	int move;  /* best column (0-based), -1 when there is none */
	int best;  /* the search's own best column: move differs only where
	            * a named level picks its move (level_choose()) */
	int score; /* see the top of this file */
	int value; /* a window search's value (search_limits.window) */
	enum score_kind kind;
	bool partial; /* stopped before it finished */
	int depth;    /* last finished iteration; exact searches: plies left */
	int ncols;
	enum score_kind
	    col_kind[BOARD_MAX_WIDTH]; /* SCORE_NONE: illegal/unknown */
	int col_score[BOARD_MAX_WIDTH];
	uint64_t nodes;
	double seconds;
	int threads;
	int pv_len;
	int pv[STATS_PV_MAX];
	/* SEARCH_AVERAGE: the averaged outcome of the position itself, for
	 * the side to move (the fold of its columns, search/node/average.h),
	 * and 1 / -1 when that is a proven win / loss, else 0. */
	double quality;
	int proven;
	/* A proof within the budget that did not finish (search_limits'
	 * prove_cells): the least exact score it proved the root reaches
	 * and a column that reaches it; proof_col -1 when it proved nothing
	 * beyond the worst score.  proof_exact: proof_lo is the root's
	 * exact score (the book's, or the table's), so a column reaching it
	 * is an exact best move. */
	int proof_lo;
	int proof_col;
	bool proof_exact;
};

struct search;

/* What a search is made with beyond its table's size: the tests' (and
 * the programs' DROPFOUR_SEARCH_BITS, DROPFOUR_LEAF_OWN_AFTER,
 * docs/testing.md) ways to take the less common paths. */
struct search_opts {
	/* Every board on the 128-bit search, even one that fits 64 bits
	 * (the two compared on the same positions). */
	bool wide_only;
	/* Nodes of a search on two threads or more before each thread
	 * keeps the last cells in a leaf table of its own (LEAF_OWN_AFTER
	 * in settings.h); 0: never. */
	uint64_t own_after;
};

/* The defaults: search_new()'s. */
static inline void
search_opts_default(struct search_opts *o)
{
	o->wide_only = false;
	o->own_after = LEAF_OWN_AFTER;
}

/* A search with a table of tt_mb megabytes; NULL when the memory cannot be
 * had, with the reason in err (errlen bytes; err may be NULL). */
struct search *search_new(size_t tt_mb, char *err, size_t errlen);
/* The same with the options o (NULL: the defaults). */
struct search *search_new_opts(size_t tt_mb, const struct search_opts *o,
                               char *err, size_t errlen);
void search_free(struct search *s);
/* Forget everything in the transposition table. */
void search_clear(struct search *s);
/* The same, done by the next search_run() before it searches, a chunk at
 * a time: a stop (lim->stop) ends it between chunks, within
 * a fraction of a millisecond even for a table of gigabytes, and the
 * search after goes on with it.  A search stopped so returns no move. */
void search_clear_later(struct search *s);
/* Bring the pages of a new table in before its first search (the
 * engine's worker does it while it waits for work, search_idle_step()),
 * so that a search does not wait for the system's page faults, a
 * megabyte or two zeroed each, between its looks at the stop flag.  A
 * search that comes first goes on without it. */
void search_warm_later(struct search *s);
/* Go on with a pending clear, then a pending warm-up, outside a search,
 * a chunk at a time until stop (NULL: none) is requested: true once
 * nothing is pending. */
bool search_idle_step(struct search *s, const struct search_stop *stop);
/* Search b within lim.  A request of lim->stop, before or during the
 * search, ends it within milliseconds with the best result found so far,
 * marked partial. */
void search_run(struct search *s, const board128_t *b,
                const struct search_limits *lim, struct search_result *r);
struct stats *search_stats(struct search *s);
struct trace;
/* Record this search's threads' work into t (search/node/trace.h; NULL: stop
 * recording) from its next search on; only while no search runs. */
void search_set_trace(struct search *s, struct trace *t);

/* Table entries handed from one search to another whose table has the
 * same size and serves the same board and kind of search (dist.c: what
 * one rank learnt of the positions near its task's root, for the other
 * ranks).  The entries are words of the big table with their places. */
struct search_entry {
	uint64_t slot, word;
};
struct search_entries {
	uint64_t slots; /* the exporter's table: its slots, */
	uint8_t mode;   /* its kind of values (0: none), */
	uint8_t w, h;   /* and its board */
	uint16_t n;
};
/* Up to max entries of the positions up to `plies` plies below b, the
 * shallowest first, into out (its header into *hdr); the number. */
int search_export(struct search *s, const board128_t *b, int plies,
                  struct search_entries *hdr, struct search_entry *out,
                  int max);
/* Entries of another search (search_export()): taken where the table
 * matches (size, kind, board) and the slot holds nothing of the same
 * position; nothing else is touched.  Only while no search runs. */
void search_import(struct search *s, const struct search_entries *hdr,
                   const struct search_entry *in);
/* ---- a table shared between processes ---------------------------------
 * One machine's ranks of a distributed search share one main table
 * (search/dist/dist.h, docs/distributed-search.md): memory that every process
 * maps (an MPI-3 shared window), search_shared_bytes() of it, zero at
 * first.  It begins with a header saying what kind of values the table
 * holds; one process (the machine's leader) calls search_shared_prepare()
 * before each distributed search, while no search uses the table, and the
 * others only search in it. */
struct search_shared_hdr;
/* Bytes of shared memory for a main table of tt_mb megabytes. */
size_t search_shared_bytes(size_t tt_mb);
/* The table's slots in that memory (after its header and the marks). */
const void *search_shared_slots(const void *mem);
/* Search s takes `mem` (search_shared_bytes(tt_mb) bytes) as its main
 * table, its own given back.  Only while no search runs. */
void search_share_table(struct search *s, void *mem, size_t tt_mb);
/* Make the shared table at mem fit searches of `mode` on boards like b:
 * emptied if it holds another kind of values (or board).  True if it was
 * emptied.  Only while no search uses it. */
bool search_shared_prepare(void *mem, size_t tt_mb, const board128_t *b,
                           enum search_mode mode);
/* The slots of a shared table of tt_mb megabytes (search_entries.slots of
 * its entries). */
uint64_t search_shared_slot_count(size_t tt_mb);
/* Entries of another machine's search (search_tap, over the network)
 * into the shared table at mem (search_shared_bytes(tt_mb)), merged as
 * the exact solver merges its own stores (tt_store_solved()): kept only
 * where the table holds exact values of the same board and size.  Safe
 * while searches use the table, as another process's stores are. */
void search_shared_merge(void *mem, size_t tt_mb,
                         const struct search_entries *hdr,
                         const struct search_entry *in);
/* How many positions the exact solver marks as being searched now
 * (EXACT_BUSY_MIN_CELLS in settings.h): 0 whenever no search runs. */
int search_busy_marks(const struct search *s);
/* The limits of a plain search: depth-limited play to
 * SEARCH_DEFAULT_DEPTH, one thread, everything else off.  Inline, so that
 * the node files (average.c) need nothing of search-limits.c. */
static inline void
search_limits_default(struct search_limits *lim)
{
	memset(lim, 0, sizeof *lim);
	lim->mode = SEARCH_DEPTH;
	lim->depth = SEARCH_DEFAULT_DEPTH;
	lim->threads = 1;
	lim->split = SPLIT_DEEP;
}

/* The front ends' limits, each kind built in one place
 * (policy/search-limits.c) and used by the game, the text game, the
 * engine protocol and dropfour-mpi alike. */

/* Perfect play: the root's exact score first (the book, the table or a
 * solve), then a column that reaches it, every column scored; when no
 * proof comes within `bound` seconds (0: no bound), a depth-limited
 * search names the move.  Practical among equal columns as the perfect
 * level is (levels[LEVEL_PERFECT]).  The rest of lim is kept. */
void search_limits_set_perfect(struct search_limits *lim, double bound);
/* The proof within the budget of depth-limited play: a position of at
 * most PROVE_MAX_CELLS empty cells first solved exactly, for share_pct
 * percent of lim->time_limit (0: PROVE_UNTIMED_S). */
void search_limits_set_proof_share(struct search_limits *lim, int share_pct);
/* The review's search: every column of a position exactly, nothing more
 * (no time or node limit, no random tie-break, at least one thread);
 * parent's threads, split, book and stop kept. */
struct search_limits
search_limits_for_review(const struct search_limits *parent);
/* Perfect play's ponder on the human's turn: every column's exact score,
 * so that the search after the move finds its root in the table. */
struct search_limits
search_limits_for_ponder(const struct search_limits *parent);

/* The next null-window probe of an exact solve whose value lies in
 * lo..hi: the middle, moved toward the far end when the interval is far
 * from 0, where a probe for a quick win or loss costs little (the one
 * process's solver, search-exact.c, and the one across processes,
 * dist.c). */
static inline int
search_probe_mid(int lo, int hi)
{
	int med = lo + (hi - lo) / 2;
	if (med <= 0 && lo / 2 < med)
		med = lo / 2;
	else if (med >= 0 && hi / 2 > med)
		med = hi / 2;
	return med;
}

/* The exact solver's sequence of null-window probes, one for both
 * solvers (one process's, search-exact.c, and the one across processes,
 * dist.c), so that they search the same windows.  Far from 0 the
 * interval is halved leaning to its far end: a probe for a quick win or
 * loss is cut short by the score bounds, so those cost little and settle
 * the easy positions (a probe at 0 on a position won in three moves
 * searches slow wins and can cost a thousand times more).  Within
 * EXACT_NEAR of 0 the probes cost a full solve each: start at 0 and step
 * by one from the value each probe returned (fail-soft), which on the
 * empty board is 0, 1, 2. */
struct search_probe {
	int guess;
	bool far;
};
static inline void
search_probe_init(struct search_probe *p)
{
	p->guess = 0;
	p->far = true;
}
/* The next probe for a score in [lo, hi] (lo < hi): w, to be searched
 * with the window (w - 1, w). */
static inline int
search_probe_next(struct search_probe *p, int lo, int hi)
{
	int med = search_probe_mid(lo, hi);
	if (med >= EXACT_NEAR || med <= -EXACT_NEAR) {
		p->guess = med + 1;
		p->far = true;
	} else if (p->far) {
		/* Back near 0 from a probe far out: start at 0. */
		p->far = false;
		p->guess = 0;
	}
	int w = p->guess > lo + 1 ? p->guess : lo + 1;
	return w < hi ? w : hi;
}
/* What probe w returned (fail-soft): r >= w raised the lower bound to
 * r, else r is the upper bound. */
static inline void
search_probe_learn(struct search_probe *p, int w, int r)
{
	p->guess = r >= w ? r + 1 : r;
}

/* Whether an iteration of a depth-limited search with a time limit of
 * `limit` seconds that would start `now` (seconds since the search began)
 * should end in time: its time foreseen as the last iteration's (`last`)
 * times the growth from the one before (`prev`; 0: none), the growth taken
 * between DEPTH_GROWTH_MIN and DEPTH_GROWTH_MAX (search/node/settings.h). */
static inline bool
search_iteration_fits(double limit, double now, double last, double prev)
{
	double growth = prev > 0 ? last / prev : DEPTH_GROWTH_MIN;
	if (growth < DEPTH_GROWTH_MIN)
		growth = DEPTH_GROWTH_MIN;
	if (growth > DEPTH_GROWTH_MAX)
		growth = DEPTH_GROWTH_MAX;
	return now + last * growth <= limit;
}

/* Before a search is made: NULL when a table of tt_mb megabytes and
 * `threads` search threads (the leaf table and their stacks) fit in the
 * memory this process may use, else a sentence saying why not (in buf).
 * It weighs the table against the memory available now (so that it is
 * refused at start, not killed by the kernel mid-game) and everything
 * against the address-space limit (ulimit -v). */
const char *search_memory_error(size_t tt_mb, int threads, char *buf,
                                size_t len);
/* Convenience: exact score of a position, one thread, no stats reader. */
int search_solve(struct search *s, const board128_t *b, bool weak,
                 uint64_t *nodes);

/* Words for the limits: "depth 12, 2 threads, at most 5 s a move". */
void search_limits_describe(const struct search_limits *lim, char *buf,
                            size_t len);

#endif
