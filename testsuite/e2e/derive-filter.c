/* derive-filter.c -- a static function one of whose callers is left out
 * by exclude= (from_header(), in derive-filter.h) is counted: that call
 * site counts nothing.  used_here(), called from main() alone, is derived. */
#include <stdio.h>

static int helper(int x)	/*@3*/
{
	return x + 1;	/*@3*/
}

#include "derive-filter.h"

static int used_here(int x)	/*@1*/
{
	return helper(x);	/*@1*/
}

int main(void)	/*@1*/
{
	printf("%d\n", from_header(1) + from_header(2) + used_here(3));	/*@1*/
	return 0;	/*@1*/
}
