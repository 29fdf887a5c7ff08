import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";

// Admin accounts for the end-to-end tests: made with the real `admin:create` script against the
// server's database file (playwright.config.ts: .cache/e2e-<port>/site.db), then, for the roles
// that are not admins, changed in the database directly. The server runs in production mode, so
// there is no demo admin. Signing in goes through the login form only in the login tests; the
// others post the form's request directly (STYLE §9: log in through a fixture).

const port = Number(process.env.E2E_PORT ?? 4300);
export const baseURL = `http://127.0.0.1:${port}`;
const databaseFile = resolve(`.cache/e2e-${port}/site.db`);
export const PASSWORD = "e2e admin password 2030";

/** A new admin with a unique e-mail, created by `npm run admin:create`. */
export function createAdmin(label: string) {
  const email = `${label}-${randomBytes(4).toString("hex")}@example.com`;
  execFileSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", email], {
    env: {
      ...process.env,
      DATABASE_URL: `file:${databaseFile}`,
      ADMIN_PASSWORD: PASSWORD,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
    },
    stdio: "pipe",
  });
  return email;
}

/** Switches the user's admin profile off, or removes it (a plain signed-in user). */
export function changeProfile(email: string, change: "deactivate" | "remove") {
  const db = new Database(databaseFile);
  try {
    db.pragma("busy_timeout = 5000");
    const sql =
      change === "remove"
        ? "delete from admin_profiles where user_id = (select id from auth_users where email = ?)"
        : "update admin_profiles set is_active = 0 where user_id = (select id from auth_users where email = ?)";
    db.prepare(sql).run(email);
  } finally {
    db.close();
  }
}

/** Signs in by posting the login form's request; the session cookie lands in the page's context. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  const response = await page.request.post("/admin/login", {
    form: { email, password },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`sign-in failed: ${response.status()}`);
}

/** The link of the newest password-reset e-mail queued for the address (the outbox holds it). */
export function lastResetLink(email: string) {
  const db = new Database(databaseFile, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const row = db.prepare("select text from email_outbox where to_address = ? order by id desc limit 1").get(email) as
      { text: string } | undefined;
    const link = row?.text.match(/http\S+reset-password\S+/)?.[0];
    if (!link) throw new Error(`no reset e-mail queued for ${email}`);
    return link;
  } finally {
    db.close();
  }
}

/** An e-mail the outbox gave up on (status dead), as a mail outage leaves it; returns its subject. */
export function addDeadEmail(label: string) {
  const subject = `Undelivered ${label} ${randomBytes(4).toString("hex")}`;
  const now = new Date().toISOString();
  const db = new Database(databaseFile);
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(
      `insert into email_outbox (to_address, subject, html, text, status, attempts, next_attempt_at, last_error, created_at)
       values (?, ?, '<p>Test</p>', 'Test', 'dead', 8, ?, ?, ?)`,
    ).run("someone@example.com", subject, now, "550 mailbox unavailable", now);
  } finally {
    db.close();
  }
  return subject;
}
