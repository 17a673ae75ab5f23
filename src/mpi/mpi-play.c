/* mpi-play.c -- `dropfour-mpi play`: the game on rank 0 (the curses game
 * on the terminal mpirun was started from, else the text game), the AI's
 * every search one search across the ranks (search/dist/dist.h over
 * mpi/mpi-dist.c), every other rank a worker until the game ends.
 *
 * The curses game runs its searches on its engine's thread; the engine's
 * runner (engine.h) hands them to dist_search() there, which publishes
 * one row per rank into the engine's statistics for the panel.  So MPI is
 * called from that thread during the game and from the main thread before
 * and after it, never at once (MPI_THREAD_SERIALIZED). */
#include "config.h"

#include <fcntl.h>
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/output.h"
#include "cli/text.h"
#include "mpi/dropfour-mpi.h"
#include "search/dist/dist.h"
#include "search/engine/engine.h"
#include "ui/ui.h"

struct play {
	const struct options *o;
	struct dist_transport t;
	struct mpi_dist d;
	struct dist_worker local;
	struct dist_stats st; /* the last search's */
};

/* The engine's runner: the curses game's every search. */
static int
play_run(void *ctx, const board_t *b, const struct search_limits *lim,
         struct stats *live, struct search_result *r)
{
	struct play *p = ctx;
	struct search_limits l = dist_limits_for_game(lim, p->o->depth);
	struct dist_params dp = {.live = live};
	return dist_search(&p->t, b, &l, &dp, r, &p->st);
}

/* The text game's search: the same, and a line on the ranks. */
static int
play_search(void *ctx, const board_t *b, const struct search_limits *lim,
            struct search_result *r)
{
	struct play *p = ctx;
	struct search_limits l = dist_limits_for_game(lim, p->o->depth);
	if (dist_search(&p->t, b, &l, NULL, r, &p->st) != 0)
		return -1;
	const struct dist_stats *st = &p->st;
	printf("  across %d ranks (frontier %d plies, %d tasks handed out, %d "
	       "cut), nodes/tasks per rank:",
	       st->nworkers, st->frontier, st->handed, st->cut);
	for (int k = 0; k < st->nworkers; k++)
		printf(" %llu/%u", (unsigned long long)st->nodes[k],
		       st->tasks[k]);
	char traffic[512];
	dist_stats_traffic(st, p->t.tables, traffic, sizeof traffic);
	printf("\n  the network: %s\n", traffic);
	return 0;
}

/* A worker rank: tasks until rank 0 says the game is over.  Between
 * searches (the player's turn) it sleeps on the probe, not spins; within
 * a search, between two tasks, it looks without a nap. */
static void
play_worker(const struct options *o, const struct cli_session *session,
            const struct mpi_table *mt)
{
	struct dist_worker wk;
	struct search_limits lim;
	options_limits(o, session->book, &lim);
	memset(&wk, 0, sizeof wk);
	wk.threads = o->threads;
	wk.book = lim.book;
	mpi_table_give(mt, &wk);
	double hot = 0; /* within a search: its next task comes at once */
	for (;;) {
		MPI_Status st;
		mpi_wait_message_hot(&st, hot);
		hot = 0;
		if (mpi_dist_take(&wk, o->tt_mb, &st)) {
			hot = MPI_HOT_S;
			continue;
		}
		MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
		         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		if (st.MPI_TAG == TAG_STOP)
			break;
	}
	if (wk.e != NULL)
		engine_free(wk.e);
}

/* Make process group pg the terminal's foreground (from the background,
 * where that would stop us, SIGTTOU held off). */
static void
give_terminal(pid_t pg)
{
	struct sigaction ign, old;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGTTOU, &ign, &old);
	if (pg > 0)
		tcsetpgrp(STDIN_FILENO, pg);
	sigaction(SIGTTOU, &old, NULL);
}

/* Every rank on mpirun's terminal joins mpirun's process group, the
 * shell's job: mpirun starts each rank in a group of its own, and a rank
 * that took the terminal's foreground for itself would leave mpirun in
 * the background, where its reading of the keys (it forwards standard
 * input to rank 0) stops it with SIGTTIN and the shell reports the job
 * stopped.  In the job's group Ctrl-Z stops mpirun and every rank at
 * once, the shell's `fg` continues them all, and rank 0
 * gets its keys through the standard input mpirun forwards.  (mpirun
 * itself ignores the terminal's SIGTSTP: the game, on Ctrl-Z, restores the
 * terminal and stops the whole group, ui_suspend_group().)  True when
 * this rank is now in the terminal's foreground group. */
static bool
join_job(void)
{
	int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return false;
	pid_t fg = tcgetpgrp(fd);
	close(fd);
	if (fg <= 0)
		return false;
	return fg == getpgrp() || setpgid(0, fg) == 0;
}

/* The terminal mpirun was started from, as rank 0's standard output: true
 * when there is one, the curses game's place.  In mpirun's job (joined,
 * join_job()) the keys come on standard input, forwarded by mpirun; SIGTTOU
 * is ignored for the game, so that the terminal's restoration on Ctrl-Z
 * (endwin()) never stops rank 0 when the shell has taken the terminal
 * back first.  Else (a group of another session) rank 0 reads /dev/tty
 * itself and takes the terminal's foreground, giving it back to *fg_was
 * when the game ends (give_terminal()). */
static bool
take_terminal(bool in_job, pid_t *fg_was)
{
	const char *term = getenv("TERM");
	if (term == NULL || term[0] == '\0' || strcmp(term, "dumb") == 0)
		return false;
	int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return false;
	bool ok = dup2(fd, STDOUT_FILENO) >= 0 &&
	          (in_job || dup2(fd, STDIN_FILENO) >= 0);
	close(fd);
	if (!ok)
		return false;
	if (in_job) {
		signal(SIGTTOU, SIG_IGN);
		ui_suspend_group(true);
		return true;
	}
	*fg_was = tcgetpgrp(STDIN_FILENO);
	give_terminal(getpgrp());
	return tcgetpgrp(STDIN_FILENO) == getpgrp();
}

/* The game on rank 0: curses when the mode is the plain game, MPI allows
 * searches from the engine's thread and a terminal is there; else text. */
static int
play_game(const struct options *o, struct cli_session *session, struct play *p,
          int provided, bool in_job)
{
	pid_t fg_was = -1;
	if (o->mode == MODE_PLAY && provided >= MPI_THREAD_SERIALIZED &&
	    take_terminal(in_job, &fg_was)) {
		struct engine_runner runner = {play_run, p};
		session->runner = &runner;
		int status = ui_main(o, session);
		session->runner = NULL;
		give_terminal(fg_was);
		if (status != UI_NO_CURSES)
			return status;
	} else if (o->mode == MODE_PLAY) {
		cli_note("no terminal for rank 0 (or MPI without "
		         "MPI_THREAD_SERIALIZED): playing in plain text");
	}
	return text_play(o, session, play_search, p);
}

/* The game of one process (mpirun -n 1, the speedup's baseline): the
 * curses game on the terminal, else the text game, without the ranks. */
static int
mpi_play_alone(const struct options *o, struct cli_session *session,
               bool in_job)
{
	pid_t fg_was = -1;
	if (o->mode == MODE_PLAY && take_terminal(in_job, &fg_was)) {
		int status = ui_main(o, session);
		give_terminal(fg_was);
		if (status != UI_NO_CURSES)
			return status;
	}
	return text_main(o, session);
}

int
mpi_play_run(const struct options *o, struct cli_session *session,
             const struct mpi_world *w)
{
	/* Every rank on this terminal in the shell's job (join_job()). */
	bool in_job = join_job();
	if (w->size == 1) /* one process: dropfour's own game */
		return mpi_play_alone(o, session, in_job);
	struct mpi_table mt;
	mpi_table_open(w, o->tt_mb, !o->dist_table_own, o->dist_machines,
	               o->dist_upper < 0 ? DIST_UPPER_CELLS : o->dist_upper,
	               &mt);
	if (w->rank != 0) {
		play_worker(o, session, &mt);
		mpi_table_close(&mt);
		return CLI_EXIT_OK;
	}
	struct play p;
	struct search_limits lim;
	int provided = MPI_THREAD_SINGLE;
	MPI_Query_thread(&provided);
	memset(&p, 0, sizeof p);
	p.o = o;
	options_limits(o, session->book, &lim);
	/* Rank 0's worker engine leaves every signal to the game's main
	 * thread (its getch() wakes for the terminal's). */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	mpi_table_give(&mt, &p.local);
	p.local.e = output_engine_new(mpi_table_engine_mb(&p.local, o->tt_mb));
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	p.local.threads = o->threads;
	p.local.book = lim.book;
	mpi_dist_init(&p.d, &p.t, &p.local, w, &mt);
	int status = play_game(o, session, &p, provided, in_job);
	mpi_dist_free(&p.d);
	for (int r = 1; r < w->size; r++)
		MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
	engine_free(p.local.e);
	mpi_table_close(&mt);
	return status;
}
