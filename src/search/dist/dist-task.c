/* dist-task.c -- a task of one search over many workers and its
 * messages: a task made from a position (dist_task_init()) with the
 * threads it asks for (dist_task_threads()), and the transport's calls
 * counted, message by message and byte by byte, for the panel's network
 * line (dist_task_send(), dist_task_cancel(), dist_task_receive()); and
 * the tasks each worker holds, the one it runs and its next, with the
 * hand-off they measure (dist_slot_*()).  The bottom of the distributed
 * search: it calls none of the other dist files. */
#include "config.h"

#include <assert.h>
#include <string.h>

#include "core/util.h"

#include "search/dist/dist-int.h"

/* A task (cleared) of position b: the board's size and bits, as
 * dist_worker_start() reads them back. */
void
dist_task_init(struct dist_task *t, uint32_t id, const board_t *b)
{
	memset(t, 0, sizeof *t);
	t->id = id;
	t->w = (uint8_t)b->w;
	t->h = (uint8_t)b->h;
	t->stones = (uint16_t)b->moves;
	t->cur[0] = (uint64_t)b->current;
	t->cur[1] = (uint64_t)(b->current >> 64);
	t->mask[0] = (uint64_t)b->mask;
	t->mask[1] = (uint64_t)(b->mask >> 64);
}

/* The OpenMP threads a task asks of its worker: the search's own count
 * (the game's thread toggle reaches every rank this way), 0 its own. */
uint8_t
dist_task_threads(const struct search_limits *lim)
{
	return (uint8_t)(lim->threads > 0 && lim->threads <= 255 ? lim->threads
	                                                         : 0);
}

/* The network so far on the panel (dist_params.live): the messages, the
 * hand-off and the table across machines (the transport's counts since
 * the search began, held in st until its end: dist.c). */
static void
live_network(const struct dist_transport *t, const struct dist_stats *st)
{
	if (st->live == NULL)
		return;
	struct stats_network n = {
	    .handoffs = st->handoffs,
	    .handoff_s = st->handoff_s,
	    .starved_s = st->starved_s,
	    .upper = st->upper,
	};
	for (int w = 0; w < st->nworkers; w++) {
		n.msgs += st->msgs[w];
		n.bytes += st->bytes[w];
	}
	if (st->upper > 0) {
		n.upper_entries = t->upper_entries - st->upper_entries;
		n.upper_msgs = t->upper_msgs - st->upper_msgs;
		n.upper_bytes = t->upper_bytes - st->upper_bytes;
		n.upper_s = t->upper_s - st->upper_s;
	}
	stats_set_network(st->live, &n);
}

void
dist_task_send(const struct dist_transport *t, struct dist_stats *st, int w,
               const struct dist_task *task)
{
	st->msgs[w]++;
	st->bytes[w] += dist_task_size(task);
	live_network(t, st);
	t->start(t->ctx, w, task);
}

void
dist_task_cancel(const struct dist_transport *t, struct dist_stats *st, int w,
                 uint32_t id)
{
	st->msgs[w]++;
	live_network(t, st);
	t->cancel(t->ctx, w, id);
}

bool
dist_task_receive(const struct dist_transport *t, struct dist_stats *st,
                  bool hurry, int *w, struct dist_result *r)
{
	if (!t->next(t->ctx, DIST_MASTER_WAIT_MS, hurry, w, r)) {
		live_network(t, st); /* the table's messages go on */
		return false;
	}
	st->msgs[*w]++;
	st->bytes[*w] += dist_result_size(r);
	if (!r->progress)
		st->answered_at[*w] = util_now_s();
	live_network(t, st);
	return true;
}

/* ---- the tasks a worker holds ----------------------------------------- */

void
dist_slot_add(struct master *m, int w, int i, uint32_t id)
{
	struct slots *s = &m->slot[w];
	assert(s->n < DIST_QUEUE);
	const int k = s->n++;
	s->node[k] = i;
	s->id[k] = id;
	/* A worker with nothing in hand waited for this task since its last
	 * answer: what of that was the master's having nothing to give is
	 * not the hand-off.  Its first task of a search has no hand-off. */
	s->counted[k] = m->st->tasks[w] > 0;
	s->hold[k] =
	    k == 0 && s->counted[k] ? util_now_s() - m->st->answered_at[w] : 0;
}

int
dist_slot_take(struct master *m, int w, const struct dist_result *r)
{
	struct slots *s = &m->slot[w];
	for (int k = 0; k < s->n; k++) {
		if (s->id[k] != r->id)
			continue;
		const int i = s->node[k];
		if (s->counted[k] && r->gap >= 0) {
			const double h = r->gap - s->hold[k];
			m->st->handoff_s += h > 0 ? h : 0;
			m->st->starved_s +=
			    r->gap < s->hold[k] ? r->gap : s->hold[k];
			m->st->handoffs++;
			live_network(m->t, m->st);
		}
		s->n--;
		for (int j = k; j < s->n; j++) {
			s->node[j] = s->node[j + 1];
			s->id[j] = s->id[j + 1];
			s->hold[j] = s->hold[j + 1];
			s->counted[j] = s->counted[j + 1];
		}
		return i;
	}
	return NO_SLOT;
}

void
dist_slot_cancel(struct master *m, int i)
{
	const int w = m->n[i].worker;
	struct slots *s = &m->slot[w];
	for (int k = 0; k < s->n; k++)
		if (s->node[k] == i) {
			dist_task_cancel(m->t, m->st, w, s->id[k]);
			s->node[k] = CANCELLED;
		}
}

void
dist_slot_cancel_all(struct master *m)
{
	for (int w = 0; w < m->t->nworkers; w++) {
		struct slots *s = &m->slot[w];
		for (int k = 0; k < s->n; k++)
			if (s->node[k] >= 0) {
				dist_task_cancel(m->t, m->st, w, s->id[k]);
				s->node[k] = CANCELLED;
			}
	}
}

int
dist_slot_count(const struct master *m, int w)
{
	return m->slot[w].n;
}
