# The build-system test project as a hand-written Makefile builds it,
# out of tree: make -f SRCDIR/hand.mk srcdir=SRCDIR check.
srcdir = .
CC = cc
CFLAGS = -O2
LDFLAGS =

all: libcore.so plug.so app

libcore.so: $(srcdir)/lib/core/counter.c $(srcdir)/lib/core/counter.h
	mkdir -p lib/core
	$(CC) $(CFLAGS) -fPIC -c $(srcdir)/lib/core/counter.c \
		-o lib/core/counter.o
	$(CC) $(LDFLAGS) -shared -o $@ lib/core/counter.o

# Compiled and linked in one step.
plug.so: $(srcdir)/lib/mod/plug.c
	$(CC) $(CFLAGS) $(LDFLAGS) -fPIC -shared -o $@ $(srcdir)/lib/mod/plug.c

app: $(srcdir)/src/app/main.c libcore.so
	mkdir -p src/app
	$(CC) $(CFLAGS) -I$(srcdir)/lib/core -c $(srcdir)/src/app/main.c \
		-o src/app/main.o
	$(CC) $(LDFLAGS) -o $@ src/app/main.o -L. -lcore \
		-Wl,-rpath,'$$ORIGIN' -ldl

check: all
	PLUG=`pwd`/plug.so ./app

.PHONY: all check
