// jsoncpp.cc -- bench/corpus's driver for JsonCpp, a library built on the
// C++ standard library (std::map objects, std::string values, streams):
// parses FILE, walks it, writes it back, REPEAT times.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include "json/json.h"

static void walk(const Json::Value &v, unsigned long &n, double &sum)
{
	n++;
	if (v.isNumeric())
		sum += v.asDouble();
	else if (v.isArray() || v.isObject())
		for (const Json::Value &m : v)
			walk(m, n, sum);
}

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	std::ifstream in(argv[1], std::ios::binary);
	std::stringstream text;
	text << in.rdbuf();
	std::string doc = text.str();
	int repeat = std::atoi(argv[2]);
	unsigned long n = 0;
	double sum = 0;
	std::size_t written = 0;
	Json::CharReaderBuilder rb;
	Json::StreamWriterBuilder wb;
	wb["indentation"] = "";
	for (int r = 0; r < repeat; r++) {
		Json::Value root;
		std::string err;
		std::unique_ptr<Json::CharReader> reader(rb.newCharReader());
		if (!reader->parse(doc.data(), doc.data() + doc.size(), &root,
				   &err)) {
			std::fprintf(stderr, "jsoncpp: %s\n", err.c_str());
			return 1;
		}
		walk(root, n, sum);
		written = Json::writeString(wb, root).size();
	}
	std::printf("%lu values, %.3f, %zu bytes written\n", n, sum, written);
	return 0;
}
