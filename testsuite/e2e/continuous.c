/* continuous.c -- a counting program for the continuous-mode tests: it
 * logs the work it completes in a shared page, so a test that kills it
 * knows how much work the counters must hold.  Built without the plugin:
 * the counts are unit()'s (continuous-unit.c), whose increments all lie
 * between the two stores of the log, so a kill anywhere else leaves the
 * counters and the log in agreement.
 *
 * Usage: continuous LOG HOW N
 * LOG gets two words in a page of its own, mapped shared (the kernel
 * keeps them when the process is killed): units begun and units done.
 * It runs N units (forever when N < 0), then ends by HOW: "return",
 * "abort", "exit" (_exit), "segv" (a store to a page allowing none).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

void unit(unsigned long i);

int main(int argc, char **argv)
{
	volatile unsigned long *log;
	volatile int *guard;
	volatile unsigned long spin;
	unsigned long i;
	long n;
	int fd;

	if (argc != 4)
		return 2;
	fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || ftruncate(fd, 4096))
		return 2;
	log = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (log == MAP_FAILED)
		return 2;
	n = atol(argv[3]);
	/* The barriers keep the increments between the two stores: a
	 * kill between them is a kill inside the unit. */
	for (i = 0; n < 0 || i < (unsigned long)n; i++) {
		log[0] = i + 1;
		__asm__ volatile("" ::: "memory");
		unit(i);
		__asm__ volatile("" ::: "memory");
		log[1] = i + 1;
		/* Uncounted work between units: most kills land here. */
		for (spin = 0; spin < 1000; spin++)
			;
	}
	switch (argv[2][0]) {
	case 'a':
		abort();
	case 'e':
		_exit(0);
	case 's':
		/* A real fault: a store to a page that allows none. */
		guard = mmap(NULL, 4096, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (guard != MAP_FAILED)
			*guard = 1;
		break;
	}
	return 0;
}
