// lambda.cc -- a template whose lambda's body is on lines of its own: GCC
// ends the lambda's operator() on the line it starts on (12), so line 13 is
// past the range of both instances of that function group, and gcov 12
// lists it, run 5 times, among the source's lines (report-json-lambda.sh).
#include <algorithm>
#include <cstdio>
#include <vector>

template <typename T>
static int find(const std::vector<T> &v, T key)
{
	auto it = std::find_if(v.begin(), v.end(), [&](const T &x) {
		return x == key;
	});
	return it == v.end() ? -1 : static_cast<int>(it - v.begin());
}

int main()
{
	std::vector<int> a{1, 2, 3};
	std::vector<long> b{4, 5};
	std::printf("%d %d\n", find(a, 3), find(b, 9L));
	return 0;
}
