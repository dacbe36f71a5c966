#!/usr/bin/env python3
"""dom.py -- what a page of arcov's HTML site shows, read from the DOM
headless Chromium rendered (--dump-dom), one fact per line, in the words
the test compares with arcov's text and lcov reports.

    dom.py totals FILE   lines|functions|branches HIT TOTAL PERCENT
    dom.py tests FILE    LABEL lines|functions|branches HIT TOTAL
    dom.py lines FILE    LINE COUNT, for each line with code
    dom.py arcs FILE     LINE branch|call N COUNT|-, as gcov -b -c lists
    dom.py fns FILE      NAME CALLED BLOCKS-EXECUTED, from the functions table
    dom.py picked FILE   LINE ran|not, the lines the selected test ran
    dom.py dc FILE       CATEGORY LINES, from the differential table
    dom.py cats FILE     LINE CATEGORY, for each line with one
    dom.py deleted FILE  OLD-LINE CATEGORY, for each deleted line shown
    dom.py boxes FILE    NAME CALLS, for each function of the call graph
    dom.py calls FILE    CALLER > CALLEE CALLS, for each arc drawn
    dom.py trace FILE    NAME CALLED TRACE-CALLS INCLUSIVE-NS, functions table
    dom.py frames FILE   DEPTH NAME NS, for each bar of the flame graph
    dom.py spans FILE    NAME START-NS NS, for each call the timeline draws
    dom.py gathered FILE NAME CALLS NS, for each function of each bar of
                         the timeline gathering calls too short to draw
    dom.py attr FILE TAG NAME   the attribute NAME of the first TAG
    dom.py rows FILE     the first cell of each row of the files table
    dom.py text FILE TAG the text of each TAG element
    dom.py count FILE TAG      how many TAG elements there are
"""
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []         # open elements: (tag, attrs)
        self.elements = []      # every element: [tag, attrs, text]
        self.open = []          # indices into elements of open ones

    def handle_starttag(self, tag, attrs):
        self.elements.append([tag, dict(attrs), ""])
        if tag not in ("meta", "link", "br", "img", "input"):
            self.open.append(len(self.elements) - 1)

    def handle_endtag(self, tag):
        while self.open:
            i = self.open.pop()
            if self.elements[i][0] == tag:
                break

    def handle_data(self, data):
        for i in self.open:
            self.elements[i][2] += data


def classes(e):
    return e[1].get("class", "").split()


def main():
    what, path = sys.argv[1], sys.argv[2]
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    els = page.elements
    out = []
    if what == "totals":
        # The first row of the totals table.
        for e in els:
            if e[0] == "td" and "fig" in classes(e):
                a = e[1]
                if "data-total" in a:
                    pct = e[2].split()[0]
                    out.append("%s %s %s %s" % (a["data-what"],
                               a["data-hit"], a["data-total"], pct))
                else:
                    out.append("%s 0 0 -" % a["data-what"])
                if len(out) == 3:
                    break
    elif what == "tests":
        inside, label = False, None
        for e in els:
            if e[0] == "table":
                inside = "tests" in classes(e)
            elif inside and e[0] == "th" and e[1].get("scope") == "row":
                label = e[2].strip()
            elif inside and e[0] == "td" and "fig" in classes(e):
                a = e[1]
                out.append("%s %s %s %s" % (label, a["data-what"],
                           a.get("data-hit", 0), a.get("data-total", 0)))
    elif what in ("lines", "arcs", "picked"):
        line = None
        for e in els:
            c = classes(e)
            if e[0] == "tr" and "line" in c:
                line = e[1]["id"][1:]
                if what == "picked" and ("shit" in c or "smiss" in c):
                    out.append("%s %s" % (line, "ran" if "shit" in c
                                          else "not"))
            elif what == "lines" and e[0] == "td" and "ct" in c:
                if e[2] != "":
                    out.append("%s %s" % (line, e[2]))
            elif what == "arcs" and e[0] == "li" and "arc" in c:
                out.append("%s %s %s %s" % (
                    line, "call" if "call" in c else "branch",
                    e[1]["data-n"], e[1]["data-count"]))
    elif what == "fns":
        inside, row = False, []
        for e in els:
            if e[0] == "table":
                inside = "fns" in classes(e)
            elif inside and e[0] == "tr":
                row = []
            elif inside and e[0] in ("th", "td") and "data-v" in e[1]:
                row.append(e[1]["data-v"])
                if len(row) == 5:
                    out.append("%s %s %s" % (row[0], row[2], row[4]))
    elif what == "dc":
        for e in els:
            if e[0] == "td" and "data-cat" in e[1]:
                out.append("%s %s" % (e[1]["data-cat"], e[2].strip()))
    elif what in ("cats", "deleted"):
        row = None
        for e in els:
            c = classes(e)
            if e[0] == "tr":
                row = None
                if what == "cats" and "line" in c:
                    row = e[1]["id"][1:]
                elif what == "deleted" and "deleted" in c:
                    row = e[1]["data-old"]
            elif row and e[0] == "span" and "cat" in c:
                out.append("%s %s" % (row, e[2].strip()))
    elif what == "boxes":
        out = sorted("%s %s" % (e[1]["data-name"], e[1]["data-calls"])
                     for e in els if e[0] == "g" and "fn" in classes(e))
    elif what == "calls":
        out = sorted("%s > %s %s" % (e[1]["data-from"], e[1]["data-to"],
                                     e[1]["data-calls"])
                     for e in els if e[0] == "g" and "arc" in classes(e))
    elif what == "trace":
        inside, row = False, []
        for e in els:
            if e[0] == "table":
                inside = "fns" in classes(e)
            elif inside and e[0] == "tr":
                row = []
            elif inside and e[0] in ("th", "td") and "data-v" in e[1]:
                row.append(e[1]["data-v"])
                if len(row) == 9:
                    out.append("%s %s %s %s" % (row[0], row[2], row[6],
                                                row[8]))
    elif what == "frames":
        out = ["%s %s %s" % (e[1]["data-depth"], e[1]["data-fn"],
                             e[1]["data-ns"])
               for e in els if e[0] == "g" and "frame" in classes(e)]
    elif what == "spans":
        out = ["%s %s %s" % (e[1]["data-fn"], e[1]["data-t0"],
                             e[1]["data-ns"])
               for e in els if e[0] == "g" and "span" in classes(e)]
    elif what == "gathered":
        for e in els:
            if e[0] == "g" and "agg" in classes(e):
                out += e[1]["data-fns"].split(";")
    elif what == "attr":
        for e in els:
            if e[0] == sys.argv[3]:
                out.append(e[1].get(sys.argv[4], ""))
                break
    elif what == "rows":
        inside = False
        for e in els:
            if e[0] == "table":
                inside = "tree" in classes(e)
            elif inside and e[0] == "th" and e[1].get("scope") == "row":
                out.append(e[2].strip())
    elif what == "text":
        out = [e[2].strip() for e in els if e[0] == sys.argv[3]]
    elif what == "count":
        out = [str(sum(1 for e in els if e[0] == sys.argv[3]))]
    else:
        sys.exit("dom.py: unknown query " + what)
    for o in out:
        print(o)


main()
