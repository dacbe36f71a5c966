// pugixml.cc -- bench/corpus's driver for pugixml: loads FILE, runs two
// XPath queries, walks the tree and saves it to a string, REPEAT times.
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include "pugixml.hpp"

struct Walker : pugi::xml_tree_walker {
	unsigned long nodes = 0, attrs = 0;
	bool for_each(pugi::xml_node &n) override
	{
		nodes++;
		for (pugi::xml_attribute a : n.attributes())
			attrs += std::string(a.value()).size();
		return true;
	}
};

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	int repeat = std::atoi(argv[2]);
	std::size_t saved = 0;
	double sum = 0;
	Walker w;
	for (int r = 0; r < repeat; r++) {
		pugi::xml_document doc;
		pugi::xml_parse_result res = doc.load_file(argv[1]);
		if (!res) {
			std::fprintf(stderr, "pugixml: %s\n", res.description());
			return 1;
		}
		sum += doc.select_nodes("//item[@id mod 7 = 3]").size();
		sum += pugi::xpath_query("sum(//item/@price)").evaluate_number(doc);
		doc.traverse(w);
		std::ostringstream out;
		doc.save(out, "  ");
		saved = out.str().size();
	}
	std::printf("%lu nodes, %lu attribute bytes, %zu bytes saved, %.2f\n",
		    w.nodes, w.attrs, saved, sum);
	return 0;
}
