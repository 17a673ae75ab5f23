/* data.c -- finding the package data (the shipped opening book) at run
 * time: the environment, the install folder, or beside the program. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/data.h"

static bool
regular_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool
try_dir(const char *dir, const char *name, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/%s", dir, name);
	return n > 0 && (size_t)n < len && regular_file(buf);
}

bool
data_find(const char *name, char *buf, size_t len)
{
	const char *env = getenv("DROPFOUR_DATADIR");
	if (env != NULL && env[0] != '\0')
		return try_dir(env, name, buf, len);
	if (try_dir(PKGDATADIR, name, buf, len))
		return true;
	/* A relocated install: BINDIR/../share/dropfour. */
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (slash == NULL)
		return false;
	*slash = '\0';
	char dir[PATH_MAX + 32];
	snprintf(dir, sizeof dir, "%s/../share/%s", exe, PACKAGE);
	return try_dir(dir, name, buf, len);
}
