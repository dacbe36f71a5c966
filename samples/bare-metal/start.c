/* start.c -- the sample's start code for a Cortex-M3, compiled without
 * the plugin: the vector table, a reset handler that copies .data and
 * zeroes .bss (where the counters are) before main(), and streams the
 * counters over semihosting after it; and the two semihosting calls.
 * Nothing here runs .init_array: the instrumented units register through
 * the arcov_objects section (link.ld).
 *
 * The stream is sent from here, not from main(), because code that is
 * still running when its counters are read has counted the arcs into
 * its current block and not yet those out of it: the counts of a
 * function on the stack do not add up.  Stream from code that is not
 * instrumented, when the instrumented code has returned (as the hosted
 * runtime writes at exit). */
#include <arcov-freestanding.h>

#include "semihost.h"

int main(void);

extern unsigned long _sidata[], _sdata[], _edata[], _sbss[], _ebss[];
extern unsigned long _estack[];

/* SYS_WRITE0 and SYS_EXIT; ADP_Stopped_ApplicationExit ends qemu with
 * status 0, ADP_Stopped_RunTimeErrorUnknown with 1. */
static int semihost(int op, const void *arg)
{
	register int r0 __asm__("r0") = op;
	register const void *r1 __asm__("r1") = arg;

	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

void semihost_write0(const char *s)
{
	semihost(0x04, s);
}

void semihost_exit(int ok)
{
	semihost(0x18, (const void *)(ok ? 0x20026 : 0x20023));
	for (;;)
		;
}

/* The stream's way out: semihosting's text output takes NUL-terminated
 * strings, so the bytes go through a small buffer. */
static int put(const void *data, size_t len, void *ctx)
{
	const char *p = data;
	char buf[80];
	size_t i;

	(void)ctx;
	while (len) {
		for (i = 0; i < len && i < sizeof buf - 1; i++)
			buf[i] = p[i];
		buf[i] = 0;
		semihost_write0(buf);
		p += i;
		len -= i;
	}
	return 0;
}

void reset_handler(void);

void reset_handler(void)
{
	unsigned long *src = _sidata, *dst;
	int ok;

	for (dst = _sdata; dst < _edata; )
		*dst++ = *src++;
	for (dst = _sbss; dst < _ebss; )
		*dst++ = 0;
	ok = main() == 0;
	semihost_exit(arcov_stream_hex(put, 0) == 0 && ok);
}

static void fault(void)
{
	semihost_write0("fault\n");
	semihost_exit(0);
}

__attribute__((section(".vectors"), used))
static void (*const vectors[])(void) = {
	(void (*)(void))_estack,	/* initial stack pointer */
	reset_handler,
	fault,				/* NMI */
	fault,				/* HardFault */
	fault,				/* MemManage */
	fault,				/* BusFault */
	fault,				/* UsageFault */
};
