// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: instruction counts of the portable constant-time AES and GHASH
 * (aes-ct.c, ghash-ct.c), for their cost notes (tests/ct/portable-count.sh).
 *
 *   portable-count KIND BYTES     KIND: ctr | ecb-dec | cbc-dec | xts |
 *                                       block | block-dec | ghash
 *
 * One ctplugin window around the single call (the AES-128 key is expanded
 * before the window opens; "block" and "block-dec" ignore BYTES).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes-ct.h"
#include "ghash.h"
#include "tests/ct/ct-markers.h"

#define MAXLEN	65536

static u8 src[MAXLEN], dst[MAXLEN];
static struct ctneon_aes_key key;

int main(int argc, char **argv)
{
	static const u8 k[16] = { 0x2b, 0x7e, 0x15, 0x16, 9, 8, 7, 6 };
	u8 iv[16] = { 0xf0, 0xf1, 0xf2 };
	const char *kind;
	int i, len;

	if (argc != 3)
		return 2;
	kind = argv[1];
	len = atoi(argv[2]);
	if (len < 0 || len > MAXLEN)
		return 2;
	for (i = 0; i < MAXLEN; i++)
		src[i] = (u8)(i * 7);
	ctneon_aes_expandkey(&key, k, sizeof(k));
	if (!strcmp(kind, "ctr")) {
		CT_START();
		ctneon_aes_ct_ctr(&key, dst, src, len, iv);
		CT_STOP();
	} else if (!strcmp(kind, "ecb-dec")) {
		CT_START();
		ctneon_aes_ct_ecb(&key, 0, dst, src, len / 16);
		CT_STOP();
	} else if (!strcmp(kind, "cbc-dec")) {
		CT_START();
		ctneon_aes_ct_cbc(&key, 0, dst, src, len / 16, iv);
		CT_STOP();
	} else if (!strcmp(kind, "xts")) {
		CT_START();
		ctneon_aes_ct_xts(&key, 1, dst, src, len, iv);
		CT_STOP();
	} else if (!strcmp(kind, "block")) {
		CT_START();
		ctneon_aes_ct_encrypt(&key, dst, src);
		CT_STOP();
	} else if (!strcmp(kind, "block-dec")) {
		CT_START();
		ctneon_aes_ct_decrypt(&key, dst, src);
		CT_STOP();
	} else if (!strcmp(kind, "ghash")) {
		CT_START();
		ctneon_ghash_ct_update(iv, k, src, len / 16);
		CT_STOP();
	} else {
		return 2;
	}
	printf("%02x%02x\n", dst[0], iv[0]);
	return 0;
}
