#!/bin/sh
# sizes.sh -- no room of the house too big to read: no file of src/ over
# MAX_LINES lines, no function over MAX_FUNC lines.  A function is what
# clang-format (tests/format.sh) leaves as a name and "(" at column 0, a
# "{" alone at column 0, and its end, the next "}" at column 0; its length
# counts from its name's line to the closing brace.
#
# Nothing is exempt (EXEMPT names a file with its reason, should one ever
# need to be).
. "$(dirname "$0")/lib-check.sh"
check_scratch sizes
top=${srcdir:-$(dirname "$0")/..}
MAX_LINES=900
MAX_FUNC=100
EXEMPT=""
[ -d "$top/src" ] || check_skip "no src/ under $top"

exempt() {
	for e in $EXEMPT; do
		[ "$1" = "$e" ] && return 0
	done
	return 1
}

(cd "$top" && find src -name '*.[ch]' | LC_ALL=C sort) >"$tmp/files"
n=0
while read -r f; do
	n=$((n + 1))
	exempt "$f" && continue
	lines=$(wc -l <"$top/$f")
	[ "$lines" -le $MAX_LINES ] ||
		fail "$f: $lines lines (at most $MAX_LINES; split it by job)"
	awk -v f="$f" -v max=$MAX_FUNC '
		/^[A-Za-z_][A-Za-z_0-9]*\(/ { name = $0; sub(/\(.*/, "", name);
		                              start = FNR; next }
		/^\{/ && name != "" { body = 1; next }
		/^}/ && body { len = FNR - start + 1
		               if (len > max)
		                   printf "%s: %s() is %d lines (at most %d)\n",
		                       f, name, len, max
		               body = 0; name = "" }
		/^[^ \t{}]/ && !body && !/^[A-Za-z_][A-Za-z_0-9]*\(/ { name = "" }
	' "$top/$f" >"$tmp/long"
	while read -r line; do
		fail "$line; split it into named steps"
	done <"$tmp/long"
done <"$tmp/files"
[ $n -gt 0 ] || fail "no C file found under $top/src"
check_end
