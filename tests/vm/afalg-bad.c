// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-bad - bad input to every ctneon algorithm, answered as generic does
 *
 * What: for each ctneon driver (and the aes cipher through the ecb and cbc
 * templates) and its generic reference, the same invalid or edge request
 * goes to both through AF_ALG and the outcomes must agree: the same error
 * code, or both success with the same output.  Where the crypto API
 * requires an error, an error is also required (agreement on "accepted"
 * is not enough).  An oops would kill this process or the guest (and
 * show in dmesg, which the guest script checks after the run).
 *
 * Why compare with generic instead of hard-coding errno values: some of
 * the answers are AF_ALG's (e.g. an IV of the wrong length is refused by
 * sendmsg() before any driver sees it), some are the driver's (key
 * lengths, partial blocks, authsizes, rfc4106 assoclens, EBADMSG), and
 * some are "empty result"; generic is the definition of right for all of
 * them, and the mandatory-error list below pins the ones that matter.
 *
 * How, per skcipher (ecb, cbc, ctr, xts, cts, chacha20, xchacha20/12,
 * adiantum(xchacha12/20,aes)):
 *   nokey    a request before any key: ENOKEY (required; accept() itself
 *            succeeds, AF_ALG hands out a "nokey" socket)
 *   keys     ALG_SET_KEY of every length 0..80 and 96, 128: valid lengths
 *            accepted, the rest EINVAL (required); a request after a
 *            refused key: as generic (ENOKEY if the driver refused it, the
 *            old key's output if the API refused the length itself)
 *   ivlen    ALG_SET_IV with a wrong ivlen (0, 1, ivsize-1, ivsize+1, 32,
 *            64): refused (required); no ALG_SET_IV at all: same output
 *   lengths  ECB/CBC: 1..15, 17, 31, 33, 4095, 4097 bytes; XTS, CTS, Adiantum: 1..15:
 *            EINVAL (required); CTR/ChaCha: 1..17 bytes, same output
 *   zero     a request of length 0, both directions: same outcome
 * per AEAD (gcm, rfc4106, rfc7539, rfc7539esp, ccm, rfc4309):
 *   nokey, keys   as above (rfc4106/rfc7539esp: AES/ChaCha key + 4-byte salt,
 *            rfc4309: AES key + 3-byte salt)
 *   authsize every value 0..17, 32, 255: the allowed set accepted, the rest
 *            EINVAL (required)
 *   ivlen    wrong ivlen in ALG_SET_IV: refused (required)
 *   assoclen rfc4106, rfc4309: anything but 16 or 20; rfc7539esp: under 8; any AEAD:
 *            assoclen beyond the data sent, 2^31, 2^32-1: refused (required)
 *   short    decryption whose text part is shorter than the tag, for each
 *            allowed authsize: EINVAL (required)
 *   ccm-iv   ccm: iv[0] (L - 1) of 0 or 8..255: EINVAL (required); a
 *            65537-byte text with L = 2: EOVERFLOW (required, both), 65536
 *            bytes: EOVERFLOW from ctneon (the reference's answer is only
 *            reported: crypto/ccm.c lets exactly 2^(8L) bytes through),
 *            65535 bytes: the same output
 *   forged   one bit flipped in each tag byte, with text 0, 1, 16, 64
 *            bytes and AAD empty (or the minimum): EBADMSG (required)
 *   empty    empty text and/or empty AAD (as far as allowed): the same
 *            ciphertext (just the tag) as generic; decrypting it gives an
 *            empty result
 *
 * An alarm turns a hang into a FAIL line.  Output: "ok bad NAME GROUP (N
 * checks)" or "FAIL bad NAME GROUP: ..." lines; exit status 1 on failure.
 *
 * Usage: afalg-bad [-v] [-B] [NAME-SUBSTRING]
 *   -B  self-check of the test: the "forged" tags are sent unmodified, so
 *       every forged group must FAIL (accepted where EBADMSG is required)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include "tests/vm/afalg-util.h"
#ifndef ALG_SET_AEAD_ASSOCLEN
#define ALG_SET_AEAD_ASSOCLEN 4
#endif
#ifndef ALG_SET_AEAD_AUTHSIZE
#define ALG_SET_AEAD_AUTHSIZE 5
#endif

#define BUF		(65536 + 4096)	/* ccm's texts of 2^16 bytes and more with L = 2 */
#define TIMEOUT_S	20

enum kind { ECB, CBC, CTR, XTS, CHACHA, XCHACHA, CTS, ADIANTUM, GCM, RFC4106, CP, CPESP, CCM, RFC4309 };

struct pair {
	const char *name, *ref;
	enum kind kind;
};

static const struct pair pairs[] = {
	{ "ecb-aes-ctneon", "ecb(aes-generic)", ECB },
	{ "cbc-aes-ctneon", "cbc(aes-generic)", CBC },
	{ "ctr-aes-ctneon", "ctr(aes-generic)", CTR },
	{ "xts-aes-ctneon", "xts(ecb(aes-generic))", XTS },
	{ "ecb(aes-ctneon)", "ecb(aes-generic)", ECB },
	{ "cbc(aes-ctneon)", "cbc(aes-generic)", CBC },
	{ "chacha20-ctneon", "chacha20-generic", CHACHA },
	{ "xchacha20-ctneon", "xchacha20-generic", XCHACHA },
	{ "xchacha12-ctneon", "xchacha12-generic", XCHACHA },
	{ "gcm-aes-ctneon", "gcm_base(ctr(aes-generic),ghash-generic)", GCM },
	{ "rfc4106-gcm-aes-ctneon", "rfc4106(gcm_base(ctr(aes-generic),ghash-generic))", RFC4106 },
	/*
	 * #23 (on 7.x afalg_bind() puts aes-lib for aes-generic; xctr(aes)
	 * has no reference on most kernels and no invalid length: afalg-diff
	 * checks its keys)
	 */
	{ "cts-cbc-aes-ctneon", "cts(cbc(aes-generic))", CTS },
	/* the template over the generic parts (bind_alg()) */
	{ "adiantum-xchacha12-aes-ctneon", "adiantum(xchacha12-generic,aes-generic)", ADIANTUM },
	{ "adiantum-xchacha20-aes-ctneon", "adiantum(xchacha20-generic,aes-generic)", ADIANTUM },
	{ "ccm-aes-ctneon", "ccm_base(ctr(aes-generic),cbcmac(aes-generic))", CCM },
	{ "rfc4309-ccm-aes-ctneon", "rfc4309(ccm_base(ctr(aes-generic),cbcmac(aes-generic)))",
	  RFC4309 },
#ifdef __aarch64__	/* not registered on arm (glue-chacha.c) */
	{ "rfc7539-chacha20-poly1305-ctneon", "rfc7539(chacha20-generic,poly1305-generic)", CP },
	{ "rfc7539esp-chacha20-poly1305-ctneon", "rfc7539esp(chacha20-generic,poly1305-generic)", CPESP },
#endif
};

static int is_aead(enum kind k) { return k >= GCM; }

static int verbose, nfail;
static int break_it;	/* -B: "forge" without flipping: forged must FAIL */
static const char *volatile cur = "";
static uint8_t *in, *out_t, *out_r;

/* ---- group bookkeeping --------------------------------------------------- */

struct group {
	const char *alg, *name;
	int checks, fails;
};

static void gfail(struct group *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void gfail(struct group *g, const char *fmt, ...)
{
	va_list ap;

	if (g->fails++ < 5) {
		printf("FAIL bad %s %s: ", g->alg, g->name);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
	nfail++;
}

static void gdone(struct group *g)
{
	if (!g->fails)
		printf("ok bad %s %s (%d checks)\n", g->alg, g->name, g->checks);
	else if (g->fails > 5)
		printf("FAIL bad %s %s: %d of %d checks failed\n", g->alg, g->name,
		       g->fails, g->checks);
}

static const char *estr(int e)
{
	return e ? strerror(-e) : "success";
}

static void on_alarm(int sig)
{
	char m[200];
	int n;

	(void)sig;
	n = snprintf(m, sizeof(m), "FAIL bad %s: a request hung for %d s\n",
		     (const char *)cur, TIMEOUT_S);
	if (n > 0 && write(1, m, (size_t)n) < 0)
		_exit(2);
	_exit(1);
}

/* ---- AF_ALG --------------------------------------------------------------- */

/*
 * Adiantum's reference: an instance is found only by its cra_name or its
 * driver name, which on 6.x names the NHPoly1305 too and on 7.x (NH in
 * the library) does not: the three-part name, then the two-part one.
 */
static int bind_alg(const struct pair *p, int ref)
{
	const char *type = is_aead(p->kind) ? "aead" : "skcipher";
	char two[96];
	int fd;

	if (!ref)
		return afalg_bind(type, p->name);
	if (p->kind != ADIANTUM)
		return afalg_bind(type, p->ref);
	snprintf(two, sizeof(two), "%s", p->ref);
	snprintf(two + strlen(two) - 1, sizeof(two) - strlen(two) + 1,
		 ",nhpoly1305-generic)");
	fd = afalg_bind(type, two);
	return fd >= 0 ? fd : afalg_bind(type, p->ref);
}

static int setkey(int tfm, const uint8_t *k, size_t n)
{
	return setsockopt(tfm, SOL_ALG, ALG_SET_KEY, k, (socklen_t)n) ? -errno : 0;
}

static int setauth(int tfm, unsigned int a)
{
	return setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, a) ? -errno : 0;
}

struct req {
	int enc;
	int has_iv;
	size_t ivlen;		/* may differ from the algorithm's ivsize */
	const uint8_t *iv;
	int has_assoc;
	uint32_t assoclen;
};

/*
 * One request on a fresh operation socket: sendmsg() of the control
 * messages and in[0..inlen), then a read of outlen bytes (1 byte when
 * outlen is 0).  Returns 0 or -errno; *got receives the bytes read.
 */
static int run(int tfm, const struct req *r, const uint8_t *data, size_t inlen,
	       uint8_t *out, size_t outlen, size_t *got)
{
	union {
		char b[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 64) + CMSG_SPACE(4)];
		struct cmsghdr align;
	} u;
	struct iovec iov = { (void *)data, inlen };
	struct msghdr mh;
	struct cmsghdr *c;
	struct af_alg_iv *aiv;
	uint32_t v;
	ssize_t n;
	int op, err = 0;

	*got = 0;
	alarm(TIMEOUT_S);
	op = accept(tfm, NULL, NULL);
	if (op < 0)
		return -errno;
	memset(&u, 0, sizeof(u));
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = u.b;
	mh.msg_controllen = CMSG_SPACE(4) +
			    (r->has_iv ? CMSG_SPACE(sizeof(*aiv) + r->ivlen) : 0) +
			    (r->has_assoc ? CMSG_SPACE(4) : 0);
	c = CMSG_FIRSTHDR(&mh);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(4);
	v = r->enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	memcpy(CMSG_DATA(c), &v, 4);
	if (r->has_iv) {
		c = CMSG_NXTHDR(&mh, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(sizeof(*aiv) + r->ivlen);
		aiv = (struct af_alg_iv *)(void *)CMSG_DATA(c);
		aiv->ivlen = (uint32_t)r->ivlen;
		memcpy(aiv->iv, r->iv, r->ivlen);
	}
	if (r->has_assoc) {
		c = CMSG_NXTHDR(&mh, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
		c->cmsg_len = CMSG_LEN(4);
		memcpy(CMSG_DATA(c), &r->assoclen, 4);
	}
	n = sendmsg(op, &mh, 0);
	if (n < 0) {
		err = -errno;
	} else if ((size_t)n != inlen) {
		err = -EMSGSIZE;
	} else {
		uint8_t one;

		n = outlen ? read(op, out, outlen) : read(op, &one, 1);
		if (n < 0)
			err = -errno;
		else
			*got = (size_t)n;
	}
	close(op);
	alarm(0);
	return err;
}

/*
 * A request on a transform without a usable key: AF_ALG's accept()
 * succeeds (the "nokey" socket) and the request itself must fail
 * (ENOKEY).  A 32-byte encryption, AEAD with the kind's least assoclen.
 */
static int keyless_request(int tfm, int aead, uint32_t assoclen, uint8_t *res, size_t *got)
{
	static const uint8_t zero_iv[64];
	struct req r = { 1, 0, 0, zero_iv, aead, assoclen };
	uint8_t buf[64 + 16];

	memset(buf, 0x11, sizeof(buf));
	return run(tfm, &r, buf, assoclen + 32, res, assoclen + 32 + (aead ? 16 : 0), got);
}

/*
 * The same request through both; compares outcomes.  must_fail: an error
 * is required.  Returns the test side's error.
 */
static int both(struct group *g, int t, int rf, const struct req *r, size_t inlen,
		size_t outlen, int must_fail, const char *what)
{
	size_t gt, gr;
	int et = run(t, r, in, inlen, out_t, outlen, &gt);
	int er = run(rf, r, in, inlen, out_r, outlen, &gr);

	g->checks++;
	if (et != er)
		gfail(g, "%s: ctneon %s, generic %s", what, estr(et), estr(er));
	else if (must_fail && !et)
		gfail(g, "%s: accepted by both, the API requires an error", what);
	else if (!et && (gt != gr || memcmp(out_t, out_r, gt)))
		gfail(g, "%s: outputs differ (%zu and %zu bytes)", what, gt, gr);
	return et;
}

/* ---- parameters of the kinds -------------------------------------------- */

static size_t ivsize(enum kind k)
{
	switch (k) {
	case ECB: return 0;
	case XCHACHA: case ADIANTUM: return 32;
	case GCM: case CP: return 12;
	case RFC4106: case CPESP: case RFC4309: return 8;
	default: return 16;
	}
}

static int valid_key(enum kind k, size_t n)
{
	switch (k) {
	case XTS: return n == 32 || n == 48 || n == 64;
	case CHACHA: case XCHACHA: case CP: case ADIANTUM: return n == 32;
	case CPESP: return n == 36;
	case RFC4106: return n == 20 || n == 28 || n == 36;
	case RFC4309: return n == 19 || n == 27 || n == 35;
	default: return n == 16 || n == 24 || n == 32;
	}
}

static size_t good_key(enum kind k)
{
	return k == XTS || k == CHACHA || k == XCHACHA || k == CP || k == ADIANTUM ? 32 :
	       k == CPESP || k == RFC4106 ? 36 : k == RFC4309 ? 19 : 16;
}

static int valid_auth(enum kind k, unsigned int a)
{
	if (k == GCM)
		return a == 4 || a == 8 || (a >= 12 && a <= 16);
	if (k == RFC4106 || k == RFC4309)
		return a == 8 || a == 12 || a == 16;
	if (k == CCM)
		return a >= 4 && a <= 16 && !(a & 1);
	return a == 16;
}

static uint8_t key[128], ivbuf[64];

static size_t min_assoc(enum kind k)
{
	return k == RFC4106 || k == RFC4309 ? 16 : k == CPESP ? 8 : 0;
}

/* ---- the groups ---------------------------------------------------------- */

static void g_keys(const struct pair *p, int t, int rf)
{
	static const size_t extra[] = { 96, 128 };
	struct group g = { p->name, "keys", 0, 0 };
	int aead = is_aead(p->kind), noted = 0;
	size_t gt, gr, lastgood = 0;
	uint32_t amin = (uint32_t)min_assoc(p->kind);
	size_t n;
	int i;

	/* no key yet */
	g.checks++;
	{
		int et = keyless_request(t, aead, amin, out_t, &gt);
		int er = keyless_request(rf, aead, amin, out_r, &gr);

		if (et != er || et != -ENOKEY)
			gfail(&g, "request without a key: ctneon %s, generic %s, want ENOKEY",
			      estr(et), estr(er));
	}
	for (i = 0; i < 83; i++) {
		int et, er;

		n = i <= 80 ? (size_t)i : extra[i - 81];
		et = setkey(t, key, n);
		er = setkey(rf, key, n);
		g.checks++;
		if (et != er)
			gfail(&g, "key of %zu bytes: ctneon %s, generic %s", n, estr(et), estr(er));
		else if (valid_key(p->kind, n) ? et != 0 : et != -EINVAL)
			gfail(&g, "key of %zu bytes: %s, want %s", n, estr(et),
			      valid_key(p->kind, n) ? "success" : "EINVAL");
		if (valid_key(p->kind, n) && !et) {
			lastgood = n;
		} else if (!valid_key(p->kind, n)) {
			/*
			 * After a refused key: the crypto API drops the key
			 * (ENOKEY) when the driver refused it, but keeps the
			 * old one when the length is outside the algorithm's
			 * min..max keysize (refused before the driver is
			 * asked).  So ctneon must either refuse with ENOKEY
			 * or still encrypt with the last key it accepted.
			 * Generic is the reference for that key, set again
			 * explicitly: 6.12's lskcipher-based ecb/cbc
			 * (aes-generic) keep different state after a
			 * refused length than a plain skcipher does, and
			 * both are the API's behaviour, not the driver's.
			 */
			et = keyless_request(t, aead, amin, out_t, &gt);
			g.checks++;
			if (et == -ENOKEY)
				continue;
			if (et) {
				gfail(&g, "request after a refused %zu-byte key: ctneon %s, want success (old key) or ENOKEY",
				      n, estr(et));
				continue;
			}
			if (!lastgood) {
				gfail(&g, "request after a refused %zu-byte key succeeded, but no key was ever accepted",
				      n);
				continue;
			}
			er = setkey(rf, key, lastgood);
			if (!er)
				er = keyless_request(rf, aead, amin, out_r, &gr);
			if (er)
				gfail(&g, "reference with the old %zu-byte key: %s", lastgood, estr(er));
			else if (gt != gr || memcmp(out_t, out_r, gt))
				gfail(&g, "request after a refused %zu-byte key: output is not the old %zu-byte key's",
				      n, lastgood);
			else if (!noted++)
				printf("# bad %s keys: after a refused %zu-byte key ctneon still uses the old %zu-byte key (as the API keeps it)\n",
				       p->name, n, lastgood);
		}
	}
	gdone(&g);
}

static void g_ivlen(const struct pair *p, int t, int rf, size_t dlen, size_t olen,
		    uint32_t assoclen)
{
	size_t s = ivsize(p->kind);
	const size_t bad[] = { 0, 1, s ? s - 1 : 2, s + 1, 32, 64 };
	struct group g = { p->name, "ivlen", 0, 0 };
	struct req r = { 1, 1, 0, ivbuf, is_aead(p->kind), assoclen };
	char what[64];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (bad[i] == s)
			continue;
		r.ivlen = bad[i];
		snprintf(what, sizeof(what), "ivlen %zu (ivsize %zu)", bad[i], s);
		both(&g, t, rf, &r, dlen, olen, 1, what);
	}
	/* no IV at all: both use the socket's zero IV */
	r.has_iv = 0;
	both(&g, t, rf, &r, dlen, olen, 0, "no ALG_SET_IV");
	gdone(&g);
}

static void skcipher_tests(const struct pair *p, int t, int rf)
{
	static const size_t bad_block[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
					    17, 31, 33, 4095, 4097 };
	struct req r = { 1, 1, ivsize(p->kind), ivbuf, 0, 0 };
	struct group g = { p->name, "lengths", 0, 0 };
	char what[64];
	size_t i, n;
	int enc;

	g_keys(p, t, rf);
	if (setkey(t, key, good_key(p->kind)) || setkey(rf, key, good_key(p->kind))) {
		gfail(&g, "a valid key was refused");
		return;
	}
	g_ivlen(p, t, rf, 64, 64, 0);

	for (enc = 1; enc >= 0; enc--) {
		r.enc = enc;
		if (p->kind == ECB || p->kind == CBC) {
			for (i = 0; i < sizeof(bad_block) / sizeof(bad_block[0]); i++) {
				snprintf(what, sizeof(what), "%scryption of %zu bytes",
					 enc ? "en" : "de", bad_block[i]);
				both(&g, t, rf, &r, bad_block[i], bad_block[i], 1, what);
			}
		} else {
			/*
			 * XTS, CTS, Adiantum: under one block is an
			 * error; CTR, ChaCha: any length
			 */
			for (n = 1; n <= 17; n++) {
				snprintf(what, sizeof(what), "%scryption of %zu bytes",
					 enc ? "en" : "de", n);
				both(&g, t, rf, &r, n, n,
				     (p->kind == XTS || p->kind == CTS ||
				      p->kind == ADIANTUM) && n < 16, what);
			}
		}
	}
	gdone(&g);

	g = (struct group){ p->name, "zero-length", 0, 0 };
	for (enc = 1; enc >= 0; enc--) {
		r.enc = enc;
		both(&g, t, rf, &r, 0, 0, 0, enc ? "encryption of 0 bytes" : "decryption of 0 bytes");
	}
	gdone(&g);
}


/* set a valid key and authsize on both sides */
static int aead_setup(const struct pair *p, int t, int rf, unsigned int as)
{
	size_t kl = good_key(p->kind);

	return setkey(t, key, kl) || setkey(rf, key, kl) || setauth(t, as) || setauth(rf, as);
}

/*
 * ccm: iv[0] is L' = L - 1, the size of the length field less one; only
 * 1..7 are allowed (0 and 8..255: EINVAL, both directions), and a text
 * that does not fit in L bytes is refused (L = 2: 65535 bytes fit, 65536
 * give EOVERFLOW).  Key and authsize 16 are set.
 */
static void ccm_iv_tests(const struct pair *p, int t, int rf)
{
	struct group g = { p->name, "ccm-iv", 0, 0 };
	struct req r = { 1, 1, 16, ivbuf, 1, 8 };
	char what[96];
	unsigned int l;
	int enc, et;

	for (l = 0; l < 256; l++) {
		if (l >= 1 && l <= 7)
			continue;
		ivbuf[0] = (uint8_t)l;
		for (enc = 1; enc >= 0; enc--) {
			r.enc = enc;
			snprintf(what, sizeof(what), "%scryption with iv[0] = %u",
				 enc ? "en" : "de", l);
			both(&g, t, rf, &r, 8 + 32 + (enc ? 0 : 16), 8 + 32 + (enc ? 16 : 0), 1,
			     what);
		}
	}
	ivbuf[0] = 1;	/* L = 2 */
	r.enc = 1;
	r.assoclen = 0;
	both(&g, t, rf, &r, 65535, 65535 + 16, 0, "encryption of 65535 bytes, L = 2");
	et = both(&g, t, rf, &r, 65537, 65537 + 16, 1, "encryption of 65537 bytes, L = 2");
	if (et && et != -EOVERFLOW)
		gfail(&g, "encryption of 65537 bytes, L = 2: %s, want EOVERFLOW", estr(et));
	/*
	 * 2^16 bytes do not fit in L = 2 either (RFC 3610), and ctneon must
	 * say so; crypto/ccm.c's length check lets exactly 2^(8L) through
	 * (coded as 0), so the reference's answer is only reported.
	 */
	{
		size_t gt, gr;
		int er;

		et = run(t, &r, in, 65536, out_t, 65536 + 16, &gt);
		er = run(rf, &r, in, 65536, out_r, 65536 + 16, &gr);
		g.checks++;
		if (et != -EOVERFLOW)
			gfail(&g, "encryption of 65536 bytes, L = 2: %s, want EOVERFLOW", estr(et));
		if (er != et)
			printf("# bad %s ccm-iv: 65536 bytes with L = 2: ctneon %s, the reference %s (its length check lets 2^(8L) bytes through)\n",
			       p->name, estr(et), estr(er));
	}
	ivbuf[0] = 3;
	gdone(&g);
}

static void aead_tests(const struct pair *p, int t, int rf)
{
	static const unsigned int auths[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
					      15, 16, 17, 32, 255 };
	static const uint32_t rfc_bad[] = { 0, 8, 12, 15, 17, 19, 21, 24, 32 };
	static const uint32_t esp_bad[] = { 0, 1, 4, 7 };
	static const size_t texts[] = { 0, 1, 16, 64 };
	size_t s = ivsize(p->kind), amin = min_assoc(p->kind), i, k;
	struct req r = { 1, 1, s, ivbuf, 1, (uint32_t)amin };
	struct group g, gf;
	char what[96];
	int enc;

	/* ccm: iv[0] = L' = 3 (L = 4), the other AEADs keep the pattern */
	ivbuf[0] = p->kind == CCM ? 3 : 0xa1;
	g_keys(p, t, rf);

	g = (struct group){ p->name, "authsize", 0, 0 };
	for (i = 0; i < sizeof(auths) / sizeof(auths[0]); i++) {
		unsigned int a = auths[i];
		int et = setauth(t, a), er = setauth(rf, a);

		g.checks++;
		if (et != er)
			gfail(&g, "authsize %u: ctneon %s, generic %s", a, estr(et), estr(er));
		else if (valid_auth(p->kind, a) ? et != 0 : et != -EINVAL)
			gfail(&g, "authsize %u: %s, want %s", a, estr(et),
			      valid_auth(p->kind, a) ? "success" : "EINVAL");
	}
	gdone(&g);

	if (aead_setup(p, t, rf, 16)) {
		g = (struct group){ p->name, "setup", 0, 0 };
		gfail(&g, "a valid key and authsize were refused");
		return;
	}
	g_ivlen(p, t, rf, amin + 32, amin + 32 + 16, (uint32_t)amin);

	g = (struct group){ p->name, "assoclen", 0, 0 };
	for (enc = 1; enc >= 0; enc--) {
		size_t dl = 64 + (enc ? 0 : 16), ol = 64 + (enc ? 16 : 0);
		const uint32_t *bad = p->kind == CPESP ? esp_bad : rfc_bad;
		size_t nbad = min_assoc(p->kind) == 16 ? sizeof(rfc_bad) / sizeof(rfc_bad[0]) :
			      p->kind == CPESP ? sizeof(esp_bad) / sizeof(esp_bad[0]) : 0;
		const uint32_t beyond[] = { 65, 200, 0x80000000u, 0xffffffffu };

		r.enc = enc;
		for (i = 0; i < nbad; i++) {
			r.assoclen = bad[i];
			snprintf(what, sizeof(what), "%scryption, assoclen %u",
				 enc ? "en" : "de", bad[i]);
			both(&g, t, rf, &r, dl, ol, 1, what);
		}
		for (i = 0; i < sizeof(beyond) / sizeof(beyond[0]); i++) {
			r.assoclen = beyond[i];
			snprintf(what, sizeof(what), "%scryption, assoclen %u beyond %zu bytes sent",
				 enc ? "en" : "de", beyond[i], dl);
			both(&g, t, rf, &r, dl, ol, 1, what);
		}
	}
	gdone(&g);
	if (p->kind == CCM)
		ccm_iv_tests(p, t, rf);

	/* decryption with the text part shorter than the tag */
	g = (struct group){ p->name, "short", 0, 0 };
	r.enc = 0;
	r.assoclen = (uint32_t)amin;
	for (i = 0; i < sizeof(auths) / sizeof(auths[0]); i++) {
		unsigned int a = auths[i];

		if (!valid_auth(p->kind, a))
			continue;
		if (aead_setup(p, t, rf, a)) {
			gfail(&g, "authsize %u refused", a);
			continue;
		}
		for (k = 0; k < a; k++) {
			snprintf(what, sizeof(what), "decryption of %zu bytes with tag %u", k, a);
			both(&g, t, rf, &r, amin + k, amin + k, 1, what);
		}
	}
	gdone(&g);

	/* empty text and/or AAD; then forged tags on top of them */
	g = (struct group){ p->name, "empty", 0, 0 };
	gf = (struct group){ p->name, "forged", 0, 0 };
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		size_t tl = texts[i], al, ct;
		int aad_pass, et;

		for (aad_pass = 0; aad_pass < 2; aad_pass++) {
			al = amin == 16 ? (aad_pass ? 20 : 16) : amin + (aad_pass ? 20 : 0);
			for (k = 0; k < al + tl; k++)
				in[k] = (uint8_t)(k * 7 + 1);
			if (amin)
				memcpy(in + al - 8, ivbuf, 8);
			if (aead_setup(p, t, rf, 16)) {
				gfail(&g, "a valid key and authsize 16 were refused");
				continue;
			}
			r.enc = 1;
			r.assoclen = (uint32_t)al;
			snprintf(what, sizeof(what), "encryption, aad %zu, text %zu", al, tl);
			et = both(&g, t, rf, &r, al + tl, al + tl + 16, 0, what);
			if (et) {
				gfail(&g, "%s refused: %s", what, estr(et));
				continue;
			}
			ct = al + tl + 16;
			memcpy(in, out_r, ct);
			r.enc = 0;
			snprintf(what, sizeof(what), "decryption, aad %zu, text %zu", al, tl);
			et = both(&g, t, rf, &r, ct, al + tl, 0, what);
			if (et)
				gfail(&g, "%s refused: %s", what, estr(et));

			/* every tag byte, one bit each: both must say EBADMSG */
			for (k = 0; k < 16; k++) {
				uint8_t bit = (uint8_t)(1u << ((k + tl) & 7));

				in[al + tl + k] ^= break_it ? 0 : bit;
				snprintf(what, sizeof(what), "aad %zu, text %zu, bit %02x of tag byte %zu",
					 al, tl, bit, k);
				et = both(&gf, t, rf, &r, ct, al + tl, 1, what);
				if (et && et != -EBADMSG)
					gfail(&gf, "%s: %s, want EBADMSG", what, estr(et));
				in[al + tl + k] ^= break_it ? 0 : bit;
			}
		}
	}
	gdone(&g);
	gdone(&gf);
}

int main(int argc, char **argv)
{
	const char *only = NULL;
	size_t i;
	int opt;

	while ((opt = getopt(argc, argv, "vB")) != -1) {
		if (opt == 'v') {
			verbose = 1;
		} else if (opt == 'B') {
			break_it = 1;
		} else {
			fprintf(stderr, "usage: %s [-v] [NAME-SUBSTRING]\n", argv[0]);
			return 2;
		}
	}
	if (optind < argc)
		only = argv[optind];
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGALRM, on_alarm);
	signal(SIGPIPE, SIG_IGN);
	in = aligned_alloc(4096, BUF);
	out_t = aligned_alloc(4096, BUF);
	out_r = aligned_alloc(4096, BUF);
	if (!in || !out_t || !out_r) {
		printf("FAIL bad: out of memory\n");
		return 1;
	}
	for (i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)(0x3c + 11 * i);
	for (i = 0; i < sizeof(ivbuf); i++)
		ivbuf[i] = (uint8_t)(0xa1 ^ (5 * i));
	memset(in, 0x42, BUF);

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		const struct pair *p = &pairs[i];
		int t, rf;

		if (only && !strstr(p->name, only))
			continue;
		cur = p->name;
		t = bind_alg(p, 0);
		rf = bind_alg(p, 1);
		if (t < 0 || rf < 0) {
			printf("FAIL bad %s: bind %s: %s\n", p->name, t < 0 ? p->name : p->ref,
			       strerror(-(t < 0 ? t : rf)));
			nfail++;
			if (t >= 0)
				close(t);
			if (rf >= 0)
				close(rf);
			continue;
		}
		if (is_aead(p->kind))
			aead_tests(p, t, rf);
		else
			skcipher_tests(p, t, rf);
		close(t);
		close(rf);
		if (verbose)
			fprintf(stderr, "afalg-bad: %s done\n", p->name);
	}
	printf("# afalg-bad: %d failure(s)\n", nfail);
	return nfail ? 1 : 0;
}
