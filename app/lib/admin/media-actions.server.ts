import { data } from "react-router";
import { isMultipart } from "~/core/multipart.server";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import { getMediaFile, listMediaFiles, updateMediaDetails, type MediaFile } from "~/db/queries/media.server";
import type { MediaKind } from "~/db/schema";
import { formFailure, parseForm } from "~/lib/forms/read-form.server";
import type { FormFailure } from "~/lib/forms/submission";
import { deleteUnusedMediaFile, mediaUsageByHash, type MediaUse } from "~/lib/media/library.server";
import { listBack, parseIds, withRow } from "~/core/list-query";
import { mediaList } from "./admin-lists";
import { listMessages } from "./messages/lists";
import { answerBulk, type BulkWrite } from "./list-actions.server";
import { formatBytes, mediaLimits, uploadBodyLimit } from "~/lib/media/limits.server";
import { mediaUrl } from "~/lib/media/media-url";
import { readMediaForm, storeUpload, UPLOAD_FIELD, type UploadOutcome } from "~/lib/media/upload.server";
import { MediaDetailsSchema } from "~/lib/schemas/admin/media";
import { withoutControls } from "~/lib/schemas/fields";
import { attempt, done, parseId, postedForm, withPostedForm } from "./manager-actions.server";
import { commonMessages } from "./messages/common";
import { mediaMessages } from "./messages/media";
import { adminSection } from "./sections";

// The media library's action and reads (issue 45), for /admin/media and for the pickers of the
// picture and document fields, which post their uploads here. Intents:
//   upload  (multipart, field `file`): stores the file; a redirect to the library with the toast,
//           or with `answer=data` the stored file as data (for a fetcher: a picker);
//           `expect=image|document` refuses the other kind.
//   update  (id + details): changes the title, alt text and source.
//   delete  (id): deletes a file no page uses; one in use is refused with the places using it.
// Callers run requireAdmin first, before anything reads the body.

const m = mediaMessages;
const home = adminSection("media").path;

/** A stored file as a picker receives it. */
export function mediaSummary(file: MediaFile) {
  return {
    id: file.id,
    hash: file.hash,
    url: mediaUrl(file),
    kind: file.kind,
    mime: file.mime,
    size: file.size,
    width: file.width,
    height: file.height,
    filename: file.filename,
    title: file.title,
    alt_text: file.alt_text,
    is_decorative: file.is_decorative,
  };
}

/** A refused delete: the places still using the file, to link to. */
export interface MediaInUse extends FormFailure {
  usedBy: MediaUse[];
}

export type MediaUploaded = { ok: true; message: string; duplicate: boolean; file: ReturnType<typeof mediaSummary> };

function answerUpload(outcome: UploadOutcome, fields: Record<string, string>) {
  if (!outcome.ok) {
    return formFailure(outcome.status, {
      formError: outcome.formError,
      fieldErrors: outcome.fieldErrors,
      values: { ...outcome.values, intent: "upload" },
    });
  }
  const message = outcome.duplicate ? m.duplicate(outcome.file.title) : m.uploaded;
  if (fields.answer === "data") {
    return data<MediaUploaded>({ ok: true, message, duplicate: outcome.duplicate, file: mediaSummary(outcome.file) });
  }
  // A duplicate opens the file already there, so staff see which one it is.
  return done(outcome.duplicate ? `${home}?edit=${outcome.file.id}` : home, message);
}

async function answerUpdate(db: DB, values: Record<string, string>, admin: AdminActor, back: string) {
  const id = parseId(values.id);
  if (id === null) return formFailure(400, { formError: m.updateFailed, values });
  const parsed = parseForm(MediaDetailsSchema, values);
  const file = await getMediaFile(db, id);
  if (!file) return formFailure(404, { formError: m.updateFailed, values });
  const errors = parsed.ok ? {} : { ...parsed.errors };
  if (parsed.ok && file.kind === "image" && !parsed.data.is_decorative && !parsed.data.alt_text) {
    errors.alt_text = m.altRequired;
  }
  if (!parsed.ok || Object.keys(errors).length) {
    return formFailure(400, { formError: commonMessages.invalid, fieldErrors: errors, values });
  }
  const input = parsed.data;
  const image = file.kind === "image";
  const details = {
    title: input.title ?? file.title,
    alt_text: image && !input.is_decorative ? input.alt_text : null,
    is_decorative: image && input.is_decorative,
    source_url: input.source_url,
    source_read_on: input.source_read_on,
  };
  const result = await attempt("update media file", () => updateMediaDetails(db, admin, id, details));
  if (!result.ok) return formFailure(503, { formError: m.updateFailed, values });
  if (!result.value) return formFailure(404, { formError: m.updateFailed, values });
  return done(withRow(back, id), m.updated);
}

async function answerDelete(db: DB, values: Record<string, string>, admin: AdminActor, back: string) {
  const which = postedForm(values);
  const id = parseId(values.id);
  if (id === null) return formFailure(400, { formError: m.deleteFailed, values: which });
  const result = await attempt("delete media file", () => deleteUnusedMediaFile(db, admin, id));
  if (!result.ok) return formFailure(503, { formError: m.deleteFailed, values: which });
  const outcome = result.value;
  if (!outcome) return formFailure(404, { formError: m.deleteFailed, values: which });
  if (!outcome.deleted) {
    const formError = m.inUse(outcome.usedBy.map((use) => use.label));
    return data<MediaInUse>(
      { ok: false, formError, fieldErrors: {}, values: { ...which, id: String(id) }, usedBy: outcome.usedBy },
      { status: 409 },
    );
  }
  return done(back, m.deleted);
}

/** One file of a bulk delete (issue 48): a file a page uses is kept ("refused"). */
const deleteFileRow: BulkWrite = async (db, actor, id) => {
  const outcome = await deleteUnusedMediaFile(db, actor, id);
  return outcome === null ? false : outcome.deleted ? true : "refused";
};

function answerIntent(db: DB, values: Record<string, string>, admin: AdminActor, request: Request) {
  if (values.intent === "bulk") {
    return answerBulk(db, request, values, { admin, list: mediaList, home, writes: { delete: deleteFileRow } });
  }
  // Back to the library as it was viewed (issue 48).
  const back = listBack(home, request.url);
  if (values.intent === "update") return answerUpdate(db, values, admin, back);
  if (values.intent === "delete") return answerDelete(db, values, admin, back);
  // An upload posted without a file input (not multipart): nothing to store.
  if (values.intent === "upload") {
    return formFailure(400, { formError: m.noFile, fieldErrors: { [UPLOAD_FIELD]: m.noFile }, values });
  }
  return formFailure(400, { formError: m.saveFailed, values: postedForm(values) });
}

/** The media library's action, after requireAdmin. */
export async function answerMediaForm(db: DB, request: Request, admin: AdminActor) {
  if (!isMultipart(request)) return withPostedForm(request, (values) => answerIntent(db, values, admin, request));
  const form = await readMediaForm(request);
  if (!form.ok) {
    return formFailure(form.status, {
      formError: form.message,
      fieldErrors: { [UPLOAD_FIELD]: form.message },
      values: { intent: "upload" },
    });
  }
  try {
    const intent = form.fields.intent ?? "upload";
    if (intent !== "upload") return await answerIntent(db, form.fields, admin, request);
    return answerUpload(await storeUpload(db, form, admin), form.fields);
  } finally {
    await form.spool?.cleanup();
  }
}

const KINDS: readonly MediaKind[] = ["image", "document"];

/** What the library page's address asks for: ?kind=image|document, ?q=words, ?page=2. */
export function mediaListQuery(url: URL) {
  const kind = url.searchParams.get("kind");
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    kind: KINDS.includes(kind as MediaKind) ? (kind as MediaKind) : undefined,
    // A NUL would make PostgreSQL refuse the query (issue 42): searches drop control characters.
    search: withoutControls(url.searchParams.get("q") ?? "")
      .trim()
      .slice(0, 100),
    page: Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1,
  };
}

/** Files per page of the library's grid (and of a picker's dialog, which reads the same loader). */
export const LIBRARY_PAGE_SIZE = 24;

/** The library page's reads: one page of files, where each is used, and the limits to say. */
export async function loadMediaLibrary(db: DB, url: URL) {
  const query = mediaListQuery(url);
  const [list, usage] = await Promise.all([
    listMediaFiles(db, { ...query, pageSize: LIBRARY_PAGE_SIZE }),
    mediaUsageByHash(db),
  ]);
  const limits = mediaLimits();
  const files = list.rows.map((file) => ({ ...file, url: mediaUrl(file), usedBy: usage.get(file.hash) ?? [] }));
  // The bulk confirmation without JavaScript (issue 48): ?bulk=delete&ids=3&ids=9, or &all=1.
  let bulk: { action: "delete"; rows: { id: number; name: string }[] } | null = null;
  let bulkError: string | null = null;
  if (url.searchParams.has("bulk")) {
    const ids = url.searchParams.get("all") === "1" ? files.map((f) => f.id) : parseIds(url.searchParams.getAll("ids"));
    if (url.searchParams.get("bulk") !== "delete") bulkError = listMessages.unknownAction;
    else if (!ids || ids.length === 0) bulkError = listMessages.noneSelected;
    else {
      const found = (await Promise.all(ids.map((id) => getMediaFile(db, id)))).filter((f) => f !== undefined);
      if (found.length === 0) bulkError = listMessages.gone;
      else bulk = { action: "delete", rows: found.map((f) => ({ id: f.id, name: `${f.title} (${f.filename})` })) };
    }
  }
  return {
    files,
    bulk,
    bulkError,
    total: list.total,
    page: list.page,
    pageSize: list.pageSize,
    query,
    limits: {
      image: formatBytes(limits.imageBytes),
      pdf: formatBytes(limits.pdfBytes),
      body: formatBytes(uploadBodyLimit(limits)),
    },
  };
}
