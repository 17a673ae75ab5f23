/* book-build.c -- `dropfour book`: build an opening book, check one. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "book-build.h"
#include "book.h"

/* `dropfour book info FILE`: check the whole file, print its header. */
static int
book_info(const struct options *o, int argc, char **argv)
{
	char err[512];
	(void)o;
	if (argc != 1) {
		fputs("dropfour: book info takes one FILE\n", stderr);
		return 2;
	}
	struct book *bk = book_open(argv[0], err, sizeof err);
	if (bk == NULL) {
		fprintf(stderr, "dropfour: %s\n", err);
		return 1;
	}
	printf("%s: dropfour book, format %d, %dx%d board, positions up to "
	       "%d stones\n%" PRIu64 " entries, checksum %016" PRIx64 " (ok)\n",
	    argv[0], BOOK_VERSION, book_width(bk), book_height(bk),
	    book_ply(bk), book_count(bk), book_checksum(bk));
	book_free(bk);
	return 0;
}

static const struct {
	const char *name;
	int (*run)(const struct options *o, int argc, char **argv);
} book_commands[] = {
	{ "info", book_info },
};

int
book_main(const struct options *o)
{
	for (size_t i = 0; o->argc > 0 &&
	     i < sizeof book_commands / sizeof book_commands[0]; i++)
		if (strcmp(o->argv[0], book_commands[i].name) == 0)
			return book_commands[i].run(o, o->argc - 1,
			    o->argv + 1);
	fprintf(stderr, "dropfour: %s: book build or book info\n",
	    o->argc > 0 ? "unknown book command" : "missing book command");
	fputs("Try 'dropfour --help' for more information.\n", stderr);
	return 2;
}
