// alwaysinline.cc -- functions GCC inlines into their callers before
// gcov instruments, even at -O0 (always_inline, as fmt's FMT_INLINE and
// libstdc++'s atomic helpers): gcov has no record of them and counts
// their statements' lines in the callers' blocks; the declarator's line
// alone has no count, nor has a call whose value is not kept (issue 29).
struct Box {
	int v;
	__attribute__((always_inline)) int get() const { return v; }	/*@3*/
	__attribute__((always_inline)) int pick(int a) const
	{
		if (a > v)	/*@12*/
			return a;	/*@4*/
		return v;	/*@8*/
	}
	__attribute__((always_inline)) void add(int k)
	{
		if (k > 0)	/*@1*/
			v += k;	/*@0*/
	}	/*@1*/
};

// Instances of one template start on one line: those only inlined are no
// function group, and their lines are the source's.
template <typename T>
__attribute__((always_inline)) inline T twice(T x)
{
	T y = x + x;	/*@+*/
	return y;	/*@+*/
}

// A body standing for a definition elsewhere (an extern template member,
// a _FORTIFY_SOURCE wrapper) is not the object's, but an always_inline
// one is inlined into the object's code, where gcov counts it.
extern inline __attribute__((gnu_inline, always_inline)) int half(int x)
{
	return x / 2;	/*@1*/
}

static int sum(const Box &b, int n)	/*@2*/
{
	int t = 0;	/*@2*/
	for (int i = 0; i < n; i++)	/*@+*/
		t += b.pick(i);	/*@12*/
	return t + b.get();	/*@2*/
}

int main()	/*@1*/
{
	Box b = { 3 };	/*@1*/
	b.add(0);	/*@1*/
	long l = twice(3L) + twice(4L);	/*@+*/
	int k = twice(4) + twice((short)1);	/*@+*/

	if (b.get() == 3 && sum(b, 6) > 0)	/*@+*/
		l += sum(b, 6);	/*@1*/
	return l + k + half(4) != 50;	/*@+*/
}
