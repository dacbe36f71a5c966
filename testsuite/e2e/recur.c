/* recur.c -- built with -fexceptions: a statement whose call may throw
 * stores its value after the call, in a block of its own, which must not
 * count the statement's line a second time, also where that block
 * branches on a line of its own. */
struct E { int (*skip)(int); int n; int pool; };

static int f(int *p, int b, int c)	/*@10*/
{
	return *p + b + c;	/*@10*/
}

static int sk(int x)	/*@30*/
{
	return x + 1;	/*@30*/
}

static int run(struct E *e, int t, int end)	/*@10*/
{
	int d;

	d = f(&e->pool, e->skip(t),	/*@10*/
	      end - e->n * 2);	/*@10*/
	if (!d)	/*@10*/
		return 1;	/*@0*/
	return d;	/*@10*/
}

static int twice(struct E *e, int t)	/*@10*/
{
	int d = e->skip(t), g = e->skip(d);	/*@10*/

	return d + g;	/*@10*/
}

int main(void)	/*@1*/
{
	struct E e = { sk, 1, 0 };	/*@1*/
	int s = 0;	/*@1*/

	for (int i = 0; i < 10; i++) {	/*@+*/
		s += run(&e, i, 5);	/*@10*/
		s += twice(&e, i);	/*@10*/
	}
	return s == 0;	/*@1*/
}
