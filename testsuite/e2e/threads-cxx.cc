// threads-cxx.cc -- std::thread (the threads are created inside
// libstdc++, not by instrumented code) and thread_local destructors, which
// run instrumented code as each thread ends: 4 threads tick 1000000 times
// each and 7 times more from their destructors, main 3 times: 4000031
// (e2e-perthread.sh).
#include <cstdio>
#include <thread>
#include <vector>

static volatile long sink;

__attribute__((noinline)) static void tick(long i)
{
	sink += i;	// WORK
}

struct bye {
	~bye()
	{
		for (int i = 0; i < 7; i++)
			tick(i);
	}
};

static thread_local bye at_exit;

static void body()
{
	(void)&at_exit;
	for (long i = 0; i < 1000000; i++)
		tick(i);
}

int main()
{
	std::vector<std::thread> threads;

	for (int i = 0; i < 4; i++)
		threads.emplace_back(body);
	for (auto &t : threads)
		t.join();
	for (int i = 0; i < 3; i++)
		tick(i);
	std::printf("%ld\n", (long)sink);
	return 0;
}
