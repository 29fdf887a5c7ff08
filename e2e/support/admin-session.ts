import { baseURL, createAdmin, PASSWORD } from "./admin";
import { test } from "./fixtures";

type StorageState = { cookies: { name: string }[]; origins: unknown[] };

/**
 * `test` with every page signed in as an admin: one admin per worker, made by `admin:create` and
 * signed in once by posting the login form; each test's context starts from its session cookie.
 * For tests that only read the panel (several tests share the session).
 */
export const adminTest = test.extend<object, { adminSession: StorageState }>({
  adminSession: [
    async ({ playwright }, use) => {
      const email = createAdmin("session");
      const request = await playwright.request.newContext({ baseURL });
      const response = await request.post("/admin/login", {
        form: { email, password: PASSWORD },
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      if (response.status() !== 302) throw new Error(`sign-in failed: ${response.status()}`);
      const state = (await request.storageState()) as StorageState;
      await request.dispose();
      // Without the sign-in's one-time 'Login successful!' toast, which every test would show.
      await use({ ...state, cookies: state.cookies.filter((cookie) => cookie.name !== "gate.flash") });
    },
    { scope: "worker" },
  ],
  storageState: async ({ adminSession }, provide) => {
    await provide(adminSession as never);
  },
});
