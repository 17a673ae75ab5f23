#!/usr/bin/perl
# layout-check.pl SCREEN -- the box on the right of a captured game screen
# (the panel, or the review or legend in its place) is whole: its top row
# has both corners, every row below keeps its left and right border (or a
# rule's ends) up to the bottom row's corners, and no row is longer than
# the screen.  Prints what is wrong and exits 1; used by tests/layout.sh.
use strict;
use warnings;
use utf8;
use open qw(:std :encoding(UTF-8));

my ($file) = @ARGV;
open my $fh, '<', $file or die "layout-check: $file: $!\n";
my @rows = <$fh>;
close $fh;
chomp @rows;

my ($top, $left, $right);
for my $i (0 .. $#rows) {
	my $l = index $rows[$i], "\x{250c}";    # ┌
	next if $l < 0;
	($top, $left) = ($i, $l);
	$right = index $rows[$i], "\x{2510}", $l;    # ┐
	last;
}
defined $top or do { print "no panel box (no top-left corner)\n"; exit 1 };
$right > $left or do {
	print "row $top: the top row lost its right corner: $rows[$top]\n";
	exit 1;
};
my $width = length $rows[$top];
for my $i ($top + 1 .. $#rows) {
	my $r = $rows[$i];
	my ($a, $b) = (substr($r, $left, 1), length $r > $right ? substr($r, $right, 1) : '');
	if ($a eq "\x{2514}") {    # └
		$b eq "\x{2518}" and exit 0;
		print "row $i: the bottom row lost its right corner: $r\n";
		exit 1;
	}
	if ($a !~ /[\x{2502}\x{251c}]/ || $b !~ /[\x{2502}\x{2524}]/) {
		print "row $i: a border is lost (left '$a', right '$b'): $r\n";
		exit 1;
	}
	if (length($r) > $width && $width > 0 && $i > 0) {
		print "row $i: longer than the screen: $r\n";
		exit 1;
	}
}
print "no bottom row of the box\n";
exit 1;
