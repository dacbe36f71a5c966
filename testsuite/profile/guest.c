/* guest.c -- a profiled program for the runtime's guest promises
 * (profile-guest.sh, profile-setid.sh, profile-outputs.sh):
 *   guest exit N        calls, then exits with status N
 *   guest secure        exit 3 unless running with AT_SECURE (set-id)
 *   guest dump          arcov_dump(), then one more call of mid()
 *   guest alarm-exit    arcov_dump() in a loop; a SIGALRM handler calls
 *                       exit(42) in the middle of it
 *   guest alarm-fork N  arcov_dump() N times; a SIGALRM handler forks a
 *                       child that _exit()s at once
 * main calls mid() from three call sites. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

void arcov_dump(void);

static volatile int sink;

void leaf(int x)
{
	sink += x;
}

void mid(int x)
{
	leaf(x);
}

static void on_alarm_exit(int sig)
{
	(void)sig;
	exit(42);
}

static void on_alarm_fork(int sig)
{
	int saved = errno;

	(void)sig;
	if (fork() == 0)
		_exit(0);
	errno = saved;
}

static void ticking(void (*handler)(int))
{
	struct itimerval it = { { 0, 1000 }, { 0, 1000 } };

	signal(SIGALRM, handler);
	setitimer(ITIMER_REAL, &it, NULL);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "exit";
	int n = argc > 2 ? atoi(argv[2]) : 0, i;

	mid(10);
	mid(20);
	mid(30);
	if (!strcmp(mode, "dump")) {
		arcov_dump();
		mid(40);
		return 0;
	}
	if (!strcmp(mode, "secure"))
		return getauxval(AT_SECURE) ? 0 : 3;
	if (!strcmp(mode, "alarm-exit")) {
		ticking(on_alarm_exit);
		for (;;) {
			mid(1);
			arcov_dump();
		}
	}
	if (!strcmp(mode, "alarm-fork")) {
		ticking(on_alarm_fork);
		for (i = 0; i < n; i++) {
			mid(1);
			arcov_dump();
		}
		signal(SIGALRM, SIG_IGN);
		while (wait(NULL) > 0 || errno == EINTR)
			;
		return 0;
	}
	return n;
}
