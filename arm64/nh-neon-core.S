/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: NH on AdvSIMD for arm64 (nh.h).
 *
 * Design notes
 * ------------
 * Four units (64 bytes) a pass.  ld4 splits them by word: v0 holds word
 * m0 of the four units, v1 m1, v2 m2, v3 m3.  The grouped key gives, for
 * each of the four NH passes, the matching four words of the four units'
 * keys in the same arrangement (one ld1 of four registers, v16-v31 for
 * the four passes), so a pass is four lane-wise additions and four
 * multiply-accumulates with no permutation at all:
 *
 *     a = m0 + k0, b = m1 + k1, c = m2 + k2, d = m3 + k3   (4 lanes each)
 *     acc_p += a.lo * c.lo  (umlal: lanes 0, 1 -> two 64-bit lanes)
 *     acc_p += a.hi * c.hi  (umlal2: lanes 2, 3)
 *     acc_p += b.lo * d.lo, b.hi * d.hi
 *
 * 37 instructions per 64 bytes.  The additions write the key registers,
 * which the next pass reloads, so the loop needs no scratch register.
 * A last one to three units take the standard key, one unit a pass:
 * t_p = m + k[4i+4p .. +3], and acc_p += t_p(0,1) * t_p(2,3), the high
 * half brought down with ext.  The two lanes of acc_p add up to sum p.
 *
 * Only caller-saved vector registers (v0-v7, v16-v31) are used.  Loops
 * count units, which are public.
 */
#include <linux/linkage.h>

	.text

/*
 * void ctneon_nh_neon(const struct ctneon_nh_key *key, unsigned int pos,
 *		       const u8 *msg, int bytes, u8 hash[32]);
 * x0 key (grouped key at 0, standard key at 4096), w1 pos (a multiple of
 * 64), x2 msg, w3 bytes (a multiple of 16, pos + bytes <= 1024), x4
 * hash (the sums are added to it).  Clobbers x0-x6, v0-v7, v16-v31, flags.
 */
SYM_FUNC_START(ctneon_nh_neon)
	movi	v4.2d, #0
	movi	v5.2d, #0
	movi	v6.2d, #0
	movi	v7.2d, #0
	mov	w1, w1				// zero-extended
	add	x5, x0, #4096
	add	x5, x5, x1			// the standard key at unit pos / 16
	add	x0, x0, x1, lsl #2		// the grouped key at group pos / 64
	mov	x6, x4				// hash
	mov	x1, x2				// msg
	mov	w2, w3				// bytes
	lsr	w4, w2, #6			// groups of four units
	cbz	w4, 2f
1:	ld4	{v0.4s-v3.4s}, [x1], #64
	ld1	{v16.4s-v19.4s}, [x0], #64
	ld1	{v20.4s-v23.4s}, [x0], #64
	ld1	{v24.4s-v27.4s}, [x0], #64
	ld1	{v28.4s-v31.4s}, [x0], #64
	add	v16.4s, v16.4s, v0.4s
	add	v18.4s, v18.4s, v2.4s
	add	v20.4s, v20.4s, v0.4s
	add	v22.4s, v22.4s, v2.4s
	add	v17.4s, v17.4s, v1.4s
	add	v19.4s, v19.4s, v3.4s
	add	v21.4s, v21.4s, v1.4s
	add	v23.4s, v23.4s, v3.4s
	umlal	v4.2d, v16.2s, v18.2s
	umlal	v5.2d, v20.2s, v22.2s
	add	v24.4s, v24.4s, v0.4s
	add	v26.4s, v26.4s, v2.4s
	umlal2	v4.2d, v16.4s, v18.4s
	umlal2	v5.2d, v20.4s, v22.4s
	add	v28.4s, v28.4s, v0.4s
	add	v30.4s, v30.4s, v2.4s
	umlal	v4.2d, v17.2s, v19.2s
	umlal	v5.2d, v21.2s, v23.2s
	add	v25.4s, v25.4s, v1.4s
	add	v27.4s, v27.4s, v3.4s
	umlal2	v4.2d, v17.4s, v19.4s
	umlal2	v5.2d, v21.4s, v23.4s
	add	v29.4s, v29.4s, v1.4s
	add	v31.4s, v31.4s, v3.4s
	umlal	v6.2d, v24.2s, v26.2s
	umlal	v7.2d, v28.2s, v30.2s
	umlal2	v6.2d, v24.4s, v26.4s
	umlal2	v7.2d, v28.4s, v30.4s
	umlal	v6.2d, v25.2s, v27.2s
	umlal	v7.2d, v29.2s, v31.2s
	umlal2	v6.2d, v25.4s, v27.4s
	umlal2	v7.2d, v29.4s, v31.4s
	add	x5, x5, #64			// four units of the standard key
	subs	w4, w4, #1
	b.ne	1b
2:	ubfx	w4, w2, #4, #2			// 0..3 units left
	cbz	w4, 4f
3:	ld1	{v0.4s}, [x1], #16
	ld1	{v16.4s-v19.4s}, [x5]
	add	x5, x5, #16
	add	v16.4s, v16.4s, v0.4s
	add	v17.4s, v17.4s, v0.4s
	add	v18.4s, v18.4s, v0.4s
	add	v19.4s, v19.4s, v0.4s
	ext	v20.16b, v16.16b, v16.16b, #8
	ext	v21.16b, v17.16b, v17.16b, #8
	ext	v22.16b, v18.16b, v18.16b, #8
	ext	v23.16b, v19.16b, v19.16b, #8
	umlal	v4.2d, v16.2s, v20.2s
	umlal	v5.2d, v17.2s, v21.2s
	umlal	v6.2d, v18.2s, v22.2s
	umlal	v7.2d, v19.2s, v23.2s
	subs	w4, w4, #1
	b.ne	3b
4:	addp	v0.2d, v4.2d, v5.2d		// sum0, sum1
	addp	v1.2d, v6.2d, v7.2d		// sum2, sum3
	ld1	{v2.2d-v3.2d}, [x6]		// hash += the sums
	add	v0.2d, v0.2d, v2.2d
	add	v1.2d, v1.2d, v3.2d
	st1	{v0.2d-v1.2d}, [x6]
	ret
SYM_FUNC_END(ctneon_nh_neon)
