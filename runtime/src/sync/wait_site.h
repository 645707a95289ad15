/* Hang reports (wait_site.c): the bootstrap hands over this PE's wait-site record in
 * shoalrun's segment; init reads SHOAL_HANG_TIMEOUT once (a bad value stops at init). */
#ifndef SHOAL_SYNC_WAIT_SITE_H
#define SHOAL_SYNC_WAIT_SITE_H

struct shoal_local_site;
void shoal_wait_site_attach(struct shoal_local_site *record);
void shoal_wait_site_init(void);

#endif
