// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-diff - differential test of skcipher drivers through AF_ALG
 *
 * Each pair TEST=REF names a driver under test and a reference (the
 * generic templates over aes-generic).  Both are bound once as "skcipher"
 * sockets; every case draws a key, an IV, a length and a message from a
 * seeded generator, runs encryption and decryption through both, and
 * compares the outputs byte for byte.
 *
 * The reference always takes the plain path: one sendmsg() of one
 * contiguous buffer, one read into another.  The driver under test takes
 * a path drawn per case, so that its scatterlists start and end anywhere:
 *
 *   iov     sendmsg() of the message cut into 1..8 iovecs at odd offsets
 *           (the kernel copies it into its own pages); recvmsg() into
 *           1..8 iovecs of a buffer at an odd offset.
 *   splice  vmsplice() of the iovecs into a pipe and splice() into the
 *           socket: the kernel's source scatterlist then points at the
 *           user's pages at their odd offsets (zero copy).
 *   inplace as splice, but the result is read back into the very buffer
 *           that was spliced in: source and destination scatterlists
 *           alias the same pages.
 *   chain   (ECB, CBC, CTR) the message is sent as 2..4 pieces with
 *           MSG_MORE and each whole-block piece is read back before the
 *           next is sent.  AF_ALG keeps one IV per socket and hands it to
 *           each request, so piece i+1 starts from the IV that the driver
 *           left after piece i: this observes the output IV (CBC: last
 *           ciphertext block; CTR: counter advanced by the block count),
 *           compared against the reference run over the whole message.
 *
 * Lengths are drawn mostly short (70% up to 256 bytes, 25% up to 2 KiB,
 * 5% up to 4 pages and more; the first cases take edge lengths from one
 * byte to MAXLEN), always valid
 * for the mode (ECB/CBC: multiples of 16; XTS: at least 16; CTR: any
 * non-zero); CTR IVs are often near a carry out of one or more bytes.
 *
 * ChaCha (chacha20, xchacha20, xchacha12 against their -generic
 * drivers): 32-byte keys, IVs of 16 or 32 bytes whose block counter is
 * often a few blocks below its 32-bit wrap, any length, no chain path
 * (the generic ChaCha does not hand back an advanced IV).
 *
 * Adiantum (adiantum(xchacha12,aes), adiantum(xchacha20,aes)) against
 * the kernel's template over the generic parts: 32-byte keys and tweaks,
 * any length from 16 bytes, no chain path.
 *
 * cts(cbc(aes)) and xctr(aes) (#23): lengths of at least 16 bytes for cts,
 * any non-zero length for xctr, no chain path (neither hands back an IV to
 * go on from).  References: 7.x's cts-cbc-aes-lib and xctr-aes-lib where
 * the kernel has them, else the cts template over cbc(aes-generic); no
 * Debian kernel builds the xctr template, so without xctr-aes-lib XCTR is
 * computed here from ecb(aes-generic) (a "#" line says so).
 *
 * The MACs cmac(aes), xcbc(aes), cbcmac(aes) (#23) go through "hash"
 * sockets against cmac-aes-lib and its kin (7.x) or the cmac, xcbc and
 * cbcmac templates over aes-generic (6.x): messages of 0 bytes to MAXLEN
 * (edge lengths 0, 1, 15, 16, 17, 31, 32, 33, ... first), sent in one
 * write, in pieces with MSG_MORE cut anywhere, through a clone of the
 * operation socket taken halfway (accept(), export/import) or spliced,
 * keys of every length the reference accepts; every key length 0..80,
 * 96, 128 must get the reference's answer (test_hash()).
 *
 * Negative cases (driver under test): every key length that is not an
 * AES (or, for XTS, double AES; for ChaCha and Adiantum, 32-byte) key must be refused by
 * ALG_SET_KEY with EINVAL; XTS, CTS and Adiantum requests shorter than 16 bytes and ECB/CBC requests that
 * are not a multiple of 16 bytes must fail with EINVAL.  An alarm bounds
 * every case so that a hang becomes a FAIL line, not a stuck guest.
 *
 * Output: "ok NAME (N cases)" or "FAIL NAME: ..." per pair and check;
 * exit status 1 if anything failed.
 *
 * Usage: afalg-diff [-s SEED] [-n CASES] [-a AES_CASES] [-l MAXLEN] [-k] [-v] [TEST[=REF[,REF...]]...]
 * (-a: the case count for drivers whose name contains "aes"; default -n)
 *   With no pair, the ctneon drivers are tested.  -k turns a driver that
 *   cannot be bound into a "skip" line instead of a FAIL.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "tests/vm/afalg-util.h"
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif

#define PAGE		4096
#define MAXLEN		(4 * PAGE + 700)	/* longest message */
#define BUFLEN		(MAXLEN + 2 * PAGE)	/* room for an odd start */
#define MAXIOV		8
#define DEFAULT_SEED	0x6374e0e5ULL
#define CASE_TIMEOUT	20			/* seconds */

enum mode { ECB, CBC, CTR, XTS, CHACHA, XCHACHA, CTS, XCTR, CMAC, XCBC, CBCMAC, ADIANTUM };

/* the MACs (#23) go through "hash" sockets: test_hash() */
static int is_hash(int mode)
{
	return mode == CMAC || mode == XCBC || mode == CBCMAC;
}

/* ChaCha: 32-byte keys only, any length, and no output IV to chain on */
static int is_chacha(int mode)
{
	return mode == CHACHA || mode == XCHACHA;
}

/* 32-byte keys only: ChaCha and Adiantum (whose key is its XChaCha's) */
static int is_key32(int mode)
{
	return is_chacha(mode) || mode == ADIANTUM;
}

/* the IV's length: none for ECB, 32 bytes for XChaCha and Adiantum */
static size_t iv_len(int mode)
{
	return mode == ECB ? 0 : mode == XCHACHA || mode == ADIANTUM ? 32 : 16;
}
enum path { P_IOV, P_SPLICE, P_INPLACE, P_CHAIN, P_NR };
static const char *const path_name[P_NR] = { "iov", "splice", "inplace", "chain" };

struct pair {
	const char *test;
	const char *refs[4];
};

/* The ctneon drivers, and the aes cipher through the ecb template. */
static const struct pair default_pairs[] = {
	{ "ecb-aes-ctneon", { "ecb(aes-generic)" } },
	{ "cbc-aes-ctneon", { "cbc(aes-generic)", "cbc(ecb(aes-generic))" } },
	{ "ctr-aes-ctneon", { "ctr(aes-generic)", "ctr(ecb(aes-generic))" } },
	{ "xts-aes-ctneon", { "xts(ecb(aes-generic))", "xts(aes-generic)" } },
	{ "ecb(aes-ctneon)", { "ecb(aes-generic)" } },
	{ "chacha20-ctneon", { "chacha20-generic" } },
	{ "xchacha20-ctneon", { "xchacha20-generic" } },
	{ "xchacha12-ctneon", { "xchacha12-generic" } },
	/*
	 * Adiantum against the kernel's template over the generic parts: 6.x
	 * names its NHPoly1305 too, 7.x takes two parts (its NH is library
	 * code), so the second form is tried where the first does not bind.
	 */
	{ "adiantum-xchacha12-aes-ctneon",
	  { "adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic)",
	    "adiantum(xchacha12-generic,aes-generic)" } },
	{ "adiantum-xchacha20-aes-ctneon",
	  { "adiantum(xchacha20-generic,aes-generic,nhpoly1305-generic)",
	    "adiantum(xchacha20-generic,aes-generic)" } },
	/*
	 * #23: 7.x registers library drivers of these names (7.3 all five,
	 * 7.2 the MACs); 6.x builds them from templates over aes-generic
	 * (afalg_bind() turns that into aes-lib on 7.x).  No Debian kernel
	 * builds the xctr template: without xctr-aes-lib the reference is
	 * XCTR computed here over ecb(aes-generic) (xctr_ref()).
	 */
	{ "cts-cbc-aes-ctneon", { "cts-cbc-aes-lib", "cts(cbc(aes-generic))" } },
	{ "xctr-aes-ctneon", { "xctr-aes-lib", "xctr(aes-generic)" } },
	{ "cmac-aes-ctneon", { "cmac-aes-lib", "cmac(aes-generic)" } },
	{ "xcbc-aes-ctneon", { "xcbc-aes-lib", "xcbc(aes-generic)" } },
	{ "cbcmac-aes-ctneon", { "cbcmac-aes-lib", "cbcmac(aes-generic)" } },
};

static int verbose;
static size_t max_len = MAXLEN;
static int failures;
static volatile const char *cur_name = "";
static volatile unsigned long cur_case;

/* ---- deterministic generator (splitmix64) ---------------------------- */

static uint64_t rng_state;

static uint64_t rnd64(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* uniform enough in [0, n) for the small n used here */
static unsigned int rnd(unsigned int n)
{
	return (unsigned int)(rnd64() % n);
}

static void rnd_bytes(uint8_t *p, size_t n)
{
	while (n) {
		uint64_t v = rnd64();
		size_t k = n < 8 ? n : 8;

		memcpy(p, &v, k);
		p += k;
		n -= k;
	}
}

/* ---- AF_ALG plumbing ----------------------------------------------------- */

static enum mode mode_of(const char *name);

static void on_alarm(int sig)
{
	char msg[160];
	int n;

	(void)sig;
	n = snprintf(msg, sizeof(msg), "FAIL %s: case %lu did not finish in %d s\n",
		     (const char *)cur_name, cur_case, CASE_TIMEOUT);
	if (n > 0 && write(1, msg, (size_t)n) < 0)
		_exit(2);
	_exit(1);
}

static int alg_bind(const char *name)
{
	return afalg_bind(is_hash(mode_of(name)) ? "hash" : "skcipher", name);
}

static int alg_setkey(int tfm, const uint8_t *key, size_t len)
{
	return setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)len) < 0 ? -errno : 0;
}

/*
 * Send the control messages (operation and, if ivlen, the IV) and the
 * given iovecs in one sendmsg().  Returns bytes sent or -errno.
 */
static ssize_t send_ctl(int op, int enc, const uint8_t *iv, size_t ivlen,
			struct iovec *iov, int niov, int flags)
{
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t)) +
			 CMSG_SPACE(sizeof(struct af_alg_iv) + 32)];
		struct cmsghdr align;
	} u;
	struct msghdr msg;
	struct cmsghdr *c;
	struct af_alg_iv *aiv;
	uint32_t type = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	ssize_t n;

	memset(&u, 0, sizeof(u));
	memset(&msg, 0, sizeof(msg));
	msg.msg_control = u.buf;
	msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t));
	if (ivlen)
		msg.msg_controllen += CMSG_SPACE(sizeof(*aiv) + ivlen);
	msg.msg_iov = iov;
	msg.msg_iovlen = (size_t)niov;

	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	memcpy(CMSG_DATA(c), &type, sizeof(type));
	if (ivlen) {
		c = CMSG_NXTHDR(&msg, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(sizeof(*aiv) + ivlen);
		aiv = (struct af_alg_iv *)(void *)CMSG_DATA(c);
		aiv->ivlen = (uint32_t)ivlen;
		memcpy(aiv->iv, iv, ivlen);
	}
	n = sendmsg(op, &msg, flags);
	return n < 0 ? -errno : n;
}

/* Plain write of more data to an operation socket. */
static ssize_t send_more(int op, struct iovec *iov, int niov, int flags)
{
	struct msghdr msg;
	ssize_t n;

	memset(&msg, 0, sizeof(msg));
	msg.msg_iov = iov;
	msg.msg_iovlen = (size_t)niov;
	n = sendmsg(op, &msg, flags);
	return n < 0 ? -errno : n;
}

/* Drop the first n bytes of an iovec array in place. */
static void iov_advance(struct iovec **iov, int *niov, size_t n)
{
	while (n && *niov) {
		if (n < (*iov)->iov_len) {
			(*iov)->iov_base = (char *)(*iov)->iov_base + n;
			(*iov)->iov_len -= n;
			return;
		}
		n -= (*iov)->iov_len;
		(*iov)++;
		(*niov)--;
	}
}

/*
 * Receive exactly the bytes the iovecs describe (AF_ALG processes what the
 * read asks for, so the read must ask for the result size and no more).
 */
static int recv_all(int op, struct iovec *iov, int niov)
{
	struct iovec local[MAXIOV];
	struct iovec *v = local;
	int n = niov;

	memcpy(local, iov, sizeof(*iov) * (size_t)niov);
	while (n) {
		struct msghdr msg;
		ssize_t r;

		memset(&msg, 0, sizeof(msg));
		msg.msg_iov = v;
		msg.msg_iovlen = (size_t)n;
		r = recvmsg(op, &msg, 0);
		if (r < 0)
			return -errno;
		if (r == 0)
			return -EPIPE;
		iov_advance(&v, &n, (size_t)r);
	}
	return 0;
}

/* The reference path: one buffer in, one buffer out, on operation socket op. */
static int run_plain(int op, int enc, const uint8_t *iv, size_t ivlen,
		     const uint8_t *in, size_t len, uint8_t *out)
{
	struct iovec iov = { (void *)in, len };
	struct iovec oiov = { out, len };
	ssize_t n;

	n = send_ctl(op, enc, iv, ivlen, &iov, 1, 0);
	if (n < 0)
		return (int)n;
	if ((size_t)n != len)
		return -EMSGSIZE;
	return recv_all(op, &oiov, 1);
}

/* The same on a fresh operation socket of tfm (for requests that fail). */
static int run_plain_once(int tfm, int enc, const uint8_t *iv, size_t ivlen,
			  const uint8_t *in, size_t len, uint8_t *out)
{
	int op, err;

	op = accept(tfm, NULL, NULL);
	if (op < 0)
		return -errno;
	err = run_plain(op, enc, iv, ivlen, in, len, out);
	close(op);
	return err;
}

/* Cut [p, p+len) into 1..MAXIOV iovecs at random byte positions. */
static int cut(uint8_t *p, size_t len, struct iovec *iov)
{
	int n = 1 + (int)rnd(MAXIOV), i;
	size_t left = len;

	if ((size_t)n > len)
		n = (int)len;
	for (i = 0; i < n - 1; i++) {
		size_t k = 1 + rnd((unsigned int)(left - (size_t)(n - 1 - i)));

		/* bias towards short pieces, so cuts fall anywhere */
		if (rnd(2))
			k = 1 + k % 37;
		if (k > left - (size_t)(n - 1 - i))
			k = left - (size_t)(n - 1 - i);
		iov[i].iov_base = p;
		iov[i].iov_len = k;
		p += k;
		left -= k;
	}
	iov[i].iov_base = p;
	iov[i].iov_len = left;
	return n;
}

/* One pipe serves every splice; it is always left empty. */
static int pipe_fd[2] = { -1, -1 };

/* vmsplice the iovecs into the pipe and splice them all into the socket. */
static int splice_in(int op, struct iovec *iov, int niov, size_t len)
{
	struct iovec local[MAXIOV];
	struct iovec *v = local;
	int n = niov, err;
	size_t queued = 0, moved = 0;

	if (pipe_fd[0] < 0) {
		if (pipe2(pipe_fd, O_CLOEXEC) < 0)
			return -errno;
		fcntl(pipe_fd[1], F_SETPIPE_SZ, 64 * PAGE);
	}
	memcpy(local, iov, sizeof(*iov) * (size_t)niov);
	while (moved < len) {
		ssize_t r;

		if (n) {
			r = vmsplice(pipe_fd[1], v, (unsigned long)n, SPLICE_F_NONBLOCK);
			if (r < 0 && errno != EAGAIN) {
				err = -errno;
				goto broken;
			}
			if (r > 0) {
				iov_advance(&v, &n, (size_t)r);
				queued += (size_t)r;
			}
		}
		r = splice(pipe_fd[0], NULL, op, NULL, queued - moved, SPLICE_F_MORE);
		if (r <= 0) {
			err = r < 0 ? -errno : -EPIPE;
			goto broken;
		}
		moved += (size_t)r;
	}
	return 0;

broken:
	/* whatever is left in the pipe is stale: start a new one next time */
	close(pipe_fd[0]);
	close(pipe_fd[1]);
	pipe_fd[0] = pipe_fd[1] = -1;
	return err;
}

/*
 * The path under test.  in[] is consumed (the inplace path overwrites it);
 * out[] receives the result.
 */
static int run_path(int op, enum path path, int enc,
		    const uint8_t *iv, size_t ivlen, uint8_t *in, size_t len,
		    uint8_t *out)
{
	struct iovec iov[MAXIOV], oiov[MAXIOV];
	int niov, noiov, err = 0;
	ssize_t n;

	switch (path) {
	case P_IOV:
		niov = cut(in, len, iov);
		n = send_ctl(op, enc, iv, ivlen, iov, niov, 0);
		if (n >= 0 && (size_t)n != len)
			n = -EMSGSIZE;
		if (n < 0) {
			err = (int)n;
			break;
		}
		noiov = cut(out, len, oiov);
		err = recv_all(op, oiov, noiov);
		break;
	case P_SPLICE:
	case P_INPLACE:
		n = send_ctl(op, enc, iv, ivlen, NULL, 0, MSG_MORE);
		if (n < 0) {
			err = (int)n;
			break;
		}
		niov = cut(in, len, iov);
		err = splice_in(op, iov, niov, len);
		if (err)
			break;
		/* an empty write without MSG_MORE ends the message */
		n = send_more(op, NULL, 0, 0);
		if (n < 0) {
			err = (int)n;
			break;
		}
		if (path == P_INPLACE) {
			noiov = cut(in, len, oiov);
			err = recv_all(op, oiov, noiov);
			if (!err)
				memcpy(out, in, len);
		} else {
			noiov = cut(out, len, oiov);
			err = recv_all(op, oiov, noiov);
		}
		break;
	case P_CHAIN: {
		size_t done = 0;
		int pieces = 2 + (int)rnd(3), i;

		for (i = 0; i < pieces && !err; i++) {
			size_t left = len - done, k;
			int last = i == pieces - 1 || left <= 16;

			if (last) {
				k = left;
			} else {
				/* a whole number of blocks, leaving some behind */
				k = 16 * (1 + rnd((unsigned int)((left - 1) / 16)));
			}
			niov = cut(in + done, k, iov);
			if (i == 0)
				n = send_ctl(op, enc, iv, ivlen, iov, niov,
					     last ? 0 : MSG_MORE);
			else
				n = send_more(op, iov, niov, last ? 0 : MSG_MORE);
			if (n >= 0 && (size_t)n != k)
				n = -EMSGSIZE;
			if (n < 0) {
				err = (int)n;
				break;
			}
			noiov = cut(out + done, k, oiov);
			err = recv_all(op, oiov, noiov);
			done += k;
			if (last)
				break;
		}
		break;
	}
	default:
		err = -EINVAL;
	}
	return err;
}

/* ---- one pair ------------------------------------------------------------ */

/*
 * Bind the driver under test and the first reference that binds.  With
 * soft_xctr, when none does, the ECB reference xctr_ref() computes XCTR
 * over (and a note line says so).  Returns 0, or 1 after a FAIL or skip line
 * (*tfm then holds the test side's error).
 */
static const char xctr_ecb[] = "ecb(aes-generic)";

static int bind_pair(const char *test, const char *const *refs, int nrefs,
		     int skip_missing, int soft_xctr, int *tfm, int *rfm,
		     const char **ref)
{
	int i;

	*rfm = -1;
	*ref = NULL;
	*tfm = alg_bind(test);
	if (*tfm < 0) {
		if (skip_missing && *tfm == -ENOENT)
			printf("skip %s: not available\n", test);
		else
			printf("FAIL %s: bind: %s\n", test, strerror(-*tfm));
		return 1;
	}
	for (i = 0; i < nrefs && *rfm < 0; i++) {
		*rfm = alg_bind(refs[i]);
		*ref = refs[i];
	}
	if (*rfm < 0 && soft_xctr) {
		printf("# %s: no xctr reference in this kernel (%s: %s): XCTR is computed here from %s\n",
		       test, *ref ? *ref : "-", strerror(-*rfm), xctr_ecb);
		*rfm = afalg_bind("skcipher", xctr_ecb);
		*ref = xctr_ecb;
	}
	if (*rfm < 0) {
		printf("FAIL %s: no reference could be bound (last %s: %s)\n",
		       test, *ref ? *ref : "-", strerror(-*rfm));
		close(*tfm);
		*tfm = -EIO;
		return 1;
	}
	return 0;
}

/*
 * XCTR (the HCTR2 paper, crypto/xctr.c) over an ECB operation socket:
 * keystream block i (from 1) is E(IV ^ le128(i)); the same for both
 * directions.
 */
static int xctr_ref(int op, const uint8_t *iv, const uint8_t *in, size_t len,
		    uint8_t *out)
{
	static uint8_t ctr[MAXLEN + 16], ks[MAXLEN + 16];
	size_t nb = (len + 15) / 16, b, i;
	int err;

	for (b = 0; b < nb; b++) {
		uint64_t n = b + 1;

		memcpy(ctr + 16 * b, iv, 16);
		for (i = 0; i < 8; i++)
			ctr[16 * b + i] ^= (uint8_t)(n >> (8 * i));
	}
	err = run_plain(op, 1, NULL, 0, ctr, 16 * nb, ks);
	if (err)
		return err;
	for (i = 0; i < len; i++)
		out[i] = in[i] ^ ks[i];
	return 0;
}

static enum mode mode_of(const char *name)
{
	if (!strncmp(name, "adiantum", 8))
		return ADIANTUM;
	if (!strncmp(name, "cmac", 4))
		return CMAC;
	if (!strncmp(name, "xcbc", 4))
		return XCBC;
	if (!strncmp(name, "cbcmac", 6))
		return CBCMAC;
	if (!strncmp(name, "cts", 3))
		return CTS;
	if (!strncmp(name, "xctr", 4))
		return XCTR;
	if (!strncmp(name, "chacha", 6))
		return CHACHA;
	if (!strncmp(name, "xchacha", 7))
		return XCHACHA;
	if (!strncmp(name, "cbc", 3))
		return CBC;
	if (!strncmp(name, "ctr", 3))
		return CTR;
	if (!strncmp(name, "xts", 3))
		return XTS;
	return ECB;
}

/* Lengths tried first, in every mode where valid, before random ones. */
static const size_t edge_lengths[] = {
	16, 17, 31, 32, 33, 47, 48, 64, 1, 15, 255, 256, 257,
	PAGE - 16, PAGE - 1, PAGE, PAGE + 1, PAGE + 16, 2 * PAGE + 15, MAXLEN,
};

static size_t draw_len(enum mode mode, unsigned long i)
{
	size_t len;
	unsigned int r;

	if (i < sizeof(edge_lengths) / sizeof(edge_lengths[0]))
		len = edge_lengths[i];
	else if ((r = rnd(20)) < 14)
		len = 1 + rnd(256);
	else if (r < 19)
		len = 257 + rnd(2048 - 256);
	else
		len = 2049 + rnd(MAXLEN - 2048);
	if (len > max_len)
		len = 1 + len % max_len;

	switch (mode) {
	case ECB:
	case CBC:
		len &= ~(size_t)15;
		if (!len)
			len = 16;
		break;
	case XTS:
	case CTS:
	case ADIANTUM:
		if (len < 16)
			len = 16 + len;
		break;
	default:	/* CTR, XCTR, ChaCha: any length */
		break;
	}
	return len;
}

static void draw_iv(enum mode mode, uint8_t *iv)
{
	rnd_bytes(iv, 32);
	/*
	 * ChaCha: often put the 32-bit block counter (le32 at IV byte 0, for
	 * XChaCha at byte 24) a few blocks below its wrap, which must not
	 * carry into the next word.
	 */
	if (is_chacha(mode) && rnd(4) == 0) {
		uint8_t *c = iv + (mode == XCHACHA ? 24 : 0);

		memset(c, 0xff, 4);
		c[0] -= (uint8_t)rnd(8);
	}
	/* CTR: often put the counter just below a carry out of k bytes */
	if (mode == CTR && rnd(4) == 0) {
		unsigned int k = 1 + rnd(16);

		memset(iv + 16 - k, 0xff, k);
		iv[15] -= (uint8_t)rnd(8);
	}
}

static void hexdump(const char *tag, const uint8_t *p, size_t n)
{
	size_t i;

	printf("#   %s", tag);
	for (i = 0; i < n; i++)
		printf("%02x", p[i]);
	printf("\n");
}

static double seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint8_t *page_buf(void)
{
	void *p;

	if (posix_memalign(&p, PAGE, BUFLEN))
		return NULL;
	memset(p, 0, BUFLEN);
	return p;
}

static int negative_tests(const char *name, int tfm, enum mode mode)
{
	static const size_t bad_aes_keys[] = { 0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 40, 48, 64 };
	static const size_t bad_xts_keys[] = { 0, 1, 16, 24, 31, 33, 40, 47, 49, 63, 65, 96, 128 };
	static const size_t bad_block_lens[] = { 1, 15, 17, 31, 33, 100, PAGE + 1, PAGE - 1 };
	static const size_t bad_xts_lens[] = { 1, 2, 8, 15 };
	const size_t *keys, *lens = NULL;
	size_t nkeys, nlens = 0, i;
	static const size_t bad_chacha_keys[] = { 0, 1, 16, 24, 31, 33, 40, 64 };
	uint8_t key[128], iv[32], in[PAGE + 16], out[PAGE + 16];
	int bad = 0, n = 0, err;

	if (is_key32(mode)) {
		keys = bad_chacha_keys;
		nkeys = sizeof(bad_chacha_keys) / sizeof(*keys);
		if (mode == ADIANTUM) {	/* under one block, like XTS */
			lens = bad_xts_lens;
			nlens = sizeof(bad_xts_lens) / sizeof(*lens);
		}
	} else if (mode == XTS) {
		keys = bad_xts_keys;
		nkeys = sizeof(bad_xts_keys) / sizeof(*keys);
		lens = bad_xts_lens;
		nlens = sizeof(bad_xts_lens) / sizeof(*lens);
	} else {
		keys = bad_aes_keys;
		nkeys = sizeof(bad_aes_keys) / sizeof(*keys);
		if (mode == CTS) {	/* under one block, like XTS */
			lens = bad_xts_lens;
			nlens = sizeof(bad_xts_lens) / sizeof(*lens);
		} else if (mode != CTR && mode != XCTR) {
			lens = bad_block_lens;
			nlens = sizeof(bad_block_lens) / sizeof(*lens);
		}
	}
	rnd_bytes(key, sizeof(key));
	rnd_bytes(iv, sizeof(iv));
	rnd_bytes(in, sizeof(in));

	for (i = 0; i < nkeys; i++, n++) {
		cur_case = (unsigned long)n;
		alarm(CASE_TIMEOUT);
		err = alg_setkey(tfm, key, keys[i]);
		if (err != -EINVAL) {
			printf("FAIL %s: ALG_SET_KEY with a %zu-byte key returned %s, not EINVAL\n",
			       name, keys[i], err ? strerror(-err) : "success");
			bad++;
		}
	}
	/* a valid key again, then requests of invalid lengths */
	err = alg_setkey(tfm, key, 32);
	if (err) {
		printf("FAIL %s: ALG_SET_KEY with a 32-byte key: %s\n", name, strerror(-err));
		return 1;
	}
	for (i = 0; i < nlens; i++) {
		int enc;

		for (enc = 0; enc < 2; enc++, n++) {
			cur_case = (unsigned long)n;
			alarm(CASE_TIMEOUT);
			err = run_plain_once(tfm, enc, iv, iv_len(mode), in, lens[i], out);
			if (err != -EINVAL) {
				printf("FAIL %s: %scryption of %zu bytes returned %s, not EINVAL\n",
				       name, enc ? "en" : "de", lens[i],
				       err ? strerror(-err) : "success");
				bad++;
			}
		}
	}
	alarm(0);
	if (!bad)
		printf("ok %s invalid-input (%d cases)\n", name, n);
	return bad ? 1 : 0;
}

/* ---- the MACs (#23): "hash" sockets ------------------------------------ */

/*
 * The driver under test gets the message one of four ways, drawn per case:
 *   oneshot  one sendmsg() of 1..8 iovecs without MSG_MORE (digest), or
 *            for the empty message sometimes no write at all (the read
 *            alone hashes nothing);
 *   pieces   1..6 sendmsg() calls with MSG_MORE, cut anywhere (pieces may
 *            be empty); the last one without MSG_MORE (finup), or with it
 *            and then an empty write without it, or with it and the read
 *            (final);
 *   clone    as pieces, but before a random piece the operation socket is
 *            accept()ed into a new one (export/import of the state) and
 *            the message goes on there;
 *   splice   vmsplice() and splice() with SPLICE_F_MORE, then an empty
 *            write (the user's pages at odd offsets).
 * The reference: one write of the whole message, one read.
 */
enum hpath { H_ONESHOT, H_PIECES, H_CLONE, H_SPLICE, H_NR };
static const char *const hpath_name[H_NR] = { "oneshot", "pieces", "clone", "splice" };
#define DIGEST	16

static const size_t hash_edges[] = {
	0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 255, 256, 257,
	PAGE - 1, PAGE, PAGE + 1, 2 * PAGE + 15, MAXLEN,
};

static size_t hash_len(unsigned long i)
{
	size_t len;
	unsigned int r = rnd(20);

	if (i < sizeof(hash_edges) / sizeof(hash_edges[0]))
		len = hash_edges[i];
	else if (r < 12)
		len = rnd(257);
	else if (r < 19)
		len = rnd(2049);
	else
		len = rnd(MAXLEN + 1);
	return len > max_len ? len % (max_len + 1) : len;
}

/* a write of exactly len bytes (0: an empty write) */
static int hsend(int op, struct iovec *iov, int niov, size_t len, int flags)
{
	ssize_t n = send_more(op, iov, niov, flags);

	if (n < 0)
		return (int)n;
	return (size_t)n == len ? 0 : -EMSGSIZE;
}

static int hread(int op, uint8_t *digest)
{
	ssize_t n = read(op, digest, DIGEST);

	if (n < 0)
		return -errno;
	return n == DIGEST ? 0 : -EMSGSIZE;
}

/* the MAC of msg[0..len) through a new operation socket of tfm */
static int hash_run(int tfm, enum hpath path, uint8_t *msg, size_t len,
		    uint8_t *digest)
{
	struct iovec iov[MAXIOV];
	int op, niov, err = 0;

	op = accept(tfm, NULL, NULL);
	if (op < 0)
		return -errno;
	if (path == H_SPLICE && !len)
		path = H_ONESHOT;
	switch (path) {
	case H_ONESHOT:
		if (len || rnd(2)) {
			niov = cut(msg, len, iov);
			err = hsend(op, iov, niov, len, 0);
		}
		break;
	case H_PIECES:
	case H_CLONE: {
		int pieces = 1 + (int)rnd(6), at = (int)rnd((unsigned int)pieces);
		int ending = (int)rnd(3), i, op2;
		size_t done = 0, k;

		for (i = 0; i < pieces && !err; i++) {
			int last = i == pieces - 1;

			k = last ? len - done : rnd((unsigned int)(len - done + 1));
			if (!last && rnd(2))
				k %= 37;	/* short pieces: cuts fall anywhere */
			if (path == H_CLONE && i == at) {
				op2 = accept(op, NULL, NULL);
				if (op2 < 0) {
					err = -errno;
					break;
				}
				close(op);
				op = op2;
			}
			niov = cut(msg + done, k, iov);
			err = hsend(op, iov, niov, k, last && !ending ? 0 : MSG_MORE);
			done += k;
		}
		if (!err && ending == 1)
			err = hsend(op, NULL, 0, 0, 0);
		break;
	}
	case H_SPLICE:
		niov = cut(msg, len, iov);
		err = splice_in(op, iov, niov, len);
		if (!err)
			err = hsend(op, NULL, 0, 0, 0);
		break;
	default:
		err = -EINVAL;
	}
	if (!err)
		err = hread(op, digest);
	close(op);
	return err;
}

/*
 * Every key length 0..80, 96, 128 on both sides: the same answer (the
 * reference defines which lengths a MAC takes: 7.x's xcbc-aes-lib only
 * 16 bytes, 6.x's xcbc template any AES key).  Fills ok[] with the
 * accepted lengths; returns the number of disagreements.
 */
static int hash_keys(const char *name, int tfm, int rfm, size_t *ok, int *nok)
{
	uint8_t key[128];
	char acc[64] = "";
	int n, bad = 0, checks = 0;

	rnd_bytes(key, sizeof(key));
	*nok = 0;
	for (n = 0; n <= 82; n++, checks++) {
		size_t len = n <= 80 ? (size_t)n : n == 81 ? 96 : 128;
		int et = alg_setkey(tfm, key, len), er = alg_setkey(rfm, key, len);

		if (et != er) {
			printf("FAIL %s keys: a %zu-byte key: %s, the reference %s\n", name, len,
			       et ? strerror(-et) : "accepted", er ? strerror(-er) : "accepted");
			bad++;
		} else if (!et && *nok < 8) {
			ok[(*nok)++] = len;
			snprintf(acc + strlen(acc), sizeof(acc) - strlen(acc), " %zu", len);
		}
	}
	if (!*nok) {
		printf("FAIL %s keys: no key length accepted by both\n", name);
		bad++;
	}
	if (!bad)
		printf("ok %s keys (%d lengths, accepted as the reference:%s)\n", name, checks, acc);
	return bad;
}

static int test_hash(const char *test, const char *const *refs, int nrefs,
		     unsigned long cases, uint64_t seed, int skip_missing)
{
	size_t klens[8];
	const char *ref;
	uint8_t *msg;
	unsigned long c, fails = 0;
	unsigned int path_count[H_NR] = { 0 };
	int tfm, rfm, nk, bad;
	double t0 = seconds();

	cur_name = test;
	if (bind_pair(test, refs, nrefs, skip_missing, 0, &tfm, &rfm, &ref))
		return tfm == -ENOENT && skip_missing ? 0 : 1;
	printf("# %s against %s, seed 0x%llx\n", test, ref, (unsigned long long)seed);
	msg = page_buf();
	if (!msg) {
		printf("FAIL %s: out of memory\n", test);
		return 1;
	}
	rng_state = seed;
	alarm(CASE_TIMEOUT);
	bad = hash_keys(test, tfm, rfm, klens, &nk);
	for (c = 0; c < cases && fails < 3 && nk; c++) {
		uint8_t key[128], want[DIGEST], got[DIGEST];
		size_t klen = klens[rnd((unsigned int)nk)], len = hash_len(c);
		size_t off = rnd(PAGE);
		enum hpath path = (enum hpath)rnd(H_NR);
		int err;

		cur_case = c;
		alarm(CASE_TIMEOUT);
		path_count[path]++;
		rnd_bytes(key, sizeof(key));
		rnd_bytes(msg + off, len);
		err = alg_setkey(tfm, key, klen);
		if (!err)
			err = alg_setkey(rfm, key, klen) ? -EIO : 0;
		if (!err)
			err = hash_run(rfm, H_ONESHOT, msg + off, len, want) ? -EIO : 0;
		if (err) {
			printf("FAIL %s: case %lu: key %zu or the reference failed: %s\n",
			       test, c, klen, strerror(-err));
			fails++;
			continue;
		}
		memset(got, 0xa5, sizeof(got));
		err = hash_run(tfm, path, msg + off, len, got);
		if (err) {
			printf("FAIL %s: case %lu: %zu bytes, key %zu, path %s: %s\n",
			       test, c, len, klen, hpath_name[path], strerror(-err));
			fails++;
		} else if (memcmp(got, want, DIGEST)) {
			printf("FAIL %s: case %lu: %zu bytes, key %zu, path %s: MAC differs\n",
			       test, c, len, klen, hpath_name[path]);
			hexdump("key ", key, klen);
			hexdump("got ", got, DIGEST);
			hexdump("want", want, DIGEST);
			fails++;
		}
	}
	alarm(0);
	if (verbose)
		printf("# %s paths: oneshot %u, pieces %u, clone %u, splice %u\n", test,
		       path_count[H_ONESHOT], path_count[H_PIECES], path_count[H_CLONE],
		       path_count[H_SPLICE]);
	if (fails)
		bad = 1;
	else if (nk)
		printf("ok %s (%lu cases)\n", test, cases);
	printf("# %s: %.1f s\n", test, seconds() - t0);
	free(msg);
	close(tfm);
	close(rfm);
	fflush(stdout);
	return bad ? 1 : 0;
}

static int test_pair(const char *test, const char *const *refs, int nrefs,
		     unsigned long cases, uint64_t seed, int skip_missing)
{
	enum mode mode = mode_of(test);
	size_t ivlen = iv_len(mode);
	const char *ref = NULL;
	uint8_t *src, *work, *tout, *rout;
	unsigned long c, fails = 0;
	unsigned int path_count[P_NR] = { 0 };
	int tfm, rfm, bad = 0, soft_xctr;
	double t0 = seconds();

	if (is_hash(mode))
		return test_hash(test, refs, nrefs, cases, seed, skip_missing);
	cur_name = test;
	soft_xctr = mode == XCTR;
	if (bind_pair(test, refs, nrefs, skip_missing, soft_xctr, &tfm, &rfm, &ref))
		return tfm == -ENOENT && skip_missing ? 0 : 1;
	soft_xctr = soft_xctr && rfm >= 0 && ref == xctr_ecb;
	printf("# %s against %s, seed 0x%llx\n", test, ref, (unsigned long long)seed);

	src = page_buf();
	work = page_buf();
	tout = page_buf();
	rout = page_buf();
	if (!src || !work || !tout || !rout) {
		printf("FAIL %s: out of memory\n", test);
		return 1;
	}

	rng_state = seed;
	for (c = 0; c < cases && fails < 3; c++) {
		uint8_t key[64], iv[32];
		size_t klen, len, soff, toff, roff;
		enum path path;
		int enc, err, top, rop;

		cur_case = c;
		alarm(CASE_TIMEOUT);
		klen = 16 + 8 * rnd(3);
		if (mode == XTS)
			klen *= 2;
		if (is_key32(mode))
			klen = 32;
		rnd_bytes(key, klen);
		draw_iv(mode, iv);
		len = draw_len(mode, c);
		soff = rnd(PAGE);
		toff = rnd(PAGE);
		roff = rnd(PAGE);

		err = alg_setkey(tfm, key, klen);
		if (!err)
			err = alg_setkey(rfm, key, klen) ? -EIO : 0;
		if (err) {
			printf("FAIL %s: case %lu: ALG_SET_KEY (%zu bytes): %s\n",
			       test, c, klen, strerror(-err));
			fails++;
			continue;
		}

		/*
		 * The key is set on the parent sockets, which the kernel only
		 * allows while no operation socket is open: one operation
		 * socket per side and case, reused for both directions.
		 */
		top = accept(tfm, NULL, NULL);
		rop = accept(rfm, NULL, NULL);
		if (top < 0 || rop < 0) {
			printf("FAIL %s: case %lu: accept: %s\n", test, c, strerror(errno));
			fails++;
		}
		for (enc = 1; enc >= 0 && top >= 0 && rop >= 0; enc--) {
			size_t at, show;

			path = (enum path)rnd(mode == XTS || mode == CTS || mode == XCTR ||
					      is_key32(mode) ? P_CHAIN : P_NR);
			path_count[path]++;
			rnd_bytes(src + soff, len);
			memcpy(work + toff, src + soff, len);
			memset(tout + toff, 0xa5, len);
			memset(rout + roff, 0x5a, len);

			if (soft_xctr)
				err = xctr_ref(rop, iv, src + soff, len, rout + roff);
			else
				err = run_plain(rop, enc, iv, ivlen, src + soff, len, rout + roff);
			if (err) {
				printf("FAIL %s: case %lu: reference %s failed: %s\n",
				       test, c, ref, strerror(-err));
				fails++;
				break;
			}
			err = run_path(top, path, enc, iv, ivlen, work + toff, len,
				       tout + toff);
			if (err) {
				printf("FAIL %s: case %lu: %scrypt %zu bytes, key %zu, path %s: %s\n",
				       test, c, enc ? "en" : "de", len, klen,
				       path_name[path], strerror(-err));
				fails++;
				break;
			}
			if (!memcmp(tout + toff, rout + roff, len))
				continue;

			for (at = 0; tout[toff + at] == rout[roff + at]; at++)
				;
			printf("FAIL %s: case %lu: %scrypt %zu bytes, key %zu, path %s: differs from byte %zu\n",
			       test, c, enc ? "en" : "de", len, klen, path_name[path], at);
			if (verbose || fails == 0) {
				at &= ~(size_t)15;
				show = len - at < 32 ? len - at : 32;
				hexdump("key ", key, klen);
				hexdump("iv  ", iv, ivlen);
				hexdump("in  ", src + soff + at, show);
				hexdump("got ", tout + toff + at, show);
				hexdump("want", rout + roff + at, show);
			}
			fails++;
			break;
		}
		if (top >= 0)
			close(top);
		if (rop >= 0)
			close(rop);
	}
	alarm(0);
	if (verbose)
		printf("# %s paths: iov %u, splice %u, inplace %u, chain %u\n", test,
		       path_count[P_IOV], path_count[P_SPLICE], path_count[P_INPLACE],
		       path_count[P_CHAIN]);
	if (fails)
		bad = 1;
	else
		printf("ok %s (%lu cases)\n", test, cases);
	printf("# %s: %.1f s\n", test, seconds() - t0);

	bad |= negative_tests(test, tfm, mode);

	free(src);
	free(work);
	free(tout);
	free(rout);
	close(tfm);
	close(rfm);
	fflush(stdout);
	return bad;
}

int main(int argc, char **argv)
{
	uint64_t seed = DEFAULT_SEED;
	unsigned long cases = 2000, aes_cases = 0;
	int skip_missing = 0, opt, i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "s:n:a:l:kv")) != -1) {
		switch (opt) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'n':
			cases = strtoul(optarg, NULL, 0);
			break;
		case 'a':
			aes_cases = strtoul(optarg, NULL, 0);
			break;
		case 'l':
			max_len = strtoul(optarg, NULL, 0);
			if (max_len < 16 || max_len > MAXLEN)
				max_len = MAXLEN;
			break;
		case 'k':
			skip_missing = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			fprintf(stderr,
				"usage: %s [-s SEED] [-n CASES] [-a AES_CASES] [-l MAXLEN] [-k] [-v] [TEST[=REF[,REF...]]...]\n",
				argv[0]);
			return 2;
		}
	}
	signal(SIGALRM, on_alarm);
	signal(SIGPIPE, SIG_IGN);
	/* -a: another count for the AES drivers (default: the same as -n) */
	if (!aes_cases)
		aes_cases = cases;
	printf("# afalg-diff seed 0x%llx, %lu cases per driver (%lu per AES driver)\n",
	       (unsigned long long)seed, cases, aes_cases);

	if (optind == argc) {
		for (i = 0; i < (int)(sizeof(default_pairs) / sizeof(default_pairs[0])); i++) {
			const struct pair *p = &default_pairs[i];
			int nrefs = 0;

			while (nrefs < 4 && p->refs[nrefs])
				nrefs++;
			failures += test_pair(p->test, p->refs, nrefs,
					      strstr(p->test, "aes") ? aes_cases : cases,
					      seed + (uint64_t)i * 0x1000193ULL, skip_missing);
		}
	} else {
		for (i = optind; i < argc; i++) {
			char *arg = strdup(argv[i]), *eq = strchr(arg, '=');
			const char *refs[4];
			char defref[2][64];
			int nrefs = 0;
			const char *m;

			if (eq) {
				char *tok;

				*eq++ = 0;
				for (tok = strtok(eq, ","); tok && nrefs < 4; tok = strtok(NULL, ","))
					refs[nrefs++] = tok;
			} else {
				m = mode_of(arg) == CBC ? "cbc" : mode_of(arg) == CTR ? "ctr" :
				    mode_of(arg) == XTS ? "xts" : "ecb";
				snprintf(defref[0], sizeof(defref[0]), "%s(aes-generic)", m);
				snprintf(defref[1], sizeof(defref[1]), "%s(ecb(aes-generic))", m);
				refs[nrefs++] = defref[0];
				refs[nrefs++] = defref[1];
			}
			failures += test_pair(arg, refs, nrefs,
					      strstr(arg, "aes") ? aes_cases : cases,
					      seed + (uint64_t)(i - optind) * 0x1000193ULL,
					      skip_missing);
			free(arg);
		}
	}
	return failures ? 1 : 0;
}
