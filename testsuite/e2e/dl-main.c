/* dl-main.c -- loads dl-lib.so, calls it, unloads it: the library's
 * counts are written when it is unloaded. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	void *h = dlopen(argc > 1 ? argv[1] : "./dl-lib.so", RTLD_NOW);
	int (*f)(int);

	if (!h) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	*(void **)&f = dlsym(h, "dl_square_sum");
	printf("%d %d\n", f(3), f(4));
	dlclose(h);
	return 0;
}
