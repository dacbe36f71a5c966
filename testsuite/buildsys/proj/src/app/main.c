/* main.c -- the test program of the build-system test project: calls the
 * library, then the module named by $PLUG; exit status 0 if both answer
 * right. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include "counter.h"

int main(void)	/*@1*/
{
	static const int values[] = { -3, 0, 0, 7, 9 };
	const char *plug = getenv("PLUG");	/*@1*/
	int (*twice)(int);
	void *module;
	int sum = counter_sum(values, 5);	/*@1*/

	if (!plug) {	/*@1*/
		fprintf(stderr, "app: $PLUG names no module\n");	/*@0*/
		return 2;	/*@0*/
	}
	module = dlopen(plug, RTLD_NOW);	/*@1*/
	if (!module) {	/*@1*/
		fprintf(stderr, "app: %s\n", dlerror());	/*@0*/
		return 2;	/*@0*/
	}
	twice = (int (*)(int))dlsym(module, "plug_twice");	/*@1*/
	printf("%d %d %d\n", sum, twice(21), twice(sum));	/*@1*/
	dlclose(module);	/*@1*/
	return sum != 1;	/*@1*/
}
