/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: the algorithm glue files' register functions, for the module
 * entry (ctneon-main.c) alone.
 */
#ifndef CTNEON_GLUE_H
#define CTNEON_GLUE_H

int ctneon_aes_register(void);
void ctneon_aes_unregister(void);
int ctneon_gcm_register(void);
void ctneon_gcm_unregister(void);
int ctneon_mac_register(void);
void ctneon_mac_unregister(void);
int ctneon_ccm_register(void);
void ctneon_ccm_unregister(void);
int ctneon_adiantum_register(void);
void ctneon_adiantum_unregister(void);
int ctneon_chacha_register(void);
void ctneon_chacha_unregister(void);

#endif
