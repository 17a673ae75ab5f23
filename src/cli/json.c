/* json.c -- the one writer of the programs' JSON Lines: objects with their
 * "type" first, escaped strings, scores as numbers or null with their kind
 * beside them (docs/json.md). */
#include "config.h"

#include "cli/json.h"

static void
key(struct json *j, const char *name)
{
	if (!j->first)
		fputc(',', j->f);
	j->first = false;
	if (name != NULL)
		fprintf(j->f, "\"%s\":", name);
}

static void
string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

void
json_begin(struct json *j, FILE *f, const char *type)
{
	j->f = f;
	j->first = false;
	fputs("{\"type\":", f);
	string(f, type);
}

void
json_open(struct json *j, const char *name, char bracket)
{
	key(j, name);
	fputc(bracket, j->f);
	j->first = true;
}

void
json_close(struct json *j, char bracket)
{
	fputc(bracket, j->f);
	j->first = false;
}

void
json_end(struct json *j)
{
	fputs("}\n", j->f);
}

void
json_str(struct json *j, const char *name, const char *s)
{
	key(j, name);
	if (s == NULL)
		fputs("null", j->f);
	else
		string(j->f, s);
}

void
json_int(struct json *j, const char *name, long long v)
{
	key(j, name);
	fprintf(j->f, "%lld", v);
}

void
json_uint(struct json *j, const char *name, uint64_t v)
{
	key(j, name);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

void
json_real(struct json *j, const char *name, double v, int decimals)
{
	key(j, name);
	if (v != v || v > 1e300 || v < -1e300) /* NaN, inf: not JSON */
		fputs("null", j->f);
	else
		fprintf(j->f, "%.*f", decimals, v);
}

void
json_bool(struct json *j, const char *name, bool v)
{
	key(j, name);
	fputs(v ? "true" : "false", j->f);
}

void
json_null(struct json *j, const char *name)
{
	key(j, name);
	fputs("null", j->f);
}

const char *
json_kind(enum score_kind k, bool weak)
{
	switch (k) {
	case SCORE_EXACT:
		return weak ? "weak" : "exact";
	case SCORE_LOWER:
	case SCORE_UPPER:
		return "bound";
	case SCORE_HEURISTIC:
		return "heuristic";
	default:
		return "unknown";
	}
}

void
json_score(struct json *j, enum score_kind k, int score, bool weak)
{
	if (k == SCORE_NONE)
		json_null(j, "score");
	else
		json_int(j, "score", score);
	json_str(j, "kind", json_kind(k, weak));
	if (k == SCORE_LOWER || k == SCORE_UPPER)
		json_str(j, "bound", k == SCORE_LOWER ? "lower" : "upper");
}

void
json_columns(struct json *j, const char *name, uint32_t mask, int width)
{
	bool first = true;
	key(j, name);
	fputc('[', j->f);
	for (int c = 0; c < width && c < 32; c++)
		if (mask & (1u << c)) {
			fprintf(j->f, "%s%d", first ? "" : ",", c + 1);
			first = false;
		}
	fputc(']', j->f);
}

void
json_error(FILE *f, const char *file, long line, const char *message)
{
	struct json j;
	json_begin(&j, f, "error");
	json_str(&j, "file", file);
	if (line > 0)
		json_int(&j, "line", line);
	else
		json_null(&j, "line");
	json_str(&j, "message", message);
	json_end(&j);
}
