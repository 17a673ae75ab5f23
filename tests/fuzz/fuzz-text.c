/* fuzz-text.c -- the --text front-end's line handler, text_handle(), and
 * the AI's replies between the lines (text_ai_move()).
 *
 * Input: byte 0 picks who plays (human-human, human-AI, AI-human), bytes
 * 1 and 2 the board size (4..9 by 4..15, where it fits 64 bits), byte 3
 * the AI's depth (1 or 2), on boards of at most 20 cells perfect play,
 * and whether the AI moves through text_ai_move() and the engine's thread
 * or through a direct search (faster; the line handler is the target); the
 * rest is what is typed, one line per '\n'.  Each line goes to
 * text_handle() as text_main() would send it, the AI moving whenever it
 * is its turn, until a line quits or the game ends.  One engine and one
 * search (one thread, the smallest table) serve every input.  The process works
 * in a scratch folder and '/' in the input becomes '_', so that `w FILE` saves
 * stay there.  Promises held after every line: the game record is
 * consistent (its moves replay to its board, the state matches the board,
 * moves plus redo fit the board) and only q, quit or exit quit.  Run with
 * -close_fd_mask=3: the game prints a lot.
 */
#include "config.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "fuzz.h"
#include "cli/text-int.h"

static struct engine *engine;
static struct search *search;

/* The AI's move without the engine's thread: the same search, called
 * directly (a hand-over to the worker thread costs milliseconds on a busy
 * machine, more than the search). */
static void
direct_ai_move(struct text *t)
{
	struct search_result r;
	search_run(search, &t->g.board, &t->lim, &r);
	fuzz_require(r.move >= 0);
	fuzz_require(game_play(&t->g, r.move) == BOARD_OK);
}

static void
check_game(const struct game *g)
{
	char moves[BOARD_MAX_CELLS + 1];
	board_t b;

	fuzz_require(g->nmoves == g->board.moves);
	fuzz_require(g->nmoves >= 0 && g->nredo >= 0 &&
	             g->nmoves + g->nredo <= g->w * g->h);
	game_moves_string(g, moves, sizeof moves);
	fuzz_require(board_parse(&b, g->w, g->h, moves, (size_t)-1, NULL) ==
	             BOARD_OK);
	fuzz_require(b.mask == g->board.mask && b.current == g->board.current);
	enum game_state want =
	    b.over ? (board_to_move(&b) == 2 ? GAME_WIN1 : GAME_WIN2)
	    : board_is_full(&b) ? GAME_DRAW
	                        : GAME_ON;
	fuzz_require(g->state == want);
}

/* True if the line quits: its first word (blanks trimmed, words split at
 * spaces and tabs, as text_handle() reads it) is q, quit or exit in any
 * case; what follows is ignored ("quit now" quits). */
static bool
is_quit(const char *line)
{
	while (isspace((unsigned char)*line))
		line++;
	size_t n = strlen(line);
	while (n > 0 && isspace((unsigned char)line[n - 1]))
		n--;
	size_t w = strcspn(line, " \t");
	if (w > n)
		w = n;
	return (w == 1 && strncasecmp(line, "q", 1) == 0) ||
	       (w == 4 && strncasecmp(line, "quit", 4) == 0) ||
	       (w == 4 && strncasecmp(line, "exit", 4) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum play_mode modes[] = {PLAY_HUMAN_HUMAN, PLAY_HUMAN_AI,
	                                       PLAY_AI_HUMAN};
	struct options o;
	struct text t;

	if (size < 4)
		return 0;
	if (engine == NULL) {
		fuzz_require(chdir(fuzz_scratch_dir()) == 0);
		engine = engine_new(1, NULL, 0);
		search = search_new(1, NULL, 0);
	}
	memset(&o, 0, sizeof o);
	o.width = 4 + data[1] % 6;
	o.height = 4 + data[2] % 12;
	if (board_size_error(o.width, o.height) != NULL)
		return 0;
	o.mode = MODE_TEXT;
	o.game.play = modes[data[0] % 3];
	o.depth = 1 + data[3] % 2;
	o.perfect = (data[3] & 4) && o.width * o.height <= 20;
	o.threads = 1;
	o.tt_mb = 1;
	o.split = SPLIT_DEEP;
	o.games = o.bench.repeat = 1;
	/* The expert's settings above, not a named level (whose think time
	 * would make every AI move take most of a second). */
	o.level[0] = o.level[1] = -1;

	memset(&t, 0, sizeof t);
	static struct cli_session no_book = {.book = NULL};
	t.o = &o;
	t.session = &no_book;
	fuzz_require(text_setup(&t) == 0);
	t.e = engine;

	/* The lines, as NUL-terminated copies without '/'. */
	char *text = malloc(size - 4 + 1);
	fuzz_require(text != NULL);
	memcpy(text, data + 4, size - 4);
	text[size - 4] = '\0';
	for (char *p = text; p < text + size - 4; p++)
		if (*p == '/' || *p == '\0')
			*p = '_';
	char *line = text, *end = text + size - 4;
	while (t.g.state == GAME_ON) {
		if (game_current_player(&t.g) == PLAYER_AI) {
			if (data[3] & 8)
				fuzz_require(text_ai_move(&t) == 0);
			else
				direct_ai_move(&t);
			check_game(&t.g);
			continue;
		}
		if (line >= end)
			break;
		char *nl = strchr(line, '\n');
		if (nl != NULL)
			*nl = '\0';
		bool quit = is_quit(line);
		enum text_next next = text_handle(&t, line);
		fuzz_require((next == TEXT_QUIT) == quit);
		check_game(&t.g);
		if (next == TEXT_QUIT)
			break;
		line = nl != NULL ? nl + 1 : end;
	}
	free(text);
	return 0;
}
