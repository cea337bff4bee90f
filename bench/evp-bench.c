// SPDX-License-Identifier: GPL-2.0-only
/*
 * evp-bench - Debian's OpenSSL (libcrypto.so.3) for `make bench`, run under
 * qemu-aarch64 / qemu-arm with build/bench/ctplugin.so (tests/ct/ctplugin.c)
 * in mode=count (bench/openssl.sh).
 *
 * For ECB, CBC, CTR and XTS with AES-128 and AES-256, encryption and
 * decryption, and the sizes of bench/afalg-bench.c (ECB and CBC: 1420 ->
 * 1408), one EVP_CipherUpdate() + EVP_CipherFinal_ex() of the whole buffer
 * runs between the START and STOP markers; the context is set up (key
 * schedule, IV) before START.  One line per window goes to stdout before
 * it:   ossl MODE KEYBITS enc|dec SIZE REP
 *
 * The few libcrypto entry points used are declared here (opaque types), so
 * that no libssl-dev of the target architecture is needed to build.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/ct/ct-markers.h"

typedef struct evp_cipher_st EVP_CIPHER;
typedef struct evp_cipher_ctx_st EVP_CIPHER_CTX;
typedef struct engine_st ENGINE;

EVP_CIPHER_CTX *EVP_CIPHER_CTX_new(void);
void EVP_CIPHER_CTX_free(EVP_CIPHER_CTX *ctx);
int EVP_CipherInit_ex(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *cipher,
		      ENGINE *impl, const unsigned char *key,
		      const unsigned char *iv, int enc);
int EVP_CipherUpdate(EVP_CIPHER_CTX *ctx, unsigned char *out, int *outl,
		     const unsigned char *in, int inl);
int EVP_CipherFinal_ex(EVP_CIPHER_CTX *ctx, unsigned char *outm, int *outl);
int EVP_CIPHER_CTX_set_padding(EVP_CIPHER_CTX *c, int pad);
const EVP_CIPHER *EVP_aes_128_ecb(void);
const EVP_CIPHER *EVP_aes_256_ecb(void);
const EVP_CIPHER *EVP_aes_128_cbc(void);
const EVP_CIPHER *EVP_aes_256_cbc(void);
const EVP_CIPHER *EVP_aes_128_ctr(void);
const EVP_CIPHER *EVP_aes_256_ctr(void);
const EVP_CIPHER *EVP_aes_128_xts(void);
const EVP_CIPHER *EVP_aes_256_xts(void);

#define MAXSIZE 16384

static unsigned char src[MAXSIZE], dst[MAXSIZE + 32];
static const int sizes[] = { 16, 64, 256, 1420, 4096, 16384 };

struct mode {
	const char *name;
	const EVP_CIPHER *(*c128)(void);
	const EVP_CIPHER *(*c256)(void);
	int whole_blocks, double_key;
};

static const struct mode modes[] = {
	{ "ecb", EVP_aes_128_ecb, EVP_aes_256_ecb, 1, 0 },
	{ "cbc", EVP_aes_128_cbc, EVP_aes_256_cbc, 1, 0 },
	{ "ctr", EVP_aes_128_ctr, EVP_aes_256_ctr, 0, 0 },
	{ "xts", EVP_aes_128_xts, EVP_aes_256_xts, 0, 1 },
};

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 2;
	unsigned char key[64], iv[16];
	unsigned int m, s;
	int i, k, enc, rep;

	for (i = 0; i < MAXSIZE; i++)
		src[i] = (unsigned char)(i * 29 + 1);
	for (i = 0; i < 64; i++)
		key[i] = (unsigned char)(0x10 + 7 * i);
	for (i = 0; i < 16; i++)
		iv[i] = (unsigned char)(0xf0 - 3 * i);
	for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
		for (k = 128; k <= 256; k += 128) {
			const EVP_CIPHER *c = k == 128 ? modes[m].c128() : modes[m].c256();

			for (enc = 1; enc >= 0; enc--) {
				for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
					int len = sizes[s], outl, finl;

					if (modes[m].whole_blocks)
						len &= ~15;
					for (rep = 0; rep < reps; rep++) {
						EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

						if (!ctx || !EVP_CipherInit_ex(ctx, c, NULL, key, iv, enc)) {
							printf("error %s %d init\n", modes[m].name, k);
							return 1;
						}
						EVP_CIPHER_CTX_set_padding(ctx, 0);
						printf("ossl %s %d %s %d %d\n", modes[m].name, k,
						       enc ? "enc" : "dec", len, rep);
						fflush(stdout);
						CT_START();
						i = EVP_CipherUpdate(ctx, dst, &outl, src, len) &&
						    EVP_CipherFinal_ex(ctx, dst + outl, &finl);
						CT_STOP();
						if (!i || outl + finl != len)
							printf("error %s %d %d\n", modes[m].name, k, len);
						EVP_CIPHER_CTX_free(ctx);
					}
				}
			}
		}
	}
	return 0;
}
