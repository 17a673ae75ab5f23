/* dist-int.h -- what the files of one search over many workers share
 * (dist.h): the tree above the frontier that the master keeps
 * (dist-tree.c), the hand-out (dist-master.c), the averaged outcomes
 * (dist-average.c), the panel's view (dist-live.c) and what the workers'
 * tables share (dist-share.c).  Not for use outside search/dist*.c. */
#ifndef DROPFOUR_DIST_INT_H
#define DROPFOUR_DIST_INT_H

#include "search/dist/dist.h"

/* ---- a task and its messages: dist-task.c -------------------------------- */

/* The transport's calls, counted in st (msgs, bytes). */
void dist_task_send(const struct dist_transport *t, struct dist_stats *st,
                    int w, const struct dist_task *task);
void dist_task_cancel(const struct dist_transport *t, struct dist_stats *st,
                      int w, uint32_t id);
bool dist_task_receive(const struct dist_transport *t, struct dist_stats *st,
                       bool hurry, int *w, struct dist_result *r);
/* A task (cleared) of position b. */
void dist_task_init(struct dist_task *t, uint32_t id, const board_t *b);
/* The OpenMP threads a task asks of its worker (0: its own). */
uint8_t dist_task_threads(const struct search_limits *lim);

/* ---- a worker's slots: dist-task.c ------------------------------------- */

struct master;
/* Task `id` of node i handed to worker w (which has a free slot). */
void dist_slot_add(struct master *m, int w, int i, uint32_t id);
/* The slot of answer `id` from worker w freed: its node (or CANCELLED),
 * NO_SLOT when none has that id; the hand-off counted in the stats. */
int dist_slot_take(struct master *m, int w, const struct dist_result *r);
/* Node i's task on its worker cancelled: its slot marked CANCELLED. */
void dist_slot_cancel(struct master *m, int i);
/* Every task in hand cancelled. */
void dist_slot_cancel_all(struct master *m);
/* Tasks that worker w holds. */
int dist_slot_count(const struct master *m, int w);

/* ---- the table across machines: dist-upper.c ---------------------------- */

/* The tap of task t's search into lim (none unless t asks for one and the
 * worker has a shared table). */
void dist_upper_limits(struct dist_worker *wk, const struct dist_task *t,
                       struct search_limits *lim);

/* ---- the frontier's tree ------------------------------------------------ */

enum node_state {
	NODE_OPEN = 0, /* an inner node whose children are not all in */
	NODE_QUEUED,   /* a task not handed out yet */
	NODE_RUNNING,  /* a task on a worker */
	NODE_DONE,     /* value known (exact or a bound) */
};

/* A node of the tree above (and on) the frontier.  Values are the side to
 * move's, on the raw scale; a parent takes -value of a child. */
struct node {
	board_t b;
	int parent; /* -1: the root */
	int col;    /* the move from the parent */
	int ply;    /* plies below the root */
	int first, nchild;
	int pending; /* children not done */
	int in;      /* children whose value came in (for young brothers) */
	int best;    /* inner: the best child value so far (-INF none) */
	int value;   /* done: the value */
	bool cut;    /* done by a cut-off: the rest did not matter */
	bool bound;  /* done: value is a bound (outside its window) */
	bool known;  /* done when built: a winning move or a full board */
	enum node_state state;
	int worker;    /* running: where */
	int16_t a, b2; /* the window its task was searched with */
	int twin;      /* a task: the first task before it in the tree of
	                * the same position or its mirror image, -1 none
	                * (dist_tree_twins()) */
	double q;      /* SEARCH_AVERAGE: the averaged outcome, proven +-1 */
	int proven;
};

#define CANCELLED (-2) /* a slot's task cancelled, its answer not in yet */
#define NO_SLOT   (-3) /* dist_slot_take(): no slot of that id */

/* The tasks a worker holds (DIST_QUEUE): node[0] the oldest, which runs;
 * each a node of the tree or CANCELLED, with its id and what the master
 * knew when it gave it. */
struct slots {
	int n;
	int node[DIST_QUEUE];
	uint32_t id[DIST_QUEUE];
	double hold[DIST_QUEUE];  /* the worker had nothing for so long */
	bool counted[DIST_QUEUE]; /* its hand-off counts (not the first) */
};

struct master {
	const struct dist_transport *t;
	const struct search_limits *lim;
	struct node *n;
	int count, cap;
	int frontier;
	int lo, hi;         /* the root's window */
	bool root_full;     /* every root column exact (analysis, depth play) */
	struct slots *slot; /* per worker: the tasks it holds */
	struct dist_stats *st;
	/* What earlier passes over the same tree (solve_tree()'s null
	 * windows) learnt of each task: its bounds, by node index (the
	 * tree is built the same way every pass); NULL none. */
	struct bounds *known;
	int nknown;
};

struct bounds {
	int lo, hi;
	int owner; /* the worker that searched it last (its table knows
	            * it), -1 none */
};

/* ---- the tree: dist-tree.c ---------------------------------------------- */

/* Find each task's twin (node.twin): the same position, or its mirror
 * image, as a task before it, reached by another path (the mirror
 * images of a symmetric root's columns; transpositions on a frontier of
 * three plies or more). */
void dist_tree_twins(struct master *m);

/* What a child of the frontier's tree is when built: y, reached from
 * `before` by a move (`wins`: a winning one) to `after`, settled at once
 * (NODE_DONE, known, with its value) or left open (a task on the
 * frontier). */
typedef void (*dist_leaf_fn)(const struct master *m, struct node *y,
                             const board_t *before, const board_t *after,
                             bool wins);

int dist_tree_add(struct master *m, const board_t *b, int parent, int col,
                  int ply);
/* A won position's value for the side that made the winning move. */
int dist_tree_win_value(const struct search_limits *lim, const board_t *before);
/* Expand node i down to the frontier, each child as `leaf` says, in the
 * order one process's search takes them. */
void dist_tree_expand(struct master *m, int i, dist_leaf_fn leaf);
/* The negamax searches' leaves: a winning move or a full board. */
void dist_tree_negamax_leaf(const struct master *m, struct node *y,
                            const board_t *before, const board_t *after,
                            bool wins);
/* The window of node i now. */
void dist_tree_window(const struct master *m, int i, int *alpha, int *beta);
/* Drop what is left of node i's subtree (queued and running tasks). */
void dist_tree_drop(struct master *m, int i);
/* Node i's value is known (a bound when `bound`): on up the tree. */
void dist_tree_settle(struct master *m, int i, int value, bool bound);
/* The nodes settled at build time counted in their parents. */
void dist_tree_settle_known(struct master *m);
/* A task an earlier pass decided for this window, settled: true if so. */
bool dist_tree_settle_task(struct master *m, int i);
/* What a task's answer says of its value, for the later passes. */
void dist_tree_learn(struct master *m, int i, int v);
/* The column scores and the move of the root from its children. */
void dist_tree_fill_result(struct master *m, const board_t *b,
                           struct search_result *r);
/* The root column node i lies under, as the panel names it. */
int dist_tree_root_column(const struct master *m, int i);

/* ---- the hand-out: dist-master.c ---------------------------------------- */

#define PASS_OVER (-2) /* dist_master_next(): nothing runs or is left */

/* A master for one pass over the tree of b (its root built). */
void dist_master_init(struct master *m, const struct dist_transport *t,
                      const struct search_limits *lim, struct dist_stats *st,
                      int frontier, const board_t *b);
/* The tasks handed out, and the next answer that counts (its node), -1
 * none this time, or PASS_OVER; a request of m->lim->stop ends the pass. */
int dist_master_next(struct master *m, bool *stopped, uint32_t *next_id,
                     struct search_result *r, struct dist_result *res);
/* One pass over the tree of b with the root's window (lo, hi). */
bool dist_master_run_tree(const struct dist_transport *t, const board_t *b,
                          const struct search_limits *lim, int frontier, int lo,
                          int hi, bool root_full, struct search_result *r,
                          struct dist_stats *st, struct bounds **known,
                          int *value, int *col);
/* The exact (or weak) value of b by null-window passes. */
bool dist_master_solve_tree(const struct dist_transport *t, const board_t *b,
                            const struct search_limits *lim, int frontier,
                            struct search_result *r, struct dist_stats *st,
                            int *score, int *col);
/* A solve small enough for one worker, run whole there: true if it was. */
bool dist_master_solve_small(const struct dist_transport *t, const board_t *b,
                             const struct search_limits *lim,
                             struct search_result *r, struct dist_stats *st,
                             int *score, int *col);

/* ---- the averaged outcomes: dist-average.c ------------------------------ */

bool dist_avg_run(const struct dist_transport *t, const board_t *b,
                  const struct search_limits *lim, int frontier,
                  struct search_result *r, struct dist_stats *st);

/* ---- the panel: dist-live.c --------------------------------------------- */

void dist_live_begin(struct stats *live, const board_t *b,
                     const struct search_limits *lim, int nworkers, int tables);
void dist_live_worker(const struct dist_stats *st, int w, uint64_t nodes,
                      double secs);
void dist_live_task(const struct dist_stats *st, int w, int col, int ply);
void dist_live_column(struct stats *live, int col, enum score_kind kind,
                      int score);
void dist_live_column_nodes(const struct dist_stats *st, int col,
                            uint64_t nodes);
void dist_live_end(struct stats *live, const struct search_result *r);
void dist_live_root(struct master *m);

/* ---- the workers' tables: dist-share.c ---------------------------------- */

struct dist_share *dist_share_new(void);
void dist_share_add(struct dist_stats *st, int w,
                    const struct dist_result *res);
void dist_share_fill(struct dist_stats *st, int w, struct dist_task *t);
void dist_share_free(struct dist_share *sh);
void dist_share_prepare(const struct dist_transport *t, const board_t *b,
                        const struct search_limits *lim, struct dist_stats *st);

#endif
