/* fuzz-section.c -- fuzz target: the parser of the .arcov_notes ELF
 * section (doc/notes-format.md §3) in tools/discover.c.
 *
 * The parser is static; its smallest public entry is
 * arcov_discover_binary(), which takes an ELF file.  So the input is the
 * section's bytes: each run wraps them in a minimal ELF64 relocatable
 * object (null section, .arcov_notes, .shstrtab) in a memory file and
 * asks for the program's .bbg paths, without its libraries.  Every path
 * listed must be one of the input's strings, absolute, ending in .bbg,
 * and listed once.
 */
#include <config.h>

#include <elf.h>
#include <sys/mman.h>
#include <unistd.h>

#include "discover.h"
#include "fuzz.h"

static const char shstrtab[] = "\0.arcov_notes\0.shstrtab";

/* Write the object holding the section @data to the memory file @fd. */
static void write_object(int fd, const uint8_t *data, size_t size)
{
	size_t names_at = sizeof(Elf64_Ehdr) + size;
	size_t shdrs_at = (names_at + sizeof shstrtab + 7) / 8 * 8;
	size_t total = shdrs_at + 3 * sizeof(Elf64_Shdr);
	unsigned char *obj = calloc(1, total);
	Elf64_Ehdr *eh = (Elf64_Ehdr *)obj;
	Elf64_Shdr *sh = (Elf64_Shdr *)(obj + shdrs_at);

	FUZZ_CHECK(obj != NULL);
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_type = ET_REL;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	eh->e_shoff = shdrs_at;
	eh->e_ehsize = sizeof *eh;
	eh->e_shentsize = sizeof *sh;
	eh->e_shnum = 3;
	eh->e_shstrndx = 2;
	if (size)
		memcpy(obj + sizeof *eh, data, size);
	memcpy(obj + names_at, shstrtab, sizeof shstrtab);
	sh[1].sh_name = 1;			/* ".arcov_notes" */
	sh[1].sh_type = SHT_PROGBITS;
	sh[1].sh_offset = sizeof *eh;
	sh[1].sh_size = size;
	sh[1].sh_addralign = 1;
	sh[2].sh_name = 14;			/* ".shstrtab" */
	sh[2].sh_type = SHT_STRTAB;
	sh[2].sh_offset = names_at;
	sh[2].sh_size = sizeof shstrtab;
	sh[2].sh_addralign = 1;
	FUZZ_CHECK(ftruncate(fd, 0) == 0);
	FUZZ_CHECK(pwrite(fd, obj, total, 0) == (ssize_t)total);
	free(obj);
}

/* Is @s, with its NUL, one of the strings of the section @data? */
static int is_string_of(const char *s, const uint8_t *data, size_t size)
{
	size_t len = strlen(s) + 1, at = 0;

	while (at < size) {
		const uint8_t *nul = memchr(data + at, 0, size - at);

		if (!nul)
			return 0;
		if ((size_t)(nul - data) + 1 - at == len &&
		    !memcmp(data + at, s, len))
			return 1;
		at = (size_t)(nul - data) + 1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	struct arcov_err err = { 0, "" };
	struct arcov_paths out = { 0 };
	size_t i, len;
	int rc;

	if (fd < 0) {
		fd = memfd_create("fuzz-section", MFD_CLOEXEC);
		FUZZ_CHECK(fd >= 0);
		snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	}
	write_object(fd, data, size);
	rc = arcov_discover_binary(path, 0, &out, stderr, &err);
	if (rc) {
		FUZZ_CHECK(rc < 0 && err.code == rc && out.n == 0);
		FUZZ_CHECK(strstr(err.msg, path) != NULL);
		/* Only the section can be wrong: the object is well formed. */
		FUZZ_CHECK(rc == ARCOV_ETRUNC || rc == ARCOV_EFORMAT);
		arcov_paths_free(&out);
		return 0;
	}
	for (i = 0; i < out.n; i++) {
		len = strlen(out.v[i]);
		FUZZ_CHECK(out.v[i][0] == '/' && len >= 4 &&
			   !strcmp(out.v[i] + len - 4, ".bbg"));
		FUZZ_CHECK(is_string_of(out.v[i], data, size));
	}
	for (i = 1; i < out.n; i++) {
		size_t j;

		for (j = 0; j < i; j++)
			FUZZ_CHECK(strcmp(out.v[i], out.v[j]) != 0);
	}
	arcov_paths_free(&out);
	return 0;
}
