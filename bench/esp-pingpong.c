// SPDX-License-Identifier: GPL-2.0-only
/*
 * esp-pingpong - the UDP echo of the ESP benchmark (bench/guest-esp.sh,
 * bench/run.sh --esp).
 *
 *   esp-pingpong server PORT
 *   esp-pingpong client [-c FILE] [-p MS] [-t TAG] ADDR PORT PAYLOAD ROUNDS WARMUP REPS
 *
 * The server answers every datagram that reaches PORT with the same bytes,
 * to the sender, until it is killed.  It runs in one network namespace of
 * the guest, the client in the other, and the ESP tunnel between them
 * carries both directions.
 *
 * The client sends WARMUP datagrams of PAYLOAD bytes and waits for each
 * echo (outside any window: the first packets resolve neighbours, build
 * the xfrm bundle and make the crypto instances), sleeps MS milliseconds
 * (-p, default 0: work the warm-up left to timers and kernel threads can
 * run then instead of in the first windows), then REPS times:
 *
 *   read FILE (if given; a counter such as ctneon's "deferred" parameter)
 *   START marker (tests/ct/ct-markers.h)
 *   ROUNDS times: send(PAYLOAD bytes), recv() of the echo
 *   STOP marker
 *   read FILE again; check that every echo was the datagram sent
 *   print "esp TAG PAYLOAD ROUNDS REP GROWTH STATUS"
 *
 * GROWTH is how much the counter grew over the window ("-" without FILE),
 * STATUS "ok", "lost" (an echo did not come back in 5 s) or "differs" (an
 * echo was not the datagram sent).  The n-th "esp" line belongs to the
 * plugin's n-th window.  Every
 * instruction the vCPU runs in the window is counted: both programs, both
 * ends' sockets, xfrm, ESP, the crypto, softirqs and kernel threads.  The
 * datagrams differ in every round (the round number and repetition are in
 * the first bytes), so an echo of a stale datagram is caught.  A lost or
 * wrong echo is an error: its status, then a line "error TAG ..." and exit
 * status 1 (a window that waited for a timeout counts idle time, not ESP).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "tests/ct/ct-markers.h"
#include "bench/parse-num.h"

#define MAX_PAYLOAD	8192
#define MAX_ROUNDS	1024

static int server(int port)
{
	static unsigned char buf[65536];
	struct sockaddr_in me = { .sin_family = AF_INET }, peer;
	socklen_t plen;
	ssize_t n;
	int fd;

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("esp-pingpong: socket");
		return 1;
	}
	me.sin_addr.s_addr = htonl(INADDR_ANY);
	me.sin_port = htons((uint16_t)port);
	if (bind(fd, (struct sockaddr *)&me, sizeof(me))) {
		perror("esp-pingpong: bind");
		return 1;
	}
	for (;;) {
		plen = sizeof(peer);
		n = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&peer, &plen);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			perror("esp-pingpong: recvfrom");
			return 1;
		}
		if (sendto(fd, buf, (size_t)n, 0, (struct sockaddr *)&peer, plen) != n)
			perror("esp-pingpong: sendto");
	}
}

/* the counter in FILE, or -1 if there is none (no FILE, unreadable) */
static long long read_counter(const char *file)
{
	long long v = -1;
	FILE *f;

	if (!file)
		return -1;
	f = fopen(file, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%lld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/* datagram ROUND of repetition REP: a byte pattern with both in front */
static void fill(unsigned char *p, long len, long round, long rep)
{
	uint32_t x = 0x9e3779b9u * (uint32_t)(round + 1) ^ (uint32_t)rep << 20;
	long i;

	for (i = 0; i < len; i++) {
		x = x * 1664525u + 1013904223u;
		p[i] = (unsigned char)(x >> 24);
	}
	memcpy(p, &round, len < (long)sizeof(round) ? len : (long)sizeof(round));
	if (len >= (long)(sizeof(round) + sizeof(rep)))
		memcpy(p + sizeof(round), &rep, sizeof(rep));
}

/* one round trip; 0 if the echo came back in time */
static int round_trip(int fd, const unsigned char *out, unsigned char *in, long len)
{
	ssize_t n;

	if (send(fd, out, (size_t)len, 0) != len)
		return -1;
	do
		n = recv(fd, in, MAX_PAYLOAD, 0);
	while (n < 0 && errno == EINTR);
	return n == len ? 0 : -1;
}

static int client(const char *file, const char *tag, const char *addr, long port,
		  long len, long rounds, long warm, long reps, long pause_ms)
{
	static unsigned char out[MAX_ROUNDS][MAX_PAYLOAD];
	static unsigned char in[MAX_ROUNDS][MAX_PAYLOAD];
	struct sockaddr_in to = { .sin_family = AF_INET };
	struct timeval tv = { .tv_sec = 5 };
	long r, rep, bad;
	long long c0, c1;
	const char *status;
	int fd, tries;

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0 || inet_pton(AF_INET, addr, &to.sin_addr) != 1) {
		printf("error %s socket or address %s\n", tag, addr);
		return 1;
	}
	to.sin_port = htons((uint16_t)port);
	if (connect(fd, (struct sockaddr *)&to, sizeof(to)) ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv))) {
		printf("error %s connect: %s\n", tag, strerror(errno));
		return 1;
	}
	/* warm-up: the first echo may take a while (the server starting,
	 * ARP, the SAs' first use), so it is tried a few times */
	fill(out[0], len, -1, -1);
	for (tries = 0; tries < 6 && round_trip(fd, out[0], in[0], len); tries++)
		;
	if (tries == 6) {
		printf("error %s no echo from %s:%ld in the warm-up\n", tag, addr, port);
		return 1;
	}
	for (r = 0; r < warm; r++)
		if (round_trip(fd, out[0], in[0], len)) {
			printf("error %s warm-up round %ld lost\n", tag, r);
			return 1;
		}
	/* a late echo of a warm-up try must not be taken for a counted one */
	while (recv(fd, in[0], MAX_PAYLOAD, MSG_DONTWAIT) >= 0)
		;
	if (pause_ms)
		usleep((useconds_t)pause_ms * 1000);
	for (rep = 0; rep < reps; rep++) {
		for (r = 0; r < rounds; r++) {
			fill(out[r], len, r, rep);
			memset(in[r], 0, (size_t)len);
		}
		bad = -1;
		c0 = read_counter(file);
		CT_START();
		for (r = 0; r < rounds; r++)
			if (round_trip(fd, out[r], in[r], len)) {
				bad = r;
				break;
			}
		CT_STOP();
		c1 = read_counter(file);
		status = "ok";
		if (bad >= 0)
			status = "lost";
		for (r = 0; r < rounds && bad < 0; r++)
			if (memcmp(out[r], in[r], (size_t)len)) {
				status = "differs";
				bad = r;
			}
		if (c0 >= 0 && c1 >= 0)
			printf("esp %s %ld %ld %ld %lld %s\n", tag, len, rounds, rep, c1 - c0, status);
		else
			printf("esp %s %ld %ld %ld - %s\n", tag, len, rounds, rep, status);
		if (bad >= 0) {
			printf("error %s round %ld of repetition %ld: %s\n", tag, bad, rep,
			       *status == 'l' ? "no echo" : "the echo differs");
			return 1;
		}
		fflush(stdout);
	}
	close(fd);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: esp-pingpong server PORT\n"
		"       esp-pingpong client [-c FILE] [-p MS] [-t TAG] ADDR PORT PAYLOAD ROUNDS WARMUP REPS\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *file = NULL, *tag = "-";
	long v[5], pause_ms = 0;
	int i, opt;

	if (argc >= 3 && !strcmp(argv[1], "server")) {
		if (argc != 3 || parse_num(argv[2], 1, 65535, v))
			usage();
		return server((int)v[0]);
	}
	if (argc < 2 || strcmp(argv[1], "client"))
		usage();
	optind = 2;
	while ((opt = getopt(argc, argv, "c:p:t:")) != -1) {
		if (opt == 'c')
			file = optarg;
		else if (opt == 'p' && !parse_num(optarg, 0, 60000, &pause_ms))
			continue;
		else if (opt == 't')
			tag = optarg;
		else
			usage();
	}
	if (argc - optind != 6 ||
	    parse_num(argv[optind + 1], 1, 65535, &v[0]) ||
	    parse_num(argv[optind + 2], 1, MAX_PAYLOAD, &v[1]) ||
	    parse_num(argv[optind + 3], 1, MAX_ROUNDS, &v[2]) ||
	    parse_num(argv[optind + 4], 0, 100000, &v[3]) ||
	    parse_num(argv[optind + 5], 1, 100, &v[4]))
		usage();
	for (i = 0; tag[i]; i++)
		if (tag[i] == ' ')
			usage();
	return client(file, tag, argv[optind], v[0], v[1], v[2], v[3], v[4], pause_ms);
}
