import { open } from "node:fs/promises";
import { createHash } from "node:crypto";
import { createLimiter } from "~/core/limiter";
import { isMultipart, MultipartError, readMultipart } from "~/core/multipart.server";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import { createMediaFile, MEDIA_CHUNK_BYTES, type MediaFile, type NewMediaFile } from "~/db/queries/media.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { mediaMessages } from "~/lib/admin/messages/media";
import { parseForm } from "~/lib/forms/read-form.server";
import type { FieldErrors } from "~/lib/forms/submission";
import { MediaDetailsSchema } from "~/lib/schemas/admin/media";
import { logger } from "~/core/logger.server";
import { safeDisplayName, titleFromName } from "./filename";
import { processImage } from "./image.server";
import { FORM_ROOM_BYTES, formatBytes, mediaLimits, uploadBodyLimit, type MediaLimits } from "./limits.server";
import { UploadSpool } from "./spool.server";

// Receiving an upload into the media library (issue 45), for any admin action: the library's
// own page and the pickers of picture and document fields, which post to the library's address
// (MEDIA_UPLOAD_PATH: the one address the server takes large bodies at) and read the answer.
//
// receiveMediaUpload(request or file, admin) → the stored file, or the field errors to show:
//   1. the body is read as it arrives; the file goes to a temporary file (./spool.server.ts),
//      its type read from its first bytes and its size limit applied as it comes;
//   2. the details (title, alt text, source) are checked (MediaDetailsSchema; a picture that is
//      not decorative needs its alt text), and the type against `expect` ("image" or "document",
//      when the form asks for one kind);
//   3. at most UPLOADS_AT_ONCE uploads are processed at a time: a picture is re-encoded
//      (./image.server.ts), a PDF kept as it was sent;
//   4. the file is stored under the SHA-256 of its stored bytes (createMediaFile): the same
//      bytes uploaded again store nothing and answer with the file already there.
// The temporary file is removed in every case.

const m = mediaMessages;

/** The form field the file is posted in. */
export const UPLOAD_FIELD = "file";

/** Uploads processed at a time in this process; the rest wait their turn. */
export const UPLOADS_AT_ONCE = 2;
const processing = createLimiter(UPLOADS_AT_ONCE);

export type UploadOutcome =
  | { ok: true; file: MediaFile; duplicate: boolean }
  | { ok: false; status: number; formError: string; fieldErrors: FieldErrors; values: Record<string, string> };

export interface UploadOptions {
  limits?: MediaLimits;
  /** With a File: the form's other fields (a Request carries its own). */
  fields?: Record<string, string>;
  now?: Date;
}

/** The fields of a refused upload shown again: what was typed, never the file. */
const echoed = (fields: Record<string, string>) => {
  const { [UPLOAD_FIELD]: _file, ...rest } = fields;
  return rest;
};

function refused(status: number, formError: string, fields: Record<string, string>, fieldErrors: FieldErrors = {}) {
  return { ok: false as const, status, formError, fieldErrors, values: echoed(fields) };
}

export type MediaForm =
  | { ok: true; fields: Record<string, string>; spool: UploadSpool | null; files: number }
  | { ok: false; status: 400 | 413; message: string };

/**
 * A multipart form with at most one file in the `file` field, read as it arrives: its fields, and
 * the file spooled and checked (refused files keep their refusal). The caller must call
 * `spool.cleanup()`. For an action that answers other intents of the same form too.
 */
export async function readMediaForm(request: Request, limits: MediaLimits = mediaLimits()): Promise<MediaForm> {
  const unreadable = { ok: false as const, status: 400 as const, message: commonMessages.unreadable };
  if (!isMultipart(request)) return unreadable;
  let spool: UploadSpool | null = null;
  let files = 0;
  try {
    const fields = await readMultipart(request, {
      maxBodyBytes: uploadBodyLimit(limits),
      maxFieldBytes: FORM_ROOM_BYTES,
      onFile(file) {
        files++;
        if (file.field !== UPLOAD_FIELD || spool) return null;
        spool = new UploadSpool(file.filename, limits);
        return spool;
      },
    });
    return { ok: true, fields, spool, files };
  } catch (error) {
    const refusal = (spool as UploadSpool | null)?.refusal;
    await (spool as UploadSpool | null)?.cleanup();
    if (!(error instanceof MultipartError)) throw error;
    if (error.reason === "unreadable") return unreadable;
    // Over the whole body's limit: the file's own refusal says it best, when it has one.
    return {
      ok: false,
      status: 413,
      message: refusal?.message ?? m.bodyTooLarge(formatBytes(uploadBodyLimit(limits))),
    };
  }
}

/** Reads a File (from another parser, or a test) into a spool, as a posted file would be. */
async function spoolFile(file: File, limits: MediaLimits) {
  const spool = new UploadSpool(file.name, limits);
  try {
    for await (const chunk of file.stream()) await spool.write(chunk);
    await spool.end();
    return spool;
  } catch (error) {
    await spool.cleanup();
    throw error;
  }
}

/** An upload posted to an admin action, or a file already parsed: stored, or refused with its field errors. */
export async function receiveMediaUpload(
  db: DB,
  input: Request | File,
  actor: AdminActor,
  options: UploadOptions = {},
): Promise<UploadOutcome> {
  const limits = options.limits ?? mediaLimits();
  if (input instanceof Request) {
    const form = await readMediaForm(input, limits);
    if (!form.ok) return refused(form.status, form.message, {}, { [UPLOAD_FIELD]: form.message });
    try {
      return await storeUpload(db, form, actor, limits, options.now);
    } finally {
      await form.spool?.cleanup();
    }
  }
  const fields = options.fields ?? {};
  const spool = await spoolFile(input, limits);
  try {
    return await storeUpload(db, { fields, spool, files: 1 }, actor, limits, options.now);
  } finally {
    await spool.cleanup();
  }
}

/** The refusals a file and its details may have, all at once, or what to store. */
function checkUpload(form: { fields: Record<string, string>; spool: UploadSpool | null; files: number }) {
  const { fields, spool } = form;
  const details = parseForm(MediaDetailsSchema, fields);
  const errors: FieldErrors = details.ok ? {} : { ...details.errors };
  let status = 400;
  if (!spool || (spool.size === 0 && spool.givenName === "")) errors[UPLOAD_FIELD] = m.noFile;
  else if (form.files > 1) errors[UPLOAD_FIELD] = m.oneFile;
  else if (spool.refusal) {
    errors[UPLOAD_FIELD] = spool.refusal.message;
    status = spool.refusal.status;
  } else if (spool.type) {
    const { kind } = spool.type;
    if (fields.expect === "image" && kind !== "image") errors[UPLOAD_FIELD] = m.pictureExpected;
    if (fields.expect === "document" && kind !== "document") errors[UPLOAD_FIELD] = m.documentExpected;
    if (kind === "image" && details.ok && !details.data.is_decorative && !details.data.alt_text) {
      errors.alt_text = m.altRequired;
    }
  }
  if (!details.ok || Object.keys(errors).length || !spool?.type || !spool.complete) {
    // The file's own refusal is the message; otherwise the usual "correct the highlighted fields".
    const formError = errors[UPLOAD_FIELD] ?? commonMessages.invalid;
    return { ok: false as const, status, formError, errors };
  }
  return { ok: true as const, details: details.data, spool, type: spool.type };
}

/** Reads a file in the pieces it is stored in. */
async function* fileChunks(path: string): AsyncIterable<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(MEDIA_CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, MEDIA_CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

async function* once(bytes: Buffer): AsyncIterable<Uint8Array> {
  yield bytes;
}

/** What the bytes say about a file: everything stored besides what staff typed. */
type FromBytes = Pick<NewMediaFile, "hash" | "kind" | "mime" | "ext" | "size" | "width" | "height">;

/** A spooled upload with its fields: checked, processed and stored. */
export async function storeUpload(
  db: DB,
  form: { fields: Record<string, string>; spool: UploadSpool | null; files: number },
  actor: AdminActor,
  limits: MediaLimits = mediaLimits(),
  now = new Date(),
): Promise<UploadOutcome> {
  const checked = checkUpload(form);
  if (!checked.ok) return refused(checked.status, checked.formError, form.fields, checked.errors);
  const { details, spool, type } = checked;

  return processing.run(async () => {
    let stored: FromBytes;
    let bytes: () => AsyncIterable<Uint8Array>;
    if (type.kind === "image") {
      const image = await processImage(spool.path, type, limits);
      if (!("data" in image))
        return refused(image.status, image.message, form.fields, { [UPLOAD_FIELD]: image.message });
      const hash = createHash("sha256").update(image.data).digest("hex");
      stored = {
        hash,
        kind: "image",
        mime: image.mime,
        ext: image.ext,
        size: image.data.length,
        width: image.width,
        height: image.height,
      };
      bytes = () => once(image.data);
    } else {
      const path = spool.path;
      stored = {
        hash: spool.sha256,
        kind: "document",
        mime: type.mime,
        ext: type.ext,
        size: spool.size,
        width: null,
        height: null,
      };
      bytes = () => fileChunks(path);
    }
    const filename = safeDisplayName(spool.givenName, stored.ext);
    const file: NewMediaFile = {
      ...stored,
      filename,
      title: details.title ?? titleFromName(filename),
      alt_text: type.kind === "image" && !details.is_decorative ? details.alt_text : null,
      is_decorative: type.kind === "image" && details.is_decorative,
      source_url: details.source_url,
      source_read_on: details.source_read_on,
      created_by: actor.email,
    };
    try {
      const outcome = await createMediaFile(db, actor, file, bytes, now);
      return { ok: true as const, file: outcome.file, duplicate: !outcome.created };
    } catch (error) {
      logger.error({ err: error, hash: file.hash, size: file.size }, "media upload could not be stored");
      return refused(503, m.saveFailed, form.fields);
    }
  });
}
