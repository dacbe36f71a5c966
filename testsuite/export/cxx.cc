/* cxx.cc -- C++ names in the exports: a constructor and destructor (called
 * through their complete-object names), a member function, a template
 * instantiated twice and an overload, all told apart with -m.
 */
#include <cstdio>

struct counter {
	int n;
	counter() : n(0) {}
	~counter() { std::printf("%d\n", n); }
	void add(int k) { n += k; }
};

template <typename T> static T twice(T x)
{
	return x + x;
}

static int area(int w, int h)
{
	return w * h;
}

static double area(double r)
{
	return 3.0 * r * r;
}

int main()
{
	counter c;

	for (int i = 0; i < 4; i++)
		c.add(twice(i));
	c.add((int)twice(1.5));
	c.add(area(2, 3) + (int)area(1.0));
	return 0;
}
