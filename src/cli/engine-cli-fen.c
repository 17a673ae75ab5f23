/* engine-cli-fen.c -- positions in Fairy-Stockfish's FEN of its Connect
 * Four (the cfour variant, docs/engine-protocol.md): read by `position
 * fen`, written by `d`.  The board's ranks top first, separated by '/',
 * 'P' the first player's stone, 'p' the second's, a number for a run of
 * empty cells; the stones in hand in brackets; the side to move (w the
 * first player); castling, en passant and the half-move clock as '-', '-'
 * and 0; the move number.  The start: 7/7/7/7/7/7[PPP...ppp...] w - - 0 1.
 *
 * A FEN holds the stones, not the order they were dropped in: reading one
 * finds an order of drops that reaches it (the side to move alternating,
 * no four before the last stone), the position's only history the search
 * needs. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/engine-cli-int.h"
#include "core/util.h"

/* Drops tried while looking for an order that reaches a FEN's stones:
 * with the hopeless states remembered, more than every state of a 7x6
 * board (7^7) takes. */
#define FEN_ORDER_TRIES 20000000L

void
eng_fen_write(const board_t *b, char *buf, size_t len)
{
	size_t n = 0;
	int stones[3] = {0, 0, 0};
#define PUT(...)                                                               \
	do {                                                                   \
		if (n < len)                                                   \
			n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__);  \
	} while (0)
	for (int row = b->h - 1; row >= 0; row--) {
		int run = 0;
		for (int col = 0; col < b->w; col++) {
			int who = board_cell(b, col, row);
			if (who == 0) {
				run++;
				continue;
			}
			stones[who]++;
			if (run)
				PUT("%d", run);
			run = 0;
			PUT("%c", who == 1 ? 'P' : 'p');
		}
		if (run)
			PUT("%d", run);
		if (row > 0)
			PUT("/");
	}
	const int cells = b->w * b->h;
	int hand1 = (cells + 1) / 2 - stones[1];
	int hand2 = cells / 2 - stones[2];
	PUT("[");
	for (int i = 0; i < hand1; i++)
		PUT("P");
	for (int i = 0; i < hand2; i++)
		PUT("p");
	PUT("] %c - - 0 %d", b->moves % 2 == 0 ? 'w' : 'b', 1 + b->moves / 2);
#undef PUT
	if (n >= len && len > 0)
		buf[len - 1] = '\0';
}

/* The cells of a FEN's board part: who[col][row] (0 empty, 1, 2).  NULL,
 * or why not. */
static const char *
fen_cells(const char *s, int w, int h, int who[][BOARD_MAX_HEIGHT], size_t *at)
{
	int row = h - 1, col = 0;
	for (*at = 0; s[*at] != '\0' && s[*at] != '['; (*at)++) {
		char ch = s[*at];
		if (ch == '/') {
			if (col != w)
				return "a rank of the wrong width";
			if (--row < 0)
				return "more ranks than the board's height";
			col = 0;
		} else if (isdigit((unsigned char)ch)) {
			char *end;
			long run = strtol(s + *at, &end, 10);
			if (run < 1 || col + run > w)
				return "a rank of the wrong width";
			for (long i = 0; i < run; i++)
				who[col++][row] = 0;
			*at = (size_t)(end - s) - 1;
		} else if (ch == 'P' || ch == 'p') {
			if (col >= w)
				return "a rank of the wrong width";
			who[col++][row] = ch == 'P' ? 1 : 2;
		} else {
			return "not a stone (P, p), a number or '/'";
		}
	}
	if (row != 0 || col != w)
		return row > 0 ? "fewer ranks than the board's height"
		               : "a rank of the wrong width";
	return NULL;
}

/* The search for an order of drops: the stones to reach, and the states
 * (the columns' heights) from which no order reaches them, remembered in
 * a table of FEN_MEMO_SLOTS keys so that each state is tried once. */
#define FEN_MEMO_SLOTS (1u << 20)
struct fen_order {
	int (*who)[BOARD_MAX_HEIGHT];
	uint64_t *dead; /* keys + 1 of hopeless states, 0 empty; NULL none */
	int bits;       /* bits of a column's height in a key */
	long tries;
};

/* The heights of b as a key (0 when they do not fit 64 bits). */
static uint64_t
fen_key(const struct fen_order *f, const board_t *b)
{
	if (f->dead == NULL)
		return 0;
	uint64_t k = 0;
	for (int col = 0; col < b->w; col++)
		k = k << f->bits | (uint64_t)board_column_height(b, col);
	return k + 1;
}

static uint64_t *
fen_slot(const struct fen_order *f, uint64_t key)
{
	uint64_t i = (key * 0x9e3779b97f4a7c15ull) >> 44;
	while (f->dead[i] != 0 && f->dead[i] != key)
		i = (i + 1) & (FEN_MEMO_SLOTS - 1);
	return &f->dead[i];
}

/* Drops from b that reach the stones with n more to drop (the side to
 * move alternating, no four before the last stone); true with b the
 * position reached. */
static bool
fen_order(struct fen_order *f, board_t *b, int n)
{
	if (n == 0)
		return true;
	const uint64_t key = fen_key(f, b);
	if (key != 0 && *fen_slot(f, key) == key)
		return false;
	const int me = 1 + b->moves % 2;
	for (int col = 0; col < b->w; col++) {
		if (--f->tries < 0)
			return false;
		int row = board_column_height(b, col);
		if (row >= b->h || f->who[col][row] != me)
			continue;
		board_t nb = *b;
		if (board_play_checked(&nb, col) != BOARD_OK ||
		    (nb.over && n > 1))
			continue;
		if (fen_order(f, &nb, n - 1)) {
			*b = nb;
			return true;
		}
	}
	if (key != 0 && f->tries >= 0)
		*fen_slot(f, key) = key;
	return false;
}

const char *
eng_fen_read(char **argv, int argc, int *used, int w, int h, board_t *out)
{
	int who[BOARD_MAX_WIDTH][BOARD_MAX_HEIGHT];
	size_t at;
	if (argc < 1)
		return "no FEN after 'fen'";
	const char *s = argv[0];
	const char *why = fen_cells(s, w, h, who, &at);
	if (why != NULL)
		return why;
	/* the stones in hand: checked for their letters only */
	if (s[at] == '[') {
		const char *end = strchr(s + at, ']');
		if (end == NULL || end[1] != '\0')
			return "stones in hand not closed by ']'";
		for (const char *p = s + at + 1; p < end; p++)
			if (*p != 'P' && *p != 'p')
				return "stones in hand other than P and p";
	}
	int count[3] = {0, 0, 0};
	for (int col = 0; col < w; col++) {
		bool gap = false;
		for (int row = 0; row < h; row++) {
			if (who[col][row] == 0)
				gap = true;
			else if (gap)
				return "a stone above an empty cell";
			count[who[col][row]]++;
		}
	}
	if (count[1] != count[2] && count[1] != count[2] + 1)
		return "the first player's stones are not as many as the "
		       "second's or one more";
	*used = 1;
	/* the side to move, then the fields of chess (-, -, clocks) */
	if (argc > 1 && strcmp(argv[1], "moves") != 0) {
		const char *side = argv[1];
		if (strcmp(side, "w") != 0 && strcmp(side, "b") != 0)
			return "the side to move is not w or b";
		if ((side[0] == 'w') != (count[1] == count[2]))
			return "the side to move does not match the stones";
		*used = 2;
		while (*used < argc && *used < 6 &&
		       strcmp(argv[*used], "moves") != 0)
			(*used)++;
	}
	struct fen_order f = {.who = who, .tries = FEN_ORDER_TRIES};
	f.bits = 1;
	while ((1 << f.bits) <= h)
		f.bits++;
	if (f.bits * w <= 63)
		f.dead = xcalloc(FEN_MEMO_SLOTS, sizeof *f.dead);
	board_t b;
	board_init(&b, w, h);
	bool found = fen_order(&f, &b, count[1] + count[2]);
	free(f.dead);
	if (!found)
		return f.tries < 0 ? "no order of drops found that reaches it"
		                   : "no order of drops reaches it (four in a "
		                     "row before the last stone, or the sides "
		                     "cannot alternate)";
	*out = b;
	return NULL;
}

void
eng_cmd_d(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	char fen[BOARD_MAX_CELLS * 3 + 64], text[BOARD_MAX_CELLS * 4 + 64];
	if (!g->pos_ok) {
		eng_error(g, "d: no position (the last position command was "
		             "refused)");
		return;
	}
	board_format(&g->pos, text, sizeof text);
	for (char *line = strtok(text, "\n"); line != NULL;
	     line = strtok(NULL, "\n"))
		eng_say(g, "%s", line);
	eng_fen_write(&g->pos, fen, sizeof fen);
	eng_say(g, "Fen: %s", fen);
}
