/* search-int.h -- what the files of the search share (search.c, the root
 * and its drivers; search-node.c, the node searches): the tunables, the
 * search's own state and the small helpers around the tables.  Not for
 * use outside search*.c.
 */
#ifndef DROPFOUR_SEARCH_INT_H
#define DROPFOUR_SEARCH_INT_H

#include "search/search.h"
#include "search/split.h"

/* Children a node searches itself before the rest are shared out.  One
 * (the classic young brothers wait) measured faster on the 2-core machine,
 * `bench speedup --threads 1,2`, five interleaved runs each: two threads
 * 2.92-3.29 s with 1 against 3.37-3.56 s with 2 (node overhead 1.13
 * against 1.17, busy 98% against 94%); at 16 threads oversubscribed 67M
 * nodes against 61M, twice the busy share.  With 1, the TSan run of 16
 * threads on 2 cores once spun for minutes on the split lock, whose
 * holder was not running; since the lock yields the processor after 64
 * failed spins (split.c) the same suite passed nine runs in a row in
 * 19-40 s.  -DYBW_ELDERS=2 builds the other. */
#ifndef YBW_ELDERS
#define YBW_ELDERS 1
#endif
/* Below this many empty cells a node never splits (tasks too small). */
#ifndef EXACT_MIN_SPLIT_LEFT
#define EXACT_MIN_SPLIT_LEFT 20
#endif
#define DEPTH_MIN_SPLIT_DEPTH 5
/* Mirror symmetry is worth its cost only in the opening. */
#ifndef SYMMETRY_PLIES
#define SYMMETRY_PLIES 16
#endif
#ifndef EXACT_SYMMETRY_PLIES
#define EXACT_SYMMETRY_PLIES 16
#endif
/* Enhanced transposition cut-offs where a subtree is worth a few probes
 * (the exact solver: 12 measured fastest against 8 and 16). */
#ifndef ETC_MIN_CELLS
#define ETC_MIN_CELLS 10
#endif
#ifndef EXACT_ETC_MIN_CELLS
#define EXACT_ETC_MIN_CELLS 12
#endif

enum tt_mode { TT_EMPTY, TT_EXACT, TT_DEPTH };

/* Every value the searches store fits a table entry. */
_Static_assert(SCORE_INF <= TT_VALUE_MAX && -SCORE_INF >= TT_VALUE_MIN,
    "search values fit the table");
_Static_assert(SCORE_PROVEN + BOARD_MAX_CELLS / 2 < SCORE_INF,
    "proven values stay inside the window");

/* Nodes with fewer empty cells than team->leaf_cells use a small table
 * that stays in the cache: most probes happen there, and a miss into the
 * big table costs more than the nodes it would save.  Measured on the
 * 2-core machine (strong solve of the empty 7x6 board, one thread, 1 GB
 * table): 14 cells and 4 MB 48.7 s; 20 and 2 MB 32.0 s; 24 and 2 MB
 * 31.6 s; 28 and 2 MB 32.5 s; 24 and 1 MB 37.9 s; the first five
 * Test_L1_R3 positions: 4 MB at 24 cells 26% slower than 2 MB.  More
 * nodes (330M against 256M), each far cheaper.
 *
 * All threads share the one leaf table.  Each had its own until
 * 2026-11-23, when that measured slower: `bench speedup --threads 1,2`,
 * each position in turn, fastest of 4, two threads 2.66 s and 47.9M nodes
 * shared against 2.95 s and 50.7M private (node overhead 1.05 against
 * 1.11); empty board on two threads 17.8 s, 0.75 of c4's time, against
 * 0.87.  (An earlier shared 2 MB table had measured 4.42 s against
 * 3.45 s, before the parent located its children's entries for them.)
 * With more threads the one table holds more threads' positions: the
 * exact solver gives up 4 cells for each doubling of the threads, down to
 * LEAF_CELLS_MIN (2 threads 20, 4 threads 16, 8 and more 14).  On 2 cores
 * (oversubscribed) bench speedup's set took 49.2M, 55.0M and 63.9M nodes
 * at 4, 8 and 16 threads so, against 53.6M, 61.2M and 71.1M at 24 cells
 * throughout; the time at 16 real cores is for the 16-core machine to
 * tell.  The depth-limited search keeps LEAF_CELLS_MIN. */
#ifndef LEAF_CELLS_MAX
#define LEAF_CELLS_MAX 24
#endif
#ifndef LEAF_CELLS_MIN
#define LEAF_CELLS_MIN 14
#endif
#ifndef LEAF_CELLS_PER_DOUBLING
#define LEAF_CELLS_PER_DOUBLING 4
#endif
#ifndef LEAF_TT_MB
#define LEAF_TT_MB 2
#endif
/* A leaf table starts every search at LEAF_FLOOR_KB and doubles while the
 * search has searched more than LEAF_GROW_PER_BUCKET nodes for each of its
 * buckets in use, up to LEAF_TT_MB: a small search then stays in the
 * core's own cache (L2) instead of touching lines all over 2 MB. */
#ifndef LEAF_FLOOR_KB
#define LEAF_FLOOR_KB 256
#endif
#define LEAF_FLOOR_BYTES ((size_t)LEAF_FLOOR_KB << 10)
#ifndef LEAF_GROW_PER_BUCKET
#define LEAF_GROW_PER_BUCKET 1
#endif

struct search {
	struct tt tt;
	/* The small table near the end of the game, one for all threads
	 * (see LEAF_CELLS_MAX above). */
	struct tt leaf;
	int leaf_cells; /* the last search's boundary (team->leaf_cells) */
	enum tt_mode tt_mode;
	atomic_bool stop;
	struct stats stats;
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

/* The key used in the table, and whether it is the mirror image's. */
static inline uint64_t
tt_key(const board_t *b, bool *mirrored)
{
	uint64_t k = board_key(b);
	*mirrored = false;
	if (b->moves < SYMMETRY_PLIES) {
		uint64_t m = board_mirror_key(b, k);
		if (m < k) {
			*mirrored = true;
			return m;
		}
	}
	return k;
}

static inline int
unmirror(const board_t *b, int col, bool mirrored)
{
	return col < 0 || !mirrored ? col : b->w - 1 - col;
}

/* The opening book's exact score of a position, if it holds it (the one
 * hook of the book into the search; book_probe() is read-only). */
static inline bool
book_hit(const struct split_ctx *c, const board_t *b, int *score)
{
	const struct search_oracle *bk = c->team->lim->book;
	return bk != NULL && bk->probe(bk->store, b, score);
}

static inline struct tt *
table_at(const struct split_ctx *c, int empty)
{
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

static inline bool
probe(struct split_ctx *c, struct tt *tt, uint64_t key, struct tt_entry *e)
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

/* search-exact.c: the exact solver. */

/* The exact solver's table key: the position's or its mirror image's,
 * whichever is smaller, in the opening (*mirrored tells which, so a stored
 * column can be mirrored back). */
static inline uint64_t
exact_key(const board_t *b, bool *mirrored)
{
	uint64_t k = board_key(b);
	*mirrored = false;
	if (b->moves >= EXACT_SYMMETRY_PLIES)
		return k;
	uint64_t m = board_mirror_key(b, k);
	*mirrored = m < k;
	return *mirrored ? m : k;
}

/* Exact score of a position that is not over.  *lo_out and *hi_out get the
 * interval proven so far (equal when finished), *best a move that reaches
 * the lower end.  weak: only win (1), draw (0) or loss (-1).  Returns false
 * if stopped. */
bool search_exact_solve(struct split_ctx *c, const board_t *b, bool weak,
    int *lo_out, int *hi_out, int *best);

/* The exact score of a position not over, if known without a search: the
 * book's, or an exact entry of the table. */
bool search_exact_known(struct split_ctx *c, const board_t *b, int *score);

/* Whether a position not over, whose score the caller knows is at least
 * `at`, scores exactly `at`: one null-window search (or none, when the side
 * to move wins at once).  Returns the fail-soft value: at most `at` means
 * exactly `at`, and the table is told so; more is a lower bound. */
int search_exact_test(struct split_ctx *c, const board_t *b, int at);

/* search-node.c: depth-limited play. */

/* Depth-limited alpha-beta: heuristic values, and proven ones as
 * proven_win() / proven_loss(). */
int search_depth(struct split_ctx *c, const board_t *b, int depth, int alpha,
    int beta, int ply);

#endif
