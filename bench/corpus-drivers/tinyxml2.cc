// tinyxml2.cc -- bench/corpus's driver for TinyXML-2: loads FILE, walks
// it with a visitor, prints it to memory, REPEAT times.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "tinyxml2.h"

using namespace tinyxml2;

struct Counter : XMLVisitor {
	unsigned long elements = 0, attrs = 0, text = 0;
	bool VisitEnter(const XMLElement &e, const XMLAttribute *a) override
	{
		elements++;
		for (; a; a = a->Next())
			attrs += std::strlen(a->Value());
		return true;
	}
	bool Visit(const XMLText &t) override
	{
		text += std::strlen(t.Value());
		return true;
	}
};

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	int repeat = std::atoi(argv[2]);
	Counter c;
	int printed = 0;
	for (int r = 0; r < repeat; r++) {
		XMLDocument doc;
		if (doc.LoadFile(argv[1]) != XML_SUCCESS) {
			std::fprintf(stderr, "tinyxml2: %s\n", doc.ErrorStr());
			return 1;
		}
		doc.Accept(&c);
		XMLPrinter out;
		doc.Print(&out);
		printed = out.CStrSize();
	}
	std::printf("%lu elements, %lu attribute bytes, %lu text bytes, "
		    "%d bytes printed\n", c.elements, c.attrs, c.text, printed);
	return 0;
}
