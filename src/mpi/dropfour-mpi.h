/* dropfour-mpi.h -- what the files of dropfour-mpi share: the world, the
 * message tags, rank 0's helpers, and each mode's entry point (mpi-solve.c,
 * mpi-book.c, mpi-statespace.c, mpi-tour.c; main() in dropfour-mpi.c).
 * Only src/mpi includes <mpi.h>. */
#ifndef DROPFOUR_DROPFOUR_MPI_H
#define DROPFOUR_DROPFOUR_MPI_H

#include <mpi.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "cli/options.h"
#include "core/stop.h"
#include "cli/session.h"

struct mpi_world {
	int rank, size;
};

/* Message tags.  Every mode uses its own range so a stray message is
 * never taken for another mode's. */
enum {
	TAG_READY = 1,    /* worker -> 0: give me work (no payload) */
	TAG_STOP,         /* 0 -> worker: nothing more, finish */
	TAG_SOLVE_JOB,    /* 0 -> worker: struct solve_job */
	TAG_SOLVE_RESULT, /* worker -> 0: int64_t[SOLVE_RESULT_LEN] */
	TAG_BOOK_BATCH,   /* 0 -> worker: uint64_t keys[] */
	TAG_BOOK_RESULT,  /* worker -> 0: entries of 9 bytes (book.h) */
	TAG_TOUR_WORK,    /* 0 -> worker: int64_t {first, count} */
	TAG_TOUR_RESULT,  /* worker -> 0: int64_t {first, count, nodes, ...} */
	TAG_DIST_TASK,    /* 0 -> worker: struct dist_task (one search) */
	TAG_DIST_RESULT,  /* worker -> 0: struct dist_result */
	TAG_DIST_CANCEL,  /* 0 -> worker: stop task id (a uint32_t) */
	TAG_DIST_ENTRIES, /* worker -> 0 -> the other machines' workers:
	                   * struct dist_entries (the table across
	                   * machines) */
};

struct dist_transport;
struct dist_worker;
struct mpi_table;
struct pending;
/* One search over the ranks (mpi-dist.c): rank 0's transport, whose
 * worker 0 is `local` (an engine of rank 0) and whose workers 1..size-1
 * are the other ranks, each serving in mpi_dist_take(). */
struct mpi_dist {
	struct dist_transport *t;
	struct dist_worker *local;
	const struct mpi_table *mt;
	int size;
	int *next_of; /* per machine (its leader's rank): the next rank to
	               * take the entries sent on to it */
	struct pending *pending; /* sends not yet complete (mpi-dist.c) */
	int npending, cap;
};
void mpi_dist_init(struct mpi_dist *d, struct dist_transport *t,
                   struct dist_worker *local, const struct mpi_world *w,
                   const struct mpi_table *mt);
/* After the last search: rank 0's sends completed, its memory freed. */
void mpi_dist_free(struct mpi_dist *d);
/* A worker rank, given the message that `st` probed: a TAG_DIST_TASK is
 * run on wk (its engine of tt_mb made the first time), answering cancels,
 * and its result sent; a TAG_DIST_CANCEL for a task already answered is
 * taken.  False (nothing taken) for any other message. */
bool mpi_dist_take(struct dist_worker *wk, size_t tt_mb, const MPI_Status *st);

/* The main table that the ranks of one machine share (an MPI-3 shared
 * window, search.h's search_shared_bytes()): made by every rank at once
 * (collective), before a mode's work; `base` NULL when the ranks keep
 * their own tables (--dist-table=own, or no memory for it).  machines
 * > 1 (--dist-machines): the ranks of each machine as that many machines,
 * a table each.  upper (--dist-upper): with more than one table, the exact
 * solver's stores of positions of at least that many empty cells go to
 * every table (dist_transport.upper), 0 none. */
struct mpi_table {
	MPI_Win win;
	MPI_Comm node; /* the ranks of this machine (or machine group) */
	void *base;
	size_t tt_mb;
	bool leader;     /* this machine's first rank: it prepares the table */
	int tables;      /* machines with a table: dist_transport.tables */
	int *machine_of; /* per rank: its machine's leader's rank (NULL
	                  * without shared tables) */
	int upper;
};
void mpi_table_open(const struct mpi_world *w, size_t tt_mb, bool shared,
                    int machines, int upper, struct mpi_table *mt);
/* Collective too: every rank, after the mode's last search. */
void mpi_table_close(struct mpi_table *mt);
/* Give worker wk the shared table (nothing when there is none). */
void mpi_table_give(const struct mpi_table *mt, struct dist_worker *wk);
/* The table of worker wk's own engine: the least when it searches in the
 * shared one (its own is never used), else tt_mb. */
size_t mpi_table_engine_mb(const struct dist_worker *wk, size_t tt_mb);

/* Rank 0: wait for the next message from any rank, sleeping between
 * polls instead of spinning. */
void mpi_wait_message(MPI_Status *st);
/* The same, looking without a nap for the first hot_s seconds: a worker
 * between two tasks of one search, whose next task comes within a round
 * trip (MPI_HOT_S after its last answer). */
#define MPI_HOT_S 0.05
/* Rank 0's looks at the network while its own worker searches and
 * another waits for a task (mpi-dist.c): every DIST_HURRY_US. */
#define DIST_HURRY_US 50
void mpi_wait_message_hot(MPI_Status *st, double hot_s);
/* The same, but give up when the token stop (core/stop.h; NULL: none) is
 * requested: true for a message, false for the stop. */
bool mpi_wait_message_or_stop(MPI_Status *st, const struct search_stop *stop);
/* Rank 0, when a run ends early: answer every worker's first request
 * with a stop. */
void mpi_release_workers(const struct mpi_world *w);
/* Refuse a run's options: rank 0 says msg (cli_error()); returns
 * CLI_EXIT_USAGE, every rank's exit status. */
int mpi_usage(const struct mpi_world *w, const char *msg);
/* Rank 0 under mpirun on mpirun's own node: standard output made the file
 * mpirun's standard output is (the same open file), so that a write error
 * (a full disk, /dev/full, a closed pipe or a closed stdout) reaches
 * output.c's checks instead of being dropped by mpirun's forwarding.
 * Elsewhere nothing changes. */
void mpi_stdout_direct(const struct mpi_world *w);
/* Silence stdout and stderr of ranks other than 0 between
 * mpi_quiet_begin() and mpi_quiet_end() (option errors and --help are said
 * once, by rank 0). */
struct quiet {
	int out, err, devnull;
};
void mpi_quiet_begin(const struct mpi_world *w, struct quiet *q);
void mpi_quiet_end(struct quiet *q);
/* options_parse() with the output of ranks other than 0 silenced. */
int mpi_parse_options(const struct mpi_world *w, struct options *o, int argc,
                      char **argv);

/* The modes, run on every rank. */
int mpi_solve_run(const struct options *o, struct cli_session *session,
                  const struct mpi_world *w);
int mpi_statespace_run(const struct options *o, struct cli_session *session,
                       const struct mpi_world *w);
int mpi_book_run(const struct options *o, struct cli_session *session,
                 const struct mpi_world *w);
int mpi_play_run(const struct options *o, struct cli_session *session,
                 const struct mpi_world *w);
int mpi_tour_run(const struct options *o, struct cli_session *session,
                 const struct mpi_world *w);

#endif
