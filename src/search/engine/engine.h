/* engine.h -- the search's worker pthread and its mailbox.
 *
 * The UI (or the text front-end) posts requests; the worker runs them one at
 * a time and publishes results.  Nothing here blocks the caller except
 * engine_wait().  Starting a new search while one runs stops the old one
 * first (the transposition table is kept); its result is discarded.
 */
#ifndef DROPFOUR_ENGINE_H
#define DROPFOUR_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "search/search.h"
#include "search/node/stats.h"

struct engine;

/* An engine with a search of tt_mb megabytes (search_new()) and its
 * worker thread; NULL when either cannot be had, with the reason in err
 * (errlen bytes; err may be NULL). */
struct engine *engine_new(size_t tt_mb, char *err, size_t errlen);
/* The same, its search made with the options o (search_new_opts()). */
struct engine *engine_new_opts(size_t tt_mb, const struct search_opts *o,
                               char *err, size_t errlen);
void engine_free(struct engine *e);
/* Queue a search; returns its id (never 0).  A running search is stopped.
 * A request of lim->stop (core/stop.h; NULL: none) stops the search as
 * engine_stop() does; the token must outlive the search. */
uint64_t engine_start(struct engine *e, const board_t *b,
                      const struct search_limits *lim);
/* Stop the running search, or the queued one before it starts; its
 * (partial) result is still published. */
void engine_stop(struct engine *e);
/* Stop and discard: no result will be published for the current id. */
void engine_cancel(struct engine *e);
/* Non-blocking: true (and *r filled) once search `id` has finished. */
bool engine_poll(struct engine *e, uint64_t id, struct search_result *r);
/* Block until search `id` finishes. */
void engine_wait(struct engine *e, uint64_t id, struct search_result *r);
/* Live statistics of the current (or last) search. */
/* Wait at most `us` microseconds for search id's result: true once it is
 * there (engine_poll() then takes it).  A worker that must also look
 * for messages waits here instead of napping, and answers as soon as its
 * search ends. */
bool engine_wait_for(struct engine *e, uint64_t id, long us);
void engine_snapshot(struct engine *e, struct stats_snapshot *snap);
/* The statistics of the last proof that ran beside the depth-limited
 * search (search-prove.c; the second table's search): false, none ran. */
bool engine_snapshot_beside(struct engine *e, struct stats_snapshot *snap);
/* Forget the transposition table (new game, new board size): the worker
 * empties it while it waits for work, else the next search first. */
void engine_clear(struct engine *e);
struct trace;
/* Record the engine's searches into t (search/node/trace.h), from the next. */
void engine_set_trace(struct engine *e, struct trace *t);
/* A search run elsewhere in place of the engine's own (dropfour-mpi's
 * search across the ranks, search/dist/dist.h).  run() is called on the
 * engine's thread with each request: lim->stop is the engine's stop
 * token, `live` the statistics engine_snapshot() reads.  It returns 0 with
 * *r filled, or -1 to leave the request to the engine's own search. */
struct engine_runner {
	int (*run)(void *ctx, const board_t *b, const struct search_limits *lim,
	           struct stats *live, struct search_result *r);
	void *ctx;
};
/* Set (r NULL: clear) the runner, before the searches it is to run. */
void engine_set_runner(struct engine *e, const struct engine_runner *r);
/* The engine's table entries near b for another engine's, and the
 * other's taken in (search_export(), search_import()): only while the
 * engine runs no search (after its result, before the next
 * engine_start()); the worker's work between searches (a new table's
 * pages brought in, a clear) is waited for first (engine_ready()). */
int engine_export(struct engine *e, const board_t *b, int plies,
                  struct search_entries *hdr, struct search_entry *out,
                  int max);
/* The engine's search takes shared memory as its main table
 * (search_share_table()).  Only while it is idle. */
void engine_share_table(struct engine *e, void *mem, size_t tt_mb);
void engine_import(struct engine *e, const struct search_entries *hdr,
                   const struct search_entry *in);
/* Wait until the worker has done what it does between searches (a new
 * table's pages brought in, a clear): at once while a search runs or
 * waits. */
void engine_ready(struct engine *e);
/* For tests: a stopped search's worker waits ms milliseconds before it
 * gives its result, as a busy machine can make it (0: not). */
void engine_set_unwind(struct engine *e, long ms);
/* engine_ready() for at most max_s seconds (max_s < 0: no limit): true
 * when the work is done. */
bool engine_ready_within(struct engine *e, double max_s);
/* engine_ready() without the wait: true once the table is in. */
bool engine_warm(struct engine *e);
/* True from engine_clear() until the worker has emptied the table: a
 * search started meanwhile would empty it first, on its own clock. */
bool engine_clear_pending(struct engine *e);
/* Measure once, while the engine is idle, the node rate of one thread
 * alone on a fixed position (a quarter-second depth-limited search with a
 * table of its own); a request stops it and it starts again at the next
 * idle moment.  engine_one_thread_nps() gives it, 0 until measured.  The
 * panel's per-node speed is the live rate per busy thread over it. */
void engine_calibrate(struct engine *e);
double engine_one_thread_nps(struct engine *e);
/* The same on the position b, for the search just run there (the game's
 * panel: its node speed against one thread on the position searched): a
 * one-thread search of b, exact or depth-limited as that search was, of
 * a fifth of a second with a table of its own, run while the engine is
 * idle; any request (engine_start()) stops it or drops it, for good.
 * Returns its id for engine_position_nps(): the rate once measured, 0
 * while it waits or runs, -1 when it will not come (stopped, dropped,
 * another position asked since, or a finished game). */
uint64_t engine_measure_position(struct engine *e, const board_t *b,
                                 bool exact);
double engine_position_nps(struct engine *e, uint64_t id);
/* Seconds from the last engine_start() to the search actually running
 * (for the responsiveness benchmark). */
double engine_start_latency(struct engine *e);

#endif
