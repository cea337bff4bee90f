/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: the two marker instructions that open and close a measurement
 * window of tests/ct/ctplugin.c.  Both are architecturally no-ops that
 * compilers do not generate:
 *
 *   AArch64  START  orr xzr, xzr, x1   (.inst 0xaa0103ff)
 *            STOP   orr xzr, xzr, x2   (.inst 0xaa0203ff)
 *   A32      START  mov r10, r10       (.inst 0xe1a0a00a)
 *            STOP   mov r11, r11       (.inst 0xe1a0b00b)
 *   T32      START  mov r10, r10       (.inst.n 0x46d2)
 *            STOP   mov r11, r11       (.inst.n 0x46db)
 *
 * The "memory" clobber keeps the compiler from moving loads or stores of
 * the inputs across a marker; the markers are emitted as raw encodings so
 * that no assembler may pick another form.
 */
#ifndef CTNEON_CT_MARKERS_H
#define CTNEON_CT_MARKERS_H

#if defined(__aarch64__)
#define CT_START()	__asm__ __volatile__(".inst 0xaa0103ff" ::: "memory")
#define CT_STOP()	__asm__ __volatile__(".inst 0xaa0203ff" ::: "memory")
#elif defined(__arm__) && defined(__thumb__)
#define CT_START()	__asm__ __volatile__(".inst.n 0x46d2" ::: "memory")
#define CT_STOP()	__asm__ __volatile__(".inst.n 0x46db" ::: "memory")
#elif defined(__arm__)
#define CT_START()	__asm__ __volatile__(".inst 0xe1a0a00a" ::: "memory")
#define CT_STOP()	__asm__ __volatile__(".inst 0xe1a0b00b" ::: "memory")
#else
#error "ct markers are defined for arm and arm64 only"
#endif

#endif
