/* fuzz-engine.c -- the engine protocol (`dropfour engine`,
 * src/cli/engine-cli*.c) fed random command streams.
 *
 * The input is what a GUI would write, lines split at '\n'; it is served
 * from a file in memory through engine_cli_serve(), as standard input
 * would be, with every answer line caught by a hook and searches kept
 * small (at most 2000 nodes, one thread, the smallest table, no book
 * files).  Promises held: no crash; every search started (go, analyze) is
 * answered by exactly one bestmove (scores for analyze) before the next
 * one starts, in order; a bestmove names a legal column of the position
 * searched (a column's character, or P@d1 after UCI_Variant cfour), or
 * none (`none`, `(none)` in strict UCI) only on a full board or for a go
 * that started no search (a refused go, no position, a finished game);
 * no answer holds a control byte or a byte from 0x80 up; nothing is left
 * unanswered at the end of the input.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "cli/engine-cli-int.h"

struct watch {
	bool pending; /* a search started and not yet answered */
	bool analyze;
	board_t b;
};

static void
on_started(void *ctx, const board_t *b, bool analyze)
{
	struct watch *w = ctx;
	fuzz_require(!w->pending);
	w->pending = true;
	w->analyze = analyze;
	w->b = *b;
}

static void
on_line(void *ctx, const char *text)
{
	struct watch *w = ctx;
	for (const char *p = text; *p; p++)
		fuzz_require((unsigned char)*p >= 0x20 &&
		             (unsigned char)*p < 0x7f);
	if (strncmp(text, "info string ", 12) == 0)
		text += 12; /* strict UCI: dropfour's own lines behind it */
	if (strncmp(text, "scores", 6) == 0) {
		fuzz_require(w->pending && w->analyze);
		w->pending = false;
	} else if (strncmp(text, "bestmove ", 9) == 0) {
		const char *m = text + 9;
		if (strncmp(m, "none", 4) == 0 ||
		    strncmp(m, "(none)", 6) == 0) {
			/* a go that started no search, or a full board */
			fuzz_require(!w->pending || board_is_full(&w->b));
			w->pending = false;
			return;
		}
		fuzz_require(w->pending && !w->analyze);
		w->pending = false;
		int c;
		if (m[0] == 'P' && m[1] == '@') {
			c = m[2] - 'a';
			fuzz_require(c >= 0 && c < w->b.w &&
			             m[3] - '0' ==
			                 board_column_height(&w->b, c) + 1);
		} else {
			c = board_char_col((unsigned char)m[0]);
			fuzz_require(m[1] == ' ' || m[1] == '\0');
		}
		fuzz_require(c >= 0 && c < w->b.w && !w->b.over &&
		             board_can_play(&w->b, c));
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct options o;
	struct watch w;
	char path[64];

	if (size > 4096)
		return 0; /* a few dozen commands are enough */
	memset(&o, 0, sizeof o);
	o.width = 7;
	o.height = 6;
	o.threads = 1;
	o.tt_mb = 1;
	memset(&w, 0, sizeof w);
	struct eng_hooks hooks = {
	    .line = on_line,
	    .started = on_started,
	    .ctx = &w,
	    .node_cap = 2000,
	    .small = true,
	};
	int fd = fuzz_memory_file(data, size, path, sizeof path);
	fuzz_require(fd >= 0);
	fuzz_require(lseek(fd, 0, SEEK_SET) == 0);
	engine_cli_serve(&o, NULL, fd, &hooks);
	close(fd);
	fuzz_require(!w.pending);
	return 0;
}
