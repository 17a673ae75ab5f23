#!/usr/bin/perl
# calls.pl -- the calls between the C files of src/ (docs/architecture.md,
# "The include rule"): a file calls another when it names, followed by
# "(", a function that the other defines (not static: the function's name
# at the start of a line, its type on the line before).  Prints the
# circles (files that call each other in a loop, each printed with what
# ties it) and every call or include that runs from a lower subsystem of
# src/search up to a higher one (the order: node, policy, engine, dist).
# Exit status 1 when it finds either.  search/search64.c and
# core/board64.c compile files of the search and the rules again (64 bits)
# and are left out; comments and strings are not
# read.  Usage: calls.pl SRCDIR
use strict;
use warnings;
use File::Find;

my $src = shift or die "usage: calls.pl SRCDIR\n";
my @order = qw(node policy engine dist);
my %rank = map { $order[$_] => $_ } 0 .. $#order;
my (%text, %raw, %defs, @files);

find({ no_chdir => 1, wanted => sub {
	return unless /\.[ch]$/;
	my $f = substr($File::Find::name, length($src) + 1);
	return if $f =~ m{^(?:search/search64|core/board64)\.c$};
	push @files, $f;
} }, $src);
@files = sort @files;

for my $f (@files) {
	open(my $fh, '<', "$src/$f") or die "$src/$f: $!\n";
	local $/;
	my $t = <$fh>;
	close $fh;
	$raw{$f} = $t;
	$t =~ s{/\*.*?\*/}{ }gs;     # comments
	$t =~ s{//[^\n]*}{}g;
	$t =~ s{"(?:\\.|[^"\\\n])*"}{""}g; # strings
	$text{$f} = $t;
	next unless $f =~ /\.c$/;
	my $prev = '';
	for my $line (split /\n/, $t) {
		my ($name) = $line =~ /^([a-z_][a-z0-9_]*)\(/;
		$defs{$name} //= $f
		    if defined $name && $prev !~ /\bstatic\b/ &&
		    $prev =~ /\S/ && $prev !~ /[;{}]\s*$/;
		$prev = $line;
	}
}

my %edge;   # "a b" -> names
for my $f (grep { /\.c$/ } @files) {
	my %seen;
	while ($text{$f} =~ /\b([a-z_][a-z0-9_]*)\s*\(/g) {
		my $n = $1;
		my $d = $defs{$n};
		next if !defined $d || $d eq $f || $seen{$n}++;
		push @{ $edge{$f}{$d} }, $n;
	}
}

sub subsystem {
	my ($f) = @_;
	return $f =~ m{^search/([a-z]+)/} && exists $rank{$1} ? $1 : undef;
}

my $bad = 0;
# Calls and includes up the subsystems of src/search.
for my $f (@files) {
	my $s = subsystem($f);
	next unless defined $s;
	for my $d (sort keys %{ $edge{$f} || {} }) {
		my $t = subsystem($d);
		next unless defined $t && $rank{$t} > $rank{$s};
		print "UP: $f calls $d ($t above $s): ",
		    join(', ', sort @{ $edge{$f}{$d} }), "\n";
		$bad = 1;
	}
	while ($raw{$f} =~ /^\s*#\s*include\s*"([^"]+)"/mg) {
		my $t = subsystem($1);
		next unless defined $t && $rank{$t} > $rank{$s};
		print "UP: $f includes $1 ($t above $s)\n";
		$bad = 1;
	}
}

# Circles: the strongly connected components of the call graph (Tarjan).
my ($index, @stack, %idx, %low, %on) = (0);
my @circles;
sub strong {
	my ($v) = @_;
	$idx{$v} = $low{$v} = $index++;
	push @stack, $v;
	$on{$v} = 1;
	for my $w (sort keys %{ $edge{$v} || {} }) {
		if (!exists $idx{$w}) {
			strong($w);
			$low{$v} = $low{$w} if $low{$w} < $low{$v};
		} elsif ($on{$w}) {
			$low{$v} = $idx{$w} if $idx{$w} < $low{$v};
		}
	}
	return unless $low{$v} == $idx{$v};
	my @c;
	my $w;
	do {
		$w = pop @stack;
		$on{$w} = 0;
		push @c, $w;
	} while ($w ne $v);
	push @circles, [sort @c] if @c > 1;
}
for my $f (grep { /\.c$/ } @files) {
	strong($f) unless exists $idx{$f};
}
for my $c (@circles) {
	my %in = map { $_ => 1 } @$c;
	print "CIRCLE: ", join(' ', @$c), "\n";
	for my $a (@$c) {
		for my $b (sort keys %{ $edge{$a} || {} }) {
			next unless $in{$b};
			print "  $a -> $b: ", join(', ', sort @{ $edge{$a}{$b} }), "\n";
		}
	}
	$bad = 1;
}
if ($ENV{CALLS_COUNT}) {
	my $n = 0;
	$n += keys %{ $edge{$_} } for keys %edge;
	print "files ", scalar(grep { /\.c$/ } @files), ", call edges $n\n";
}
exit $bad;
