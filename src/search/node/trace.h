/* trace.h -- a recorded search (--trace FILE): what each thread of a
 * search does and when, for a timeline viewer (docs/trace.md).
 *
 * The search records spans (a root-column task, a move of a split point,
 * the root's own work; a split point's owner waiting for its moves, a
 * taskwait, a helper task looking for work) and instants (a task run by
 * another thread than the one that made it: a steal) into per-thread
 * arrays made before the search: one writer each, no lock, no atomic.  A
 * span takes its slot when it starts and fills in its length when it ends,
 * so spans nest as they ran.  Each thread records at most `cap` events a
 * search (TRACE_EVENTS_MAX shared out); past that its later events are
 * dropped (counted in `dropped`), those already started still end.
 *
 * The searches record nothing unless a trace is attached to their
 * `struct search` (search_set_trace()): then one branch per task, split
 * point move and wait, never per node.  At the end of each search the
 * trace's sink (set by its owner, cli/trace-file.c) is called, on the
 * thread that ran the search, with the events of that search.  The
 * search library never writes files itself.
 */
#ifndef DROPFOUR_TRACE_H
#define DROPFOUR_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "search/node/stats.h"

/* Events the threads of one search record, at most, shared out evenly:
 * each of p threads records up to TRACE_EVENTS_MAX / p (24 bytes each:
 * 24 MB in all, about 110 MB of JSON).  50,000-70,000 events a second a
 * thread in an exact solve of 7x6 on two threads: 7-10 s of it. */
#define TRACE_EVENTS_MAX (1u << 20)

enum trace_kind {
	TRACE_ROOT = 0, /* busy: the root's own work (a lazy thread's root) */
	TRACE_TASK,     /* busy: a task searching a root column */
	TRACE_MOVE,     /* busy: a move of a split point */
	TRACE_SPLIT,    /* wait: an owner at its split point, its own moves
	                   nested in it, waiting or helping for the rest */
	TRACE_TASKWAIT, /* wait: a taskwait for a node's tasks */
	TRACE_HELPER,   /* wait: a helper task looking for moves to take */
	TRACE_STEAL,    /* instant: a task made by another thread starts */
	TRACE_NKINDS
};

/* True for the kinds of busy spans (the time stats_thread.busy_ns counts
 * while no span of a wait kind is nested in them). */
static inline bool
trace_kind_busy(enum trace_kind k)
{
	return k == TRACE_ROOT || k == TRACE_TASK || k == TRACE_MOVE;
}

struct trace_event {
	uint64_t ts;  /* util_now_ns() at the start */
	uint64_t dur; /* ns; 0 for an instant */
	uint8_t kind; /* enum trace_kind */
	int8_t col;   /* root column (0-based), -1 the whole root */
	uint8_t ply;  /* ply of the split point (moves, split points) */
	uint8_t pad;
	int32_t arg; /* moves of a split point, a move's number, a steal's
	                spawner */
};

struct trace_thread {
	_Alignas(64) struct trace_event *ev;
	uint32_t size;    /* of ev[] */
	uint32_t n;       /* events recorded in this search */
	uint64_t dropped; /* events dropped in this search (the cap) */
};

struct trace;

/* What the sink learns of a finished search, beside the events. */
struct trace_search {
	uint64_t start_ns, end_ns; /* util_now_ns(): the stats' span */
	int threads;
	uint64_t nodes;
	const char *what; /* "perfect play, 2 threads, split deep", ... */
	double busy_s[STATS_MAX_THREADS]; /* the stats' busy seconds */
};

typedef void trace_sink_fn(void *arg, const struct trace *t,
                           const struct trace_search *s);

struct trace {
	int threads;  /* of the search being recorded */
	uint32_t cap; /* events a thread may record in it */
	trace_sink_fn *sink;
	void *sink_arg;
	struct trace_thread th[STATS_MAX_THREADS];
};

/* A trace whose searches are handed to sink(arg, ...) as they end. */
struct trace *trace_new(trace_sink_fn *sink, void *arg);
void trace_free(struct trace *t);
/* Before a search on `threads` threads: every thread's events emptied
 * (their arrays made the first time). */
void trace_begin(struct trace *t, int threads);
/* After it: the sink is called with s. */
void trace_end(struct trace *t, const struct trace_search *s);

/* A span of thread tid starts at `now`: its slot, or -1 if dropped. */
static inline int
trace_open(struct trace *t, int tid, enum trace_kind kind, int col, int ply,
           int arg, uint64_t now)
{
	struct trace_thread *th = &t->th[tid];
	if (th->n >= t->cap) {
		th->dropped++;
		return -1;
	}
	struct trace_event *e = &th->ev[th->n];
	e->ts = now;
	e->dur = 0;
	e->kind = (uint8_t)kind;
	e->col = (int8_t)col;
	e->ply = (uint8_t)(ply < 0 ? 0 : ply > 255 ? 255 : ply);
	e->arg = arg;
	return (int)th->n++;
}

/* The span in `slot` (trace_open(), -1 none) ends at `now`. */
static inline void
trace_close(struct trace *t, int tid, int slot, uint64_t now)
{
	if (slot < 0)
		return;
	struct trace_event *e = &t->th[tid].ev[slot];
	e->dur = now > e->ts ? now - e->ts : 0;
}

/* An instant (a steal). */
static inline void
trace_instant(struct trace *t, int tid, enum trace_kind kind, int col, int arg,
              uint64_t now)
{
	(void)trace_open(t, tid, kind, col, 0, arg, now);
}

#endif
