// lambda.cc -- a lambda's statements each counted once per call: "this",
// captured by reference, is a value expression carrying the place of its
// first use, so the second assertion loads it on the first one's line
// after its own call (issue 29; jsoncpp's test lambdas).
struct Result {
	int fails;
};

template <typename T, typename U>
static Result &checkEqual(Result &r, T expected, U actual, const char *expr)	/*@6*/
{
	if (static_cast<U>(expected) != actual)	/*@6*/
		r.fails++;	/*@1*/
	return r;	/*@6*/
}

#define ASSERT_EQUAL(expected, actual) \
	checkEqual(*result_, expected, actual, #expected " == " #actual)

struct V {
	long s, l;
	long getStart() const { return s; }	/*@3*/
	long getLimit() const { return l; }	/*@3*/
};

struct Test {
	Result *result_;
	int run()	/*@1*/
	{
		V vs[3] = { {0, 5}, {1, 4}, {2, 2} };	/*@1*/
		auto checkOffsets = [&](const V &v, int start, int limit) {	/*@3*/
			ASSERT_EQUAL(start, v.getStart());	/*@3*/
			ASSERT_EQUAL(limit, v.getLimit());	/*@3*/
		};	/*@+*/
		for (int i = 0; i < 3; i++)	/*@+*/
			checkOffsets(vs[i], i, 5 - i);	/*@3*/
		return result_->fails;	/*@1*/
	}
};

int main()	/*@1*/
{
	Result r = { 0 };	/*@1*/
	Test t = { &r };	/*@1*/
	return t.run() != 1;	/*@1*/
}
