// utf8.cc -- a string built by a small inline function (issue 29, case 6,
// testsuite/plugin/diagnostics.sh):
// std::string's constructor stores its data pointer and the first write
// loads it back; an increment in between kept the load, the function
// grew, and the IPA inliner refused it (-Winline) where it is inlined
// without the plugin.
#include <string>

static inline std::string utf8(unsigned int c)
{
	std::string s;

	if (c < 0x80) {
		s.resize(1);
		s[0] = static_cast<char>(c);
	} else if (c < 0x800) {
		s.resize(2);
		s[1] = static_cast<char>(0x80 | (c & 0x3f));
		s[0] = static_cast<char>(0xc0 | (c >> 6));
	} else if (c < 0x10000) {
		s.resize(3);
		s[2] = static_cast<char>(0x80 | (c & 0x3f));
		s[1] = static_cast<char>(0x80 | ((c >> 6) & 0x3f));
		s[0] = static_cast<char>(0xe0 | (c >> 12));
	} else if (c <= 0x10ffff) {
		s.resize(4);
		s[3] = static_cast<char>(0x80 | (c & 0x3f));
		s[2] = static_cast<char>(0x80 | ((c >> 6) & 0x3f));
		s[1] = static_cast<char>(0x80 | ((c >> 12) & 0x3f));
		s[0] = static_cast<char>(0xf0 | (c >> 18));
	}
	return s;
}

std::string decode(const unsigned int *u, int n)
{
	std::string out;

	for (int i = 0; i < n; i++)
		out += utf8(u[i]);
	return out;
}

int main()
{
	const unsigned int u[] = { 0x41, 0xe9, 0x20ac, 0x1f600 };

	return decode(u, 4).size() != 10;
}
