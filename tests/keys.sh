#!/bin/sh
# keys.sh -- the key table in src/ui/ui-keys.c is the one list of the game's
# keys: the help overlay and the key bars are drawn from it, and here
# `dropfour --help` and the man page's KEYS section must name every key of
# it (a key added to the table and forgotten in the documentation fails).
#
# Run by `make check` with $DROPFOUR naming the binary and $srcdir the
# source tree.
set -f # keys such as ? are not file patterns
. "$(dirname "$0")/lib-check.sh"
check_begin keys
: "${srcdir:=.}"
table=$srcdir/src/ui/ui-keys.c
man=$srcdir/man/dropfour.6.in
for f in "$table" "$man"; do
	[ -e "$f" ] || { echo "keys: ERROR: $f is missing" >&2; exit 99; }
done

# Every `.keys = "..."` of the table (the mouse's NULL entry has none).
keys=$(sed -n 's/.*\.keys = "\([^"]*\)".*/\1/p' "$table")
nkeys=$(printf '%s\n' "$keys" | grep -c .)
[ "$nkeys" -ge 15 ] || fail "only $nkeys keys found in $table"

# --help lists each entry as "  KEYS  what".
help=$("$DROPFOUR" --help) || fail "dropfour --help failed"

# The words set in bold in the man page's KEYS section: .B and .BR lines,
# with quoted (roman) pieces dropped and \- read as -.
manwords=$(sed -n '/^\.\\" SECTION: keys/,/^\.\\" \/SECTION: keys/p' "$man" |
	grep -E '^\.BR? ' | sed -e 's/^\.BR* //' -e 's/"[^"]*"/ /g' \
	    -e 's/\\-/-/g' | tr ' ' '\n' | grep -v '^$' | sort -u)
[ -n "$manwords" ] || fail "no KEYS section in $man"

printf '%s\n' "$keys" | while IFS= read -r k; do
	printf '%s\n' "$help" | grep -Fq -- "  $k  " ||
	    echo "FAIL: --help does not list the key '$k'"
	for word in $k; do
		printf '%s\n' "$manwords" | grep -Fxq -- "$word" ||
		    echo "FAIL: the man page's KEYS section does not name '$word' (key '$k')"
	done
done >"$tmp/fails"
if [ -s "$tmp/fails" ]; then
	cat "$tmp/fails"
	failed=$((failed + $(grep -c . "$tmp/fails")))
fi
echo "# keys.sh: $nkeys keys of the table checked"
check_end
