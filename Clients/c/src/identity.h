/* The identity service's flows (Proto/quad/identity/v1/identity.proto) and the `demo` command. */
#ifndef QUAD_IDENTITY_H
#define QUAD_IDENTITY_H

#include <stdio.h>

#include "conn.h"
#include "quad/identity/v1/identity.pb-c.h"

#define IDENTITY_SERVICE "quad.identity.v1.Identity"

/* Password hashing is memory-hard and slow (seconds per hash in debug builds): the server's
 * deadline for Register and Login. */
#define IDENTITY_HASHING_TIMEOUT_MS 60000
#define IDENTITY_TIMEOUT_MS 10000

/* Where a new account lives, chosen from the campus directory (ListCampuses). */
typedef struct {
    char campus_id[128];
    char campus_name[128];
    char email_domain[128];
    char dorm_id[128];
    char dorm_name[128];
} campus_choice;

typedef struct {
    char email[256];
    char password[64];
} credentials;

/* Asks ListCampuses and picks the demo campus (campus-northfield) if listed, else the first,
 * its first email domain, and its dorm dorm-maple-hall if listed, else its first dorm. */
int identity_choose_campus(conn *c, campus_choice *out, reply *status);

/* Fills `out` with a fresh unique campus email and a random password, and registers it. */
int identity_register_new(conn *c, const campus_choice *campus, credentials *out, reply *status);

/* A RegisterRequest for `campus` with valid values for every field but email and password. */
void identity_fill_register(Quad__Identity__V1__RegisterRequest *request, const campus_choice *campus,
                            Quad__Identity__V1__Date *date_of_birth);

/* Logs in; `*response` is the LoginResponse (free with protobuf_c_message_free_unpacked). */
int identity_login(conn *c, const credentials *account, Quad__Identity__V1__LoginResponse **response,
                   reply *status);

/* Chooses a campus, registers a new account (`*account`) and logs in: `*bearer` is
 * "Bearer <access token>" for the authorization metadata (free it), `user_id` the account's
 * user id. Returns 0, or -1 with `status` saying why. */
int identity_sign_up(conn *c, credentials *account, char **bearer, char *user_id, size_t user_id_size,
                     reply *status);

/* An RFC 3339 UTC time ("2026-11-27T13:36:44Z") for one of Quad's *_micros fields; 0 as it is. */
void format_micros(char *out, size_t size, int64_t micros);

void identity_print_profile(FILE *out, const Quad__Identity__V1__Profile *profile);

/* `demo`: register, log in, read the profile with the access token, print it. Returns the exit
 * status: 0, or 1 after printing `status CODE_NAME: message` to stderr. */
int identity_demo(conn *c);

#endif
