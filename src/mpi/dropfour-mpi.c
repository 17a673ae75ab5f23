/* dropfour-mpi.c -- dropfour across processes and machines, on Open MPI.
 *
 *   mpirun -n K dropfour-mpi MODE [OPTION]... [ARG]...
 *
 * Rank 0 coordinates: it reads the input, hands out work on demand, takes
 * the results back and writes everything the user sees.  Ranks 1..K-1 do
 * the work, each with its own OpenMP threads (--threads) and tables.  With
 * one rank there is no one to hand work to, and rank 0 runs the mode as
 * `dropfour MODE` would.
 *
 * This is the only file that includes mpi.h: the engine is libdropfour.a,
 * as for dropfour.  Messages carry plain data (positions, batches of keys,
 * results as fixed-size integer records), never pointers; every rank runs
 * the same binary, so records go as bytes.
 *
 * Modes are rows of mpi_modes[] (a name, a usage line, a function run on
 * every rank).  To add one: write `static int NAME_run(const struct options
 * *, const struct mpi_world *)`, add a row, and make options_parse() know
 * the mode word (src/options.c, mode_words[]).
 *
 * Rank 0 waits for messages with MPI_Iprobe and short sleeps rather than a
 * blocking receive: Open MPI's blocking calls spin, and rank 0 usually
 * shares a machine (often a core) with workers.
 */
#include "config.h"

#include <mpi.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/board.h"
#include "cli/book-cli.h"
#include "book/book.h"
#include "cli/options.h"
#include "search/search.h"
#include "cli/solve.h"
#include "cli/statespace-main.h"
#include "cli/tour-cli.h"        /* tour */
#include "tour/tour.h"
#include "core/util.h"

struct mpi_world {
	int rank, size;
};

/* Message tags.  Every mode uses its own range so a stray message is
 * never taken for another mode's. */
enum {
	TAG_READY = 1,   /* worker -> 0: give me work (no payload) */
	TAG_STOP,        /* 0 -> worker: nothing more, finish */
	TAG_SOLVE_JOB,    /* 0 -> worker: struct solve_job */
	TAG_SOLVE_RESULT, /* worker -> 0: int64_t[SOLVE_RESULT_LEN] */
	TAG_BOOK_BATCH,   /* 0 -> worker: uint64_t keys[] */
	TAG_BOOK_RESULT,  /* worker -> 0: entries of 9 bytes (book.h) */
	/* tour */
	TAG_TOUR_WORK,    /* 0 -> worker: int64_t {first, count} */
	TAG_TOUR_RESULT,  /* worker -> 0: int64_t {first, count, nodes, ...} */
};

/* ---- message helpers ------------------------------------------------- */

/* Rank 0: wait for the next message from any rank, sleeping between
 * polls instead of spinning. */
static void
wait_message(MPI_Status *st)
{
	int flag = 0;
	for (;;) {
		MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag,
		    st);
		if (flag)
			return;
		struct timespec ts = { 0, 200000 }; /* 0.2 ms */
		nanosleep(&ts, NULL);
	}
}

/* Rank 0, when a run ends early: answer every worker's first request
 * with a stop. */
static void
release_workers(const struct mpi_world *w)
{
	for (int r = 1; r < w->size; r++) {
		MPI_Recv(NULL, 0, MPI_BYTE, r, TAG_READY, MPI_COMM_WORLD,
		    MPI_STATUS_IGNORE);
		MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
	}
}

/* Silence stdout and stderr of ranks other than 0 between quiet_begin()
 * and quiet_end() (option errors and --help are said once, by rank 0). */
struct quiet {
	int out, err, devnull;
};

static void
quiet_begin(const struct mpi_world *w, struct quiet *q)
{
	q->out = q->err = q->devnull = -1;
	if (w->rank != 0 && (q->devnull = open("/dev/null", O_WRONLY)) >= 0) {
		fflush(stdout);
		fflush(stderr);
		q->out = dup(STDOUT_FILENO);
		q->err = dup(STDERR_FILENO);
		dup2(q->devnull, STDOUT_FILENO);
		dup2(q->devnull, STDERR_FILENO);
	}
}

static void
quiet_end(struct quiet *q)
{
	if (q->devnull >= 0) {
		fflush(stdout);
		fflush(stderr);
		dup2(q->out, STDOUT_FILENO);
		dup2(q->err, STDERR_FILENO);
		close(q->out);
		close(q->err);
		close(q->devnull);
	}
}

static int
parse_quietly(const struct mpi_world *w, struct options *o, int argc,
    char **argv)
{
	struct quiet q;
	quiet_begin(w, &q);
	int r = options_parse(o, argc, argv);
	quiet_end(&q);
	return r;
}

/* ---- solve: batch solving of a position file -------------------------- */

/* A position to solve: its line number (0-based, the output order) and the
 * line itself up to the first blank. */
struct solve_job {
	int64_t index;
	char moves[BOARD_MAX_CELLS + 2];
};

/* index, score, nodes, microseconds, then every column's score (analyze;
 * SOLVE_NO_SCORE for a full column). */
#define SOLVE_RESULT_LEN (4 + BOARD_MAX_WIDTH)
#define SOLVE_NO_SCORE INT64_MIN

static void
solve_worker(const struct options *o)
{
	struct search_limits lim;
	struct search *s = search_new(o->tt_mb);
	struct solve_job job;
	MPI_Status st;

	options_solve_limits(o, &lim);
	MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_READY, MPI_COMM_WORLD);
	for (;;) {
		MPI_Recv(&job, sizeof job, MPI_BYTE, 0, MPI_ANY_TAG,
		    MPI_COMM_WORLD, &st);
		if (st.MPI_TAG == TAG_STOP)
			break;
		int64_t res[SOLVE_RESULT_LEN];
		struct search_result r;
		board_t b;
		char err[128];
		job.moves[sizeof job.moves - 1] = '\0';
		/* Rank 0 parsed the line already: it cannot fail here. */
		if (solve_parse_line(job.moves, o->width, o->height, &b, err,
			sizeof err) != 0)
			MPI_Abort(MPI_COMM_WORLD, 3);
		search_run(s, &b, &lim, &r);
		res[0] = job.index;
		res[1] = r.score;
		res[2] = (int64_t)r.nodes;
		res[3] = (int64_t)(r.seconds * 1e6 + 0.5);
		for (int c = 0; c < BOARD_MAX_WIDTH; c++)
			res[4 + c] = c < b.w && r.col_kind[c] != SCORE_NONE ?
			    r.col_score[c] : SOLVE_NO_SCORE;
		MPI_Send(res, SOLVE_RESULT_LEN, MPI_INT64_T, 0,
		    TAG_SOLVE_RESULT, MPI_COMM_WORLD);
	}
	search_free(s);
}

/* The input's lines, and which of them are positions to solve. */
struct solve_input {
	char **line;
	bool *valid;
	int64_t n;
};

static int
read_input(const struct options *o, struct solve_input *in)
{
	FILE *f = stdin;
	const char *name = "stdin";
	char *line = NULL;
	size_t cap = 0, alloc = 0;
	int status = 0;

	if (o->argc == 1 && strcmp(o->argv[0], "-") != 0) {
		name = o->argv[0];
		if ((f = fopen(name, "r")) == NULL) {
			fprintf(stderr, "dropfour-mpi: %s: %s\n", name,
			    strerror(errno));
			return -1;
		}
	}
	memset(in, 0, sizeof *in);
	while (getline(&line, &cap, f) != -1) {
		board_t b;
		char err[128];
		if ((size_t)in->n == alloc) {
			alloc = alloc ? 2 * alloc : 256;
			in->line = xrealloc(in->line, alloc * sizeof *in->line);
			in->valid = xrealloc(in->valid,
			    alloc * sizeof *in->valid);
		}
		in->line[in->n] = xstrdup(line);
		in->valid[in->n] = solve_parse_line(line, o->width, o->height,
		    &b, err, sizeof err) == 0;
		if (!in->valid[in->n]) {
			fprintf(stderr, "dropfour-mpi: %s:%lld: %s\n", name,
			    (long long)in->n + 1, err);
			status = 1;
		}
		in->n++;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return status;
}

static void
print_result(const struct options *o, const char *line, const int64_t *res)
{
	struct search_result r;
	memset(&r, 0, sizeof r);
	r.score = (int)res[1];
	r.nodes = (uint64_t)res[2];
	r.seconds = (double)res[3] / 1e6;
	for (int c = 0; c < BOARD_MAX_WIDTH; c++) {
		r.col_kind[c] =
		    res[4 + c] == SOLVE_NO_SCORE ? SCORE_NONE : SCORE_EXACT;
		r.col_score[c] = res[4 + c] == SOLVE_NO_SCORE ? 0 :
		    (int)res[4 + c];
	}
	solve_print(line, o->width, o->analyze, &r);
}

/* Rank 0: hand out the valid lines one at a time to whichever worker asks,
 * print the results in input order as they complete. */
static int
solve_coordinator(const struct options *o, const struct mpi_world *w)
{
	struct solve_input in;
	int status = read_input(o, &in);
	if (status < 0) {
		release_workers(w);
		return 1;
	}
	int64_t (*res)[SOLVE_RESULT_LEN] = xcalloc((size_t)in.n + 1,
	    sizeof *res);
	bool *have = xcalloc((size_t)in.n + 1, sizeof *have);
	int64_t next_job = 0, next_print = 0;
	int stopped = 0;

	while (stopped < w->size - 1) {
		MPI_Status st;
		int64_t buf[SOLVE_RESULT_LEN];
		wait_message(&st);
		if (st.MPI_TAG == TAG_SOLVE_RESULT) {
			MPI_Recv(buf, SOLVE_RESULT_LEN, MPI_INT64_T,
			    st.MPI_SOURCE, TAG_SOLVE_RESULT, MPI_COMM_WORLD,
			    MPI_STATUS_IGNORE);
			if (buf[0] < 0 || buf[0] >= in.n)
				MPI_Abort(MPI_COMM_WORLD, 3);
			memcpy(res[buf[0]], buf, sizeof buf);
			have[buf[0]] = true;
		} else {
			MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
			    MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		}
		/* Every message asks for the next job. */
		while (next_job < in.n && !in.valid[next_job])
			next_job++;
		if (next_job < in.n) {
			struct solve_job job;
			memset(&job, 0, sizeof job);
			job.index = next_job;
			size_t len = strcspn(in.line[next_job], " \t\r\n");
			if (len >= sizeof job.moves)
				len = sizeof job.moves - 1;
			memcpy(job.moves, in.line[next_job], len);
			MPI_Send(&job, sizeof job, MPI_BYTE, st.MPI_SOURCE,
			    TAG_SOLVE_JOB, MPI_COMM_WORLD);
			next_job++;
		} else {
			MPI_Send(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_STOP,
			    MPI_COMM_WORLD);
			stopped++;
		}
		for (; next_print < in.n &&
		     (have[next_print] || !in.valid[next_print]);
		     next_print++)
			if (in.valid[next_print])
				print_result(o, in.line[next_print],
				    res[next_print]);
	}
	for (int64_t i = 0; i < in.n; i++)
		free(in.line[i]);
	free(in.line);
	free(in.valid);
	free(res);
	free(have);
	return status;
}

static int
solve_run(const struct options *o, const struct mpi_world *w)
{
	if (o->argc > 1) {
		if (w->rank == 0)
			fputs("dropfour-mpi: solve takes at most one FILE\n",
			    stderr);
		return 2;
	}
	if (w->size == 1)
		return solve_main(o);
	if (w->rank == 0)
		return solve_coordinator(o, w);
	solve_worker(o);
	return 0;
}

/* ---- statespace: every position of a small board, over the ranks ------ */

/* statespace_comm over MPI_COMM_WORLD: word counts with MPI_Alltoall, the
 * words with MPI_Alltoallv (MPI counts are int: a larger exchange is
 * refused, and the run fails cleanly on every rank). */
static bool
ss_exchange(void *ctx, const uint64_t *send, const uint64_t *counts,
    uint64_t **recv, uint64_t *rcounts)
{
	const struct mpi_world *w = ctx;
	int *sc = xmalloc(4 * sizeof *sc * (size_t)w->size);
	int *sd = sc + w->size, *rcnt = sd + w->size, *rd = rcnt + w->size;
	uint64_t at = 0, rat = 0;
	int ok = 1;

	MPI_Alltoall(counts, 1, MPI_UINT64_T, rcounts, 1, MPI_UINT64_T,
	    MPI_COMM_WORLD);
	for (int r = 0; r < w->size; r++) {
		if (at + counts[r] > INT_MAX || rat + rcounts[r] > INT_MAX)
			ok = 0;
		sc[r] = (int)counts[r];
		sd[r] = (int)at;
		rcnt[r] = (int)rcounts[r];
		rd[r] = (int)rat;
		at += counts[r];
		rat += rcounts[r];
	}
	MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	*recv = NULL;
	if (ok) {
		*recv = xmalloc((rat + 1) * sizeof **recv);
		MPI_Alltoallv(send, sc, sd, MPI_UINT64_T, *recv, rcnt, rd,
		    MPI_UINT64_T, MPI_COMM_WORLD);
	}
	free(sc);
	return ok;
}

static void
ss_sum(void *ctx, uint64_t *v, int n)
{
	(void)ctx;
	MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, MPI_SUM,
	    MPI_COMM_WORLD);
}

static int
statespace_run_mode(const struct options *o, const struct mpi_world *w)
{
	struct statespace_comm comm = {
		.rank = w->rank,
		.size = w->size,
		.ctx = (void *)w,
		.exchange = ss_exchange,
		.sum = ss_sum,
	};
	return statespace_main_ranks(o, &comm);
}

/* ---- statespace end ---------------------------------------------------- */

/* ---- book build: the deepest level across the ranks -------------------- */

/* Most positions in one batch: a batch is also the most a killed rank
 * loses, and rank 0 journals every returned batch at once. */
#define BOOK_BATCH_MAX 64

/* A worker's batch: threads take positions by an atomic index. */
struct batch {
	const uint64_t *keys;
	int8_t *scores;
	size_t n;
	atomic_size_t next;
};

static bool
batch_claim(void *ctx, uint64_t *key)
{
	struct batch *b = ctx;
	size_t i = atomic_fetch_add(&b->next, 1);
	if (i >= b->n)
		return false;
	*key = b->keys[i];
	return true;
}

static void
batch_done(void *ctx, uint64_t key, int score, int tid)
{
	struct batch *b = ctx;
	(void)tid;
	/* Batches are in ascending key order. */
	size_t lo = 0, hi = b->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (b->keys[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	b->scores[lo] = (int8_t)score;
}

static void
book_worker(const struct options *o)
{
	struct book_solver *sv = book_solver_new(o->threads, o->tt_mb);
	uint64_t keys[BOOK_BATCH_MAX];
	int8_t scores[BOOK_BATCH_MAX];
	unsigned char out[BOOK_BATCH_MAX * BOOK_ENTRY_SIZE];
	atomic_bool never;
	atomic_init(&never, false);

	MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_READY, MPI_COMM_WORLD);
	for (;;) {
		MPI_Status st;
		int count = 0;
		MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
		if (st.MPI_TAG != TAG_BOOK_BATCH) {
			MPI_Recv(NULL, 0, MPI_BYTE, 0, st.MPI_TAG,
			    MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			break;
		}
		MPI_Get_count(&st, MPI_UINT64_T, &count);
		if (count < 1 || count > BOOK_BATCH_MAX)
			MPI_Abort(MPI_COMM_WORLD, 3);
		MPI_Recv(keys, count, MPI_UINT64_T, 0, TAG_BOOK_BATCH,
		    MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		struct batch b = { keys, scores, (size_t)count, 0 };
		struct book_work work = { batch_claim, batch_done, &b };
		book_solver_run(sv, o->width, o->height, &work, &never);
		for (int i = 0; i < count; i++)
			book_entry_encode(out + i * BOOK_ENTRY_SIZE, keys[i],
			    scores[i]);
		MPI_Send(out, count * BOOK_ENTRY_SIZE, MPI_BYTE, 0,
		    TAG_BOOK_RESULT, MPI_COMM_WORLD);
	}
	book_solver_free(sv);
}

/* Rank 0: hand out batches on demand, journal every returned one, write
 * the book at the end (the same bytes as one process). */
static int
book_coordinator(const struct options *o, const struct mpi_world *w)
{
	int status, stopped = 0, nworkers = w->size - 1;
	/* Under mpirun rank 0's stderr is a pipe (and its stdout a pty,
	 * whatever mpirun's own are): progress with --progress. */
	struct book_build_params p;
	book_cli_params(o, &p);
	struct book_build *bb = book_build_open(&p, "rank", 1, nworkers,
	    &status);
	if (bb == NULL) {
		release_workers(w);
		return status;
	}
	size_t min = o->threads < 1 ? 1 : (size_t)o->threads;
	if (min > BOOK_BATCH_MAX)
		min = BOOK_BATCH_MAX;
	while (stopped < nworkers) {
		MPI_Status st;
		uint64_t keys[BOOK_BATCH_MAX];
		int8_t scores[BOOK_BATCH_MAX];
		unsigned char in[BOOK_BATCH_MAX * BOOK_ENTRY_SIZE];
		int count = 0;

		wait_message(&st);
		if (st.MPI_TAG == TAG_BOOK_RESULT) {
			MPI_Get_count(&st, MPI_BYTE, &count);
			if (count < 0 || count > (int)sizeof in ||
			    count % BOOK_ENTRY_SIZE != 0)
				MPI_Abort(MPI_COMM_WORLD, 3);
			MPI_Recv(in, count, MPI_BYTE, st.MPI_SOURCE,
			    TAG_BOOK_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			int n = count / BOOK_ENTRY_SIZE;
			for (int i = 0; i < n; i++)
				book_entry_decode(in + i * BOOK_ENTRY_SIZE,
				    &keys[i], &scores[i]);
			book_build_record(bb, keys, scores, (size_t)n,
			    st.MPI_SOURCE - 1);
			if (book_build_flush(bb) != 0)
				MPI_Abort(MPI_COMM_WORLD, 1);
		} else {
			MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
			    MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		}
		size_t n = book_build_claim(bb, keys, min, BOOK_BATCH_MAX,
		    (size_t)nworkers);
		if (n > 0) {
			MPI_Send(keys, (int)n, MPI_UINT64_T, st.MPI_SOURCE,
			    TAG_BOOK_BATCH, MPI_COMM_WORLD);
		} else {
			MPI_Send(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_STOP,
			    MPI_COMM_WORLD);
			stopped++;
		}
		book_build_progress(bb);
	}
	status = book_build_finish(bb);
	book_build_free(bb);
	return status;
}

static int
book_run(const struct options *o, const struct mpi_world *w)
{
	if (o->argc != 1 || strcmp(o->argv[0], "build") != 0) {
		if (w->rank == 0)
			fputs("dropfour-mpi: book build [OPTION]... is the book "
			      "command it runs\n", stderr);
		return 2;
	}
	if (w->size == 1) {
		struct book_build_params p;
		book_cli_params(o, &p);
		return book_build_run(&p);
	}
	if (w->rank == 0)
		return book_coordinator(o, w);
	book_worker(o);
	return 0;
}

/* ---- tour: knight's tours below prefixes handed out on demand --------- */

/*
 * Every rank builds the same plan and expands it to the same list of
 * prefixes (TOUR_MPI_LEN squares), so work is named by index: rank 0 sends
 * {first, count}, a worker counts those prefixes with its OpenMP threads
 * (tour_count(): one call) and sends back {first, count, nodes, then one
 * count per prefix}.  Rank 0 adds the counts up per first move.
 */
#define TOUR_MPI_LEN   8  /* squares in a handed-out prefix */
#define TOUR_MPI_BATCH 16 /* prefixes per message */

struct tour_work {
	struct tour_plan plan;
	struct tour_prefix *pre; /* the handed-out prefixes */
	int *from;               /* the plan prefix each is under */
	int n;
};

static void
tour_work_make(struct tour_work *t)
{
	const struct tour_plan *p = &t->plan;
	t->pre = NULL;
	t->from = NULL;
	t->n = 0;
	for (int i = 0; i < p->n; i++) {
		struct tour_prefix *x;
		int m = tour_expand(&p->b, &p->pre[i], TOUR_MPI_LEN,
		    p->par.closed, &x);
		t->pre = xrealloc(t->pre, (size_t)(t->n + m) * sizeof *t->pre);
		t->from = xrealloc(t->from,
		    (size_t)(t->n + m) * sizeof *t->from);
		if (m > 0) /* x is NULL when nothing is left below */
			memcpy(t->pre + t->n, x, (size_t)m * sizeof *x);
		for (int j = 0; j < m; j++)
			t->from[t->n + j] = i;
		t->n += m;
		free(x);
	}
}

static void
tour_worker(struct tour_work *t)
{
	struct tour_params par = t->plan.par;
	uint64_t counts[TOUR_MPI_BATCH];
	int64_t res[3 + TOUR_MPI_BATCH];
	MPI_Status st;

	/* Tasks a few moves below the handed-out prefixes. */
	if (par.split_depth < TOUR_MPI_LEN + 2)
		par.split_depth = TOUR_MPI_LEN + 2;
	par.list = NULL;
	par.list_max = 0;
	MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_READY, MPI_COMM_WORLD);
	for (;;) {
		int64_t job[2];
		struct tour_result r;
		MPI_Recv(job, 2, MPI_INT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD,
		    &st);
		if (st.MPI_TAG == TAG_STOP)
			break;
		if (job[0] < 0 || job[1] < 1 || job[1] > TOUR_MPI_BATCH ||
		    job[0] + job[1] > t->n)
			MPI_Abort(MPI_COMM_WORLD, 3);
		tour_count(&t->plan.b, t->pre + job[0], (int)job[1], &par,
		    NULL, counts, &r);
		res[0] = job[0];
		res[1] = job[1];
		res[2] = (int64_t)r.nodes;
		for (int i = 0; i < job[1]; i++)
			res[3 + i] = (int64_t)counts[i];
		MPI_Send(res, 3 + (int)job[1], MPI_INT64_T, 0, TAG_TOUR_RESULT,
		    MPI_COMM_WORLD);
	}
}

static int
tour_coordinator(struct tour_work *t, const struct mpi_world *w)
{
	const struct tour_plan *p = &t->plan;
	uint64_t *counts = xcalloc((size_t)p->n, sizeof *counts);
	uint64_t *rank_nodes = xcalloc((size_t)w->size, sizeof *rank_nodes);
	uint64_t *rank_tours = xcalloc((size_t)w->size, sizeof *rank_tours);
	uint64_t nodes = 0;
	int64_t next = 0;
	int stopped = 0;
	double t0 = MPI_Wtime();
	char desc[160];

	tour_plan_describe(p, desc, sizeof desc);
	printf("# dropfour-mpi tour: %s, %d worker ranks, %d prefixes of %d "
	       "squares\n",
	    desc, w->size - 1, t->n, TOUR_MPI_LEN);
	fflush(stdout);
	while (stopped < w->size - 1) {
		MPI_Status st;
		int64_t res[3 + TOUR_MPI_BATCH];
		wait_message(&st);
		if (st.MPI_TAG == TAG_TOUR_RESULT) {
			MPI_Recv(res, 3 + TOUR_MPI_BATCH, MPI_INT64_T,
			    st.MPI_SOURCE, TAG_TOUR_RESULT, MPI_COMM_WORLD,
			    MPI_STATUS_IGNORE);
			if (res[0] < 0 || res[1] < 1 ||
			    res[1] > TOUR_MPI_BATCH || res[0] + res[1] > t->n)
				MPI_Abort(MPI_COMM_WORLD, 3);
			nodes += (uint64_t)res[2];
			rank_nodes[st.MPI_SOURCE] += (uint64_t)res[2];
			for (int i = 0; i < res[1]; i++) {
				counts[t->from[res[0] + i]] += (uint64_t)res[3 + i];
				rank_tours[st.MPI_SOURCE] += (uint64_t)res[3 + i];
			}
		} else {
			MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
			    MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		}
		/* Every message asks for the next batch. */
		if (next < t->n) {
			int64_t job[2] = {next, t->n - next < TOUR_MPI_BATCH ?
			                            t->n - next :
			                            TOUR_MPI_BATCH};
			MPI_Send(job, 2, MPI_INT64_T, st.MPI_SOURCE,
			    TAG_TOUR_WORK, MPI_COMM_WORLD);
			next += job[1];
		} else {
			MPI_Send(NULL, 0, MPI_BYTE, st.MPI_SOURCE, TAG_STOP,
			    MPI_COMM_WORLD);
			stopped++;
		}
	}
	tour_report_moves(p, counts);
	printf("%6s %16s %16s%s\n", "rank", "nodes", "tours",
	    p->symmetric ? " (one start per orbit)" : "");
	for (int r = 1; r < w->size; r++)
		printf("%6d %16llu %16llu\n", r,
		    (unsigned long long)rank_nodes[r],
		    (unsigned long long)rank_tours[r]);
	tour_report_total(p, counts, nodes, MPI_Wtime() - t0);
	free(counts);
	free(rank_nodes);
	free(rank_tours);
	return 0;
}

static int
tour_run(const struct options *o, const struct mpi_world *w)
{
	struct tour_work t;
	int status;

	if (o->tour_watch || o->tour_list) {
		if (w->rank == 0)
			fputs("dropfour-mpi: tour counts only (no --watch or "
			      "--list)\n", stderr);
		return 2;
	}
	if (w->size == 1)
		return tour_main(o);
	/* Every rank checks the options alike; rank 0 says what is wrong. */
	struct quiet q;
	quiet_begin(w, &q);
	status = tour_plan_make(o, 4, 7, false, &t.plan);
	quiet_end(&q);
	if (status != 0)
		return status;
	tour_work_make(&t);
	if (w->rank == 0)
		status = tour_coordinator(&t, w);
	else
		tour_worker(&t);
	free(t.pre);
	free(t.from);
	tour_plan_free(&t.plan);
	return status;
}
/* ---- tour end ---------------------------------------------------------- */

/* ---- the modes -------------------------------------------------------- */

static const struct mpi_mode {
	const char *name;
	const char *usage;
	int (*run)(const struct options *o, const struct mpi_world *w);
} mpi_modes[] = {
	{
	    .name = "solve",
	    .usage = "solve [OPTION]... [FILE]\n"
		     "      positions, one per line, solved across the ranks; "
		     "output in input\n      order, as dropfour solve",
	    .run = solve_run,
	},
	{
	    .name = "statespace",
	    .usage = "statespace [-W W] [-H H] [OPTION]...\n"
		     "      every position of a small board, counted and "
		     "solved; each rank owns\n      parts of every level; "
		     "the table of dropfour statespace",
	    .run = statespace_run_mode,
	},
	{
	    .name = "book",
	    .usage = "book build [-W W] [-H H] --ply N [--threads T] [-o "
		     "FILE]\n"
		     "      an opening book, as dropfour book build: rank 0 "
		     "hands out batches,\n      keeps the journal and writes "
		     "the book (the same bytes)",
	    .run = book_run,
	},
	/* tour */
	{
	    .name = "tour",
	    .usage = "tour [-W W] [-H H] [--from SQUARE|all] [--closed] "
		     "[OPTION]...\n"
		     "      knight's tours: rank 0 hands out prefixes of 8 "
		     "squares on demand and\n      adds up the counts; the "
		     "report of dropfour tour",
	    .run = tour_run,
	},
};
#define NMODES ((int)(sizeof mpi_modes / sizeof mpi_modes[0]))

static void
usage(FILE *f)
{
	fputs("Usage: mpirun -n K dropfour-mpi MODE [OPTION]... [ARG]...\n"
	      "\n"
	      "dropfour across processes (Open MPI): rank 0 hands out work "
	      "and writes\nthe results, every other rank works with its own "
	      "--threads.\n\nModes:\n",
	    f);
	for (int i = 0; i < NMODES; i++)
		fprintf(f, "  dropfour-mpi %s\n", mpi_modes[i].usage);
	fputs("\nThe options are dropfour's (see dropfour --help and "
	      "dropfour(6)).\n"
	      "Report bugs to: " PACKAGE_BUGREPORT "\n",
	    f);
}

int
main(int argc, char **argv)
{
	struct mpi_world w;
	struct options o;
	const struct mpi_mode *mode = NULL;
	int provided, status;

	/* Only the main thread calls MPI; OpenMP threads only search. */
	MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &w.size);

	for (int i = 0; argc > 1 && i < NMODES; i++)
		if (strcmp(argv[1], mpi_modes[i].name) == 0)
			mode = &mpi_modes[i];
	if (mode == NULL) {
		bool help = argc > 1 && (strcmp(argv[1], "--help") == 0 ||
		    strcmp(argv[1], "-h") == 0);
		if (w.rank == 0) {
			if (!help)
				fprintf(stderr, "dropfour-mpi: %s\n",
				    argc > 1 ? "unknown mode" : "no mode given");
			usage(help ? stdout : stderr);
		}
		MPI_Finalize();
		return help ? EXIT_SUCCESS : 2;
	}
	switch (parse_quietly(&w, &o, argc, argv)) {
	case 1:
		MPI_Finalize();
		return EXIT_SUCCESS;
	case -1:
		MPI_Finalize();
		return 2;
	}
	/* The opening book for solving (every rank loads its own copy). */
	if (strcmp(mode->name, "solve") == 0 && book_attach(&o) != 0) {
		MPI_Finalize();
		return EXIT_FAILURE;
	}
	status = mode->run(&o, &w);
	book_detach(&o);
	MPI_Finalize();
	return status;
}
