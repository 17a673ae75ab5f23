/* fuzz-util.c -- files for the fuzz targets that read and write them:
 * inputs handed over as in-memory files, and one scratch file per process
 * on a tmpfs where there is one (no disk writes, fsync costs nothing). */
#define _GNU_SOURCE
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"

static char scratch_path[4096];

static void
scratch_remove(void)
{
	unlink(scratch_path);
	char *slash = strrchr(scratch_path, '/');
	if (slash != NULL) {
		*slash = '\0';
		rmdir(scratch_path);
	}
}

const char *
fuzz_scratch(const char *name)
{
	if (scratch_path[0] != '\0')
		return scratch_path;
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" :
	    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp";
	char dir[2048];
	snprintf(dir, sizeof dir, "%s/dropfour-fuzz.XXXXXX", base);
	fuzz_require(mkdtemp(dir) != NULL);
	snprintf(scratch_path, sizeof scratch_path, "%s/%s", dir, name);
	atexit(scratch_remove);
	return scratch_path;
}

int
fuzz_memory_file(const uint8_t *data, size_t size, char *path, size_t len)
{
	int fd = memfd_create("fuzz", 0);
	fuzz_require(fd >= 0);
	for (size_t done = 0; done < size;) {
		ssize_t n = write(fd, data + done, size - done);
		fuzz_require(n > 0);
		done += (size_t)n;
	}
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}
