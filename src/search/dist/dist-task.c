/* dist-task.c -- a task of one search over many workers and its
 * messages: a task made from a position (dist_task_init()) with the
 * threads it asks for (dist_task_threads()), and the transport's calls
 * counted, message by message and byte by byte, for the panel's network
 * line (dist_task_send(), dist_task_cancel(), dist_task_receive()).  The
 * bottom of the distributed search: it calls none of the other dist
 * files. */
#include "config.h"

#include <string.h>

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

/* The network so far on the panel (dist_params.live). */
static void
live_network(const struct dist_stats *st)
{
	if (st->live == NULL)
		return;
	uint64_t msgs = 0, bytes = 0;
	for (int w = 0; w < st->nworkers; w++) {
		msgs += st->msgs[w];
		bytes += st->bytes[w];
	}
	stats_set_network(st->live, msgs, bytes);
}

void
dist_task_send(const struct dist_transport *t, struct dist_stats *st, int w,
               const struct dist_task *task)
{
	st->msgs[w]++;
	st->bytes[w] += dist_task_size(task);
	live_network(st);
	t->start(t->ctx, w, task);
}

void
dist_task_cancel(const struct dist_transport *t, struct dist_stats *st, int w)
{
	st->msgs[w]++;
	live_network(st);
	t->cancel(t->ctx, w);
}

bool
dist_task_receive(const struct dist_transport *t, struct dist_stats *st, int *w,
                  struct dist_result *r)
{
	if (!t->next(t->ctx, DIST_MASTER_WAIT_MS, w, r))
		return false;
	st->msgs[*w]++;
	st->bytes[*w] += dist_result_size(r);
	live_network(st);
	return true;
}
