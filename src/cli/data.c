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

/* The folder of the running program, or false where the system cannot
 * say (no /proc). */
static bool
program_dir(char *buf, size_t len)
{
#ifdef HAVE_PROC_SELF_EXE
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (slash == NULL)
		return false;
	*slash = '\0';
	return snprintf(buf, len, "%s", exe) < (int)len;
#else
	(void)buf;
	(void)len;
	return false;
#endif
}

/* True if the running program is the one built in this build tree (not
 * installed): its folder is the build tree's top. */
static bool
in_build_tree(void)
{
	char dir[PATH_MAX], a[PATH_MAX], b[PATH_MAX];
	return program_dir(dir, sizeof dir) && realpath(dir, a) != NULL &&
	       realpath(BUILDDIR, b) != NULL && strcmp(a, b) == 0;
}

bool
data_find(const char *name, char *buf, size_t len)
{
	const char *env = getenv("DROPFOUR_DATADIR");
	if (env != NULL && env[0] != '\0')
		return try_dir(env, name, buf, len);
	/* A program run from its build tree reads the source tree's data,
	 * not an older install's. */
	if (in_build_tree() && try_dir(SRCDATADIR, name, buf, len))
		return true;
	if (try_dir(PKGDATADIR, name, buf, len))
		return true;
	/* A relocated install: BINDIR/../share/dropfour. */
	char exe[PATH_MAX];
	if (!program_dir(exe, sizeof exe))
		return false;
	char dir[PATH_MAX + 32];
	snprintf(dir, sizeof dir, "%s/../share/%s", exe, PACKAGE);
	return try_dir(dir, name, buf, len);
}

void
data_describe(char *buf, size_t len)
{
	const char *env = getenv("DROPFOUR_DATADIR");
	if (env != NULL && env[0] != '\0')
		snprintf(buf, len, "looked in DROPFOUR_DATADIR=%s", env);
	else if (in_build_tree())
		snprintf(buf, len, "looked in %s, %s and beside the program",
		         SRCDATADIR, PKGDATADIR);
	else
		snprintf(buf, len, "looked in %s and beside the program",
		         PKGDATADIR);
}
