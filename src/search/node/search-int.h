/* search-int.h -- what the files of the search share: the search's own
 * state (struct search), the small helpers around the tables, and the
 * functions one file of the search gives the others: search-table.c (the
 * table's lifetime), search-marks.c (the work of a run's searches),
 * search-root.c (the roots), search-exact.c and search-node.c (the node
 * searches); and from the policy above them (search/policy/), which the
 * node files never call: search-limits.c (the sub-searches' limits),
 * search-driver.c (one search of the limits), search-prove.c (the policy
 * within the budget), search-traps.c (practical play among equals),
 * search-run.c (the public entry).  Not for use outside search*.c.
 */
#ifndef DROPFOUR_SEARCH_INT_H
#define DROPFOUR_SEARCH_INT_H

#include "search/search.h"
#include "search/node/settings.h"
#include "search/node/split.h"

enum tt_mode { TT_EMPTY, TT_EXACT, TT_DEPTH };

/* Every value the searches store fits a table entry. */
_Static_assert(SCORE_INF <= TT_VALUE_MAX && -SCORE_INF >= TT_VALUE_MIN,
               "search values fit the table");
_Static_assert(SCORE_PROVEN + BOARD_MAX_CELLS / 2 < SCORE_INF,
               "proven values stay inside the window");

struct search {
	struct tt tt;
	/* The small table near the end of the game, one for all threads
	 * (see LEAF_CELLS_MAX in settings.h). */
	struct tt leaf;
	/* Each thread's own leaf table for the last cells of a big search
	 * (LEAF_OWN_AFTER in settings.h): made when a search first needs
	 * them, kept and cleared like the shared one. */
	struct tt *own_leaf;
	int own_leaf_n;
	uint64_t own_after; /* search_opts' (LEAF_OWN_AFTER by default) */
	/* The exact solver's marks of positions being searched
	 * (EXACT_BUSY_SLOTS), made by the first search on two threads. */
	struct split_busy *busy;
	int leaf_cells; /* the last search's boundary (team->leaf_cells) */
	enum tt_mode tt_mode;
	/* A clear asked for and not finished (search_clear_later(), or a
	 * switch of mode or size): the next search goes on with it from
	 * table clear_tab (0 the big one, 1 the leaf table, 2.. the threads'
	 * own), slot clear_at, and stops between chunks when asked to. */
	bool clear_pending;
	int clear_tab;
	uint64_t clear_at;
	/* The pages of a new table not yet brought in (search_warm_later()):
	 * done from slot warm_at between searches, given up by the first
	 * search (the table is in use then). */
	bool warm_pending;
	int warm_tab; /* 0 the big table, 1 the leaf table, 2 the second
	               * search (made then, and its tables brought in too) */
	uint64_t warm_at;
	int tt_bits; /* the width of search (64, 128) that filled the table */
	bool wide_only; /* search_opts': every board on the 128-bit search */
	/* The live statistics of the searches search_run() makes on this
	 * one (search_stats()); search_drive() is told where each of its
	 * searches writes (the policy's sub-searches on the second table
	 * write here too, bar the proof beside the search and the trap
	 * analysis, which write the second table's own). */
	struct stats stats;
	/* The second search, made on first need with a table of its own:
	 * the proof of a depth-limited search, the fallback of a bounded
	 * exact one (search_limits: prove_cells, exact_bound). */
	struct search *aux;
	bool is_aux;  /* this one is a second search (has none) */
	size_t tt_mb; /* the main table's size, asked for */
	/* The main table lives in memory that other processes share
	 * (search_share_table()): its kind of values is the owner's to keep
	 * (search_shared_prepare()), so the search neither clears nor warms
	 * it; NULL: the table is this search's own. */
	struct search_shared_hdr *shared;
	bool busy_shared;    /* `busy` is in that memory too: not freed */
	struct trace *trace; /* search_set_trace(), NULL: none */
};

/* ---- helpers -------------------------------------------------------- */

/* The leaf table's boundary for a search on `threads` threads (see
 * LEAF_CELLS_MAX above). */
static inline int
search_leaf_cells(bool exact, int threads)
{
	if (!exact)
		return LEAF_CELLS_MIN;
	int cells = LEAF_CELLS_MAX;
	for (int t = 1; t < threads && cells > LEAF_CELLS_MIN; t *= 2)
		cells -= LEAF_CELLS_PER_DOUBLING;
	return cells > LEAF_CELLS_MIN ? cells : LEAF_CELLS_MIN;
}

static inline int
work_bits(uint64_t n)
{
	return n ? 64 - __builtin_clzll(n) : 0;
}

/* A table key: the position's, or below `plies` stones the smaller of it
 * and its mirror image's (*mirrored tells which, so a stored column can be
 * mirrored back). */
static inline bb_t
sym_key(const board_t *b, int plies, bool *mirrored)
{
	bb_t k = board_key(b);
	*mirrored = false;
	if (b->moves >= plies)
		return k;
	bb_t m = board_mirror_key(b, k);
	*mirrored = m < k;
	return *mirrored ? m : k;
}

/* The depth-limited search's table key. */
static inline bb_t
tt_key(const board_t *b, bool *mirrored)
{
	return sym_key(b, SYMMETRY_PLIES, mirrored);
}

static inline int
unmirror(const board_t *b, int col, bool mirrored)
{
	return col < 0 || !mirrored ? col : b->w - 1 - col;
}

/* The opening book's exact score of a position, if it holds it (the one
 * hook of the book into the search; book_probe() is read-only).  Books
 * hold boards of at most 64 bits, which the 64-bit search runs. */
static inline bool
book_hit(const struct split_ctx *c, const board_t *b, int *score)
{
#if BOARD_BITS == 64
	const struct search_oracle *bk = c->team->lim->book;
	return bk != NULL && bk->probe(bk->store, b, score);
#else
	(void)c, (void)b, (void)score;
	return false;
#endif
}

static inline struct tt *
table_at(const struct split_ctx *c, int empty)
{
	if (empty < c->own_cells)
		return &c->team->own_leaf[c->tid];
	return empty < c->team->leaf_cells ? c->team->leaf : c->team->tt;
}

static inline struct tt *
table_for(const struct split_ctx *c, const board_t *b)
{
	return table_at(c, b->w * b->h - b->moves);
}

static inline bool
probe_at(struct split_ctx *c, _Atomic uint64_t *bucket, uint64_t check,
         struct tt_entry *e)
{
	c->probes++;
	bool hit = tt_probe_at(bucket, check, e);
	c->hits += hit;
	return hit;
}

/* A store of the big table told to the limits' tap (search.h) when the
 * position has at least its min_empty empty cells: the entry's slot and
 * word as the bucket now holds them. */
static inline void
tap_store(const struct split_ctx *c, int empty, _Atomic uint64_t *bucket,
          uint64_t check)
{
	const struct search_tap *tap = c->team->lim->tap;
	if (__builtin_expect(tap == NULL, 1) || empty < tap->min_empty ||
	    empty < c->team->leaf_cells)
		return;
	for (int k = 0; k < TT_BUCKET_SLOTS; k++) {
		const uint64_t w =
		    atomic_load_explicit(&bucket[k], memory_order_relaxed);
		if (tt_holds(w, check))
			tap->stored(tap->ctx,
			            (uint64_t)(bucket + k - c->team->tt->slot),
			            w);
	}
}

static inline bool
probe(struct split_ctx *c, struct tt *tt, bb_t key, struct tt_entry *e)
{
	_Atomic uint64_t *bucket;
	uint64_t check;
	tt_locate(tt, key, &bucket, &check);
	return probe_at(c, bucket, check, e);
}

/* Proven values of the depth-limited search, from exact scores. */
static inline int
proven_win(int exact_score)
{
	return SCORE_PROVEN + exact_score;
}

static inline int
proven_loss(int exact_score)
{
	return -SCORE_PROVEN + exact_score;
}

/* An exact score (the book's) on the depth-limited scale: a win or a loss
 * proven, a draw 0, the value the search gives the draws it finds. */
static inline int
search_depth_from_exact(int exact_score)
{
	return exact_score > 0   ? proven_win(exact_score)
	       : exact_score < 0 ? proven_loss(exact_score)
	                         : 0;
}

/*
 * How many children a node searches itself before the rest are shared out:
 * 0 (root splitting: all at once at the root), the young brothers' elders,
 * or n (no split).  `known` is what the table remembers of the node from an
 * earlier search.  A node that failed low (an upper bound: an ALL node,
 * where every child had to be searched, so splitting costs nothing) splits
 * after YBW_ELDERS children whenever it is deep enough in the game; any
 * other node only while some thread has nothing to do, and a node that
 * failed high (a CUT node) only after one more child, because a sibling
 * searched beside the one that cuts is wasted work.
 */
static inline int
split_index(const struct split_ctx *c, const board_t *b, int ply, int n,
            enum bound known)
{
	const struct split_team *team = c->team;
	if (team->threads <= 1 || team->lim->split == SPLIT_LAZY || n < 2)
		return n;
	if (team->lim->split == SPLIT_ROOT)
		return ply == 0 ? 0 : n;
	if (ply >= team->split_depth ||
	    b->w * b->h - b->moves < team->min_split_left)
		return n;
	if (known != BOUND_UPPER && !split_thread_free(team))
		return n;
	/* At least two moves to share. */
	int elders = known == BOUND_LOWER ? YBW_ELDERS + 1 : YBW_ELDERS;
	return elders <= n - 2 ? elders : n;
}

/* The functions of the width-dependent files below (WIDTH_FN, core/board.h)
 * are compiled for each width: as they are for the 128-bit search, and
 * inside search/search64.c, internal to it, for the boards of at most 64
 * bits.  Of the 64-bit ones the rest of the library calls only the entries
 * of that unit's table, search_width64: the public entries of search-run.c
 * pick it for a board of at most 64 bits. */
struct search_width {
	/* search_play(), then search_set_traps() (search_run()) */
	void (*play)(struct search *s, const board64_t *b,
	             const struct search_limits *lim, struct search_result *r);
	void (*set_traps)(struct search *s, const board64_t *b,
	                  const struct search_limits *lim,
	                  struct search_result *r);
	/* search_share_export(), search_share_import() (search_export(),
	 * search_import()) */
	int (*share_export)(struct search *s, const board64_t *b, int plies,
	                    struct search_entries *hdr,
	                    struct search_entry *out, int max);
	void (*share_import)(struct search *s, const struct search_entries *hdr,
	                     const struct search_entry *in);
	/* search_share_merge() (search_shared_merge()) */
	void (*share_merge)(_Atomic uint64_t *slots, uint64_t nslots,
	                    const struct search_entries *hdr,
	                    const struct search_entry *in);
};
extern const struct search_width search_width64;

/* search-table.c (compiled once): the tables' helpers. */

/* Go on with a pending clear (search_clear_later()): true once every
 * table is empty for keys of key_bits bits, false when a stop came first
 * (the next search goes on from there). */
bool search_clear_part(struct search *s, int key_bits,
                       const struct search_stop *stop);
/* The threads' own leaf tables for a big exact search on `threads`
 * threads, made on first need: false when there is no memory for them. */
bool search_own_leaf_ready(struct search *s, int threads, int key_bits);
/* The exact solver's busy marks, made on first need (NULL: none). */
struct split_busy *search_busy_table(struct search *s);
/* The second search (struct search's aux), made on first need: NULL when
 * there is no memory for it (the search then goes without). */
struct search *search_aux(struct search *s);

/* A root column's state and score to the live panel, with the iteration
 * (depth) that gave the score. */
static inline void
col_publish_at(struct stats *st, int col, enum col_state state,
               enum score_kind kind, int score, int depth)
{
	atomic_store_explicit(&st->col[col].depth, depth, memory_order_relaxed);
	atomic_store_explicit(&st->col[col].score, score, memory_order_relaxed);
	atomic_store_explicit(&st->col[col].kind, kind, memory_order_relaxed);
	atomic_store_explicit(&st->col[col].state, state, memory_order_release);
}

/* The same for a score of no iteration (an exact search's). */
static inline void
col_publish(struct stats *st, int col, enum col_state state,
            enum score_kind kind, int score)
{
	col_publish_at(st, col, state, kind, score, 0);
}

/* search-root.c: the roots, on the team's thread c. */

/* The exact solver's root: the score, or every column (lim->analyze). */
WIDTH_FN void search_root_exact(struct split_ctx *c, const board_t *b,
                                struct search_result *r);
/* Depth-limited play's root: iterative deepening from t0 (seconds). */
WIDTH_FN void search_root_depth(struct split_ctx *c, const board_t *b,
                                struct search_result *r, double t0);
/* Lazy SMP: every thread of the team at the root. */
WIDTH_FN void search_root_lazy(struct split_team *team, const board_t *b,
                               struct search_result *r);
/* A window search (search_limits.window). */
WIDTH_FN void search_root_window(struct split_ctx *c, const board_t *b,
                                 struct search_result *r);
/* The principal variation from column `first` of root, into r (and the
 * live statistics `live`). */
WIDTH_FN void search_extract_pv(struct search *s, struct stats *live,
                                const board_t *root, int first,
                                struct search_result *r);
/* The playable columns of b in the order a move asks them in (centre
 * first, or a random order with a seed) into col[]; how many. */
WIDTH_FN int search_settle_order(const board_t *b, uint64_t seed, int *col);

/* search-driver.c: one search of lim on s's own table, nothing more (no
 * proof, no traps), its live statistics into `live`: the one entry of the
 * policy's sub-searches. */
WIDTH_FN void search_drive(struct search *s, struct stats *live,
                           const board_t *b, const struct search_limits *lim,
                           struct search_result *r);

/* search-prove.c: the move's policy within its budget (perfect play's
 * bound, the proof first or beside the search), or the plain search. */
WIDTH_FN void search_play(struct search *s, const board_t *b,
                          const struct search_limits *lim,
                          struct search_result *r);

/* search-traps.c: practical play among equals, on r after the search. */
WIDTH_FN void search_set_traps(struct search *s, const board_t *b,
                               const struct search_limits *lim,
                               struct search_result *r);

/* search-share.c: search_export() and search_import() (search.h) on this
 * width's table. */
WIDTH_FN int search_share_export(struct search *s, const board_t *b, int plies,
                                 struct search_entries *hdr,
                                 struct search_entry *out, int max);
WIDTH_FN void search_share_import(struct search *s,
                                  const struct search_entries *hdr,
                                  const struct search_entry *in);
/* Whether the shared table at mem holds exact values of boards of
 * key_bits key bits (search-shared.c). */
bool search_shared_exact(const void *mem, int key_bits);
/* search_shared_merge() on this width's entries: nslots slots. */
WIDTH_FN void search_share_merge(_Atomic uint64_t *slots, uint64_t nslots,
                                 const struct search_entries *hdr,
                                 const struct search_entry *in);

/* search-limits.c (compiled once): the limits of the sub-searches, each
 * built from its parent's (what each keeps: its comment there).  The two
 * that the policy stops alone (the proof and the search beside each
 * other) get a child token of the parent's stop (struct search_stop),
 * made in *tok, which the caller owns for as long as the sub-search runs;
 * the others keep the parent's token: they stop when it does. */

/* The exact proof within the parent's budget, for at most `seconds`. */
struct search_limits search_limits_for_proof(const struct search_limits *parent,
                                             double seconds);
/* The proof beside a depth-limited search, stopped alone through *tok
 * (the search beside proved the root). */
struct search_limits
search_limits_for_beside_proof(const struct search_limits *parent,
                               struct search_stop *tok);
/* The depth-limited search beside the proof, stopped alone through *tok
 * (the proof is done, or its checks begin). */
struct search_limits
search_limits_for_beside_search(const struct search_limits *parent,
                                struct search_stop *tok);
/* A check: whether a column reaches target, from the proof's limits. */
struct search_limits search_limits_for_check(const struct search_limits *proof,
                                             int target, double seconds,
                                             int threads);
/* The trap analysis: every column's exact score. */
struct search_limits search_limits_for_traps(const struct search_limits *parent,
                                             double seconds);
/* Perfect play's exact search, stopped at its bound (exact_bound). */
struct search_limits
search_limits_for_bound(const struct search_limits *parent);
/* The depth-limited fallback of a bounded exact search. */
struct search_limits
search_limits_for_fallback(const struct search_limits *parent);
/* The same search for `seconds`. */
struct search_limits search_limits_for_time(const struct search_limits *parent,
                                            double seconds);
/* The same search in the time left after `spent` seconds. */
struct search_limits search_limits_for_rest(const struct search_limits *parent,
                                            double spent);

/* search-marks.c (compiled once): the run's searches in m (struct
 * search_marks; m NULL: none): a search
 * whose statistics are st begins (after stats_begin(), before its threads
 * work) and ends (after they all stopped: its work is added to m's). */
void search_marks_enter(struct search_marks *m, const struct stats *st);
void search_marks_leave(struct search_marks *m, const struct stats *st);
/* The end of iteration `depth` of a depth-limited search into m: the
 * time, and the nodes and busy seconds of every search of the run by
 * then, plus the calling thread's `unflushed` nodes and its busy time
 * since busy_from_ns (split_ctx). */
void search_marks_add(struct search_marks *m, int depth, uint64_t unflushed,
                      uint64_t busy_from_ns);

/* search-exact.c: the exact solver. */

/* The exact solver's table key. */
static inline bb_t
exact_key(const board_t *b, bool *mirrored)
{
	return sym_key(b, EXACT_SYMMETRY_PLIES, mirrored);
}

/* Exact score of a position that is not over.  *lo_out and *hi_out get the
 * interval proven so far (equal when finished), *best a move that reaches
 * the lower end.  weak: only win (1), draw (0) or loss (-1).  Returns false
 * if stopped. */
/* The exact value of b against the window (alpha, beta), fail-soft: in
 * the window it is exact, at or below alpha an upper bound, at or above
 * beta a lower bound. */
WIDTH_FN int search_exact_window(struct split_ctx *c, const board_t *b,
                                 int alpha, int beta);
WIDTH_FN bool search_exact_solve(struct split_ctx *c, const board_t *b,
                                 bool weak, int *lo_out, int *hi_out,
                                 int *best);

/* The exact score of a position not over, if known without a search: the
 * book's, or an exact entry of the table. */
WIDTH_FN bool search_exact_known(struct split_ctx *c, const board_t *b,
                                 int *score);

/* Whether a position not over, whose score the caller knows is at least
 * `at`, scores exactly `at`: one null-window search (or none, when the side
 * to move wins at once).  Returns the fail-soft value: at most `at` means
 * exactly `at`, and the table is told so; more is a lower bound. */
WIDTH_FN int search_exact_test(struct split_ctx *c, const board_t *b, int at);

/* search-node.c: depth-limited play. */

/* Depth-limited alpha-beta: heuristic values, and proven ones as
 * proven_win() / proven_loss(). */
WIDTH_FN int search_depth(struct split_ctx *c, const board_t *b, int depth,
                          int alpha, int beta, int ply);

#endif
