/* trace-file.c -- the --trace file: each search of the run, as it ends,
 * appended to one Chrome Trace Event Format file (JSON object format).
 *
 * One event a line, every line but the last ending in a comma:
 *   - metadata ("ph":"M"): the process and thread names;
 *   - per search, on the track "searches" (tid 0) a complete event ("X")
 *     spanning it, with its nodes, threads, the stats' busy seconds of
 *     each thread (busy_us) and the events dropped;
 *   - per thread (tid = thread + 1) the spans the search recorded
 *     (search/node/trace.h) as complete events, cat "busy" or "wait", and the
 *     gaps between them within the search as cat "idle"; steals as
 *     instants ("ph":"i");
 *   - last, an instant "end of trace" with the totals.
 * ts and dur are in microseconds (to the nanosecond) since the file was
 * opened.  The file is written by the thread that ran the search (the
 * game's engine thread); it is opened before, and closed after, any. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/trace-file.h"
#include "cli/cli.h"
#include "cli/output.h"
#include "search/node/trace.h"
#include "core/util.h"

/* The track of the searches themselves. */
#define TRACK_SEARCHES 0

static struct {
	bool open, taken;
	struct output_file of;
	struct trace *trace;
	uint64_t t0;
	int named;        /* threads named so far */
	uint64_t events;  /* written */
	uint64_t dropped; /* over the cap */
	int searches;
} tf;

static const char *const kind_cat[TRACE_NKINDS] = {
    [TRACE_ROOT] = "busy",   [TRACE_TASK] = "busy",     [TRACE_MOVE] = "busy",
    [TRACE_SPLIT] = "wait",  [TRACE_TASKWAIT] = "wait", [TRACE_HELPER] = "wait",
    [TRACE_STEAL] = "steal",
};

/* Microseconds since the open, to the nanosecond. */
static void
put_us(FILE *f, uint64_t ns)
{
	fprintf(f, "%" PRIu64 ".%03u", ns / 1000, (unsigned)(ns % 1000));
}

static uint64_t
since(uint64_t ns)
{
	return ns > tf.t0 ? ns - tf.t0 : 0;
}

/* The start of an event line: name, cat, ph, ts, pid, tid. */
static void
event_head(FILE *f, const char *name, const char *cat, char ph, uint64_t ts,
           int tid)
{
	fprintf(f,
	        "{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"%c\",\"ts\":", name,
	        cat, ph);
	put_us(f, since(ts));
	fprintf(f, ",\"pid\":1,\"tid\":%d", tid);
	tf.events++;
}

static void
name_thread(FILE *f, int tid, const char *name, int order)
{
	fprintf(f,
	        "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,"
	        "\"args\":{\"name\":\"%s\"}},\n",
	        tid, name);
	fprintf(f,
	        "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,"
	        "\"tid\":%d,\"args\":{\"sort_index\":%d}},\n",
	        tid, order);
	tf.events += 2;
}

/* A recorded span or instant of thread t. */
static void
put_event(FILE *f, int t, const struct trace_event *e)
{
	char name[48], col[8] = "";
	if (e->col >= 0)
		snprintf(col, sizeof col, " c%d", e->col + 1);
	switch ((enum trace_kind)e->kind) {
	case TRACE_ROOT:
		snprintf(name, sizeof name, "root");
		break;
	case TRACE_TASK:
		snprintf(name, sizeof name, "task%s", col);
		break;
	case TRACE_MOVE:
		snprintf(name, sizeof name, "move%s p%d", col, e->ply);
		break;
	case TRACE_SPLIT:
		snprintf(name, sizeof name, "split%s p%d", col, e->ply);
		break;
	case TRACE_TASKWAIT:
		snprintf(name, sizeof name, "taskwait%s", col);
		break;
	case TRACE_HELPER:
		snprintf(name, sizeof name, "helper");
		break;
	default:
		snprintf(name, sizeof name, "steal");
		break;
	}
	const bool instant = e->kind == TRACE_STEAL;
	event_head(f, name, kind_cat[e->kind], instant ? 'i' : 'X', e->ts,
	           t + 1);
	if (instant) {
		fprintf(f, ",\"s\":\"t\",\"args\":{\"from\":%d}},\n", e->arg);
		return;
	}
	fputs(",\"dur\":", f);
	put_us(f, e->dur);
	fprintf(f, ",\"args\":{\"col\":%d,\"ply\":%d", e->col + 1, e->ply);
	if (e->kind == TRACE_SPLIT)
		fprintf(f, ",\"moves\":%d", e->arg);
	else if (e->kind == TRACE_MOVE)
		fprintf(f, ",\"move\":%d", e->arg);
	else if (e->kind == TRACE_HELPER)
		fprintf(f, ",\"from\":%d", e->arg);
	fputs("}},\n", f);
}

static void
put_idle(FILE *f, int t, uint64_t from, uint64_t to)
{
	if (to <= from)
		return;
	event_head(f, "idle", "idle", 'X', from, t + 1);
	fputs(",\"dur\":", f);
	put_us(f, to - from);
	fputs("},\n", f);
}

/* The sink: one finished search. */
static void
write_search(void *arg, const struct trace *tr, const struct trace_search *s)
{
	FILE *f = tf.of.f;
	uint64_t dropped = 0;
	(void)arg;
	for (int t = 0; t < tr->threads; t++)
		dropped += tr->th[t].dropped;
	for (; tf.named < tr->threads; tf.named++) {
		char name[32];
		snprintf(name, sizeof name, "thread %d", tf.named);
		name_thread(f, tf.named + 1, name, tf.named + 1);
	}
	tf.searches++;
	tf.dropped += dropped;
	event_head(f, s->what, "search", 'X', s->start_ns, TRACK_SEARCHES);
	fputs(",\"dur\":", f);
	put_us(f, s->end_ns > s->start_ns ? s->end_ns - s->start_ns : 0);
	fprintf(f,
	        ",\"args\":{\"search\":%d,\"threads\":%d,\"nodes\":%" PRIu64
	        ",\"dropped\":%" PRIu64 ",\"busy_us\":[",
	        tf.searches, s->threads, s->nodes, dropped);
	for (int t = 0; t < s->threads; t++)
		fprintf(f, "%s%.3f", t ? "," : "", s->busy_s[t] * 1e6);
	fputs("]}},\n", f);

	for (int t = 0; t < tr->threads; t++) {
		const struct trace_thread *th = &tr->th[t];
		uint64_t cover = s->start_ns;
		for (uint32_t i = 0; i < th->n; i++) {
			const struct trace_event *e = &th->ev[i];
			put_event(f, t, e);
			if (e->kind == TRACE_STEAL)
				continue;
			/* a span outside every span before it: the gap
			 * before it was idle */
			if (e->ts >= cover) {
				put_idle(f, t, cover, e->ts);
				cover = e->ts;
			}
			if (e->ts + e->dur > cover)
				cover = e->ts + e->dur;
		}
		/* What came after a drop is not known. */
		if (th->dropped == 0)
			put_idle(f, t, cover, s->end_ns);
	}
	fflush(f);
}

int
trace_file_open(const char *path)
{
	if (output_file_open(&tf.of, "--trace", path) != 0)
		return -1;
	tf.open = true;
	tf.taken = false;
	tf.t0 = util_now_ns();
	tf.trace = trace_new(write_search, NULL);
	fputs("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"program\":"
	      "\"" PACKAGE_NAME " " PACKAGE_VERSION "\"},\"traceEvents\":[\n",
	      tf.of.f);
	fputs("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,"
	      "\"args\":{\"name\":\"dropfour\"}},\n",
	      tf.of.f);
	tf.events++;
	name_thread(tf.of.f, TRACK_SEARCHES, "searches", 0);
	return 0;
}

struct trace *
trace_file_take(void)
{
	if (!tf.open || tf.taken)
		return NULL;
	tf.taken = true;
	return tf.trace;
}

int
trace_file_close(void)
{
	if (!tf.open)
		return 0;
	FILE *f = tf.of.f;
	event_head(f, "end of trace", "trace", 'i', util_now_ns(),
	           TRACK_SEARCHES);
	fprintf(f,
	        ",\"s\":\"g\",\"args\":{\"searches\":%d,\"events\":%" PRIu64
	        ",\"dropped\":%" PRIu64 ",\"cap\":%u}}\n]}\n",
	        tf.searches, tf.events, tf.dropped, TRACE_EVENTS_MAX);
	tf.open = false;
	trace_free(tf.trace);
	tf.trace = NULL;
	return output_file_close(&tf.of);
}
