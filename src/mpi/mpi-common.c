/* mpi-common.c -- rank 0's message helpers and quiet option parsing for every
 * mode of dropfour-mpi. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/util.h"
#include "mpi/dropfour-mpi.h"
#include "search/node/settings.h"

/* ---- message helpers ------------------------------------------------- */

/* Rank 0: wait for the next message from any rank, sleeping between
 * polls instead of spinning. */
void
mpi_wait_message(MPI_Status *st)
{
	mpi_wait_message_or_stop(st, NULL);
}

void
mpi_wait_message_hot(MPI_Status *st, double hot_s)
{
	int flag = 0;
	const double until = util_now_s() + hot_s;
	do {
		MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag,
		           st);
		if (flag)
			return;
		sched_yield();
	} while (util_now_s() < until);
	mpi_wait_message(st);
}

bool
mpi_wait_message_or_stop(MPI_Status *st, const struct search_stop *stop)
{
	int flag = 0;
	for (;;) {
		MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag,
		           st);
		if (flag)
			return true;
		if (search_stop_requested(stop))
			return false;
		struct timespec ts = {0, DIST_IDLE_POLL_US * 1000L};
		nanosleep(&ts, NULL);
	}
}

/* Rank 0, when a run ends early: answer every worker's first request
 * with a stop. */
void
mpi_release_workers(const struct mpi_world *w)
{
	for (int r = 1; r < w->size; r++) {
		MPI_Recv(NULL, 0, MPI_BYTE, r, TAG_READY, MPI_COMM_WORLD,
		         MPI_STATUS_IGNORE);
		MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
	}
}

/* The flags of another process's descriptor (/proc/PID/fdinfo/FD), or -1
 * when it is not open. */
static int
fd_flags(pid_t pid, int fd)
{
	char path[64], line[128];
	snprintf(path, sizeof path, "/proc/%ld/fdinfo/%d", (long)pid, fd);
	FILE *f = fopen(path, "r");
	int flags = -1;
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, "flags:", 6) == 0)
			flags = (int)strtol(line + 6, NULL, 8);
	fclose(f);
	return flags;
}

/* Whether pid is mpirun (Open MPI's launcher, by any of its names). */
static bool
is_mpirun(pid_t pid)
{
	static const char *const names[] = {"mpirun", "mpiexec", "orterun",
	                                    "prterun"};
	char path[64], comm[64] = "";
	snprintf(path, sizeof path, "/proc/%ld/comm", (long)pid);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return false;
	if (fgets(comm, sizeof comm, f) == NULL)
		comm[0] = '\0';
	fclose(f);
	comm[strcspn(comm, "\n")] = '\0';
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(comm, names[i]) == 0)
			return true;
	return false;
}

void
mpi_stdout_direct(const struct mpi_world *w)
{
	pid_t ppid = getppid();
	if (w->rank != 0 || getenv("OMPI_COMM_WORLD_RANK") == NULL ||
	    !is_mpirun(ppid))
		return;
	int flags = fd_flags(ppid, STDOUT_FILENO);
	int fd = -1;
	if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY) {
		/* mpirun's standard output is closed (its descriptor 1, if
		 * any, is something of its own opened later): ours then
		 * fails as it would under >&-, a descriptor open for
		 * reading only (EBADF on write). */
		fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	} else {
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_getfd)
		/* the same open file: its offset and O_APPEND shared */
		int pidfd = (int)syscall(SYS_pidfd_open, ppid, 0);
		if (pidfd >= 0) {
			fd = (int)syscall(SYS_pidfd_getfd, pidfd, STDOUT_FILENO,
			                  0);
			close(pidfd);
		}
#endif
		struct stat st;
		char path[64];
		snprintf(path, sizeof path, "/proc/%ld/fd/1", (long)ppid);
		/* without pidfd_getfd() (an older kernel, a ptrace policy):
		 * a new open of a pipe, a FIFO or a device, where no offset
		 * is shared; a regular file stays with mpirun */
		if (fd < 0 && stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
		    !S_ISSOCK(st.st_mode))
			fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	}
	if (fd < 0)
		return;
	fflush(stdout);
	dup2(fd, STDOUT_FILENO);
	close(fd);
}

int
mpi_usage(const struct mpi_world *w, const char *msg)
{
	if (w->rank == 0)
		cli_error("%s", msg);
	return CLI_EXIT_USAGE;
}

void
mpi_quiet_begin(const struct mpi_world *w, struct quiet *q)
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

void
mpi_quiet_end(struct quiet *q)
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

int
mpi_parse_options(const struct mpi_world *w, struct options *o, int argc,
                  char **argv)
{
	struct quiet q;
	mpi_quiet_begin(w, &q);
	int r = options_parse(o, argc, argv);
	mpi_quiet_end(&q);
	return r;
}
