/* engine-cli-say.c -- the engine protocol's words (docs/engine-protocol.md):
 * every answer as one flushed line (eng_say(), eng_error(); in strict UCI
 * what is not a UCI answer goes out behind "info string "), a move in the
 * notation the GUI chose (eng_move(), eng_parse_move()), input quoted back
 * safely (eng_quote()) and a number checked against its range
 * (eng_number()).  The bottom of the engine protocol's files: it calls
 * none of them. */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/engine-cli-int.h"
#include "cli/output.h"
#include "core/util.h"

/* Whether a line may go out as it is in strict UCI: the engine-to-GUI
 * commands of the UCI grammar.  Anything else (a note, dropfour's own
 * answers) goes out behind "info string ". */
static bool
uci_line(const char *line)
{
	static const char *const words[] = {
	    "id ",       "uciok",           "readyok",
	    "bestmove ", "copyprotection ", "registration ",
	    "option ",   "info ",
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strncmp(line, words[i], strlen(words[i])) == 0)
			return true;
	return false;
}

static void
say_line(struct eng *g, const char *line)
{
	const char *pre =
	    eng_strict(g) && !uci_line(line) ? "info string " : "";
	if (g->hooks != NULL && g->hooks->line != NULL) {
		char full[4200];
		snprintf(full, sizeof full, "%s%s", pre, line);
		g->hooks->line(g->hooks->ctx, full);
		return;
	}
	printf("%s%s\n", pre, line);
	if (!output_flush()) {
		g->out_error = true;
		g->quit = true;
	}
}

void
eng_say(struct eng *g, const char *fmt, ...)
{
	char line[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	say_line(g, line);
}

void
eng_error(struct eng *g, const char *fmt, ...)
{
	char line[4096];
	va_list ap;
	memcpy(line, "error ", 6);
	va_start(ap, fmt);
	vsnprintf(line + 6, sizeof line - 6, fmt, ap);
	va_end(ap);
	say_line(g, line); /* strict UCI: behind "info string " */
}

const char *
eng_move(const struct eng *g, const board_t *b, int col, char *buf)
{
	if (eng_cfour(g))
		snprintf(buf, 12, "P@%c%u", 'a' + col,
		         (unsigned)(board_column_height(b, col) + 1) % 1000u);
	else
		snprintf(buf, 12, "%c", board_col_char(col));
	return buf;
}

int
eng_parse_move(const board_t *b, const char *word)
{
	if (word[0] == 'P' && word[1] == '@') {
		int col = word[2] - 'a';
		char *end;
		long rank = strtol(word + 3, &end, 10);
		if (col < 0 || col >= b->w || end == word + 3 || *end ||
		    word[3] < '1' || word[3] > '9')
			return -1;
		return rank == board_column_height(b, col) + 1 ? col : -2;
	}
	if (word[0] == '\0' || word[1] != '\0')
		return -1;
	int col = board_char_col((unsigned char)word[0]);
	return col >= 0 && col < b->w ? col : -1;
}

const char *
eng_quote(const char *s, size_t n, char *buf, size_t len)
{
	size_t o = 0;
	for (size_t i = 0; i < n && o + 8 < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i >= 60 && n > 64) {
			memcpy(buf + o, "...", 3);
			o += 3;
			break;
		}
		/* control bytes, and bytes of 0x80 up so that every line
		 * written is valid UTF-8 (ASCII) whatever the input */
		if (c < 0x20 || c >= 0x7f || c == '\\')
			o += (size_t)snprintf(buf + o, len - o, "\\x%02x", c);
		else
			buf[o++] = (char)c;
	}
	buf[o] = '\0';
	return buf;
}

long
eng_number(struct eng *g, const char *what, const char *arg, long lo, long hi)
{
	char *end, q[96];
	errno = 0;
	long v = arg ? strtol(arg, &end, 10) : 0;
	if (arg == NULL || errno || end == arg || *end || v < lo || v > hi) {
		eng_error(g,
		          "%s: expected a whole number from %ld to %ld, "
		          "got '%s'",
		          what, lo, hi,
		          arg ? eng_quote(arg, strlen(arg), q, sizeof q) : "");
		return lo > 0 ? -1 : lo - 1;
	}
	return v;
}
