/* threads.c -- four threads in one loop: exact only with "atomic". */
#include <pthread.h>
#include <stdio.h>

#define ITER 200000

static void *work(void *arg)
{
	volatile int *sink = arg;
	int i;

	for (i = 0; i < ITER; i++)
		if (i & 1)
			(*sink)++;
	return NULL;
}

int main(void)
{
	pthread_t t[4];
	volatile int sink[4] = { 0 };
	int i;

	for (i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, work, (void *)&sink[i]);
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	printf("%d\n", sink[0] + sink[1] + sink[2] + sink[3]);
	return 0;
}
