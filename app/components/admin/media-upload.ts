import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import type { MediaUploaded } from "~/lib/admin/media-actions.server";
import { mediaMessages } from "~/lib/admin/messages/media";
import { mediaPickerMessages } from "~/lib/admin/messages/media-picker";
import type { FieldErrors, FormFailure } from "~/lib/forms/submission";
import { MEDIA_UPLOAD_PATH } from "~/lib/media/media-url";

// An upload to the media library from a page with JavaScript (issue 45): the library's drop zone
// and the pickers' "Upload new". A fetcher cannot report upload progress, so the file goes by
// XMLHttpRequest to the address a fetcher would post to (the action's `.data`), with
// `answer=data`; the answer is React Router's single-fetch stream, read with the router's own
// decoder, so the page gets exactly what a fetcher would: the stored file, or the refusal with
// the server's messages.

export type UploadedFile = MediaUploaded["file"];

export type UploadResult =
  | { ok: true; message: string; duplicate: boolean; file: UploadedFile }
  | { ok: false; message: string; fieldErrors: FieldErrors };

export interface UploadCallbacks {
  /** From 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  /** Every byte is sent: the server now checks and stores the file. */
  onSent?: () => void;
}

const m = mediaMessages;
const p = mediaPickerMessages;

function failed(message: string, fieldErrors: FieldErrors = {}): UploadResult {
  return { ok: false, message, fieldErrors };
}

/** What the action answered, decoded from its single-fetch stream. */
async function decodeAnswer(body: ArrayBuffer): Promise<MediaUploaded | FormFailure | undefined> {
  const stream = new Response(body).body;
  if (!stream) return undefined;
  const decoded = await decodeViaTurboStream(stream, window);
  await decoded.done;
  const value = decoded.value as { data?: MediaUploaded | FormFailure } | undefined;
  return value?.data;
}

/**
 * Posts `file` with `fields` (title, alt_text, expect…) to the library's action; resolves with
 * the stored file or the refusal, never rejects. `bodyLimit` is said when the server refuses the
 * body as too large before the action sees it.
 */
export function uploadToLibrary(
  file: File,
  fields: Record<string, string>,
  bodyLimit: string,
  { onProgress, onSent }: UploadCallbacks = {},
): Promise<UploadResult> {
  const form = new FormData();
  form.append("intent", "upload");
  form.append("answer", "data");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);

  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${MEDIA_UPLOAD_PATH}.data`);
    request.responseType = "arraybuffer";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.upload.addEventListener("load", () => onSent?.());
    request.addEventListener("error", () => resolve(failed(p.networkFailed)));
    request.addEventListener("abort", () => resolve(failed(p.networkFailed)));
    request.addEventListener("load", async () => {
      // 202: the router's answer to a redirect, which the guard gives when the session has ended.
      if (request.status === 202) return resolve(failed(p.signedOut));
      // The server refused the body before the action read it (over every limit).
      if (request.status === 413 && !request.getResponseHeader("X-Remix-Response")) {
        return resolve(failed(m.bodyTooLarge(bodyLimit)));
      }
      try {
        const answer = await decodeAnswer(request.response as ArrayBuffer);
        if (answer?.ok === true) {
          return resolve({ ok: true, message: answer.message, duplicate: answer.duplicate, file: answer.file });
        }
        if (answer?.ok === false) {
          return resolve(failed(answer.formError ?? m.saveFailed, answer.fieldErrors));
        }
      } catch {
        // Not the router's answer (a proxy's error page): said as a failed upload below.
      }
      resolve(failed(m.saveFailed));
    });
    request.send(form);
  });
}

/**
 * The message of a refused upload for one file: the file's own refusal, else what is wrong with
 * the details (the alt text first; each message names its field), else the form's message. The
 * details above the drop zone go with every file, so the row says which of them to fix.
 */
export function refusalMessage(result: Extract<UploadResult, { ok: false }>): string {
  const { file, alt_text: altText, ...others } = result.fieldErrors;
  const details = [altText, ...Object.values(others)].filter((error): error is string => Boolean(error));
  return file ?? (details.length > 0 ? details.join(" ") : result.message);
}
