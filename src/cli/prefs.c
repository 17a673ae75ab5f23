/* prefs.c -- the settings file of the games: where it is, reading it with
 * line-numbered warnings, writing it atomically, and applying it under
 * the command line (prefs.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/prefs.h"
#include "core/util.h"
#include "search/policy/level.h"
#include "search/node/stats.h"

static void
prefs_unset(struct prefs *c)
{
	c->level = -2;
	c->threads = c->depth = 0;
	c->split = -1;
	c->colour = c->motion = c->mouse = -1;
}

static void
prefs_where(struct prefs *c)
{
	const char *env = getenv("DROPFOUR_CONFIG");
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");

	if (env != NULL && env[0] != '\0')
		snprintf(c->path, sizeof c->path, "%s", env);
	else if (xdg != NULL && xdg[0] == '/')
		snprintf(c->path, sizeof c->path, "%s/dropfour/config", xdg);
	else if (home != NULL && home[0] != '\0')
		snprintf(c->path, sizeof c->path, "%s/.config/dropfour/config",
		         home);
	else
		c->path[0] = '\0';
}

static int
on_off(const char *v)
{
	if (strcmp(v, "on") == 0 || strcmp(v, "yes") == 0 ||
	    strcmp(v, "1") == 0)
		return 1;
	if (strcmp(v, "off") == 0 || strcmp(v, "no") == 0 ||
	    strcmp(v, "0") == 0)
		return 0;
	return -1;
}

static bool
number(const char *v, int lo, int hi, int *out)
{
	long n;
	if (!util_parse_long(v, lo, hi, &n))
		return false;
	*out = (int)n;
	return true;
}

/* One "key = value"; NULL, or what is wrong with it. */
static const char *
prefs_set(struct prefs *c, const char *key, const char *v)
{
	if (strcmp(key, "level") == 0) {
		if (strcmp(v, "custom") == 0)
			c->level = -1;
		else if ((c->level = level_find(v)) < 0)
			return "level must be beginner, casual, club, strong, "
			       "expert, perfect or custom";
	} else if (strcmp(key, "threads") == 0) {
		if (!number(v, 1, STATS_MAX_THREADS, &c->threads))
			return "threads must be 1..64";
	} else if (strcmp(key, "depth") == 0) {
		if (!number(v, 1, SEARCH_MAX_DEPTH, &c->depth))
			return "depth must be 1..64";
	} else if (strcmp(key, "split") == 0) {
		c->split = -1;
		for (int i = 0; i < SPLIT_NSCHEMES; i++)
			if (strcmp(v, search_split_names[i]) == 0)
				c->split = i;
		if (c->split < 0)
			return "split must be deep, root or lazy";
	} else if (strcmp(key, "colour") == 0 || strcmp(key, "color") == 0) {
		if ((c->colour = on_off(v)) < 0)
			return "colour must be on or off";
	} else if (strcmp(key, "motion") == 0) {
		if ((c->motion = on_off(v)) < 0)
			return "motion must be on or off";
	} else if (strcmp(key, "mouse") == 0) {
		if ((c->mouse = on_off(v)) < 0)
			return "mouse must be on or off";
	} else {
		return "unknown setting (level, threads, depth, split, colour, "
		       "motion, mouse)";
	}
	return NULL;
}

static char *
trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' ||
	                 s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

int
prefs_load(struct prefs *c, char *err, size_t errlen)
{
	char line[512];
	int lineno = 0;

	memset(c, 0, sizeof *c);
	prefs_unset(c);
	prefs_where(c);
	if (c->path[0] == '\0')
		return 0;
	FILE *f = fopen(c->path, "r");
	if (f == NULL) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "%s: %s (settings not read)", c->path,
		         strerror(errno));
		snprintf(c->warning, sizeof c->warning, "%s", err);
		c->broken = true;
		return -1;
	}
	const char *why = NULL;
	while (why == NULL && util_fgets(line, (int)sizeof line, f) != NULL) {
		lineno++;
		if (strchr(line, '\n') == NULL && !feof(f)) {
			why = "line too long";
			break;
		}
		char *s = trim(line);
		if (s[0] == '\0' || s[0] == '#')
			continue;
		char *eq = strchr(s, '=');
		if (eq == NULL) {
			why = "expected key = value";
			break;
		}
		*eq = '\0';
		why = prefs_set(c, trim(s), trim(eq + 1));
	}
	if (why == NULL && ferror(f))
		why = strerror(errno);
	fclose(f);
	if (why != NULL) {
		snprintf(
		    err, errlen,
		    "%s:%d: %s; the defaults are used and the file is left "
		    "as it is",
		    c->path, lineno, why);
		prefs_unset(c);
		c->broken = true;
		snprintf(c->warning, sizeof c->warning, "%s", err);
		return -1;
	}
	return 0;
}

/* mkdir -p of the folder that holds path. */
static void
make_parent(const char *path)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", path);
	for (char *p = dir + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(dir, 0777);
		*p = '/';
	}
}

int
prefs_save(const struct prefs *c)
{
	char buf[1024];
	int n = 0;

	if (c->broken || c->path[0] == '\0')
		return 0;
	n += snprintf(buf + n, sizeof buf - (size_t)n,
	              "# dropfour settings, written by the game (see "
	              "dropfour(6), FILES)\n");
	if (c->level >= -1)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "level = %s\n",
		              c->level < 0 ? "custom" : levels[c->level].name);
	if (c->threads > 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "threads = %d\n",
		              c->threads);
	if (c->depth > 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "depth = %d\n",
		              c->depth);
	if (c->split >= 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "split = %s\n",
		              search_split_names[c->split]);
	const char *const oo[] = {"off", "on"};
	if (c->colour >= 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "colour = %s\n",
		              oo[c->colour]);
	if (c->motion >= 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "motion = %s\n",
		              oo[c->motion]);
	if (c->mouse >= 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "mouse = %s\n",
		              oo[c->mouse]);
	make_parent(c->path);
	return util_write_atomic(c->path, buf, (size_t)n);
}

void
prefs_apply(const struct prefs *c, struct options *o)
{
	if (c->level >= -1 && !o->level_given && !o->depth_given &&
	    !o->perfect && !o->eval_average) {
		o->level[0] = o->level[1] = c->level;
		o->perfect = c->level == LEVEL_PERFECT;
	}
	if (c->depth > 0 && !o->depth_given)
		o->depth = c->depth;
	if (c->threads > 0 && !o->threads_given)
		o->threads = c->threads;
	if (c->split >= 0 && !o->split_given)
		o->split = (enum split_scheme)c->split;
	if (c->colour == 0)
		o->no_color = true;
	if (c->motion == 0 && !o->game.motion_given)
		o->game.reduced_motion = true;
	if (c->mouse == 0 && !o->game.mouse_given)
		o->game.no_mouse = true;
}
