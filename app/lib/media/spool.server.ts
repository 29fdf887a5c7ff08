import { createHash } from "node:crypto";
import { mkdtemp, open, readdir, rm, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FileSink } from "~/core/multipart.server";
import { mediaMessages } from "~/lib/admin/messages/media";
import { detectType, PDF_TAIL_BYTES, pdfEndsWell, SNIFF_BYTES, type DetectedType } from "./detect.server";
import { formatBytes, type MediaLimits } from "./limits.server";

// An upload on its way in (issue 45): its bytes go to a temporary file as they arrive, hashed
// and counted, so memory holds one network read at a time. The first bytes decide the type, and
// with it the size limit; past the limit, or for a type not taken, the file is refused at once,
// what was written is deleted, and the rest of the body is read and dropped. The temporary file
// lives in the system's temporary directory (systemd's PrivateTmp on a server) and is removed
// when the upload has been stored or refused, whatever happened.

const m = mediaMessages;

/** The temporary directories' names: this prefix, then the process id. */
export const SPOOL_PREFIX = "gate-media-";

/** Why a file was refused, as the form says it. */
export interface FileRefusal {
  status: 400 | 413;
  message: string;
}

/** Whether a process with this id is running (on this machine, where the directory is). */
function running(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes what uploads left in the temporary directory when their process was killed (a crash,
 * SIGKILL, the machine's OOM killer): directories of processes no longer running. At start.
 */
export async function sweepAbandonedSpools(): Promise<number> {
  const pattern = new RegExp(`^${SPOOL_PREFIX}(\\d+)-`);
  let removed = 0;
  for (const name of await readdir(tmpdir()).catch(() => [] as string[])) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    await rm(join(tmpdir(), name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

export class UploadSpool implements FileSink {
  /** The type read from the first bytes; null until then, or when refused. */
  type: DetectedType | null = null;
  /** Bytes received, refused or not. */
  size = 0;
  refusal: FileRefusal | null = null;
  /** The body ended where the part did. */
  complete = false;

  #head: Buffer[] = [];
  #hash = createHash("sha256");
  #tail = Buffer.alloc(0);
  #dir: string | null = null;
  #file: FileHandle | null = null;

  constructor(
    /** The name the browser gave the file (unsafe: see safeDisplayName). */
    readonly givenName: string,
    private readonly limits: MediaLimits,
  ) {}

  /** The temporary file, once the upload is complete and accepted. */
  get path(): string {
    if (!this.#dir || !this.complete || this.refusal) throw new Error("no accepted upload to read");
    return join(this.#dir, "upload");
  }

  /** SHA-256 of the bytes as uploaded, hex. */
  #digest: string | null = null;
  get sha256(): string {
    this.#digest ??= this.#hash.digest("hex");
    return this.#digest;
  }

  get #limit() {
    return this.type?.kind === "document" ? this.limits.pdfBytes : this.limits.imageBytes;
  }

  async write(chunk: Uint8Array) {
    if (this.refusal || this.complete) return;
    this.size += chunk.length;
    if (!this.type) {
      this.#head.push(Buffer.from(chunk));
      if (this.size < SNIFF_BYTES) return;
      const head = Buffer.concat(this.#head);
      this.#head = [];
      if (await this.#decide(head)) await this.#keep(head);
      return;
    }
    await this.#keep(chunk);
  }

  async end() {
    if (this.refusal || this.complete) return;
    if (!this.type) {
      const head = Buffer.concat(this.#head);
      this.#head = [];
      if (head.length === 0) return this.#refuse({ status: 400, message: m.empty });
      if (!(await this.#decide(head))) return;
      await this.#keep(head);
      if (this.refusal) return;
    }
    if (this.type?.kind === "document" && !pdfEndsWell(this.#tail)) {
      return this.#refuse({ status: 400, message: m.unreadablePdf });
    }
    await this.#file?.close();
    this.#file = null;
    this.complete = true;
  }

  async abort() {
    await this.cleanup();
  }

  /** Removes the temporary file: after the upload was stored, refused or cut off. */
  async cleanup() {
    const file = this.#file;
    const dir = this.#dir;
    this.#file = null;
    this.#dir = null;
    await file?.close().catch(() => undefined);
    if (dir) await rm(dir, { recursive: true, force: true });
  }

  /** Reads the type from the first bytes; false (and the refusal) when it is not one we take. */
  async #decide(head: Buffer): Promise<boolean> {
    this.type = await detectType(head.subarray(0, SNIFF_BYTES));
    if (this.type) return true;
    await this.#refuse({ status: 400, message: m.notAccepted });
    return false;
  }

  async #keep(bytes: Uint8Array) {
    if (this.size > this.#limit) {
      const kind = this.type?.kind === "document" ? "PDF" : "picture";
      return this.#refuse({ status: 413, message: m.tooLarge(kind, formatBytes(this.#limit)) });
    }
    this.#hash.update(bytes);
    if (this.type?.kind === "document") {
      // The last kilobyte, copied: `bytes` is a view of a network read that must not be kept.
      const last = Buffer.from(bytes.subarray(Math.max(0, bytes.length - PDF_TAIL_BYTES)));
      const tail = last.length < PDF_TAIL_BYTES ? Buffer.concat([this.#tail, last]) : last;
      this.#tail = tail.subarray(Math.max(0, tail.length - PDF_TAIL_BYTES));
    }
    if (!this.#file) {
      this.#dir = await mkdtemp(join(tmpdir(), `${SPOOL_PREFIX}${process.pid}-`));
      this.#file = await open(join(this.#dir, "upload"), "wx", 0o600);
    }
    await this.#file.write(bytes);
  }

  async #refuse(refusal: FileRefusal) {
    this.refusal = refusal;
    this.type = null;
    await this.cleanup();
  }
}
