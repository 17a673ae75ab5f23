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
 * searched, or none only on a full board; no answer holds a control
 * byte; nothing is left unanswered at the end of the input.
 */
#include "config.h"

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
		             (unsigned char)*p != 0x7f);
	if (strncmp(text, "scores", 6) == 0) {
		fuzz_require(w->pending && w->analyze);
		w->pending = false;
	} else if (strncmp(text, "bestmove ", 9) == 0) {
		fuzz_require(w->pending && !w->analyze);
		w->pending = false;
		if (strncmp(text + 9, "none", 4) == 0) {
			fuzz_require(board_is_full(&w->b));
			return;
		}
		int c = board_char_col((unsigned char)text[9]);
		fuzz_require(text[10] == ' ');
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
