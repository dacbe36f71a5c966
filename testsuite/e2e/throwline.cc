// throwline.cc -- a call that throws is counted once on its line: the
// landing pad it throws to, split before the rest of the cleanup, passes
// the line on and does not enter it again (issue 29, case 2).
#include <cstdio>
#include <stdexcept>

struct Q {
	Q(int x)	/*@14*/
	{
		if (x)	/*@14*/
			throw std::runtime_error("x");	/*@5*/
	}	/*@9*/
	~Q()	/*@9*/
	{
	}	/*@9*/
};

static bool fails(int x)	/*@10*/
{
	try {
		Q q(x);	/*@10*/
		return false;	/*@5*/
	} catch (const std::exception &) {	/*@+*/
		return true;	/*@5*/
	}	/*@5*/
}

static int skip(const char *s, int *pos)	/*@10*/
{
	while (s[*pos] == ' ')	/*@+*/
		++*pos;	/*@8*/
	if (!s[*pos])	/*@10*/
		throw std::out_of_range("end");	/*@6*/
	return s[(*pos)++];	/*@4*/
}

static int words(const char *s)	/*@2*/
{
	int pos = 0, n = 0;	/*@2*/

	try {
		for (;;) {
			Q w(skip(s, &pos) == 0);	/*@6*/
			n += 1;	/*@4*/
		}	/*@4*/
	} catch (const std::out_of_range &) {	/*@+*/
		return n;	/*@+*/
	}	/*@2*/
}

static bool throws(int x)	/*@4*/
{
	bool threw = false;	/*@4*/
	try { skip(" ", &x); } catch (...) { threw = true; }	/*@4*/
	return threw;	/*@4*/
}

int main()	/*@1*/
{
	int c = 0;	/*@1*/

	for (int i = 0; i < 10; i++)	/*@+*/
		c += fails(i & 1);	/*@10*/
	c += words(" a b ") + words("c d");	/*@1*/
	for (int i = 0; i < 4; i++)	/*@+*/
		c += throws(0);	/*@4*/
	std::printf("%d\n", c);	/*@1*/
	return 0;	/*@1*/
}
