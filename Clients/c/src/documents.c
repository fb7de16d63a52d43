#include "documents.h"

#include <errno.h>
#include <inttypes.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "identity.h"
#include "status.h"

/* A SHA-256 over bytes as they stream past (OpenSSL's EVP). */
typedef struct {
    EVP_MD_CTX *context;
} sha256;

static void sha256_start(sha256 *h) {
    h->context = EVP_MD_CTX_new();
    if (h->context == NULL || EVP_DigestInit_ex(h->context, EVP_sha256(), NULL) != 1) abort();
}

static void sha256_add(sha256 *h, const void *bytes, size_t length) {
    if (EVP_DigestUpdate(h->context, bytes, length) != 1) abort();
}

/* Writes the lowercase hex digest, as Document.sha256 has it, and frees the context. */
static void sha256_finish(sha256 *h, char hex[65]) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(h->context, digest, &length) != 1 || length != 32) abort();
    for (unsigned int i = 0; i < length; i++) snprintf(hex + 2 * i, 3, "%02x", digest[i]);
    EVP_MD_CTX_free(h->context);
    h->context = NULL;
}

static void sha256_discard(sha256 *h) {
    EVP_MD_CTX_free(h->context);
    h->context = NULL;
}

/* Sends one UploadRequest. Returns what conn_send_message returns; on -1 (it could not be sent
 * before `deadline`) the call is cancelled and `status` set. */
static int send_part(conn *c, uint32_t id, const Quad__Documents__V1__UploadRequest *part, int64_t deadline,
                     reply *status) {
    int rc = conn_send_message(c, id, &part->base, remaining_ms(deadline));
    if (rc < 0) {
        conn_cancel(c, id);
        reply_set_local(status, STATUS_DEADLINE_EXCEEDED, "the next chunk could not go out within %d s (no credit from the "
                        "server, or the connection did not drain); cancelled",
                        DOCUMENTS_WAIT_MS / 1000);
    }
    return rc;
}

int documents_upload(conn *c, const char *bearer, const Quad__Documents__V1__UploadMetadata *meta, FILE *file,
                     Quad__Documents__V1__Document **document, char sha256_hex[65], reply *status) {
    *document = NULL;
    *status = (reply){0};
    metadata md[] = {{"authorization", bearer}};
    uint32_t id;
    if (conn_start_stream(c, DOCUMENTS_SERVICE "/Upload", 0, md, 1, &id) < 0) {
        reply_set_local(status, STATUS_UNAVAILABLE, "cannot start Upload: %s",
                        conn_is_open(c) ? "the server sent GoAway" : conn_failure(c));
        return -1;
    }
    int64_t deadline = monotonic_ms() + DOCUMENTS_WAIT_MS;

    Quad__Documents__V1__UploadRequest part = QUAD__DOCUMENTS__V1__UPLOAD_REQUEST__INIT;
    part.part_case = QUAD__DOCUMENTS__V1__UPLOAD_REQUEST__PART_METADATA;
    part.metadata = (Quad__Documents__V1__UploadMetadata *)meta;
    int sent = send_part(c, id, &part, deadline, status);
    if (sent < 0) return -1;

    uint8_t *chunk = malloc(DOCUMENTS_CHUNK_BYTES);
    if (chunk == NULL) abort();
    sha256 hash;
    sha256_start(&hash);
    /* 1 from here on means the server ended the call early: stop sending, take its status. */
    while (sent == 0) {
        size_t length = fread(chunk, 1, DOCUMENTS_CHUNK_BYTES, file);
        if (length == 0) break;
        sha256_add(&hash, chunk, length);
        part = (Quad__Documents__V1__UploadRequest)QUAD__DOCUMENTS__V1__UPLOAD_REQUEST__INIT;
        part.part_case = QUAD__DOCUMENTS__V1__UPLOAD_REQUEST__PART_CHUNK;
        part.chunk.data = chunk;
        part.chunk.len = length;
        sent = send_part(c, id, &part, deadline, status);
    }
    free(chunk);
    if (sent < 0) {
        sha256_discard(&hash);
        return -1;
    }
    if (ferror(file)) {
        sha256_discard(&hash);
        conn_cancel(c, id);
        reply_set_local(status, STATUS_CANCELLED, "reading the file failed (%s); upload cancelled", strerror(errno));
        return -1;
    }
    sha256_finish(&hash, sha256_hex);
    if (sent == 0) conn_half_close(c, id);

    conn_await(c, id, remaining_ms(deadline), status);
    if (status->code != STATUS_OK) return -1;
    if (!status->has_payload) {
        reply_set_local(status, STATUS_INTERNAL, "Upload ended OK without a Document");
        return -1;
    }
    *document = quad__documents__v1__document__unpack(NULL, status->payload.len, status->payload.data);
    if (*document == NULL) {
        reply_set_local(status, STATUS_INTERNAL, "Upload's response does not decode as a Document");
        return -1;
    }
    return 0;
}

/* Takes the next DownloadResponse. Returns 1 with `*response`, 0 when the call ended (its
 * status in `status`), -1 when it failed here (`status` set, call cancelled). */
static int next_response(conn *c, uint32_t id, int64_t deadline, Quad__Documents__V1__DownloadResponse **response,
                         reply *status) {
    ProtobufCBinaryData payload;
    int rc = conn_next_message(c, id, remaining_ms(deadline), &payload);
    if (rc == 0) {
        conn_await(c, id, 0, status);
        return 0;
    }
    if (rc < 0) {
        conn_cancel(c, id);
        reply_set_local(status, STATUS_DEADLINE_EXCEEDED, "Download sent nothing more within %d s; cancelled",
                        DOCUMENTS_WAIT_MS / 1000);
        return -1;
    }
    *response = quad__documents__v1__download_response__unpack(NULL, payload.len, payload.data);
    free(payload.data);
    if (*response == NULL) {
        conn_cancel(c, id);
        reply_set_local(status, STATUS_INTERNAL, "a message of Download does not decode as a DownloadResponse");
        return -1;
    }
    return 1;
}

int documents_download(conn *c, const char *bearer, const char *document_id, FILE *expected,
                       Quad__Documents__V1__Document **document, reply *status) {
    *document = NULL;
    *status = (reply){0};
    metadata md[] = {{"authorization", bearer}};
    Quad__Documents__V1__DownloadRequest request = QUAD__DOCUMENTS__V1__DOWNLOAD_REQUEST__INIT;
    request.document_id = (char *)document_id;
    uint32_t id;
    if (conn_start_request(c, DOCUMENTS_SERVICE "/Download", &request.base, 0,
                           md, 1, &id) < 0) {
        reply_set_local(status, STATUS_UNAVAILABLE, "cannot start Download: %s",
                        conn_is_open(c) ? "the server sent GoAway" : conn_failure(c));
        return -1;
    }
    int64_t deadline = monotonic_ms() + DOCUMENTS_WAIT_MS;

    /* The Document first. */
    Quad__Documents__V1__DownloadResponse *response;
    int rc = next_response(c, id, deadline, &response, status);
    if (rc == 0 && status->code == STATUS_OK)
        reply_set_local(status, STATUS_INTERNAL, "Download ended OK without the Document");
    if (rc <= 0) return -1;
    if (response->part_case != QUAD__DOCUMENTS__V1__DOWNLOAD_RESPONSE__PART_DOCUMENT || response->document == NULL) {
        protobuf_c_message_free_unpacked(&response->base, NULL);
        conn_cancel(c, id);
        reply_set_local(status, STATUS_INTERNAL, "Download's first message is not the Document");
        return -1;
    }
    *document = response->document;
    response->document = NULL; /* ours now */
    response->part_case = QUAD__DOCUMENTS__V1__DOWNLOAD_RESPONSE__PART__NOT_SET;
    protobuf_c_message_free_unpacked(&response->base, NULL);

    /* Then the bytes, compared with the file as they come. */
    rewind(expected);
    uint8_t *from_file = malloc(DOCUMENTS_CHUNK_BYTES);
    if (from_file == NULL) abort();
    size_t from_file_capacity = DOCUMENTS_CHUNK_BYTES;
    sha256 hash;
    sha256_start(&hash);
    int64_t received = 0;
    char differs[200] = "";
    while ((rc = next_response(c, id, deadline, &response, status)) == 1) {
        if (response->part_case != QUAD__DOCUMENTS__V1__DOWNLOAD_RESPONSE__PART_CHUNK) {
            protobuf_c_message_free_unpacked(&response->base, NULL);
            conn_cancel(c, id);
            reply_set_local(status, STATUS_INTERNAL, "a message of Download after the first is not a chunk");
            rc = -1;
            break;
        }
        ProtobufCBinaryData chunk = response->chunk;
        if (chunk.len > from_file_capacity) {
            from_file = realloc(from_file, chunk.len);
            if (from_file == NULL) abort();
            from_file_capacity = chunk.len;
        }
        size_t got = fread(from_file, 1, chunk.len, expected);
        if (differs[0] == '\0' && (got != chunk.len || memcmp(from_file, chunk.data, chunk.len) != 0))
            snprintf(differs, sizeof differs, "the %zu bytes from offset %" PRId64 " differ from the file's", chunk.len,
                     received);
        sha256_add(&hash, chunk.data, chunk.len);
        received += (int64_t)chunk.len;
        protobuf_c_message_free_unpacked(&response->base, NULL);
    }
    free(from_file);
    char hex[65];
    sha256_finish(&hash, hex);
    if (rc < 0 || status->code != STATUS_OK) return -1;

    /* The call ended OK: the bytes must be the file's, all of them, and hash to sha256. */
    if (differs[0] == '\0' && fgetc(expected) != EOF)
        snprintf(differs, sizeof differs, "%" PRId64 " bytes came, the file has more", received);
    if (differs[0] != '\0') {
        reply_set_local(status, STATUS_DATA_LOSS, "Download of %s: %s", document_id, differs);
        return -1;
    }
    if (received != (*document)->size_bytes) {
        reply_set_local(status, STATUS_DATA_LOSS, "Download of %s: %" PRId64 " bytes came, the Document says %" PRId64,
                        document_id, received, (*document)->size_bytes);
        return -1;
    }
    if (strcmp(hex, (*document)->sha256) != 0) {
        reply_set_local(status, STATUS_DATA_LOSS, "Download of %s: the bytes' SHA-256 is %s, the Document says %s",
                        document_id, hex, (*document)->sha256);
        return -1;
    }
    return 0;
}

static const char *enum_name(const ProtobufCEnumDescriptor *type, int value) {
    const ProtobufCEnumValue *v = protobuf_c_enum_descriptor_get_value(type, value);
    return v ? v->name : "(unknown)";
}

void documents_print(FILE *out, const Quad__Documents__V1__Document *d) {
    char at[64];
    format_micros(at, sizeof at, d->uploaded_at_micros);
    fprintf(out, "  document_id: %s\n", d->document_id);
    fprintf(out, "  owner: %s %s\n", enum_name(&quad__documents__v1__owner_kind__descriptor, d->owner_kind),
            d->owner_id);
    fprintf(out, "  purpose: %s\n", enum_name(&quad__documents__v1__document_purpose__descriptor, d->purpose));
    fprintf(out, "  file_name: %s\n", d->file_name);
    fprintf(out, "  type: %s (%s)\n", enum_name(&quad__documents__v1__document_type__descriptor, d->type),
            d->media_type);
    fprintf(out, "  size_bytes: %" PRId64 "\n", d->size_bytes);
    fprintf(out, "  sha256: %s\n", d->sha256);
    fprintf(out, "  uploaded_by: %s\n", d->uploaded_by);
    fprintf(out, "  uploaded_at: %s\n", at);
}

static int fail(reply *status) {
    fprintf(stderr, "status %s: %s\n", status_name(status->code), status->message);
    reply_free(status);
    return 1;
}

/* The profile pictures this client knows by their signature; the store also keeps HEIC. */
static Quad__Documents__V1__DocumentType picture_type(FILE *file) {
    static const uint8_t png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    static const uint8_t jpeg[] = {0xff, 0xd8, 0xff};
    uint8_t start[8];
    size_t length = fread(start, 1, sizeof start, file);
    rewind(file);
    if (length >= sizeof png && memcmp(start, png, sizeof png) == 0)
        return QUAD__DOCUMENTS__V1__DOCUMENT_TYPE__DOCUMENT_TYPE_PNG;
    if (length >= sizeof jpeg && memcmp(start, jpeg, sizeof jpeg) == 0)
        return QUAD__DOCUMENTS__V1__DOCUMENT_TYPE__DOCUMENT_TYPE_JPEG;
    return QUAD__DOCUMENTS__V1__DOCUMENT_TYPE__DOCUMENT_TYPE_UNSPECIFIED;
}

/* What both commands share: the open file, its type, and a new signed-in user. */
typedef struct {
    FILE *file;
    Quad__Documents__V1__UploadMetadata meta;
    char *bearer;
    char user_id[128];
} session;

static void session_end(session *s) {
    if (s->file) fclose(s->file);
    free(s->bearer);
    *s = (session){0};
}

/* Opens `path` for the session and fills the metadata's file name and declared type. Returns
 * 0, or the exit status after saying why on stderr. */
static int session_next_file(session *s, const char *path) {
    if (s->file) fclose(s->file);
    s->file = fopen(path, "rb");
    if (s->file == NULL) {
        fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
        return 66;
    }
    s->meta.declared_type = picture_type(s->file);
    if (s->meta.declared_type == QUAD__DOCUMENTS__V1__DOCUMENT_TYPE__DOCUMENT_TYPE_UNSPECIFIED) {
        fprintf(stderr, "%s is not a PNG or JPEG (by its first bytes): a profile picture must be one\n", path);
        return 65;
    }
    const char *slash = strrchr(path, '/');
    s->meta.file_name = (char *)(slash ? slash + 1 : path);
    return 0;
}

/* Whether `path` can be uploaded: 0, or the exit status after saying why. */
static int check_file(const char *path) {
    session s = {0};
    int rc = session_next_file(&s, path);
    session_end(&s);
    return rc;
}

/* Opens the first file and signs a new user up. Returns 0, or the exit status after saying why
 * on stderr (the session then holds nothing). */
static int session_begin(conn *c, const char *path, session *s) {
    *s = (session){0};
    quad__documents__v1__upload_metadata__init(&s->meta);
    int rc = session_next_file(s, path);
    if (rc != 0) {
        session_end(s);
        return rc;
    }
    s->meta.owner_kind = QUAD__DOCUMENTS__V1__OWNER_KIND__OWNER_KIND_PROFILE;
    s->meta.purpose = QUAD__DOCUMENTS__V1__DOCUMENT_PURPOSE__DOCUMENT_PURPOSE_PROFILE_PICTURE;

    reply status;
    credentials account;
    if (identity_sign_up(c, &account, &s->bearer, s->user_id, sizeof s->user_id, &status) < 0) {
        session_end(s);
        return fail(&status);
    }
    reply_free(&status);
    /* A profile's documents: owner_id is the user's own id. */
    s->meta.owner_id = s->user_id;
    printf("signed up and logged in: %s (user %s)\n", account.email, s->user_id);
    return 0;
}

static double mib_per_second(int64_t bytes, int64_t ms) {
    return ms > 0 ? (double)bytes / (1024.0 * 1024.0) / ((double)ms / 1000.0) : 0.0;
}

/* Uploads the session's file as declared and prints the Document. */
static int upload_and_print(conn *c, session *s, Quad__Documents__V1__Document **document) {
    reply status;
    char sent_hex[65];
    rewind(s->file);
    int64_t started = monotonic_ms();
    if (documents_upload(c, s->bearer, &s->meta, s->file, document, sent_hex, &status) < 0) return fail(&status);
    reply_free(&status);
    int64_t ms = monotonic_ms() - started;
    printf("uploaded in %" PRId64 " ms (%.1f MiB/s):\n", ms, mib_per_second((*document)->size_bytes, ms));
    documents_print(stdout, *document);
    if (strcmp(sent_hex, (*document)->sha256) != 0) {
        fprintf(stderr, "status DATA_LOSS: the bytes sent hash to %s, the Document says %s\n", sent_hex,
                (*document)->sha256);
        return 1;
    }
    return 0;
}

int documents_upload_only(conn *c, const char *path) {
    int rc = check_file(path);
    if (rc != 0) return rc;
    session s;
    rc = session_begin(c, path, &s);
    if (rc != 0) return rc;
    Quad__Documents__V1__Document *document = NULL;
    rc = upload_and_print(c, &s, &document);
    if (document) protobuf_c_message_free_unpacked(&document->base, NULL);
    session_end(&s);
    return rc;
}

/* One file's round trip in a signed-in session: upload, download and compare, the mistyped
 * upload refused. Returns the exit status. */
static int round_trip(conn *c, session *s) {
    Quad__Documents__V1__Document *uploaded = NULL, *downloaded = NULL;
    reply status = {0};
    Quad__Documents__V1__DocumentType declared_type = s->meta.declared_type;
    int rc = upload_and_print(c, s, &uploaded);
    if (rc != 0) goto done;

    int64_t started = monotonic_ms();
    if (documents_download(c, s->bearer, uploaded->document_id, s->file, &downloaded, &status) < 0) {
        rc = fail(&status);
        goto done;
    }
    reply_free(&status);
    int64_t ms = monotonic_ms() - started;
    printf("downloaded in %" PRId64 " ms (%.1f MiB/s): %" PRId64 " bytes, the same as the file's, SHA-256 %s\n", ms,
           mib_per_second(downloaded->size_bytes, ms), downloaded->size_bytes, downloaded->sha256);
    if (strcmp(downloaded->document_id, uploaded->document_id) != 0 ||
        strcmp(downloaded->sha256, uploaded->sha256) != 0) {
        fprintf(stderr, "status DATA_LOSS: Download's Document (%s, %s) is not the uploaded one (%s, %s)\n",
                downloaded->document_id, downloaded->sha256, uploaded->document_id, uploaded->sha256);
        rc = 1;
        goto done;
    }

    /* The same bytes declared as the other picture type: the store tells the type from the
     * bytes, and must refuse. */
    s->meta.declared_type = declared_type == QUAD__DOCUMENTS__V1__DOCUMENT_TYPE__DOCUMENT_TYPE_PNG
                                ? QUAD__DOCUMENTS__V1__DOCUMENT_TYPE__DOCUMENT_TYPE_JPEG
                                : QUAD__DOCUMENTS__V1__DOCUMENT_TYPE__DOCUMENT_TYPE_PNG;
    const char *declared = enum_name(&quad__documents__v1__document_type__descriptor, (int)s->meta.declared_type);
    Quad__Documents__V1__Document *wrongly_kept = NULL;
    char sent_hex[65];
    rewind(s->file);
    if (documents_upload(c, s->bearer, &s->meta, s->file, &wrongly_kept, sent_hex, &status) == 0) {
        fprintf(stderr, "status OK: the upload declared %s was kept as %s; expected INVALID_ARGUMENT\n", declared,
                wrongly_kept->document_id);
        protobuf_c_message_free_unpacked(&wrongly_kept->base, NULL);
        reply_free(&status);
        rc = 1;
        goto done;
    }
    if (status.code != STATUS_INVALID_ARGUMENT) {
        fprintf(stderr, "the upload declared %s: expected INVALID_ARGUMENT, got:\n", declared);
        rc = fail(&status);
        goto done;
    }
    printf("declared %s: refused as expected: status INVALID_ARGUMENT: %s\n", declared, status.message);
    reply_free(&status);

done:
    s->meta.declared_type = declared_type;
    if (uploaded) protobuf_c_message_free_unpacked(&uploaded->base, NULL);
    if (downloaded) protobuf_c_message_free_unpacked(&downloaded->base, NULL);
    return rc;
}

int documents_round_trip(conn *c, char *const paths[], size_t n_paths) {
    /* Every file is checked before anyone signs up. */
    for (size_t i = 0; i < n_paths; i++) {
        int rc = check_file(paths[i]);
        if (rc != 0) return rc;
    }
    session s;
    int rc = session_begin(c, paths[0], &s);
    for (size_t i = 0; rc == 0 && i < n_paths; i++) {
        if (i > 0) rc = session_next_file(&s, paths[i]);
        if (rc == 0) {
            printf("%s:\n", s.meta.file_name);
            rc = round_trip(c, &s);
        }
    }
    session_end(&s);
    return rc;
}
