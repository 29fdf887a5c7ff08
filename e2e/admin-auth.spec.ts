import { adminMenu } from "../app/lib/admin/sections";
import { changeProfile, createAdmin, PASSWORD, signIn } from "./support/admin";
import { hydrated } from "./support/axe";
import { expect, expectNoHorizontalScroll, test } from "./support/fixtures";

// The admin sign-in and panel in Chromium (spec §2 Login and Dashboard, §4, §6, §8).

/** The side menu's sections (app/lib/admin/sections.ts): the spec's six, then the panel's own. */
const sections = adminMenu.map((section) => [section.title, section.path] as const);

test.describe("the login page", () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });
  test("has an e-mail field, a password field with show/hide, Sign In and Back to Home", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("type", "password");
    await password.fill("secret words");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expectNoHorizontalScroll(page);
  });

  test("says 'Invalid credentials or access denied' for a wrong password and for a user who is not an admin", async ({
    page,
  }) => {
    // The refused sign-in answers 401, which the browser reports in the console.
    const admin = createAdmin("wrong");
    const user = createAdmin("student");
    changeProfile(user, "remove");
    await page.goto("/admin/login");
    for (const [email, password] of [
      [admin, "not the password"],
      [user, PASSWORD],
    ] as const) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign In" }).click();
      const toast = page.getByRole("alert").filter({ hasText: "Invalid credentials or access denied" });
      await expect(toast).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await toast.getByRole("button", { name: "Dismiss notification" }).click();
      await expect(toast).toHaveCount(0);
    }
  });

  test("signs an admin in: 'Signing in...', then the dashboard with 'Login successful!'", async ({ page }) => {
    const email = createAdmin("login");
    await page.goto("/admin/login");
    // The busy label is the script's: a click before hydration posts the form as a document.
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    // Hold the submission a moment so the busy label can be seen.
    await page.route("**/admin/login*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Login successful!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Job Alerts" })).toBeVisible();
  });
});

test("an anonymous visitor is sent from /admin to the login page, which replaces /admin in history", async ({
  page,
}) => {
  await page.goto("/faqs");
  await page.goto("/admin/ebooks");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/faqs$/);
});

test.describe(() => {
  // The guard's answer is a 403 document, which the browser reports in the console.
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test("a signed-in user who is not an active admin sees Access Denied", async ({ page }) => {
    const email = createAdmin("denied");
    await signIn(page, email);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Job Alerts" })).toBeVisible();
    changeProfile(email, "deactivate");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this area.")).toBeVisible();
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("the dashboard", () => {
  test(
    "has the welcome line, every section at its own URL, and a spinner while loading",
    { tag: "@desktop" },
    async ({ page }) => {
      const email = createAdmin("dash");
      await signIn(page, email);
      await page.goto("/admin");
      const menu = page.getByRole("navigation", { name: "Admin menu" });
      await expect(page.getByText(`Welcome, ${email}`).filter({ visible: true })).toBeVisible();
      for (const [name, href] of sections) await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href);
      await expect(menu.getByRole("link", { name: "Job Alerts" })).toHaveAttribute("aria-current", "page");

      // The spinner belongs to a client-side navigation: a click before hydration loads a document.
      await hydrated(page);
      await page.route("**/admin/hero-banners.data*", async (route) => {
        await new Promise((r) => setTimeout(r, 500));
        await route.continue();
      });
      await menu.getByRole("link", { name: "Hero Banners" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/hero-banners$/);
      await expect(page.getByRole("heading", { level: 1, name: "Hero Banners" })).toBeVisible();
      for (const [name, href] of sections) {
        await page.goto(href);
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      }
    },
  );

  test("folds its menu away on a phone", { tag: "@mobile" }, async ({ page }) => {
    const email = createAdmin("phone");
    await signIn(page, email);
    await page.goto("/admin/ebooks");
    await expect(page.getByRole("heading", { level: 1, name: "E-Books" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByText("Open admin menu").click();
    await expect(page.getByText(`Welcome, ${email}`).filter({ visible: true })).toBeVisible();
    await page.getByRole("link", { name: "Free Materials" }).filter({ visible: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Free Materials" })).toBeVisible();
    // The chosen section opens with the menu folded away again, its heading at the top.
    await expect(page.getByText("Open admin menu")).toBeVisible();
    await expect(page.getByText(`Welcome, ${email}`).filter({ visible: true })).toHaveCount(0);
    expect((await page.getByRole("heading", { level: 1 }).boundingBox())!.y).toBeLessThan(200);
  });

  test("Sign Out signs out and goes to /", async ({ page, isMobile }) => {
    const email = createAdmin("signout");
    await signIn(page, email);
    await page.goto("/admin");
    if (isMobile) await page.getByText("Open admin menu").click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
