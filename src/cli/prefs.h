/* prefs.h -- the settings a player's games remember: the file
 * $DROPFOUR_CONFIG, else $XDG_CONFIG_HOME/dropfour/config, else
 * ~/.config/dropfour/config, one "key = value" a line ('#' comments):
 *
 *   level = club        beginner casual club strong expert perfect, or
 *                       custom (the expert's depth below)
 *   threads = 2         1..64
 *   depth = 12          1..64 (the custom level's depth)
 *   split = deep        deep, root or lazy
 *   colour = on         on or off
 *   motion = on         on or off (off: no falling tokens, no spinners)
 *   mouse = on          on or off (off: the terminal selects and copies)
 *
 * The command line wins over the file.  A malformed file is reported with
 * its line, ignored (the defaults are used) and never overwritten; a good
 * one is rewritten atomically as the game ends.
 */
#ifndef DROPFOUR_PREFS_H
#define DROPFOUR_PREFS_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/options.h"

struct prefs {
	int level;                 /* enum level_id; -1 custom; -2 not set */
	int threads;               /* 0: not set */
	int depth;                 /* 0: not set */
	int split;                 /* enum split_scheme; -1 not set */
	int colour, motion, mouse; /* 1 on, 0 off, -1 not set */
	bool broken;               /* the file was malformed: never write it */
	char warning[600]; /* what prefs_load() said, for the game's screen */
	char path[4096];
};

/* Read the file (a missing one is empty, not an error).  Returns 0, or -1
 * after writing a warning naming the file and line into err (the settings
 * are then all unset and c->broken is set). */
int prefs_load(struct prefs *c, char *err, size_t errlen);
/* Write c atomically (its folder made if missing).  0, or -1 with errno;
 * nothing is written for a broken file. */
int prefs_save(const struct prefs *c);
/* Settings from c for what the command line did not set. */
void prefs_apply(const struct prefs *c, struct options *o);

#endif
