import type { z } from "zod";
import { isMultipart, MultipartError, readMultipart } from "~/core/multipart.server";
import type { AdminActor } from "~/db/audited-write.server";
import type { DB } from "~/db/client.server";
import { getMediaFileByHash, listMediaFiles } from "~/db/queries/media.server";
import type { MediaKind } from "~/db/schema";
import { formFailure, MAX_FORM_BYTES, parseForm, readForm } from "~/lib/forms/read-form.server";
import type { FieldErrors } from "~/lib/forms/submission";
import { formatBytes, mediaLimits, uploadBodyLimit, type MediaLimits } from "~/lib/media/limits.server";
import { fileFieldOf, isLibraryPath, libraryFileOf, pickFieldOf } from "~/lib/media/media-field";
import { mediaUrl } from "~/lib/media/media-url";
import { UploadSpool } from "~/lib/media/spool.server";
import { storeUpload, type UploadOutcome } from "~/lib/media/upload.server";
import { unreadable } from "./manager-actions.server";
import { commonMessages } from "./messages/common";
import { mediaMessages } from "./messages/media";
import { mediaPickerMessages } from "./messages/media-picker";
import { adminSection, type AdminSectionId } from "./sections";

// The picture and document fields of the managers' forms (issue 45), on the server. A field holds
// an address: an http(s) URL, a path on this site, or a media-library file (/media/<hash>/<name>).
// Before the manager's own checks, withMediaFields
//   1. reads the form, multipart with files or not (the manager forms post multipart, so that a
//      file can be uploaded in place without JavaScript);
//   2. takes a library file chosen in the field's no-JavaScript list (`<field>__pick`) as the
//      address, then a file uploaded in place (`<field>__file`), stored in the library as the
//      library's own upload stores it, the field's kind expected;
//   3. checks that a /media/ address names a library file of the field's kind (written back in
//      its canonical form);
// and hands the fields on, or answers the refusals with the schema's other field errors.

const p = mediaPickerMessages;

/** Managers whose forms take an upload in place: the server takes a large body at these too. */
const FORM_SECTIONS: readonly AdminSectionId[] = [
  "hero-banners",
  "welcome-popup",
  "catalogue",
  "ebooks",
  "free-materials",
  "gate-previous-papers",
];

/** Their addresses, and the `.data` ones their fetchers post to (server/request-listener.ts). */
export const MEDIA_FORM_PATHS: readonly string[] = FORM_SECTIONS.flatMap((id) => {
  const path = adminSection(id).path;
  return [path, `${path}.data`];
});

/** One picture or document field of a form. */
export interface MediaFieldSpec {
  /** The form field and the column it is saved in. */
  name: string;
  kind: MediaKind;
  /** The field's label, for its messages ("PDF link"). */
  label: string;
  /** A picture uploaded here says nothing the words beside it do not: stored as decorative. */
  decorative?: boolean;
  /** The field whose words become an uploaded picture's alt text, and its label. */
  altFrom?: { name: string; label: string };
  /** The title an uploaded file gets in the library, from the form (its name otherwise). */
  title?: (values: Record<string, string>) => string | undefined;
}

type FormWithFiles =
  | { ok: true; values: Record<string, string>; spools: Map<string, UploadSpool> }
  | { ok: false; status: 400 | 413; message: string };

/** A multipart form with one file at most in each of `fileFields`, each spooled as it arrives. */
async function readFormWithFiles(
  request: Request,
  fileFields: readonly string[],
  limits: MediaLimits,
): Promise<FormWithFiles> {
  const spools = new Map<string, UploadSpool>();
  try {
    const values = await readMultipart(request, {
      maxBodyBytes: uploadBodyLimit(limits),
      maxFieldBytes: MAX_FORM_BYTES,
      onFile(file) {
        if (!fileFields.includes(file.field) || spools.has(file.field)) return null;
        const spool = new UploadSpool(file.filename, limits);
        spools.set(file.field, spool);
        return spool;
      },
    });
    return { ok: true, values, spools };
  } catch (error) {
    const refusal = [...spools.values()].find((spool) => spool.refusal)?.refusal;
    await Promise.all([...spools.values()].map((spool) => spool.cleanup()));
    if (!(error instanceof MultipartError)) throw error;
    if (refusal) return { ok: false, status: 413, message: refusal.message };
    // Over the body's limit; otherwise the text fields were (a form's words, never a file's).
    const length = Number(request.headers.get("Content-Length") ?? 0);
    if (error.reason === "too-large" && length > uploadBodyLimit(limits)) {
      return {
        ok: false,
        status: 413,
        message: mediaMessages.bodyTooLarge(formatBytes(uploadBodyLimit(limits))),
      };
    }
    return { ok: false, status: 400, message: commonMessages.unreadable };
  }
}

/** A file input left empty posts a part with no name and no bytes. */
const chosen = (spool: UploadSpool | undefined): spool is UploadSpool =>
  spool !== undefined && !(spool.size === 0 && spool.givenName === "");

/** What the library's upload is told about a file uploaded into this field. */
function uploadFields(spec: MediaFieldSpec, values: Record<string, string>) {
  return {
    expect: spec.kind,
    title: (spec.title?.(values) ?? "").trim().slice(0, 150),
    alt_text: spec.altFrom ? (values[spec.altFrom.name] ?? "").trim().slice(0, 250) : "",
    is_decorative: spec.decorative ? "on" : "",
  };
}

/** A refused upload, said beside the field. */
function refusalOf(spec: MediaFieldSpec, outcome: Extract<UploadOutcome, { ok: false }>) {
  const errors = outcome.fieldErrors;
  if (errors.file) return errors.file;
  if (errors.alt_text && spec.altFrom) return p.altFromMissing(spec.altFrom.label);
  return Object.values(errors)[0] ?? outcome.formError;
}

/**
 * Why `value` cannot be this field's address when it claims to be a library file, or the file's
 * canonical address. Anything not under /media/ is the schema's to judge.
 */
export async function checkLibraryAddress(
  db: DB,
  spec: Pick<MediaFieldSpec, "kind" | "label">,
  value: string,
): Promise<{ error: string } | { url: string } | null> {
  if (!isLibraryPath(value)) return null;
  const named = libraryFileOf(value);
  if (!named) return { error: p.notLibraryAddress(spec.label) };
  const file = await getMediaFileByHash(db, named.hash);
  if (!file) return { error: p.notInLibrary(spec.label) };
  if (file.kind !== spec.kind)
    return { error: spec.kind === "image" ? p.pictureNeeded(spec.label) : p.documentNeeded(spec.label) };
  return { url: mediaUrl(file) };
}

/**
 * Applies each field's choice and upload to `values`, and checks its library address: the
 * errors by field, and the status of the worst refusal.
 */
async function applyMediaFields(
  db: DB,
  values: Record<string, string>,
  specs: readonly MediaFieldSpec[],
  spools: Map<string, UploadSpool>,
  admin: AdminActor,
  limits: MediaLimits,
) {
  const errors: FieldErrors = {};
  let status = 400;
  let uploadRefusal: string | undefined;
  for (const spec of specs) {
    const pick = values[pickFieldOf(spec.name)]?.trim();
    delete values[pickFieldOf(spec.name)];
    const spool = spools.get(fileFieldOf(spec.name));
    // A delete or a move posts none of the field: nothing to do.
    if (values[spec.name] === undefined && !pick && !chosen(spool)) continue;
    if (pick) values[spec.name] = pick;
    if (chosen(spool)) {
      const outcome = await storeUpload(db, { fields: uploadFields(spec, values), spool, files: 1 }, admin, limits);
      if (!outcome.ok) {
        errors[spec.name] = refusalOf(spec, outcome);
        uploadRefusal ??= errors[spec.name];
        status = Math.max(status, outcome.status);
        continue;
      }
      values[spec.name] = mediaUrl(outcome.file);
    }
    const checked = await checkLibraryAddress(db, spec, values[spec.name] ?? "");
    if (checked && "error" in checked) errors[spec.name] = checked.error;
    else if (checked) values[spec.name] = checked.url;
  }
  return { errors, status, uploadRefusal };
}

/**
 * Reads a manager's form with its picture and document fields (`specs`) resolved to addresses,
 * then `answer`s it. A refused upload or library address is answered here, beside the schema's
 * other errors (`schemaOf`, the schema the manager checks the form with). Every temporary file
 * is removed, whatever happens. The caller has run requireAdmin.
 */
export async function withMediaFields<T>(
  db: DB,
  request: Request,
  admin: AdminActor,
  specs: readonly MediaFieldSpec[],
  answer: (values: Record<string, string>) => Promise<T> | T,
  schemaOf?: (values: Record<string, string>) => z.ZodType | undefined,
) {
  const limits = mediaLimits();
  let values: Record<string, string>;
  let spools = new Map<string, UploadSpool>();
  if (isMultipart(request)) {
    const form = await readFormWithFiles(
      request,
      specs.map((spec) => fileFieldOf(spec.name)),
      limits,
    );
    if (!form.ok) return formFailure(form.status, { formError: form.message });
    ({ values, spools } = form);
  } else {
    const form = await readForm(request);
    if (!form.ok) return unreadable();
    values = form.values;
  }
  try {
    const { errors, status, uploadRefusal } = await applyMediaFields(db, values, specs, spools, admin, limits);
    if (Object.keys(errors).length === 0) return await answer(values);
    const schema = schemaOf?.(values);
    const parsed = schema ? parseForm(schema, values) : null;
    return formFailure(status, {
      formError: uploadRefusal ?? commonMessages.invalid,
      fieldErrors: { ...(parsed && !parsed.ok ? parsed.errors : {}), ...errors },
      values,
    });
  } finally {
    await Promise.all([...spools.values()].map((spool) => spool.cleanup()));
  }
}

/** A library file as the pickers list it. */
export interface MediaChoice {
  url: string;
  hash: string;
  title: string;
  filename: string;
  width: number | null;
  height: number | null;
}

/** How many recent files the no-JavaScript list of a field offers. */
export const RECENT_CHOICES = 50;

/** What a manager's loader gives its pickers: recent library files by kind, and the size limits. */
export interface MediaChoices {
  choices: Partial<Record<MediaKind, MediaChoice[]>>;
  limits: Record<MediaKind, string>;
}

/** The most recent library files of each kind, for the pickers' no-JavaScript lists. */
export async function mediaChoices(db: DB, kinds: readonly MediaKind[]): Promise<MediaChoices> {
  const choices: Partial<Record<MediaKind, MediaChoice[]>> = {};
  for (const kind of kinds) {
    const { rows } = await listMediaFiles(db, { kind, pageSize: RECENT_CHOICES });
    choices[kind] = rows.map((file) => ({
      url: mediaUrl(file),
      hash: file.hash,
      title: file.title,
      filename: file.filename,
      width: file.width,
      height: file.height,
    }));
  }
  const limits = mediaLimits();
  return { choices, limits: { image: formatBytes(limits.imageBytes), document: formatBytes(limits.pdfBytes) } };
}
