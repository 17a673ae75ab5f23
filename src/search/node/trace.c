/* trace.c -- the per-thread event arrays of a recorded search (trace.h). */
#include "config.h"

#include <assert.h>
#include <stdlib.h>

#include "search/node/trace.h"
#include "core/util.h"

struct trace *
trace_new(trace_sink_fn *sink, void *arg)
{
	struct trace *t = xcalloc(1, sizeof *t);
	t->sink = sink;
	t->sink_arg = arg;
	return t;
}

void
trace_free(struct trace *t)
{
	if (t == NULL)
		return;
	for (int i = 0; i < STATS_MAX_THREADS; i++)
		free(t->th[i].ev);
	free(t);
}

void
trace_begin(struct trace *t, int threads)
{
	assert(t != NULL && threads >= 1 && threads <= STATS_MAX_THREADS);
	t->threads = threads;
	t->cap = TRACE_EVENTS_MAX / (uint32_t)threads;
	for (int i = 0; i < threads; i++) {
		struct trace_thread *th = &t->th[i];
		if (th->size < t->cap) {
			free(th->ev);
			th->ev = xcalloc(t->cap, sizeof *th->ev);
			th->size = t->cap;
		}
		th->n = 0;
		th->dropped = 0;
	}
}

void
trace_end(struct trace *t, const struct trace_search *s)
{
	if (t->sink != NULL)
		t->sink(t->sink_arg, t, s);
}
