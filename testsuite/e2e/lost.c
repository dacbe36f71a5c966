/* lost.c -- a program that ends in _exit() or abort() skips the exit
 * handlers, so its counts are lost unless it called arcov_dump() first. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arcov.h"

static int spin(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += i;
	return s;
}

int main(int argc, char **argv)
{
	int s = spin(4);
	if (argc > 2 && !strcmp(argv[2], "dump"))
		arcov_dump();
	s += spin(6);
	if (argc > 1 && !strcmp(argv[1], "abort")) {
		signal(SIGABRT, SIG_DFL);
		abort();
	}
	_exit(s == 21 ? 0 : 1);
}
