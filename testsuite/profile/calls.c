/* calls.c -- a program whose call tree is known exactly (calls.exp):
 * recursion, mutual recursion, calls through function pointers, a
 * function always inlined (its hooks share its caller's frame), a 20 ms
 * sleep, a longjmp out of four frames, two threads and a forked child. */
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static jmp_buf env;

int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int is_odd(int n);
int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }
int twice(int x) { return 2 * x; }
int square(int x) { return x * x; }
int apply(int (*f)(int), int x) { return f(x); }

static inline __attribute__((always_inline)) int inlined(int x)
{
	return twice(x) + 1;
}

void sleeper(void)
{
	struct timespec ts = { 0, 20000000 };

	while (nanosleep(&ts, &ts))
		;
}

void jumper(int n)
{
	if (!n)
		longjmp(env, 1);
	jumper(n - 1);
}

void *worker(void *arg)
{
	int i, *sum = arg;

	for (i = 0; i < 5; i++)
		*sum += twice(i);
	return NULL;
}

void child_work(void)
{
	square(3);
}

int main(void)
{
	volatile int s = 0;
	int a = 0, b = 0, st;
	pthread_t t1, t2;
	pid_t pid;

	s += fact(5);
	s += is_even(6);
	s += apply(twice, 1) + apply(twice, 2) + apply(square, 3);
	s += inlined(4);
	if (!setjmp(env))
		jumper(3);
	sleeper();
	pthread_create(&t1, NULL, worker, &a);
	pthread_create(&t2, NULL, worker, &b);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		child_work();
		return 0;
	}
	waitpid(pid, &st, 0);
	printf("%d %d %d\n", s, a, b);
	return !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}
