/* recursion.c -- recursive and mutually recursive calls. */
#include <stdio.h>

static int fib(int n)	/*@177*/
{
	if (n < 2)	/*@177*/
		return n;	/*@89*/
	return fib(n - 1) + fib(n - 2);	/*@88*/
}

static int is_odd(int n);

static int is_even(int n)	/*@4*/
{
	if (n == 0)	/*@4*/
		return 1;	/*@0*/
	return is_odd(n - 1);	/*@4*/
}

static int is_odd(int n)	/*@4*/
{
	if (n == 0)	/*@4*/
		return 0;	/*@1*/
	return is_even(n - 1);	/*@3*/
}

int main(void)	/*@1*/
{
	printf("%d %d\n", fib(10), is_even(7));	/*@1*/
	return 0;	/*@1*/
}
