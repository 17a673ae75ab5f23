/* output.c -- standard output checked after each line and at exit, in the
 * manner of gnulib's close_stdout(): a program whose output went nowhere
 * must not say it succeeded; and the one rule for the files a mode writes
 * (-o, --csv): checked before the work, replaced atomically, a device or
 * FIFO written in place.  The programs' searches are made in
 * output-search.c. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "core/util.h"

static bool reported;

static void
report(int err)
{
	if (!reported)
		fprintf(stderr, "%s: write error: %s\n", cli_program(),
		        err != 0 ? strerror(err) : "unknown error");
	reported = true;
}

bool
output_flush(void)
{
	if (reported)
		return false;
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		report(errno);
		return false;
	}
	return true;
}

/* At exit: flush and close standard output.  A closed descriptor with
 * nothing written to it is no error (a mode that prints nothing may run
 * with >&-). */
static void
close_stdout(void)
{
	bool pending = __fpending(stdout) != 0;
	bool prev = ferror(stdout) != 0;
	errno = 0;
	int r = fclose(stdout);
	int err = errno;

	if (reported || prev || (r != 0 && (pending || err != EBADF))) {
		report(prev && err == 0 ? EIO : err);
		_exit(CLI_EXIT_FAILURE);
	}
}

void
output_init(const char *name)
{
	cli_set_program(name);
	util_set_oom_handler(cli_out_of_memory);
	/* A closed pipe is a write error like a full disk: reported once,
	 * the run stopped with a failure status, and not a silent death
	 * that leaves a journal or a rank half done. */
	signal(SIGPIPE, SIG_IGN);
	atexit(close_stdout);
}

/* ---- output files ---------------------------------------------------- */

/* "OPTION PATH: why", with the folder named when it is the trouble. */
static void
output_file_refuse(const char *option, const char *path, int err)
{
	const char *slash = strrchr(path, '/');
	int dlen = slash == NULL ? 1 : slash == path ? 1 : (int)(slash - path);
	const char *dir = slash == NULL ? "." : slash == path ? "/" : path;

	switch (err) {
	case EISDIR:
		cli_error("%s %s: is a folder; name a file to write", option,
		          path);
		break;
	case ENOENT:
		cli_error("%s %s: the folder %.*s does not exist", option, path,
		          dlen, dir);
		break;
	case ENOTDIR:
		cli_error("%s %s: %.*s is not a folder", option, path, dlen,
		          dir);
		break;
	case EACCES:
	case EROFS:
		cli_error("%s %s: cannot write in the folder %.*s: %s", option,
		          path, dlen, dir, strerror(err));
		break;
	default:
		cli_error("%s %s: %s", option, path, strerror(err));
	}
}

int
output_file_check(const char *option, const char *path)
{
	char *target;
	enum util_output how;

	if (path == NULL)
		return 0;
	if (path[0] == '\0') {
		cli_error("%s: an empty file name", option);
		return -1;
	}
	if (util_output_target(path, &target, &how) != 0) {
		output_file_refuse(option, path, errno);
		return -1;
	}
	/* a device or FIFO must be writable by us (a FIFO is not opened
	 * here: that would wait for its reader) */
	if (how == UTIL_OUTPUT_IN_PLACE && access(target, W_OK) != 0) {
		cli_error("%s %s: %s", option, path, strerror(errno));
		free(target);
		return -1;
	}
	free(target);
	return 0;
}

int
output_file_open(struct output_file *of, const char *option, const char *path)
{
	enum util_output how;

	memset(of, 0, sizeof *of);
	of->path = path;
	of->option = option;
	if (util_output_target(path, &of->target, &how) != 0) {
		output_file_refuse(option, path, errno);
		return -1;
	}
	if (how == UTIL_OUTPUT_IN_PLACE) {
		of->f = fopen(of->target, "w");
	} else {
		size_t len = strlen(of->target) + 16;
		of->tmp = xmalloc(len);
		snprintf(of->tmp, len, "%s.tmpXXXXXX", of->target);
		int fd = mkstemp(of->tmp);
		if (fd >= 0 && (fchmod(fd, 0644) != 0 ||
		                (of->f = fdopen(fd, "w")) == NULL)) {
			int saved = errno;
			close(fd);
			unlink(of->tmp);
			errno = saved;
		}
	}
	if (of->f == NULL) {
		cli_error("%s: %s", path, strerror(errno));
		free(of->tmp);
		free(of->target);
		return -1;
	}
	return 0;
}

int
output_file_close(struct output_file *of)
{
	int rc = 0;
	errno = 0;
	if (fflush(of->f) != 0 || ferror(of->f) ||
	    (of->tmp != NULL && fsync(fileno(of->f)) != 0))
		rc = -1;
	int err = errno;
	if (fclose(of->f) != 0 && rc == 0) {
		rc = -1;
		err = errno;
	}
	if (rc == 0 && of->tmp != NULL && rename(of->tmp, of->target) != 0) {
		rc = -1;
		err = errno;
	}
	if (rc != 0) {
		cli_error("%s: %s", of->path, strerror(err != 0 ? err : EIO));
		if (of->tmp != NULL)
			unlink(of->tmp);
	}
	free(of->tmp);
	free(of->target);
	of->f = NULL;
	of->tmp = of->target = NULL;
	return rc;
}
