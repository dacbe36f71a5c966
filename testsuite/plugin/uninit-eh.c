/* uninit-eh.c -- for diagnostics.sh: with -fexceptions, each block-scope
 * variable whose address is taken gets a landing pad that only ends its
 * lifetime, which GCC's first EH cleanup removes at -O1 and above.  Were
 * the pads instrumented, they would stay, every call would keep an
 * exception edge, and -Wmaybe-uninitialized would give up on the longer
 * chain of conditions and warn that 't' may be used uninitialized (the
 * pattern of expat's xmlwf.c, issue 29, case 6). */
#include <stdlib.h>
void use(void *, unsigned long long);
void set(void *, double);
void g(int *);
void *mk(int);
int main(int argc, char **argv)
{
	unsigned long long t;
	double amp = -1.0;
	int given = 0, ns = 0, i;
	for (i = 1; i < argc; i++) {
		int tmp = i;
		g(&tmp);
		if (argv[i][0] == 't') {
			t = strtoull(argv[i] + 1, NULL, 10);
			given = 1;
		} else if (argv[i][0] == 'n')
			ns = 1;
		else if (argv[i][0] == 'a')
			amp = atof(argv[i] + 1);
	}
	for (i = 0; i < argc; i++) {
		int buf = i;
		void *p;
		g(&buf);
		if (ns)
			p = mk(1);
		else
			p = mk(0);
		if (!p)
			exit(1);
		if (amp != -1.0)
			set(p, amp);
		if (given)
			use(p, t);
	}
	return 0;
}
