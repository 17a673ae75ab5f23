/* mpi-dist.c -- one search across the ranks: search/dist/dist.h's transport
 * over MPI.  Rank 0's main thread is the master and its engine worker 0;
 * every other rank serves tasks on its own engine (its own table and
 * OpenMP threads).  Messages: TAG_DIST_TASK (a struct dist_task), its
 * answer TAG_DIST_RESULT (a struct dist_result), and TAG_DIST_CANCEL; a
 * cancelled task is answered too, marked stopped, so that rank 0 knows
 * the worker is free.  docs/distributed-search.md. */
#include "config.h"

#include <mpi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sched.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "core/util.h"
#include "mpi/dropfour-mpi.h"
#include "search/dist/dist.h"
#include "search/search.h"
#include "search/node/settings.h"
#include "search/node/tt.h"

/* A message that is not what its tag says: another build of dropfour-mpi
 * on some rank, or memory gone wrong; the job cannot go on. */
static void
garbled(const char *what, int from, int bytes)
{
	cli_error("%s of %d bytes from rank %d does not hold what it says "
	          "(every rank must run the same build on the same kind of "
	          "machine)",
	          what, bytes, from);
	MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAILURE);
}

/* Every rank must lay the messages out alike in memory (they are sent as
 * bytes): the sizes and a byte order compared across the ranks at once,
 * and a clear message where they differ. */
static void
check_layout(const struct mpi_world *w)
{
	const uint32_t probe = 0x01020304;
	long sig[4] = {(long)sizeof(struct dist_task),
	               (long)sizeof(struct dist_result),
	               (long)offsetof(struct dist_task, share),
	               (long)*(const unsigned char *)&probe};
	long lo[4], hi[4];
	MPI_Allreduce(sig, lo, 4, MPI_LONG, MPI_MIN, MPI_COMM_WORLD);
	MPI_Allreduce(sig, hi, 4, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
	if (memcmp(lo, hi, sizeof lo) != 0) {
		if (w->rank == 0)
			cli_error("the ranks lay out their messages "
			          "differently (a task of %ld to %ld bytes): "
			          "run the same build on the same kind of "
			          "machine everywhere",
			          lo[0], hi[0]);
		MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_FAILURE);
	}
}

/* ---- rank 0's sends, which never wait ----------------------------------
 *
 * A worker may be sending rank 0 its answer or its entries while rank 0
 * sends it a task (its next, DIST_QUEUE) or entries of other machines: a
 * message too big to go eagerly waits for its receiver, and two blocking
 * sends would wait for each other.  Rank 0 therefore sends without
 * waiting, from copies that it frees as the sends complete; the workers
 * may block, rank 0 always takes what they send. */

struct pending {
	MPI_Request req;
	void *buf;
};

/* The sends that completed, their copies freed. */
static void
sends_reap(struct mpi_dist *d)
{
	int k = 0;
	for (int i = 0; i < d->npending; i++) {
		int done = 0;
		MPI_Test(&d->pending[i].req, &done, MPI_STATUS_IGNORE);
		if (done)
			free(d->pending[i].buf);
		else
			d->pending[k++] = d->pending[i];
	}
	d->npending = k;
}

static void
send_async(struct mpi_dist *d, const void *msg, size_t bytes, int to, int tag)
{
	sends_reap(d);
	if (d->npending == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 16;
		d->pending =
		    xrealloc(d->pending, (size_t)d->cap * sizeof *d->pending);
	}
	struct pending *p = &d->pending[d->npending++];
	p->buf = xmalloc(bytes > 0 ? bytes : 1);
	memcpy(p->buf, msg, bytes);
	MPI_Isend(p->buf, (int)bytes, MPI_BYTE, to, tag, MPI_COMM_WORLD,
	          &p->req);
}

static void
md_start(void *ctx, int w, const struct dist_task *t)
{
	struct mpi_dist *d = ctx;
	if (w == 0)
		dist_worker_start(d->local, t);
	else
		send_async(d, t, dist_task_size(t), w, TAG_DIST_TASK);
}

/* Rank 0: entries of the table across machines from machine `from` (its
 * leader's rank) sent on to every other machine, to one of its ranks in
 * turn, or merged here for rank 0's own. */
static void
send_on(struct mpi_dist *d, const struct dist_entries *m, int from)
{
	const int *of = d->mt->machine_of;
	const int bytes = (int)dist_entries_size(m);
	d->t->upper_entries += m->hdr.n;
	for (int leader = 0; leader < d->size; leader++) {
		if (of[leader] != leader || leader == from)
			continue;
		if (leader == of[0]) {
			dist_worker_merge(d->local, m);
			continue;
		}
		/* The machine's ranks in turn, rank 0 never among them. */
		int r = d->next_of[leader];
		do
			r = (r + 1) % d->size;
		while (of[r] != leader || r == 0);
		d->next_of[leader] = r;
		send_async(d, m, (size_t)bytes, r, TAG_DIST_ENTRIES);
		d->t->upper_msgs++;
		d->t->upper_bytes += (uint64_t)bytes;
	}
}

/* This thread's processor time in seconds: what rank 0's work costs,
 * without the time it waits for a core (the ranks may share them). */
static double
thread_cpu_s(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Rank 0: its own worker's entries and those that came in, sent on; its
 * processor time from the first message in hand counted
 * (dist_transport.upper_s). */
static void
pass_entries(struct mpi_dist *d)
{
	static struct dist_entries m; /* rank 0's main thread only */
	if (d->mt->machine_of == NULL)
		return;
	double t0 = -1;
	while (dist_worker_upper(d->local, &m) > 0) {
		if (t0 < 0)
			t0 = thread_cpu_s();
		send_on(d, &m, d->mt->machine_of[0]);
	}
	for (;;) {
		int flag = 0, n = 0;
		MPI_Status st;
		MPI_Iprobe(MPI_ANY_SOURCE, TAG_DIST_ENTRIES, MPI_COMM_WORLD,
		           &flag, &st);
		if (!flag)
			break;
		if (t0 < 0)
			t0 = thread_cpu_s();
		MPI_Recv(&m, sizeof m, MPI_BYTE, st.MPI_SOURCE,
		         TAG_DIST_ENTRIES, MPI_COMM_WORLD, &st);
		MPI_Get_count(&st, MPI_BYTE, &n);
		if (!dist_entries_whole(&m, (size_t)n))
			garbled("a table's entries", st.MPI_SOURCE, n);
		d->t->upper_msgs++;
		d->t->upper_bytes += (uint64_t)n;
		send_on(d, &m, d->mt->machine_of[st.MPI_SOURCE]);
	}
	if (t0 >= 0)
		d->t->upper_s += thread_cpu_s() - t0;
}

static bool
md_next(void *ctx, int wait_ms, bool hurry, int *w, struct dist_result *r)
{
	struct mpi_dist *d = ctx;
	double until = util_now_s() + wait_ms / 1000.0;
	for (;;) {
		/* First the entries: a worker sends its own before each
		 * answer, and one sender's messages are taken in order. */
		pass_entries(d);
		if (dist_worker_poll(d->local, r) ||
		    dist_worker_progress(d->local, r)) {
			*w = 0;
			return true;
		}
		int flag = 0;
		MPI_Status st;
		MPI_Iprobe(MPI_ANY_SOURCE, TAG_DIST_RESULT, MPI_COMM_WORLD,
		           &flag, &st);
		if (flag) {
			MPI_Status got;
			int n = 0;
			MPI_Recv(r, sizeof *r, MPI_BYTE, st.MPI_SOURCE,
			         TAG_DIST_RESULT, MPI_COMM_WORLD, &got);
			MPI_Get_count(&got, MPI_BYTE, &n);
			if (!dist_result_whole(r, (size_t)n))
				garbled("an answer", st.MPI_SOURCE, n);
			*w = st.MPI_SOURCE;
			return true;
		}
		if (util_now_s() >= until)
			return false;
		/* Rank 0's own worker searching: wait on its engine, which
		 * wakes the moment its task ends, and look at the network
		 * every DIST_POLL_US while every worker holds its next task
		 * (DIST_QUEUE: no hand-off waits for the look), every
		 * DIST_HURRY_US while one waits for a task (sleeping between,
		 * not spinning: the searching thread here and the waiting
		 * rank's own look need the cores).  Nothing searching here:
		 * look again at once, giving the core away between. */
		if (dist_worker_busy(d->local))
			dist_worker_wait(d->local,
			                 hurry ? DIST_HURRY_US : DIST_POLL_US);
		else
			sched_yield();
	}
}

static void
md_cancel(void *ctx, int w, uint32_t id)
{
	struct mpi_dist *d = ctx;
	if (w == 0)
		dist_worker_cancel(d->local, id);
	else
		send_async(d, &id, sizeof id, w, TAG_DIST_CANCEL);
}

void
mpi_dist_init(struct mpi_dist *d, struct dist_transport *t,
              struct dist_worker *local, const struct mpi_world *w,
              const struct mpi_table *mt)
{
	d->t = t;
	d->local = local;
	d->mt = mt;
	d->size = w->size;
	d->next_of = xcalloc((size_t)w->size, sizeof *d->next_of);
	d->pending = NULL;
	d->npending = d->cap = 0;
	*t = (struct dist_transport){
	    .nworkers = w->size,
	    .ctx = d,
	    .start = md_start,
	    .next = md_next,
	    .cancel = md_cancel,
	    .tables = mt->base != NULL ? mt->tables : w->size,
	    .upper = mt->machine_of != NULL ? mt->upper : 0,
	};
	mpi_table_give(mt, local);
}

void
mpi_dist_free(struct mpi_dist *d)
{
	/* Every worker takes what it was sent (it serves until TAG_STOP). */
	for (int i = 0; i < d->npending; i++) {
		MPI_Wait(&d->pending[i].req, MPI_STATUS_IGNORE);
		free(d->pending[i].buf);
	}
	free(d->pending);
	d->pending = NULL;
	d->npending = d->cap = 0;
	free(d->next_of);
	d->next_of = NULL;
}

void
mpi_table_open(const struct mpi_world *w, size_t tt_mb, bool shared,
               int machines, int upper, struct mpi_table *mt)
{
	memset(mt, 0, sizeof *mt);
	check_layout(w);
	mt->tt_mb = tt_mb;
	mt->upper = upper;
	mt->win = MPI_WIN_NULL;
	mt->node = MPI_COMM_NULL;
	int want = shared && w->size > 1, all = 0;
	/* Every rank must agree before the collective calls below. */
	MPI_Allreduce(&want, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (!all)
		return;
	MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, w->rank,
	                    MPI_INFO_NULL, &mt->node);
	int nrank = 0, nsize = 1;
	MPI_Comm_rank(mt->node, &nrank);
	MPI_Comm_size(mt->node, &nsize);
	if (machines > 1) {
		/* K machines stood for on this one: its ranks in K groups in
		 * turn of rank, a table each; between the groups only
		 * messages, as between machines */
		MPI_Comm group;
		int k = machines < nsize ? machines : nsize;
		MPI_Comm_split(mt->node, nrank * k / nsize, nrank, &group);
		MPI_Comm_free(&mt->node);
		mt->node = group;
		MPI_Comm_rank(mt->node, &nrank);
	}
	mt->leader = nrank == 0;
	const size_t bytes = search_shared_bytes(tt_mb);
	void *base = NULL;
	int rc =
	    MPI_Win_allocate_shared(mt->leader ? (MPI_Aint)bytes : 0, 1,
	                            MPI_INFO_NULL, mt->node, &base, &mt->win);
	int ok = rc == MPI_SUCCESS, all_ok = 0;
	MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (all_ok) {
		MPI_Aint size = 0;
		int disp = 1;
		MPI_Win_shared_query(mt->win, 0, &size, &disp, &base);
		mt->base = base;
		/* The window's memory is zero where the system gives it
		 * fresh; said once more, by its owner, for the header. */
		if (mt->leader)
			memset(base, 0, 8192); /* the header's page */
		MPI_Barrier(mt->node);
	}
	int leaders = mt->leader;
	MPI_Allreduce(&leaders, &mt->tables, 1, MPI_INT, MPI_SUM,
	              MPI_COMM_WORLD);
	if (all_ok) {
		/* Each rank's machine, named by its leader's rank, for the
		 * table across machines. */
		int leader = w->rank;
		MPI_Bcast(&leader, 1, MPI_INT, 0, mt->node);
		mt->machine_of = xcalloc((size_t)w->size, sizeof(int));
		MPI_Allgather(&leader, 1, MPI_INT, mt->machine_of, 1, MPI_INT,
		              MPI_COMM_WORLD);
	}
}

void
mpi_table_close(struct mpi_table *mt)
{
	if (mt->win != MPI_WIN_NULL)
		MPI_Win_free(&mt->win);
	if (mt->node != MPI_COMM_NULL)
		MPI_Comm_free(&mt->node);
	free(mt->machine_of);
	mt->machine_of = NULL;
	mt->base = NULL;
}

size_t
mpi_table_engine_mb(const struct dist_worker *wk, size_t tt_mb)
{
	return wk->table != NULL ? TT_MIN_MB : tt_mb;
}

void
mpi_table_give(const struct mpi_table *mt, struct dist_worker *wk)
{
	wk->table = mt->base;
	wk->table_mb = mt->tt_mb;
	wk->leader = mt->leader;
}

/* A task or a cancel from rank 0, probed as `probed`: taken, the task
 * started (or kept as the next), the cancel given to the worker. */
static void
take_one(struct dist_worker *wk, size_t tt_mb, const MPI_Status *probed)
{
	if (probed->MPI_TAG == TAG_DIST_ENTRIES) {
		static struct dist_entries m; /* the main thread's only */
		MPI_Status got;
		int n = 0;
		MPI_Recv(&m, sizeof m, MPI_BYTE, 0, TAG_DIST_ENTRIES,
		         MPI_COMM_WORLD, &got);
		MPI_Get_count(&got, MPI_BYTE, &n);
		if (!dist_entries_whole(&m, (size_t)n))
			garbled("a table's entries", 0, n);
		dist_worker_merge(wk, &m);
		return;
	}
	if (probed->MPI_TAG == TAG_DIST_CANCEL) {
		uint32_t id = 0;
		MPI_Recv(&id, sizeof id, MPI_BYTE, 0, TAG_DIST_CANCEL,
		         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		dist_worker_cancel(wk, id); /* nothing if answered already */
		return;
	}
	static struct dist_task t; /* a worker rank's main thread only */
	if (wk->e == NULL)
		wk->e = output_engine_new(mpi_table_engine_mb(wk, tt_mb));
	MPI_Status got;
	int n = 0;
	MPI_Recv(&t, sizeof t, MPI_BYTE, 0, TAG_DIST_TASK, MPI_COMM_WORLD,
	         &got);
	MPI_Get_count(&got, MPI_BYTE, &n);
	if (!dist_task_whole(&t, (size_t)n))
		garbled("a task", 0, n);
	dist_worker_start(wk, &t);
}

/* A worker rank's look at the network while it holds tasks: its answers
 * and progress sent, the next task or a cancel taken.  True when a
 * message was. */
/* The worker's stores of upper positions, to rank 0, which sends them
 * on to the other machines. */
static void
send_entries(struct dist_worker *wk)
{
	static struct dist_entries m; /* the main thread's only */
	while (dist_worker_upper(wk, &m) > 0)
		MPI_Send(&m, (int)dist_entries_size(&m), MPI_BYTE, 0,
		         TAG_DIST_ENTRIES, MPI_COMM_WORLD);
}

static bool
serve_step(struct dist_worker *wk, size_t tt_mb)
{
	static struct dist_result r;
	bool any = false;
	send_entries(wk);
	while (dist_worker_poll(wk, &r)) {
		send_entries(wk); /* before the answer: rank 0 has them */
		MPI_Send(&r, (int)dist_result_size(&r), MPI_BYTE, 0,
		         TAG_DIST_RESULT, MPI_COMM_WORLD);
		any = true;
	}
	if (dist_worker_progress(wk, &r))
		MPI_Send(&r, (int)dist_result_size(&r), MPI_BYTE, 0,
		         TAG_DIST_RESULT, MPI_COMM_WORLD);
	for (;;) {
		int flag = 0;
		MPI_Status st;
		MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
		if (!flag || (st.MPI_TAG != TAG_DIST_TASK &&
		              st.MPI_TAG != TAG_DIST_CANCEL &&
		              st.MPI_TAG != TAG_DIST_ENTRIES))
			break;
		take_one(wk, tt_mb, &st);
		any = true;
	}
	return any;
}

bool
mpi_dist_take(struct dist_worker *wk, size_t tt_mb, const MPI_Status *probed)
{
	if (probed->MPI_TAG != TAG_DIST_TASK &&
	    probed->MPI_TAG != TAG_DIST_CANCEL &&
	    probed->MPI_TAG != TAG_DIST_ENTRIES)
		return false;
	take_one(wk, tt_mb, probed);
	/* While it holds a task: the engine waited on (it wakes the worker
	 * the moment the task ends, when the next, already here, starts),
	 * and the network looked at every DIST_POLL_US. */
	while (dist_worker_busy(wk))
		if (!serve_step(wk, tt_mb))
			dist_worker_wait(wk, DIST_POLL_US);
	return true;
}
