/* trust.c — the allow list behind `kanalyze trust` (as direnv's `allow`):
 * one entry per config the user trusts, $XDG_CONFIG_HOME/kanalyze/trusted/
 * (else ~/.config/kanalyze/trusted/) <hash of the config's real path>,
 * holding the config as it was then and the digest of the compile database
 * it names.  An entry counts only while the directory and the entry are
 * the user's and written by no one else, and only for the file as it is
 * now.  config.c decides what a trusted file may set; this file only keeps
 * and answers the list. */
#define _GNU_SOURCE
#include "cli.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* $XDG_CONFIG_HOME/kanalyze/trusted, else $HOME/.config/kanalyze/trusted. */
static char *trust_dir(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	struct ka_buf b = {0};
	if (xdg && xdg[0] == '/')
		ka_buf_printf(&b, "%s/kanalyze/trusted", xdg);
	else if (home && *home)
		ka_buf_printf(&b, "%s/.config/kanalyze/trusted", home);
	return b.data;
}

/* The entry of one config: TRUSTDIR/<hash of its real path>. */
static char *trust_entry(const char *real)
{
	char *dir = trust_dir(), hex[KA_HASH_HEX];
	struct ka_buf b = {0};
	if (!dir)
		return NULL;
	ka_hash_bytes(real, strlen(real), hex);
	ka_buf_printf(&b, "%s/%s", dir, hex);
	free(dir);
	return b.data;
}

static void trust_text(struct ka_buf *b, const char *real, const char *pointed, const struct ka_buf *content)
{
	ka_buf_printf(b, "kanalyze-trust 2\n%s\n%s\n", real, pointed);
	ka_buf_append(b, content->data ? content->data : "", content->len);
}

/* This user's, and written by no one else: else the list says nothing. */
static bool owned_private(const char *path, bool dir)
{
	struct stat st;
	return lstat(path, &st) == 0 && (dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode)) &&
	       st.st_uid == geteuid() && !(st.st_mode & 022);
}

enum ka_trust ka_trust_check(const char *real, const char *pointed, const struct ka_buf *content)
{
	char *entry = trust_entry(real), *dir = trust_dir();
	struct ka_buf want = {0}, got = {0};
	enum ka_trust t = KA_NOT_TRUSTED;
	if (entry && dir && owned_private(dir, true) && owned_private(entry, false) &&
	    ka_read_file_flags(entry, 2u << 20, O_NOFOLLOW, &got) == 0) {
		trust_text(&want, real, pointed, content);
		if (got.len == want.len && memcmp(got.data, want.data, want.len) == 0) {
			t = KA_TRUSTED;
		} else {
			/* the same header and config, another digest line */
			const char *w2 = memchr(want.data + 17, '\n', want.len - 17);
			const char *g2 = got.len > 17 ? memchr(got.data + 17, '\n', got.len - 17) : NULL;
			const char *w3 = w2 ? memchr(w2 + 1, '\n', want.len - (size_t)(w2 + 1 - want.data)) : NULL;
			const char *g3 = g2 ? memchr(g2 + 1, '\n', got.len - (size_t)(g2 + 1 - got.data)) : NULL;
			if (w3 && g3 && w2 - want.data == g2 - got.data && memcmp(want.data, got.data, (size_t)(w2 - want.data)) == 0 &&
			    want.len - (size_t)(w3 - want.data) == got.len - (size_t)(g3 - got.data) &&
			    memcmp(w3, g3, want.len - (size_t)(w3 - want.data)) == 0)
				t = KA_TRUST_POINTED_CHANGED;
		}
	}
	ka_buf_free(&want);
	ka_buf_free(&got);
	free(entry);
	free(dir);
	return t;
}


int ka_trust_record(const char *real, const char *pointed, const struct ka_buf *content, char **entry_out,
		    struct ka_diag *d)
{
	char *entry = trust_entry(real), *dir = trust_dir();
	struct ka_buf out = {0};
	int r = 0, rc = KA_EXIT_USAGE;

	if (!entry || !dir || (r = ka_mkdirs(dir, 0700)) != 0 || !owned_private(dir, true)) {
		ka_diag_error(d, KA_EXIT_USAGE, dir ? dir : "trust", "cannot keep the allow list here: %s",
			      !entry || !dir ? "no $HOME or $XDG_CONFIG_HOME"
			      : r ? strerror(-r) : "it is not a private directory of this user's");
		goto out;
	}
	trust_text(&out, real, pointed, content);
	if ((r = ka_write_file_atomic(entry, out.data, out.len)) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, entry, "cannot write the allow list: %s", strerror(-r));
		goto out;
	}
	rc = 0;
out:
	ka_buf_free(&out);
	free(dir);
	if (rc == 0)
		*entry_out = entry;
	else
		free(entry);
	return rc;
}
