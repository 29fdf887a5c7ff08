import { useId, useRef, useState, type DragEvent, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { defineIcon } from "~/components/ui/icon";
import { mediaMessages } from "~/lib/admin/messages/media";
import { formatBytes } from "~/lib/media/format-size";
import { refusalMessage, uploadToLibrary, type UploadedFile } from "./media-upload";
import { smallSecondary, textLink } from "./styles";

// The library's upload once the page is live (issue 45): a drop zone that is also a button (it
// opens the file chooser, so the keyboard and a phone reach it), and a queue. Files go one after
// another, each with its progress, then its own result: stored, already in the library, or the
// server's refusal. A picture refused for want of alt text gets a field for it and Try again.
// The details above the zone (title, alt text, source) go with every file. The list of files is
// reloaded when the queue has finished.

const m = mediaMessages;

type Overrides = { alt_text?: string; is_decorative?: boolean };

interface QueuedFile {
  key: number;
  file: File;
  state: "waiting" | "sending" | "storing" | "done" | "failed";
  percent: number;
  message?: string;
  /** The refusal was for the alt text: the row asks for it. */
  needsAlt?: boolean;
  uploaded?: UploadedFile;
  /** What the row's own fields said, for Try again. */
  overrides?: Overrides;
}

/** The details fields' values, from the form around them. */
export function detailsOf(form: HTMLFormElement | null): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!form) return fields;
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

export function MediaUploadQueue({
  bodyLimit,
  accept,
  children,
}: {
  /** The largest upload, said when the server refuses a body as too large. */
  bodyLimit: string;
  accept: string;
  /** The details fields given to every file. */
  children: ReactNode;
}) {
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const queueId = useId();
  const hintId = useId();
  const [items, setItems] = useState<QueuedFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(1);
  // The queue as the loop reads it: state updates reach the screen, this reaches the loop.
  const pending = useRef<QueuedFile[]>([]);
  const running = useRef(false);

  const update = (key: number, change: Partial<QueuedFile>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function run() {
    if (running.current) return;
    running.current = true;
    let stored = false;
    for (let item = pending.current.shift(); item; item = pending.current.shift()) {
      const { key } = item;
      const fields = detailsOf(formRef.current);
      if (item.overrides?.alt_text !== undefined) fields.alt_text = item.overrides.alt_text;
      if (item.overrides?.is_decorative) fields.is_decorative = "on";
      update(key, { state: "sending", percent: 0, message: undefined, needsAlt: false });
      const result = await uploadToLibrary(item.file, fields, bodyLimit, {
        onProgress: (fraction) => update(key, { percent: Math.round(fraction * 100) }),
        onSent: () => update(key, { state: "storing", percent: 100 }),
      });
      if (result.ok) {
        stored = true;
        update(key, {
          state: "done",
          uploaded: result.file,
          message: result.duplicate ? result.message : m.uploadedAs(result.file.title),
        });
      } else {
        const needsAlt = !result.fieldErrors.file && Boolean(result.fieldErrors.alt_text);
        update(key, { state: "failed", message: refusalMessage(result), needsAlt });
      }
    }
    running.current = false;
    if (stored) void revalidator.revalidate();
  }

  function enqueue(files: Iterable<File>, overrides?: Overrides, replacing?: number) {
    const added: QueuedFile[] = [...files].map((file) => ({
      key: replacing ?? nextKey.current++,
      file,
      state: "waiting",
      percent: 0,
      overrides,
    }));
    if (added.length === 0) return;
    setItems((all) =>
      replacing === undefined ? [...all, ...added] : all.map((item) => (item.key === replacing ? added[0]! : item)),
    );
    pending.current.push(...added);
    void run();
  }

  const onDrag = (event: DragEvent, over: boolean) => {
    event.preventDefault();
    setDragging(over);
  };

  return (
    <form ref={formRef} onSubmit={(event) => event.preventDefault()} className="mt-4 space-y-4" noValidate>
      {children}
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={accept}
        hidden
        data-drop-input=""
        onChange={(event) => {
          const files = event.currentTarget.files;
          if (files) enqueue(files);
          event.currentTarget.value = "";
        }}
      />
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        onDragEnter={(event) => onDrag(event, true)}
        onDragOver={(event) => onDrag(event, true)}
        onDragLeave={(event) => onDrag(event, false)}
        onDrop={(event) => {
          onDrag(event, false);
          enqueue(event.dataTransfer.files);
        }}
        aria-describedby={hintId}
        className={`flex min-h-32 w-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center ${
          dragging ? "border-brand-700 bg-brand-50" : "border-slate-400 bg-slate-50 hover:bg-slate-100"
        }`}
      >
        <UploadIcon />
        <span className="font-semibold text-slate-900">{dragging ? m.dropping : m.dropZone}</span>
        <span id={hintId} className="text-sm text-slate-600">
          {m.dropZoneHint}
        </span>
      </button>

      {items.length > 0 ? (
        <section aria-labelledby={queueId}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={queueId} className="font-semibold text-slate-900">
              {m.queue}
            </h3>
            {items.some((item) => item.state === "done" || item.state === "failed") ? (
              <button
                type="button"
                className={smallSecondary}
                onClick={() =>
                  setItems((all) => all.filter((item) => item.state !== "done" && item.state !== "failed"))
                }
              >
                {m.clearQueue}
              </button>
            ) : null}
          </div>
          <ul aria-live="polite" className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {items.map((item) => (
              <QueueRow key={item.key} item={item} onRetry={(overrides) => enqueue([item.file], overrides, item.key)} />
            ))}
          </ul>
        </section>
      ) : null}
    </form>
  );
}

function QueueRow({ item, onRetry }: { item: QueuedFile; onRetry: (overrides: Overrides) => void }) {
  const altId = useId();
  const decorativeId = useId();
  const [alt, setAlt] = useState("");
  const [decorative, setDecorative] = useState(false);
  return (
    <li className="space-y-2 p-3 text-sm" data-upload-state={item.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium break-all text-slate-900">{item.file.name}</span>
        <span className="text-slate-600">{formatBytes(item.file.size)}</span>
      </div>
      {item.state === "waiting" ? <p className="text-slate-600">{m.waiting}</p> : null}
      {item.state === "sending" || item.state === "storing" ? (
        <div>
          <progress
            max={100}
            value={item.percent}
            aria-label={`${item.file.name}: ${m.progress(item.percent)}`}
            className="block h-2 w-full"
          />
          {/* Each percent is not read out: the progress bar says it, and the result is announced. */}
          <p className="mt-1 text-slate-700" aria-hidden={item.state === "sending" ? true : undefined}>
            {item.state === "storing" ? m.processing : m.progress(item.percent)}
          </p>
        </div>
      ) : null}
      {item.state === "done" && item.uploaded ? (
        <p className="font-medium text-emerald-800">
          {item.message} {/* The address is one long word (its content's digest): it breaks anywhere on a phone. */}
          <a href={item.uploaded.url} className={`${textLink} break-all`}>
            {item.uploaded.url}
          </a>
        </p>
      ) : null}
      {item.state === "failed" ? <p className="font-medium text-red-800">{item.message}</p> : null}
      {item.state === "failed" && item.needsAlt ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={altId} className="font-medium text-slate-900">
              {m.altForFile(item.file.name)}
            </label>
            <input
              id={altId}
              value={alt}
              maxLength={250}
              onChange={(event) => setAlt(event.currentTarget.value)}
              className="mt-1 block min-h-11 w-full rounded-lg border border-slate-500 px-3 py-2"
            />
          </div>
          <div className="flex min-h-11 items-center gap-2">
            <input
              id={decorativeId}
              type="checkbox"
              checked={decorative}
              onChange={(event) => setDecorative(event.currentTarget.checked)}
              className="size-5"
            />
            <label htmlFor={decorativeId}>{m.decorativeForFile}</label>
          </div>
          <button
            type="button"
            className={smallSecondary}
            onClick={() => onRetry({ alt_text: alt.trim(), is_decorative: decorative })}
          >
            {m.retry}
          </button>
        </div>
      ) : null}
    </li>
  );
}

const UploadIcon = defineIcon(<path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />, {
  width: "32",
  height: "32",
  className: "text-brand-700",
});
