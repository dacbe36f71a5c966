// except.cc -- C++ exceptions thrown through frames and caught.
#include <cstdio>
#include <stdexcept>

static int check(int x)	/*@10*/
{
	if (x % 4 == 0)	/*@10*/
		throw std::runtime_error("multiple of four");	/*@2*/
	return x;	/*@8*/
}

static int guarded(int x)	/*@10*/
{
	try {
		return check(x);	/*@10*/
	} catch (const std::exception &) {	/*@+*/
		return -1;	/*@2*/
	}	/*@2*/
}

int main()	/*@1*/
{
	int t = 0;	/*@1*/
	for (int i = 1; i <= 10; i++)	/*@+*/
		t += guarded(i);	/*@10*/
	std::printf("%d\n", t);	/*@1*/
	return 0;	/*@1*/
}
