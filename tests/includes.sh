#!/bin/sh
# includes.sh -- the include rule of docs/architecture.md holds: its table
# "| folder | includes from |" names exactly the folder-to-folder arrows
# that the sources have.  The arrows are computed from the tree: every
# `#include "X/..."` in a file of src/F/ (or in a file directly in src/,
# its own row "src/FILE") is an arrow F -> X when X is another folder of
# src/.  An arrow in the sources that the table lacks fails, and so does
# one in the table that no source has; so does a folder (or a file
# directly in src/) without a row, or a row naming none.  Text in
# parentheses in the table is a remark, not an arrow; "nothing" is no
# arrow.  Then tests/calls.pl: no two files of src/ that call each other
# in a loop, and no call or include from a lower subsystem of src/search
# (node/, policy/, engine/, dist/, bottom up) to a higher one.
. "$(dirname "$0")/lib-check.sh"
check_scratch includes
top=${srcdir:-$(dirname "$0")/..}
doc=$top/docs/architecture.md
[ -d "$top/src" ] || check_skip "no src/ under $top"
[ -f "$doc" ] || check_skip "no $doc"

# The owners: each folder of src/ as "F/", each C file directly in src/
# as "src/FILE".
(
	cd "$top/src" || exit 1
	for d in */; do
		[ -d "$d" ] && echo "$d"
	done
	for f in *.c *.h; do
		[ -f "$f" ] && echo "src/$f"
	done
) | LC_ALL=C sort >"$tmp/owners" || fail "cannot list $top/src"

# The arrows of the sources, "OWNER TARGET/" per line.
(
	cd "$top/src" || exit 1
	find . -name '*.[ch]' | LC_ALL=C sort | while read -r f; do
		f=${f#./}
		case $f in
		*/*) owner=${f%%/*}/ ;;
		*) owner=src/$f ;;
		esac
		sed -n 's|^[ 	]*#[ 	]*include[ 	]*"\([^"/]*\)/.*|\1|p' "$f" |
			while read -r x; do
				[ -d "$x" ] && [ "$x/" != "$owner" ] &&
					echo "$owner $x/"
			done
	done
) | LC_ALL=C sort -u >"$tmp/have" || fail "cannot read the sources"

# The table: from its header line to the first line that is not a row.
awk '/^\| *folder *\| *includes from *\|/ { on = 1; next }
     on && !/^\|/ { exit }
     on && /^\|[- |]*$/ { next }
     on { print }' "$doc" >"$tmp/rows"
[ -s "$tmp/rows" ] || fail "no table \"| folder | includes from |\" in $doc"

: >"$tmp/want"
: >"$tmp/rowkeys"
while IFS= read -r row; do
	key=$(printf '%s\n' "$row" | awk -F'|' '{ gsub(/^ +| +$/, "", $2); print $2 }')
	from=$(printf '%s\n' "$row" | awk -F'|' '{ print $3 }' |
		sed 's/([^)]*)//g')
	echo "$key" >>"$tmp/rowkeys"
	for x in $(printf '%s\n' "$from" | grep -o '[A-Za-z0-9_.-]*/'); do
		echo "$key $x" >>"$tmp/want"
	done
done <"$tmp/rows"
LC_ALL=C sort -u "$tmp/want" -o "$tmp/want"
LC_ALL=C sort "$tmp/rowkeys" -o "$tmp/rowkeys"

dup=$(uniq -d "$tmp/rowkeys")
[ -z "$dup" ] || fail "rows named twice in the table: $dup"
for o in $(LC_ALL=C comm -23 "$tmp/owners" "$tmp/rowkeys"); do
	fail "$o has no row in the table of $doc"
done
for o in $(LC_ALL=C comm -13 "$tmp/owners" "$tmp/rowkeys"); do
	fail "the table's row $o names no folder or file of src/"
done
LC_ALL=C comm -23 "$tmp/have" "$tmp/want" | while read -r o x; do
	echo "FAIL: $o includes from $x ($(cd "$top/src" &&
		grep -l "#[ 	]*include[ 	]*\"${x%/}/" $(case $o in
		src/*) echo "${o#src/}" ;; *) find "$o" -name '*.[ch]' ;; esac) |
		head -n 3 | tr '\n' ' ')), not in the table"
done >"$tmp/extra"
LC_ALL=C comm -13 "$tmp/have" "$tmp/want" | while read -r o x; do
	echo "FAIL: the table says $o includes from $x; no file there does"
done >"$tmp/missing"
for f in extra missing; do
	if [ -s "$tmp/$f" ]; then
		cat "$tmp/$f"
		failed=$((failed + $(wc -l <"$tmp/$f")))
	fi
done
[ -s "$tmp/have" ] || fail "no arrows found in $top/src: the scan is broken"

# ---- the calls: no circle between files, none up src/search's subsystems
# tests/calls.pl: files that call each other in a loop anywhere in src/,
# and any call or include from a lower subsystem of src/search (node,
# policy, engine, dist, bottom up) to a higher one.
command -v perl >/dev/null 2>&1 || check_skip "no perl for tests/calls.pl"
if ! CALLS_COUNT=1 perl "$top/tests/calls.pl" "$top/src" >"$tmp/calls" 2>&1; then
	fail_with "$tmp/calls" "circles or calls up the subsystems (tests/calls.pl)"
fi
grep -Eq '^files [1-9][0-9]*, call edges [1-9][0-9]*$' "$tmp/calls" ||
	fail_with "$tmp/calls" "tests/calls.pl found no calls: the scan is broken"

check_end
