// rangefor.cc -- a loop header in a template whose body holds an object
// with a destructor (issue 29, case 7).  In a template instance GCC gives
// the body's cleanup the header's line, and at -O0 the cleanup is one
// block shared by the body's exits, followed by a dispatch: the increment
// comes after the cleanup without leaving the line.
#include <stdexcept>
#include <vector>

struct Mark {
	int *n;
	Mark(int *p) : n(p) {}	/*@40*/
	~Mark() { ++*n; }	/*@40*/
};

static int check(int x)	/*@40*/
{
	if (x < 0)	/*@40*/
		throw std::invalid_argument("negative");	/*@3*/
	return x;	/*@37*/
}

template <class T>
static bool find(const std::vector<T> &v, T k, int *marks)	/*@11*/
{
	for (const T &x : v) {	/*@+*/
		Mark m(marks);	/*@35*/

		if (check(x) == k)	/*@+*/
			return true;	/*@6*/
	}
	return false;	/*@3*/
}

template <class T>
static int count(const T *b, const T *e, int *marks)	/*@2*/
{
	int n = 0;	/*@2*/

	for (const T *i = b; i != e; ++i)	/*@+*/
	{
		Mark m(marks);	/*@5*/

		n += check(*i);	/*@5*/
	}
	return n;	/*@1*/
}

int main()	/*@1*/
{
	std::vector<int> v = { 1, 2, 3, 4, 5 };	/*@1*/
	std::vector<int> w = { 1, -2, 3 };	/*@1*/
	int a[] = { 4, 5, -6 };	/*@1*/
	int marks = 0, n = 0;	/*@1*/

	for (int k = 0; k < 8; k++)	/*@+*/
		n += find(v, k, &marks);	/*@8*/
	for (int k = 0; k < 3; k++)	/*@+*/
		try { n += find(w, k, &marks); } catch (const std::exception &) { n++; }	/*@3*/
	n += count(a, a + 2, &marks);	/*@1*/
	try { n += count(a, a + 3, &marks); } catch (const std::exception &) { n++; }	/*@1*/
	return n != 18 || marks != 40;	/*@+*/
}	/*@+*/

