/* optattr.c -- functions whose optimize attribute sets their level apart
 * from the unit's: the plugin's early increments are made by the
 * function's level and must become adds to memory whatever the unit's
 * (fmt's FMT_INLINE functions are always_inline and optimize ("Og"), and
 * in a -O0 unit their increments were lost).  Built at -O0 and -O2; a line of blocks with
 * different counts is marked + and its report's count is held by the test. */
__attribute__((noinline, optimize("Og")))
static int og(int x)	/*@10*/
{
	if (x & 1)	/*@10*/
		return x * 3;	/*@5*/
	return x / 2;	/*@5*/
}

static inline __attribute__((always_inline, optimize("Og")))
int near(int x)
{
	return x > 2 ? x - 1 : x + 1;	/*@+*/
}

__attribute__((noinline, optimize("O2")))
static int o2(int x)	/*@10*/
{
	int s = 0;	/*@10*/

	for (int i = 0; i < x; i++)	/*@+*/
		s += i & 3 ? i : -i;	/*@+*/
	return s;	/*@10*/
}

__attribute__((noinline, optimize("O0")))
static int o0(int x)	/*@10*/
{
	if (x > 6)	/*@10*/
		return 1;	/*@3*/
	return 0;	/*@7*/
}

int main(void)	/*@1*/
{
	int t = 0;	/*@1*/

	for (int i = 0; i < 10; i++)	/*@+*/
		t += og(i) + near(i) + o2(i) + o0(i);	/*@+*/
	return t == 0;	/*@1*/
}
