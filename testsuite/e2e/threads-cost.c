/* threads-cost.c -- what per-thread counting adds per call and per
 * increment (e2e-perthread-cost.sh): four threads and main run a small
 * interpreter loop whose every case counts, and a static helper that
 * only checked functions call, into which a checked global function is
 * inlined. */
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define ROUNDS 500

/* Global: keeps its own entry check; small enough that -O2 inlines it
 * into helper() (with its check), which the -O0 reference build does
 * not, so that gcov counts its lines as written. */
int hot(int x)	/*@2500*/
{
	if (x & 1)	/*@2500*/
		return x * 3;	/*@1250*/
	return x / 2;	/*@1250*/
}

/* Called only by run(), which checks: no check of its own, nor hot()'s. */
static __attribute__((noinline)) int helper(int x)	/*@2500*/
{
	int r = hot(x);	/*@2500*/
	if (r > 100)	/*@2500*/
		r -= 7;	/*@1410*/
	return r;	/*@2500*/
}

/* A dispatch loop with a counter in every case: many increments in many
 * blocks, each at a constant offset from the thread pointer. */
int run(const unsigned char *code, int n)	/*@5*/
{
	int acc = 0;	/*@5*/
	for (int pc = 0; pc < n; pc++) {	/*@+*/
		switch (code[pc]) {	/*@32500*/
		case 0: acc += 1; break;	/*@2500*/
		case 1: acc -= 2; break;	/*@2500*/
		case 2: acc *= 3; break;	/*@2500*/
		case 3: acc ^= 0x55; break;	/*@2500*/
		case 4: acc = helper(acc & 0xff); break;	/*@2500*/
		case 5: acc += pc; break;	/*@2500*/
		case 6: acc <<= 1; break;	/*@2500*/
		case 7: acc >>= 1; break;	/*@2500*/
		case 8: acc |= 9; break;	/*@2500*/
		case 9: acc &= 0xfff; break;	/*@2500*/
		case 10: acc -= pc; break;	/*@2500*/
		case 11: acc += 11; break;	/*@2500*/
		default: acc = ~acc; break;	/*@2500*/
		}
	}
	return acc;	/*@5*/
}

static unsigned char code[13 * ROUNDS];

static void *worker(void *arg)	/*@4*/
{
	int *out = arg;	/*@4*/
	*out = run(code, (int)sizeof code);	/*@4*/
	return NULL;	/*@4*/
}

int main(void)	/*@1*/
{
	pthread_t t[THREADS];
	int res[THREADS + 1];
	for (int i = 0; i < (int)sizeof code; i++)	/*@+*/
		code[i] = (unsigned char)(i % 13);	/*@6500*/
	for (int i = 0; i < THREADS; i++)	/*@+*/
		pthread_create(&t[i], NULL, worker, &res[i]);	/*@4*/
	res[THREADS] = run(code, (int)sizeof code);	/*@1*/
	for (int i = 0; i < THREADS; i++)	/*@+*/
		pthread_join(t[i], NULL);	/*@4*/
	printf("%d\n", res[0] + res[THREADS]);	/*@1*/
	return 0;	/*@1*/
}
