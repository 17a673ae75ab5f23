/* fuzz-util.c -- files for the fuzz targets that read and write them:
 * inputs handed over as in-memory files, and a scratch folder per process
 * on a tmpfs where there is one (no disk writes, fsync costs nothing). */
#define _GNU_SOURCE
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"

static char scratch_dir[2048];

/* At exit: empty the scratch folder (saves may have left files of any
 * name there) and remove it. */
static void
scratch_remove(void)
{
	DIR *d = opendir(scratch_dir);
	struct dirent *e;
	char path[4096];

	if (d != NULL) {
		while ((e = readdir(d)) != NULL) {
			snprintf(path, sizeof path, "%s/%s", scratch_dir,
			         e->d_name);
			if (strcmp(e->d_name, ".") != 0 &&
			    strcmp(e->d_name, "..") != 0)
				unlink(path);
		}
		closedir(d);
	}
	rmdir(scratch_dir);
}

const char *
fuzz_scratch_dir(void)
{
	if (scratch_dir[0] != '\0')
		return scratch_dir;
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm"
	                   : getenv("TMPDIR") != NULL    ? getenv("TMPDIR")
	                                                 : "/tmp";
	snprintf(scratch_dir, sizeof scratch_dir, "%s/dropfour-fuzz.XXXXXX",
	         base);
	fuzz_require(mkdtemp(scratch_dir) != NULL);
	atexit(scratch_remove);
	return scratch_dir;
}

const char *
fuzz_scratch(const char *name)
{
	static char path[4096];
	if (path[0] == '\0')
		snprintf(path, sizeof path, "%s/%s", fuzz_scratch_dir(), name);
	return path;
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
