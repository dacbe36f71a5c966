// phantom.cc -- std::string's members that libstdc++ instantiates itself
// (extern template: std::allocator<char>'s constructor and destructor,
// basic_string's destructor) have bodies in the unit but are never
// emitted into the object; the calls run the library's copies.  Neither
// the notes nor the reports list them (issue 29, case 4).
#include <string>

static std::string g(const char *s)	/*@1*/
{
	return std::string(s);	/*@1*/
}

int main()	/*@1*/
{
	return g("abc").size() != 3;	/*@1*/
}
