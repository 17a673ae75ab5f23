/* settings.h -- every tunable of the searches in one place: what each
 * trades, its default, and a compile-time check of its limits.  Most can be
 * overridden with -DNAME=VALUE to build a variant for measurement; the
 * measurements behind the defaults are in docs/parallel-search.md and
 * docs/benchmarks.md.
 */
#ifndef DROPFOUR_SETTINGS_H
#define DROPFOUR_SETTINGS_H

/* ---- depth-limited play ---------------------------------------------------
 */

/* Plies the game and selfplay search when no --depth is given.  Deeper
 * plays stronger and thinks longer. */
#ifndef SEARCH_DEFAULT_DEPTH
#define SEARCH_DEFAULT_DEPTH 12
#endif
/* The averaged-outcome evaluation does not prune, so it gets a shallower
 * default (--eval=average without --depth). */
#ifndef SEARCH_AVERAGE_DEPTH
#define SEARCH_AVERAGE_DEPTH 8
#endif
_Static_assert(SEARCH_DEFAULT_DEPTH >= 1 && SEARCH_DEFAULT_DEPTH <= 64 &&
                   SEARCH_AVERAGE_DEPTH >= 1 && SEARCH_AVERAGE_DEPTH <= 64,
               "default depths are valid --depth values");

/* The heuristic evaluation (eval.c): each of the side to move's cells
 * counts once per line of four through it (the layers); on top, each
 * cell that would complete a four is worth EVAL_THREAT, and one on the
 * rows that zugzwang favours for that side another EVAL_PARITY_THREAT.
 * Larger threat weights play sharper, more tactical games. */
#define EVAL_THREAT        8
#define EVAL_PARITY_THREAT 4
/* A threat right above an opponent's threat is not counted; two of one
 * side's threats one above the other count EVAL_STACKED_THREAT more
 * (bench/heuristic.sh measured it: docs/benchmarks.md). */
#ifndef EVAL_STACKED_THREAT
#define EVAL_STACKED_THREAT 16
#endif
/* A cell lies on at most 16 lines of four; the layer table has room for
 * twice that. */
#define EVAL_MAX_LAYERS 32
_Static_assert(EVAL_THREAT > 0 && EVAL_PARITY_THREAT >= 0,
               "threats are good for the side that has them");

/* Move ordering: the table's (or the caller's) best move is searched
 * first; ORDER_FIRST_BONUS is above any threat count a move can have
 * (order.c and the exact solver's plain ordering). */
#define ORDER_FIRST_BONUS 1000
/* The exact solver's own ordering: the table's move gets this much on top
 * of its threat score (a hint, not a rule: two threats beat it). */
#define EXACT_TT_MOVE_BONUS 4
_Static_assert(ORDER_FIRST_BONUS > 64, "the first move outranks any count");

/* Choosing the move among the root's columns (search-root.c): proven wins rank
 * above every heuristic value, proven losses below, and an unknown column
 * below all. */
#define CHOOSE_PROVEN_RANK  10000
#define CHOOSE_UNKNOWN_RANK (-10 * CHOOSE_PROVEN_RANK)
_Static_assert(CHOOSE_PROVEN_RANK > 2 * 500,
               "proven ranks lie outside the heuristic scale");

/* The time of a depth-limited search (search-root.c): a new iteration starts
 * only when it should end within the time limit, its time foreseen as the
 * last iteration's times the growth of the last two, the growth taken
 * between DEPTH_GROWTH_MIN and DEPTH_GROWTH_MAX (iterations whose table
 * answers most of them grow less than the tree; a first one too short to
 * measure says nothing).  A lower minimum starts iterations that the
 * deadline then cuts off (their time lost); a higher one ends searches
 * early, with time left.  The deadline stops an iteration that runs past
 * the limit all the same, within milliseconds. */
/* Set in tenths, so that the check below is an integer constant
 * expression (a floating comparison is not one to clang). */
#define DEPTH_GROWTH_MIN_X10 15
#define DEPTH_GROWTH_MAX_X10 80
#define DEPTH_GROWTH_MIN     (DEPTH_GROWTH_MIN_X10 / 10.0)
#define DEPTH_GROWTH_MAX     (DEPTH_GROWTH_MAX_X10 / 10.0)
_Static_assert(DEPTH_GROWTH_MIN_X10 >= 10 &&
                   DEPTH_GROWTH_MAX_X10 >= DEPTH_GROWTH_MIN_X10,
               "an iteration takes at least the last one's time");

/* ---- levels (level.c) ------------------------------------------------------
 */

/* Each level's time budget for a move (seconds), the plies within which
 * it sees a proven result as proven (0: all) and the temperature of the
 * noise on its values (heuristic values run to about +-40; 0: the best
 * move).  More noise and less sight make a weaker, more human player;
 * docs/levels.md has the ladder these values give in self-play. */
#define LEVEL_BEGINNER_THINK 0.6
#define LEVEL_BEGINNER_SIGHT 3
#define LEVEL_BEGINNER_NOISE 24
#define LEVEL_CASUAL_THINK   0.8
#define LEVEL_CASUAL_SIGHT   5
#define LEVEL_CASUAL_NOISE   10
#define LEVEL_CLUB_THINK     1.0
#define LEVEL_CLUB_SIGHT     11
#define LEVEL_CLUB_NOISE     3
#define LEVEL_STRONG_THINK   1.0
#define LEVEL_EXPERT_THINK   3.0
#define LEVEL_PERFECT_THINK  PERFECT_BOUND_S
/* What a level sees in a proven result: within its sight a certainty worth
 * LEVEL_PROVEN_VALUE (above every heuristic value), beyond it a feeling
 * worth LEVEL_FELT_VALUE. */
#define LEVEL_PROVEN_VALUE 1000.0
#define LEVEL_FELT_VALUE   30.0
_Static_assert(LEVEL_BEGINNER_NOISE >= LEVEL_CASUAL_NOISE &&
                   LEVEL_CASUAL_NOISE >= LEVEL_CLUB_NOISE &&
                   LEVEL_CLUB_NOISE >= 0,
               "weaker levels are noisier");
_Static_assert(LEVEL_BEGINNER_SIGHT <= LEVEL_CASUAL_SIGHT &&
                   LEVEL_CASUAL_SIGHT <= LEVEL_CLUB_SIGHT,
               "weaker levels see less far");

/* ---- proof within the budget (search-prove.c) ------------------------------
 */

/* The strong levels and the engine protocol's timed searches first try
 * to solve a position of at most PROVE_MAX_CELLS empty cells exactly,
 * for at most PROVE_SHARE_PCT percent of their time (a search with no
 * time: PROVE_UNTIMED_S), on a second table of at most PROVE_TT_MB
 * megabytes (never more than the main one); the depth-limited search has
 * what is left.  On 7x6 (docs/levels.md) the exact solver with the
 * shipped book proves most positions of 8 to 11 stones (34 to 31 empty
 * cells) within a few tenths of a second and nearly every one of 12
 * stones and more in tens of milliseconds: the first move past the book
 * is the first one proven.  More cells would spend the share in vain
 * more often, fewer would leave provable positions to the heuristic
 * (measured: a game lost to Fairy-Stockfish at 11 stones, 31 cells,
 * with 30). */
#define PROVE_MAX_CELLS 34
#define PROVE_SHARE_PCT 50
/* Expert gives the proof the larger share: at 1 s a move on 2 cores the
 * exact solver proves 92% of the game positions of 9 stones within 0.5 s
 * and 95% within 0.75 s (docs/levels.md), and the first move past the
 * book is where a heuristic move loses most. */
#define PROVE_EXPERT_SHARE_PCT 75
#define PROVE_UNTIMED_S        1.0
/* Beside the search, at practical play, the proof has the first
 * PROVE_CHECK_AFTER_PCT percent of the time for the root; when it has
 * found no column that keeps a draw or better by then, the depth-limited
 * search stops and the rest goes to asking whether its move loses (and
 * its next best, when it does): a drawn position of 9 stones can need
 * more than the whole second for the root, while a losing column is
 * often proven lost in a third of it (0.35 s on one thread for column 3
 * of 774444466, for which the last 40% did not always leave time).
 * When it has such a column, the proof goes on for the rest of the
 * time. */
#define PROVE_CHECK_AFTER_PCT 50
#define PROVE_TT_MB           64
_Static_assert(PROVE_MAX_CELLS >= 0 && PROVE_SHARE_PCT > 0 &&
                   PROVE_SHARE_PCT <= PROVE_EXPERT_SHARE_PCT &&
                   PROVE_EXPERT_SHARE_PCT <= 100 && PROVE_TT_MB >= 1,
               "the proof has cells to prove and a share of the time");
/* A proof on one thread that did not finish in its share leaves the
 * depth-limited search what is left of the move's time, and at least
 * SEARCH_REST_MIN_S (a millisecond: enough for its first iterations, so
 * that a proof that took the whole time still leaves a move named by a
 * search, not by the stop). */
#define SEARCH_REST_MIN_US 1000
#define SEARCH_REST_MIN_S  (SEARCH_REST_MIN_US / 1e6)
/* (In microseconds: a static assertion takes no floating point.) */
_Static_assert(SEARCH_REST_MIN_US > 0 && SEARCH_REST_MIN_US < 100000,
               "the search after a proof has a little time, not much");
/* Practical play among equal moves past the book (search-traps.c):
 * the exact analyses that pick, among the columns of a proven draw or
 * loss, the one giving the opponent the best chance of an error it
 * cannot see (TRAP_HORIZON_PLIES), run only when at least TRAP_MIN_S of
 * the move's time is left, and end TRAP_MARGIN_S before its end.  The
 * checks of the search's move beside the proof (PROVE_CHECK_AFTER_PCT)
 * ask nothing with less than TRAP_MIN_S left either. */
#define TRAP_MIN_S    0.05
#define TRAP_MARGIN_S 0.01
/* The opponent those choices play against searches this many plies: a
 * reply that loses its result within them (the reply and the win after
 * it) is one it sees and avoids, one that loses it further away is a
 * chance for it to go wrong.  Fairy-Stockfish at a second a move reaches
 * a nominal depth of 20 to 23 in the opening, with pruning; the losses
 * that matter in the opening are either a few plies away or 20 and more
 * (docs/levels.md). */
#define TRAP_HORIZON_PLIES 16
_Static_assert(TRAP_HORIZON_PLIES > 0, "the opponent sees a ply at least");
/* Perfect play's bound: an exact search for a move that has not proven
 * the root within PERFECT_BOUND_S seconds (a board too big to solve)
 * stops, and a depth-limited search of PERFECT_FALLBACK_S seconds names
 * the move, labelled not proven.  Past the shipped book the 7x6 board is
 * solved well within it (docs/levels.md). */
#define PERFECT_BOUND_S    30.0
#define PERFECT_FALLBACK_S 2.0

/* ---- mirror symmetry, cut-offs ----------------------------------------------
 */

/* Below this many stones a position and its mirror image share one table
 * entry.  Worth its cost only in the opening, where mirror pairs are
 * common. */
#ifndef SYMMETRY_PLIES
#define SYMMETRY_PLIES 16
#endif
#ifndef EXACT_SYMMETRY_PLIES
#define EXACT_SYMMETRY_PLIES 16
#endif
/* Enhanced transposition cut-offs where a subtree is worth a few probes:
 * nodes with more empty cells than this.  12 measured fastest against 8
 * and 16 in time; 10 searches 4% fewer nodes on the empty 7x6 board and
 * 0-4% fewer on Pons' sets, for 2% fewer instructions in all (the probes
 * of 11 and 12 empty cells go to the cache-resident leaf table:
 * docs/benchmarks.md, "Where the nodes go").  8 since the probes also
 * keep children at or below alpha from being searched (2026-12-07): 4.5%
 * fewer nodes on the empty board than 10, 0-5% fewer on Pons' sets, 1.3-
 * 1.7% fewer instructions for 6-8% more first-level misses and 5-7% more
 * of a 1 MB second level (docs/benchmarks.md, "Fewer nodes"); to be
 * timed. */
#ifndef EXACT_ETC_MIN_CELLS
#define EXACT_ETC_MIN_CELLS 8
#endif
/* Root probes at scores within this distance of 0 step by one (MTD(f));
 * farther out they halve the interval (docs/solver.md, "The exact
 * solver": far probes are cheap, near ones cost a full solve each).
 * Within means |probe| < EXACT_NEAR on both sides: until 2026-12-07 a
 * probe at -6 counted as near (the test was `< -EXACT_NEAR`), which cost
 * Pons' Test_L2_R1, whose scores lie far from 0, 23% more nodes
 * (docs/benchmarks.md, "Fewer nodes, the fourth session"). */
#ifndef EXACT_NEAR
#define EXACT_NEAR 6
#endif
_Static_assert(SYMMETRY_PLIES >= 0 && EXACT_SYMMETRY_PLIES >= 0 &&
                   EXACT_ETC_MIN_CELLS >= 0 && EXACT_NEAR >= 1,
               "symmetry, ETC and probe settings are non-negative");

/* ---- the parallel split ----------------------------------------------------
 */

/* Children a node searches itself before the rest are shared out (young
 * brothers wait).  One measured faster than two at two threads (node
 * overhead 1.13 against 1.17, busy 98% against 94%). */
#ifndef YBW_ELDERS
#define YBW_ELDERS 1
#endif
/* The exact solver: below this many empty cells a node never splits
 * (tasks too small to pay for themselves). */
#ifndef EXACT_MIN_SPLIT_LEFT
#define EXACT_MIN_SPLIT_LEFT 20
#endif
/* Depth-limited search: nodes split only within DEPTH_SPLIT_PLIES of the
 * root (unless --split-depth says otherwise), with at least
 * DEPTH_MIN_SPLIT_LEFT plies to go, and only nodes searched at least
 * DEPTH_MIN_SPLIT_DEPTH deep. */
#define DEPTH_SPLIT_PLIES     8
#define DEPTH_MIN_SPLIT_LEFT  4
#define DEPTH_MIN_SPLIT_DEPTH 5
/* Lazy SMP (--split=lazy): every thread but the first searches the root
 * with the order of the nodes within LAZY_PERTURB_PLIES of it perturbed
 * (search-exact.c), so that the threads part at once and fill the shared
 * table with different subtrees; deeper, every thread takes the same
 * order, where the table's moves already differ. */
#define LAZY_PERTURB_PLIES 6
_Static_assert(LAZY_PERTURB_PLIES >= 1 && LAZY_PERTURB_PLIES < 64,
               "lazy SMP perturbs some plies near the root");
/* The averaged-outcome search makes tasks AVERAGE_SPLIT plies below the
 * root (7^3 = 343 tasks) and none for subtrees shallower than
 * AVERAGE_GRAIN. */
#define AVERAGE_SPLIT 3
#define AVERAGE_GRAIN 3
/* The most split points one thread can have open: one per ply. */
#define SPLIT_MAX_OPEN_PER_THREAD 64
/* The stop flag, the deadline and the node limit are polled every
 * SPLIT_POLL_MASK + 1 nodes: cheaper polling against a later stop (a
 * stop takes about 2 ms at 1024). */
#define SPLIT_POLL_MASK 1023
/* An owner waiting for a move another thread is searching spins
 * SPLIT_SPIN_NS, then sleeps until the move is done (woken by its
 * searcher) or SPLIT_PARK_NS have passed (to look for work below again):
 * a sleeping owner frees its core for the thread it waits for when that
 * one has been preempted (docs/parallel-search.md, "An owner that
 * sleeps"). */
#define SPLIT_SPIN_NS 50000
#define SPLIT_PARK_NS 200000
_Static_assert(YBW_ELDERS >= 1, "a node searches at least one child first");
_Static_assert(EXACT_MIN_SPLIT_LEFT >= 1 && DEPTH_SPLIT_PLIES >= 1 &&
                   DEPTH_MIN_SPLIT_LEFT >= 1 && AVERAGE_SPLIT >= 1,
               "split limits are positive");
_Static_assert((SPLIT_POLL_MASK & (SPLIT_POLL_MASK + 1)) == 0,
               "the poll mask is a power of two minus one");

/* Positions being searched (ABDADA, Weill 1996): on two or more threads
 * the exact solver marks each node with at least EXACT_BUSY_MIN_CELLS
 * empty cells in a small shared table while it searches it, and a node
 * that finds one of its children marked by another thread searches its
 * other children first, coming back to that one when the table may know
 * it.  Lower marks more nodes: fewer nodes searched twice at once, more
 * writes to the shared marks (22 measured best of 16..26 on the built-in
 * set: node overhead 1.067 to 1.045).  EXACT_BUSY_SLOTS marks, one per
 * cache line. */
#ifndef EXACT_BUSY_MIN_CELLS
#define EXACT_BUSY_MIN_CELLS 22
#endif
#define EXACT_BUSY_SLOTS 1024
_Static_assert(EXACT_BUSY_MIN_CELLS >= 1, "a marked node has a child");
_Static_assert((EXACT_BUSY_SLOTS & (EXACT_BUSY_SLOTS - 1)) == 0,
               "the mark table's size is a power of two");
/* ---- the leaf table ------------------------------------------------------ */

/* Nodes with fewer empty cells than the team's leaf boundary use a small
 * table, shared by all threads, that stays in the cache: most probes
 * happen there, and a miss into the big table costs more than the nodes
 * it saves.  The exact solver keeps the boundary at LEAF_CELLS_MAX empty
 * cells however many threads share the table, less LEAF_CELLS_PER_DOUBLING
 * for each doubling of the threads (0: none), down to LEAF_CELLS_MIN; the
 * depth-limited search keeps LEAF_CELLS_MIN.  24 cells and 2 MB measured
 * fastest on the empty 7x6 board (20 and 28 cells, 1 and 4 MB slower).
 * Giving up 4 cells a doubling (20 on two threads) sent the nodes of 20 to
 * 23 empty cells to the big table, a cache miss each, and cost a second
 * thread a tenth of its node speed: on the 40 positions of Test_L1_R2
 * 901-940 two threads took 1.34-1.42 s with it, 1.27-1.30 s without
 * (docs/parallel-search.md, "Two threads worth two"). */
#ifndef LEAF_CELLS_MAX
#define LEAF_CELLS_MAX 24
#endif
#ifndef LEAF_CELLS_MIN
#define LEAF_CELLS_MIN 14
#endif
#ifndef LEAF_CELLS_PER_DOUBLING
#define LEAF_CELLS_PER_DOUBLING 0
#endif
#ifndef LEAF_TT_MB
#define LEAF_TT_MB 2
#endif
/* The leaf table starts every search at LEAF_FLOOR_KB and doubles while
 * the search has searched more than LEAF_GROW_PER_BUCKET nodes for each of
 * its buckets in use, up to LEAF_TT_MB: a small search stays in the
 * core's own cache (L2) instead of touching lines all over 2 MB. */
#ifndef LEAF_FLOOR_KB
#define LEAF_FLOOR_KB 256
#endif
#define LEAF_FLOOR_BYTES ((size_t)LEAF_FLOOR_KB << 10)
#ifndef LEAF_GROW_PER_BUCKET
#define LEAF_GROW_PER_BUCKET 1
#endif
_Static_assert(LEAF_CELLS_MIN <= LEAF_CELLS_MAX && LEAF_CELLS_MIN >= 0,
               "the leaf boundary range is ordered");
_Static_assert(LEAF_FLOOR_KB * 1024 <= LEAF_TT_MB * 1024 * 1024,
               "the leaf table's floor fits its size");

/* A big exact search on two or more threads: once it has searched
 * LEAF_OWN_AFTER nodes, each thread keeps the positions with fewer than
 * (leaf boundary - LEAF_OWN_GAP) empty cells in a leaf table of its own
 * (LEAF_TT_MB each), the shared leaf table keeping the cells between.
 * The last cells of the game are where a table line written by one thread
 * and read by another costs most; a small search keeps sharing, where the
 * threads' transpositions are worth more (docs/parallel-search.md, "Own
 * leaf tables in a big search"). */
#ifndef LEAF_OWN_AFTER
#define LEAF_OWN_AFTER 32000000
#endif
#ifndef LEAF_OWN_GAP
#define LEAF_OWN_GAP 2
#endif
_Static_assert(LEAF_OWN_GAP >= 0 && LEAF_OWN_GAP < LEAF_CELLS_MIN,
               "own leaf tables lie below the shared one, above no cells");
/* Every exact search on two or more threads, from its first node: each
 * thread keeps the positions with fewer than (leaf boundary -
 * LEAF_OWN_GAP_FIRST) empty cells in its own leaf table.  The last 15
 * cells are most of the nodes and the cheapest to search again: a line
 * of the shared leaf table written there by one thread and read by the
 * other cost a second thread more node speed (0.79 against 0.86 on the
 * 40 positions of Test_L1_R2 901-940) than the transpositions it shares
 * there save (node overhead 1.05 against 1.07); 10 cells: 0.83 and 1.05,
 * 6: 0.88 and 1.11 (docs/parallel-search.md, "Two threads worth two").
 * 0: none until LEAF_OWN_AFTER. */
#ifndef LEAF_OWN_GAP_FIRST
#define LEAF_OWN_GAP_FIRST 8
#endif
_Static_assert(LEAF_OWN_GAP_FIRST == 0 || (LEAF_OWN_GAP_FIRST >= LEAF_OWN_GAP &&
                                           LEAF_OWN_GAP_FIRST < LEAF_CELLS_MIN),
               "the first own boundary lies at or below the big search's");

/* ---- the big table --------------------------------------------------------
 */

/* The big table (--tt-mb) is used from its first TT_FLOOR_MB megabytes
 * and doubles while the searches fill it: once a search thread has found
 * more than TT_GROW_FULL_PCT percent of TT_GROW_SAMPLES buckets it looked
 * at taken (one look every SPLIT_POLL_MASK + 1 nodes), up to its whole
 * size.  The exact solver keeps only positions of LEAF_CELLS_MAX or more
 * empty cells there: the strong solve of the empty 7x6 board never
 * fills the 64 MB (70 MB resident in all), where a 1 GB table whose pages
 * it all touched cost 2.2-2.6 s of system time (the kernel's page
 * faults) in a 20 s solve (docs/benchmarks.md, "Fewer nodes, the fourth
 * session").  A floor of 64 MB
 * keeps the key check exact for every board of 64 bits (tt.h). */
#ifndef TT_FLOOR_MB
#define TT_FLOOR_MB 64
#endif
#ifndef TT_GROW_SAMPLES
#define TT_GROW_SAMPLES 64
#endif
#ifndef TT_GROW_FULL_PCT
#define TT_GROW_FULL_PCT 50
#endif
_Static_assert(TT_FLOOR_MB >= 64 && (TT_FLOOR_MB & (TT_FLOOR_MB - 1)) == 0,
               "the floor is a power of two that keeps 64-bit keys exact");
_Static_assert(TT_GROW_SAMPLES > 0 && TT_GROW_FULL_PCT > 0 &&
                   TT_GROW_FULL_PCT < 100,
               "growth looks at some buckets and wants some free");

/* ---- memory -------------------------------------------------------------- */

/* Room kept beside the tables for everything else (the program, the
 * stats, the UI), and per search thread beside its stack (guard pages,
 * thread-local data, the OpenMP runtime's own): measured with ulimit -v
 * on Debian 12 (libgomp 12), then rounded up. */
#define SEARCH_MEMORY_SLACK_MB 32
#define SEARCH_THREAD_SLACK_MB 8

/* ---- one search over many workers (search/dist/dist.h) ---------------- */

/* How long the master waits for an answer before it looks at the stop
 * flag and the queue again: a stop reaches the workers within this. */
#define DIST_MASTER_WAIT_MS 5
/* The naps between two looks for a message: a worker's for a cancel
 * while its task runs, the master's for an answer (MPI), and the
 * loopback's.  Shorter naps answer sooner but steal the searching
 * threads' cores: two pollers at 0.1 ms took a third of the search's
 * speed on two cores (docs/distributed-search.md). */
#define DIST_POLL_US          1000
#define DIST_LOOPBACK_POLL_US 200
/* Rank 0 waiting for any message between batch jobs. */
#define DIST_IDLE_POLL_US 200
_Static_assert(DIST_MASTER_WAIT_MS >= 1 && DIST_POLL_US >= 1 &&
                   DIST_LOOPBACK_POLL_US >= 1 && DIST_IDLE_POLL_US >= 1 &&
                   DIST_POLL_US < 1000000 && DIST_LOOPBACK_POLL_US < 1000000 &&
                   DIST_IDLE_POLL_US < 1000000,
               "the naps are positive and under a second (nanosleep)");

#endif
