import { useId, useRef, useState } from "react";
import { describedByIds, Field, inputClass, type FieldProps } from "~/components/forms/fields";
import { useHydrated } from "~/components/layout/use-hydrated";
import type { MediaChoices } from "~/lib/admin/media-fields.server";
import { commonMessages } from "~/lib/admin/messages/common";
import { mediaPickerMessages } from "~/lib/admin/messages/media-picker";
import { adminSection } from "~/lib/admin/sections";
import { fileFieldOf, libraryFileOf, pickFieldOf } from "~/lib/media/media-field";
import { safeHref } from "~/lib/safe-href";
import { previewableImage } from "./image-url-field";
import { MediaPickerDialog } from "./media-picker-dialog";
import { refusalMessage, uploadToLibrary } from "./media-upload";
import { secondaryButton, textLink } from "./styles";

// Every picture and document field of the managers (issue 45): the address (an http(s) URL where
// the spec has one, a path on this site, or a media-library file), a preview, and two ways to
// fill it. With JavaScript: "Choose from library" opens a dialog of the library's files of the
// field's kind, and "Upload new" uploads a file to the library with its progress and puts its
// address in the field. Without: a list of recent library files and a file input, both posted
// with the manager's form (made multipart), whose action turns them into the address
// (~/lib/admin/media-fields.server.ts). The field keeps the spec's label and messages.

const mm = commonMessages;
const p = mediaPickerMessages;

export type MediaKind = "image" | "document";

/** What the manager's loader gives its pickers (mediaChoices): recent files and the size limits. */
export type MediaPickerData = MediaChoices;

const ACCEPT: Record<MediaKind, string> = {
  image: "image/jpeg,image/png,image/webp,image/avif,image/gif,.jpg,.jpeg,.png,.webp,.avif,.gif",
  document: "application/pdf,.pdf",
};

/** The value of another field of the same form (the words an uploaded picture takes as alt text). */
function formValue(input: HTMLElement | null, name: string | undefined) {
  if (!input || !name) return "";
  const form = input.closest("form");
  const control = form?.elements.namedItem(name);
  return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement ? control.value.trim() : "";
}

type UploadState =
  | { state: "idle" }
  | { state: "sending"; percent: number }
  | { state: "storing" }
  | { state: "done"; message: string }
  | { state: "failed"; message: string };

export function MediaField({
  kind,
  media,
  aspect = "aspect-video",
  decorative = false,
  altFrom,
  titleFrom,
  ...field
}: FieldProps & {
  kind: MediaKind;
  /** From the loader; without it the field is an address only. */
  media?: MediaPickerData;
  /** Tailwind aspect class of a picture's preview box, e.g. "aspect-[3/1]". */
  aspect?: string;
  /** A picture uploaded here is decorative: the words beside it on the page say what it is. */
  decorative?: boolean;
  /** The field of the same form whose words become an uploaded picture's alt text. */
  altFrom?: { name: string; label: string };
  /** The field of the same form whose words become an uploaded file's title in the library. */
  titleFrom?: string;
}) {
  const hydrated = useHydrated();
  const made = useId();
  const id = field.id ?? `${made}-${field.name}`;
  const [value, setValue] = useState(field.defaultValue ?? "");
  const [picking, setPicking] = useState(false);
  const [upload, setUpload] = useState<UploadState>({ state: "idle" });
  const chooseRef = useRef<HTMLButtonElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const limit = media?.limits[kind] ?? "";
  const statusId = `${id}-upload-status`;
  const busy = upload.state === "sending" || upload.state === "storing";

  async function send(file: File) {
    const alt = formValue(fileRef.current, altFrom?.name);
    if (kind === "image" && altFrom && !decorative && !alt) {
      setUpload({ state: "failed", message: p.altFromMissing(altFrom.label) });
      return;
    }
    setUpload({ state: "sending", percent: 0 });
    const result = await uploadToLibrary(
      file,
      {
        expect: kind,
        title: formValue(fileRef.current, titleFrom).slice(0, 150),
        alt_text: alt.slice(0, 250),
        is_decorative: decorative ? "on" : "",
      },
      limit,
      {
        onProgress: (fraction) => setUpload({ state: "sending", percent: Math.round(fraction * 100) }),
        onSent: () => setUpload({ state: "storing" }),
      },
    );
    if (fileRef.current) fileRef.current.value = "";
    if (!result.ok) {
      setUpload({ state: "failed", message: refusalMessage(result) });
      return;
    }
    setValue(result.file.url);
    setUpload({ state: "done", message: result.duplicate ? result.message : p.uploaded(result.file.title) });
  }

  const choices = media?.choices[kind] ?? [];
  const libraryHref = `${adminSection("media").path}?kind=${kind}`;

  return (
    <div className="space-y-3">
      <Field id={id} field={field}>
        {/* Text, not type=url: a path on this site (/media/…, /images/…) is an address too, and
            without JavaScript the browser's own URL check would refuse it. Not `required`
            either: a file uploaded in place fills it on the server. */}
        <input
          id={id}
          name={field.name}
          type="text"
          inputMode="url"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedByIds(id, field)}
          className={inputClass}
        />
      </Field>

      {kind === "image" ? <ImagePreview value={value} aspect={aspect} /> : <DocumentLink value={value} />}

      {media ? (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          {hydrated ? (
            <>
              <div className="flex flex-wrap items-center gap-3">
                <button ref={chooseRef} type="button" onClick={() => setPicking(true)} className={secondaryButton}>
                  {p.chooseFromLibrary}
                </button>
                <div>
                  <label htmlFor={`${id}-upload`} className="font-medium text-slate-900">
                    {p.uploadNew}
                  </label>
                  <input
                    ref={fileRef}
                    id={`${id}-upload`}
                    type="file"
                    accept={ACCEPT[kind]}
                    disabled={busy}
                    aria-describedby={`${id}-upload-hint ${statusId}`}
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      if (file) void send(file);
                    }}
                    className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
                  />
                </div>
              </div>
              <p id={`${id}-upload-hint`} className="text-sm text-slate-600">
                {p.uploadHintLive(kind, limit)}
              </p>
              <UploadStatus id={statusId} upload={upload} />
              <MediaPickerDialog
                open={picking}
                kind={kind}
                onClose={() => setPicking(false)}
                returnFocusTo={chooseRef}
                onPick={(file) => {
                  setValue(file.url);
                  setUpload({ state: "idle" });
                  setPicking(false);
                }}
              />
            </>
          ) : (
            <>
              <div>
                <label htmlFor={`${id}-pick`} className="font-medium text-slate-900">
                  {p.pick(kind)}
                </label>
                <select id={`${id}-pick`} name={pickFieldOf(field.name)} defaultValue="" className={inputClass}>
                  <option value="">{p.keep}</option>
                  {choices.map((choice) => (
                    <option key={choice.hash} value={choice.url}>
                      {choice.title === choice.filename ? choice.title : `${choice.title} (${choice.filename})`}
                    </option>
                  ))}
                </select>
                <a
                  href={libraryHref}
                  target="_blank"
                  rel="noopener"
                  className={`${textLink} mt-1 inline-block text-sm`}
                >
                  {p.openLibrary}
                </a>
              </div>
              <div>
                <label htmlFor={`${id}-file`} className="font-medium text-slate-900">
                  {p.upload(kind)}
                </label>
                <input
                  id={`${id}-file`}
                  name={fileFieldOf(field.name)}
                  type="file"
                  accept={ACCEPT[kind]}
                  aria-describedby={`${id}-file-hint`}
                  className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
                />
                <p id={`${id}-file-hint`} className="mt-1 text-sm text-slate-600">
                  {p.uploadHint(kind, limit)}
                </p>
              </div>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Where an upload is: its progress, then its result. Announced politely; a refusal as an alert. */
function UploadStatus({ id, upload }: { id: string; upload: UploadState }) {
  if (upload.state === "failed") {
    return (
      <p id={id} role="alert" className="text-sm font-medium text-red-800">
        {upload.message}
      </p>
    );
  }
  return (
    <output id={id} className="block text-sm text-slate-700">
      {upload.state === "sending" ? (
        <>
          <progress max={100} value={upload.percent} aria-label={p.uploadNew} className="block h-2 w-full max-w-xs" />
          {/* Each percent is not read out: the bar says it, and the result is announced. */}
          <span aria-hidden="true">{p.progress(upload.percent)}</span>
        </>
      ) : upload.state === "storing" ? (
        p.processing
      ) : upload.state === "done" ? (
        <span className="font-medium text-emerald-800">{upload.message}</span>
      ) : null}
    </output>
  );
}

/** The picture an address shows, live as it is typed or chosen (spec §2: with live preview). */
function ImagePreview({ value, aspect }: { value: string; aspect: string }) {
  const src = previewableImage(value);
  return (
    <figure className="max-w-xl">
      <figcaption className="text-sm font-medium text-slate-700">{mm.imagePreview}</figcaption>
      <div
        className={`mt-1 flex ${aspect} w-full items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50`}
      >
        {src ? (
          <img src={src} alt={mm.imagePreview} className="h-full w-full object-cover" />
        ) : (
          <p className="px-4 text-center text-sm text-slate-600">{mm.noPreview}</p>
        )}
      </div>
    </figure>
  );
}

/** A document's address as a link to open it in a new tab. */
function DocumentLink({ value }: { value: string }) {
  const href = safeHref(value) ?? (libraryFileOf(value) ? value.trim() : null);
  return href ? (
    <p className="text-sm">
      <a href={href} target="_blank" rel="noopener" className={textLink}>
        {p.openDocument}
      </a>{" "}
      <span className="break-all text-slate-600">{href}</span>
    </p>
  ) : (
    <p className="text-sm text-slate-600">{p.noDocument}</p>
  );
}
