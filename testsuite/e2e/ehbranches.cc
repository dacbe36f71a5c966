// ehbranches.cc -- the branches of code run only for an exception: the
// loops that destroy an initializer list's elements when a later
// argument's construction throws, and a handler's type test whose other
// way passes the exception on.
#include <stdexcept>
#include <string>
#include <vector>

struct Err {
	int a, b;
	std::string msg;
};

static int parse(const std::string &doc, const std::vector<Err> &errs,
		 const std::string &msg)
{
	if (doc.empty())
		throw std::invalid_argument("empty");
	return (int)(doc.size() + errs.size() + msg.size());
}

static int check(const char *doc)
{
	try {
		return parse(doc, {{11, 12, "Missing ':' after member name"},
				   {13, 14, "Missing '}'"}},
			     "* Line 1, Column 12\n");
	} catch (const std::invalid_argument &) {
		return -1;
	}
}

int main()
{
	int n = check("{\"property\"}") + check("");
	return n != 12 + 2 + 20 - 1;
}
