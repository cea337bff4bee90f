// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: instruction counts per byte of the ChaCha entry points, for the
 * cost notes of <arch>/chacha-poly-neon-core.S (tests/ct/chacha-count.sh).
 *
 *   chacha-count KIND BYTES...
 *   KIND: chacha20 | chacha12 | aead-enc | aead-dec | poly (BYTES / 16 blocks)
 *         | aead-head (encryption after the arm glue's head: pend holds
 *           CTNEON_CP_HEAD bytes, CTNEON_CP_HEAD_PEND)
 *
 * One ctplugin window per length around the call alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chacha-poly.h"
#include "tests/ct/ct-markers.h"

#define MAXLEN	65536

static u8 src[MAXLEN + 64], dst[MAXLEN + 64];
static u8 pst[CTNEON_POLY_STATE_SIZE];
static u32 st[16];

int main(int argc, char **argv)
{
	static const u8 key[32] = { 1, 2, 3 };
	int i;

	if (argc < 3) {
		fprintf(stderr, "usage: chacha-count chacha20|chacha12|aead-enc|aead-dec|aead-head|poly BYTES...\n");
		return 2;
	}
	for (i = 0; i < MAXLEN; i++)
		src[i] = (u8)(i * 7);
	for (i = 2; i < argc; i++) {
		int len = atoi(argv[i]);

		if (len < 0 || len > MAXLEN)
			return 2;
		memset(st, 0x5a, sizeof(st));
		if (!strncmp(argv[1], "aead-", 5)) {
			int flags = strcmp(argv[1], "aead-dec") ? CTNEON_CP_ENC : 0;
			int head = !strcmp(argv[1], "aead-head");

			if (head)
				flags |= CTNEON_CP_HEAD_PEND;
			ctneon_poly1305_init(pst, key);
			CT_START();
			ctneon_chachapoly_crypt(st, pst, dst, src, len, flags,
						head ? src + MAXLEN - 256 : NULL);
			CT_STOP();
		} else if (!strcmp(argv[1], "poly")) {
			ctneon_poly1305_init(pst, key);
			CT_START();
			ctneon_poly1305_blocks(pst, src, len / 16);
			CT_STOP();
		} else {
			int nr = strcmp(argv[1], "chacha12") ? 20 : 12;

			CT_START();
			ctneon_chacha_crypt(st, dst, src, len, nr);
			CT_STOP();
		}
	}
	return 0;
}
