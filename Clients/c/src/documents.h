/* The document store's streams (Proto/quad/documents/v1/documents.proto) and the `documents`
 * and `upload` commands: Upload is client-streaming, Download server-streaming, both under the
 * wire's credit (docs/wire.md sections 6 and 9). */
#ifndef QUAD_DOCUMENTS_H
#define QUAD_DOCUMENTS_H

#include <stdio.h>

#include "conn.h"
#include "quad/documents/v1/documents.pb-c.h"

#define DOCUMENTS_SERVICE "quad.documents.v1.Documents"

/* UploadRequest.chunk: "the bytes in chunks of at most 256 KiB". */
#define DOCUMENTS_CHUNK_BYTES (256 * 1024)

/* How long this client waits for one Upload or Download. The streams go out without a deadline
 * on the wire: the gateway caps any deadline an app sets at 30 s (docs/gateway.md, Deadlines)
 * and gives a stream without one none, so the service's own cap (300 s) applies, and our wait
 * here, a little longer, is only a guard against a server that never answers. */
#define DOCUMENTS_WAIT_MS 310000

/* Streams `file` from its current position to its end as an Upload with `meta` first, in
 * chunks of DOCUMENTS_CHUNK_BYTES. Returns 0 with `*document` (free with
 * protobuf_c_message_free_unpacked) and the lowercase hex SHA-256 of the bytes sent in
 * `sha256_hex`; otherwise -1, and `status` says why (free it with reply_free either way). When
 * the server ends the call before the last chunk (a refusal), sending stops at once. */
int documents_upload(conn *c, const char *bearer, const Quad__Documents__V1__UploadMetadata *meta, FILE *file,
                     Quad__Documents__V1__Document **document, char sha256_hex[65], reply *status);

/* Downloads `document_id` and checks it against `expected` (read from its start): the
 * Document comes first, then chunks whose bytes must equal the file's, whose count must be its
 * size and whose SHA-256 must be the Document's sha256. Returns 0 with `*document`; otherwise
 * -1, and `status` says why: the server's status, or a local DATA_LOSS for bytes that differ. */
int documents_download(conn *c, const char *bearer, const char *document_id, FILE *expected,
                       Quad__Documents__V1__Document **document, reply *status);

void documents_print(FILE *out, const Quad__Documents__V1__Document *document);

/* `documents FILE...`: sign up, then for each FILE (a PNG or JPEG) upload it as the new user's
 * profile picture, print the Document, download it and compare, and check that the same bytes
 * declared as the other type are refused INVALID_ARGUMENT. `upload FILE`: sign up, upload,
 * print. Each returns the exit status: 0, or 1 after printing `status CODE_NAME: message` to
 * stderr (65: a FILE is not a PNG or JPEG; 66: it cannot be opened). */
int documents_round_trip(conn *c, char *const paths[], size_t n_paths);
int documents_upload_only(conn *c, const char *path);

#endif
