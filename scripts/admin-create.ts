// `npm run admin:create -- --email someone@example.com`: creates an admin, or makes an existing
// user an active admin (issue #4). The password comes from ADMIN_PASSWORD or, when that is not
// set, from a prompt that does not echo it; for an existing user an empty answer keeps the
// current password. Works on the database named by DATABASE_URL (default data/site.db).
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { closeDb, getDb, parseDatabaseUrl } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { closeAuth, getAuth } from "~/lib/auth/auth.server";
import { createOrPromoteAdmin } from "~/lib/auth/users.server";
import { emailField } from "~/lib/schemas/fields";

if (existsSync(".env")) process.loadEnvFile(".env");

/** Reads one line; on a terminal, what is typed is not echoed. */
function prompt(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
    rl.question(question, (answer) => {
      rl.close();
      if (process.stdin.isTTY) process.stdout.write("\n");
      resolve(answer);
    });
    // The question is written; from here on the terminal's echo of the password is dropped.
    muted = process.stdin.isTTY;
  });
}

async function run() {
  const { values } = parseArgs({ options: { email: { type: "string" } }, strict: true });
  const email = emailField.safeParse(values.email ?? "");
  if (!email.success) throw new Error("give the admin's e-mail: npm run admin:create -- --email someone@example.com");

  const { engine, location } = parseDatabaseUrl(process.env.DATABASE_URL);
  console.log(`database: ${engine} ${engine === "sqlite" ? location : "(DATABASE_URL)"}`);
  const db = getDb();
  await migrateToLatest(db);
  const auth = await getAuth();

  const exists = await db
    .selectFrom("auth_users")
    .select("id")
    .where("email", "=", email.data.toLowerCase())
    .executeTakeFirst();
  let password = process.env.ADMIN_PASSWORD;
  if (password === undefined) {
    password = await prompt(exists ? "New password (empty: keep the current one): " : "Password: ");
  }
  const result = await createOrPromoteAdmin(auth, db, {
    email: email.data,
    password: password === "" && exists ? undefined : password,
    production: process.env.NODE_ENV === "production",
  });
  console.log(`${result.created ? "created admin" : "active admin"}: ${email.data.toLowerCase()}`);
}

try {
  await run();
} catch (error) {
  console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeAuth();
  await closeDb();
}
