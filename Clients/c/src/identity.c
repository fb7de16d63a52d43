#include "identity.h"

#include <inttypes.h>
#include <openssl/rand.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "status.h"

#define DEMO_CAMPUS "campus-northfield"
#define DEMO_DORM "dorm-maple-hall"

static void random_hex(char *out, size_t bytes) {
    unsigned char random[32];
    if (bytes > sizeof random || RAND_bytes(random, (int)bytes) != 1) abort();
    for (size_t i = 0; i < bytes; i++) snprintf(out + 2 * i, 3, "%02x", random[i]);
}

int identity_choose_campus(conn *c, campus_choice *out, reply *status) {
    Quad__Identity__V1__ListCampusesRequest request = QUAD__IDENTITY__V1__LIST_CAMPUSES_REQUEST__INIT;
    ProtobufCMessage *response;
    if (conn_call(c, IDENTITY_SERVICE "/ListCampuses", &request.base,
                  &quad__identity__v1__list_campuses_response__descriptor, IDENTITY_TIMEOUT_MS, NULL, 0, &response,
                  status) < 0)
        return -1;
    Quad__Identity__V1__ListCampusesResponse *directory = (Quad__Identity__V1__ListCampusesResponse *)response;

    const Quad__Identity__V1__Campus *campus = NULL;
    for (size_t i = 0; i < directory->n_campuses; i++) {
        const Quad__Identity__V1__Campus *candidate = directory->campuses[i];
        if (candidate->n_email_domains == 0 || candidate->n_dorms == 0) continue; /* cannot register there */
        if (campus == NULL || strcmp(candidate->campus_id, DEMO_CAMPUS) == 0) campus = candidate;
    }
    int rc = -1;
    if (campus == NULL) {
        reply_free(status);
        status->code = STATUS_FAILED_PRECONDITION;
        status->message = strdup("ListCampuses lists no campus with an email domain and a dorm");
        status->local = true;
    } else {
        const Quad__Identity__V1__Dorm *dorm = campus->dorms[0];
        for (size_t i = 0; i < campus->n_dorms; i++)
            if (strcmp(campus->dorms[i]->dorm_id, DEMO_DORM) == 0) dorm = campus->dorms[i];
        snprintf(out->campus_id, sizeof out->campus_id, "%s", campus->campus_id);
        snprintf(out->campus_name, sizeof out->campus_name, "%s", campus->name);
        snprintf(out->email_domain, sizeof out->email_domain, "%s", campus->email_domains[0]);
        snprintf(out->dorm_id, sizeof out->dorm_id, "%s", dorm->dorm_id);
        snprintf(out->dorm_name, sizeof out->dorm_name, "%s", dorm->name);
        rc = 0;
    }
    protobuf_c_message_free_unpacked(response, NULL);
    return rc;
}

void identity_fill_register(Quad__Identity__V1__RegisterRequest *request, const campus_choice *campus,
                            Quad__Identity__V1__Date *date_of_birth) {
    quad__identity__v1__register_request__init(request);
    quad__identity__v1__date__init(date_of_birth);
    date_of_birth->year = 2004;
    date_of_birth->month = 5;
    date_of_birth->day = 17;
    request->first_name = "Ada";
    request->last_name = "Byron";
    request->gender = QUAD__IDENTITY__V1__GENDER__GENDER_PREFER_NOT_TO_SAY;
    request->campus_id = (char *)campus->campus_id;
    request->dorm_id = (char *)campus->dorm_id;
    request->room = "214";
    request->date_of_birth = date_of_birth;
}

int identity_register_new(conn *c, const campus_choice *campus, credentials *out, reply *status) {
    /* Unique across runs and concurrent clients: the time plus 64 random bits. */
    char nonce[17];
    random_hex(nonce, 8);
    snprintf(out->email, sizeof out->email, "c-client-%lld-%s@%s", (long long)time(NULL), nonce,
             campus->email_domain);
    char secret[25];
    random_hex(secret, 12);
    snprintf(out->password, sizeof out->password, "pw-%s", secret);

    Quad__Identity__V1__RegisterRequest request;
    Quad__Identity__V1__Date date_of_birth;
    identity_fill_register(&request, campus, &date_of_birth);
    request.email = out->email;
    request.password = out->password;
    ProtobufCMessage *response;
    if (conn_call(c, IDENTITY_SERVICE "/Register", &request.base, &quad__identity__v1__register_response__descriptor,
                  IDENTITY_HASHING_TIMEOUT_MS, NULL, 0, &response, status) < 0)
        return -1;
    protobuf_c_message_free_unpacked(response, NULL);
    return 0;
}

int identity_login(conn *c, const credentials *account, Quad__Identity__V1__LoginResponse **response,
                   reply *status) {
    Quad__Identity__V1__LoginRequest request = QUAD__IDENTITY__V1__LOGIN_REQUEST__INIT;
    request.email = (char *)account->email;
    request.password = (char *)account->password;
    return conn_call(c, IDENTITY_SERVICE "/Login", &request.base, &quad__identity__v1__login_response__descriptor,
                     IDENTITY_HASHING_TIMEOUT_MS, NULL, 0, (ProtobufCMessage **)response, status);
}

static const char *enum_name(const ProtobufCEnumDescriptor *type, int value) {
    const ProtobufCEnumValue *v = protobuf_c_enum_descriptor_get_value(type, value);
    return v ? v->name : "(unknown)";
}

void format_micros(char *out, size_t size, int64_t micros) {
    time_t seconds = (time_t)(micros / 1000000);
    struct tm utc;
    if (micros == 0 || gmtime_r(&seconds, &utc) == NULL) {
        snprintf(out, size, "%" PRId64, micros);
        return;
    }
    strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &utc);
}

void identity_print_profile(FILE *out, const Quad__Identity__V1__Profile *p) {
    char since[64];
    format_micros(since, sizeof since, p->member_since_micros);
    fprintf(out, "  user_id: %s\n", p->user_id);
    fprintf(out, "  email: %s\n", p->email);
    fprintf(out, "  first_name: %s\n", p->first_name);
    fprintf(out, "  last_name: %s\n", p->last_name);
    fprintf(out, "  gender: %s\n", enum_name(&quad__identity__v1__gender__descriptor, p->gender));
    fprintf(out, "  campus_id: %s\n", p->campus_id);
    fprintf(out, "  dorm_id: %s\n", p->dorm_id);
    fprintf(out, "  room: %s\n", p->room);
    if (p->date_of_birth)
        fprintf(out, "  date_of_birth: %04d-%02d-%02d\n", p->date_of_birth->year, p->date_of_birth->month,
                p->date_of_birth->day);
    else
        fprintf(out, "  date_of_birth: (none)\n");
    fprintf(out, "  phone: %s\n", p->phone[0] ? p->phone : "(none)");
    fprintf(out, "  roles:");
    for (size_t i = 0; i < p->n_roles; i++)
        fprintf(out, " %s", enum_name(&quad__identity__v1__role__descriptor, p->roles[i]));
    fprintf(out, "%s\n", p->n_roles ? "" : " (none)");
    fprintf(out, "  member_since: %s\n", since);
    fprintf(out, "  rating: %.2f (%u ratings)\n", p->rating, (unsigned)p->rating_count);
    fprintf(out, "  jobs_done: %u\n", (unsigned)p->jobs_done);
    fprintf(out, "  picture_document_id: %s\n", p->picture_document_id[0] ? p->picture_document_id : "(none)");
}

int identity_sign_up(conn *c, credentials *account, char **bearer, char *user_id, size_t user_id_size,
                     reply *status) {
    campus_choice campus;
    if (identity_choose_campus(c, &campus, status) < 0) return -1;
    reply_free(status);
    if (identity_register_new(c, &campus, account, status) < 0) return -1;
    reply_free(status);
    Quad__Identity__V1__LoginResponse *login;
    if (identity_login(c, account, &login, status) < 0) return -1;
    int rc = -1;
    if (login->session == NULL || login->session->access_token[0] == '\0' || login->profile == NULL) {
        reply_set_local(status, STATUS_INTERNAL, "Login answered OK without an access token or a profile");
    } else {
        *bearer = malloc(strlen("Bearer ") + strlen(login->session->access_token) + 1);
        if (*bearer == NULL) abort();
        strcpy(*bearer, "Bearer ");
        strcat(*bearer, login->session->access_token);
        snprintf(user_id, user_id_size, "%s", login->profile->user_id);
        rc = 0;
    }
    protobuf_c_message_free_unpacked(&login->base, NULL);
    return rc;
}

static int fail(reply *status) {
    fprintf(stderr, "status %s: %s\n", status_name(status->code), status->message);
    reply_free(status);
    return 1;
}

int identity_demo(conn *c) {
    reply status;
    campus_choice campus;
    if (identity_choose_campus(c, &campus, &status) < 0) return fail(&status);
    reply_free(&status);
    printf("campus: %s (%s), email domain %s, dorm %s (%s)\n", campus.campus_id, campus.campus_name,
           campus.email_domain, campus.dorm_id, campus.dorm_name);

    credentials account;
    if (identity_register_new(c, &campus, &account, &status) < 0) return fail(&status);
    reply_free(&status);
    printf("registered: %s\n", account.email);

    Quad__Identity__V1__LoginResponse *login;
    if (identity_login(c, &account, &login, &status) < 0) return fail(&status);
    reply_free(&status);
    if (login->session == NULL || login->session->access_token[0] == '\0') {
        protobuf_c_message_free_unpacked(&login->base, NULL);
        fprintf(stderr, "status INTERNAL: Login answered OK without an access token\n");
        return 1;
    }
    char expires[64];
    format_micros(expires, sizeof expires, login->session->access_token_expires_at_micros);
    printf("logged in: access token expires %s\n", expires);

    char *bearer = malloc(strlen("Bearer ") + strlen(login->session->access_token) + 1);
    if (bearer == NULL) abort();
    strcpy(bearer, "Bearer ");
    strcat(bearer, login->session->access_token);
    protobuf_c_message_free_unpacked(&login->base, NULL);

    metadata md[] = {{"authorization", bearer}};
    Quad__Identity__V1__GetMyProfileRequest request = QUAD__IDENTITY__V1__GET_MY_PROFILE_REQUEST__INIT;
    ProtobufCMessage *response;
    int rc = conn_call(c, IDENTITY_SERVICE "/GetMyProfile", &request.base, &quad__identity__v1__profile__descriptor,
                       IDENTITY_TIMEOUT_MS, md, 1, &response, &status);
    free(bearer);
    if (rc < 0) return fail(&status);
    reply_free(&status);
    printf("profile:\n");
    identity_print_profile(stdout, (Quad__Identity__V1__Profile *)response);
    protobuf_c_message_free_unpacked(response, NULL);
    return 0;
}
