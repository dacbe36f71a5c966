// alwaysinline-ret.cc -- a caller's line entered again where an
// always_inline body returns a value to it (issue 29: fmt's FMT_INLINE
// functions).  GCC's inliner splits the caller's block at the call, the
// body's own return block ends it, and at -O0 the block that stores the
// value and goes on is apart: gcov 12 counts an entry of the caller's
// line there.  A void body goes straight on, and a value dropped leaves
// nothing on the call's line.
#define AI __attribute__((always_inline)) inline
struct E { int code; };
AI int one(int x) { return x + 1; }	/*@3*/
AI int get(const int *p) { return *p; }	/*@7*/
AI int loc(int x)
{
	int y = x + x;	/*@1*/
	return y;	/*@1*/
}
AI int br(int x)
{
	if (x > 2)	/*@2*/
		return x;	/*@2*/
	return -x;	/*@0*/
}
AI int check(int x)
{
	if (x < 0)	/*@1*/
		throw E{ x };	/*@1*/
	return x;	/*@0*/
}
AI void bump(int *p)
{
	*p += 1;	/*@1*/
}	/*@1*/
int g;
static int use(int x) { return x + g; }	/*@1*/

int main(int argc, char **)	/*@1*/
{
	int a = argc;	/*@1*/
	get(&a);
	a = one(a);	/*@1*/
	a = one(a) + one(a);	/*@+*/
	a = loc(a) + 1;	/*@1*/
	a = br(a) - br(a);	/*@+*/
	bump(&a);	/*@1*/
	if (get(&a) > 2 && check(a) > 1)	/*@+*/
		a++;	/*@0*/
	a = use(get(&a));	/*@1*/
	try {
		a = check(-a - 1);	/*@+*/
	} catch (E &e) {	/*@+*/
		a = e.code;	/*@1*/
	}	/*@1*/
	for (int i = 0; i < 3; i++)	/*@+*/
		a += get(&i);	/*@3*/
	return (a & 0) + get(&g);	/*@1*/
}
