/* fuzz-position.c -- the move-string parser, board_parse(), against the
 * plain grid of tests/brute.c.
 *
 * Input: byte 0 picks the width (4..9), byte 1 the height (4..15; sizes
 * past 128 bits are checked to be refused), the rest is the move
 * string, any bytes.  Promises held: the parse stops at exactly the first
 * character that the reference refuses, with the right error, and writes
 * nothing then; a parse that succeeds gives the reference's stones, turn and
 * winner; the NUL-terminated form agrees; board_format() draws those stones
 * and never writes past its buffer, even a short one.
 */
#include "config.h"

#include <string.h>

#include "core/board.h"
#include "../brute.h"
#include "fuzz.h"

/* What board_parse() must answer, from the reference. */
static enum board_err
expected(int w, int h, const uint8_t *s, size_t len, size_t *at,
         struct brute *g)
{
	bool over = false;

	brute_init(g, w, h);
	for (size_t i = 0; i < len; i++) {
		enum board_err e = BOARD_OK;
		/* '1'..'9', then 'a'..'g' or 'A'..'G' for columns 10..16;
		 * '0' is a column number that no board has. */
		int col = s[i] >= '0' && s[i] <= '9'   ? s[i] - '1'
		          : s[i] >= 'a' && s[i] <= 'g' ? 9 + s[i] - 'a'
		          : s[i] >= 'A' && s[i] <= 'G' ? 9 + s[i] - 'A'
		                                       : -2;
		if (col == -2)
			e = BOARD_ERR_CHAR;
		else if (col < 0 || col >= w)
			e = BOARD_ERR_RANGE;
		else if (over)
			e = BOARD_ERR_OVER;
		else if (!brute_can_play(g, col))
			e = BOARD_ERR_FULL;
		if (e != BOARD_OK) {
			*at = i;
			return e;
		}
		over = brute_play(g, col);
	}
	return BOARD_OK;
}

static void
check_format(const board_t *b, const struct brute *g)
{
	char buf[2048], small[37];
	int n = board_format(b, buf, sizeof buf);

	fuzz_require(n > 0 && (size_t)n < sizeof buf);
	fuzz_require(strlen(buf) == (size_t)n);
	/* Row r from the top is line r; cell c is character 2c. */
	const char *line = buf;
	for (int row = g->h - 1; row >= 0; row--) {
		for (int c = 0; c < g->w; c++) {
			static const char glyph[3] = {'.', 'X', 'O'};
			fuzz_require(line[2 * c] == glyph[g->cell[c][row]]);
		}
		line = strchr(line, '\n');
		fuzz_require(line != NULL);
		line++;
	}
	/* A short buffer: the same length is returned, the text is cut. */
	memset(small, 'Z', sizeof small);
	fuzz_require(board_format(b, small, sizeof small - 1) == n);
	fuzz_require(small[sizeof small - 1] == 'Z');
	fuzz_require(strncmp(small, buf, sizeof small - 2) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	int w = 4 + data[0] % 6, h = 4 + data[1] % 12;
	const char *s = (const char *)data + 2;
	size_t len = size - 2;

	if (board_size_error(w, h) != NULL) {
		fuzz_require(w * (h + 1) > BOARD_MAX_CELLS);
		return 0;
	}
	fuzz_require(w * (h + 1) <= BOARD_MAX_CELLS);

	struct brute g;
	size_t want_at = (size_t)-1, at = (size_t)-1;
	enum board_err want = expected(w, h, data + 2, len, &want_at, &g);
	board_t b, untouched;
	memset(&b, 0xA5, sizeof b);
	untouched = b;
	enum board_err e = board_parse(&b, w, h, s, len, &at);

	fuzz_require(e == want);
	if (e != BOARD_OK) {
		fuzz_require(at == want_at);
		fuzz_require(memcmp(&b, &untouched, sizeof b) == 0);
		fuzz_require(board_err_string(e)[0] != '\0');
		return 0;
	}
	fuzz_require(b.moves == (int32_t)len && g.moves == (int)len);
	fuzz_require(board_to_move(&b) == brute_to_move(&g));
	fuzz_require((b.over != 0) ==
	             brute_has_four(&g, 3 - brute_to_move(&g)));
	for (int c = 0; c < w; c++) {
		fuzz_require(board_column_height(&b, c) == g.height[c]);
		for (int r = 0; r < h; r++)
			fuzz_require(board_cell(&b, c, r) == g.cell[c][r]);
	}
	fuzz_require(board_is_full(&b) == ((int)len == w * h));
	check_format(&b, &g);

	/* The NUL-terminated form reads the same string. */
	if (memchr(s, '\0', len) == NULL) {
		char *z = malloc(len + 1);
		board_t b2;
		fuzz_require(z != NULL);
		memcpy(z, s, len);
		z[len] = '\0';
		fuzz_require(board_parse(&b2, w, h, z, (size_t)-1, NULL) ==
		             BOARD_OK);
		fuzz_require(board_key(&b2) == board_key(&b));
		free(z);
	}
	/* Mirroring twice is the identity. */
	board_t m, mm;
	board_mirror(&b, &m);
	board_mirror(&m, &mm);
	fuzz_require(mm.mask == b.mask && mm.current == b.current);
	fuzz_require(board_mirror_key(&b, board_key(&b)) == board_key(&m));
	return 0;
}
