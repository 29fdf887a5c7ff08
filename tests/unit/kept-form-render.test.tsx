import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import type { KeptForm } from "~/lib/admin/kept-forms";
import { unsavedWorkMessages } from "~/lib/admin/messages/unsaved-work";
import WelcomePopupManager from "~/routes/admin/manage/welcome-popup";

// Issue 48: a form kept when the session had ended comes back filled in on its page, as the
// server renders it, i.e. as a browser without JavaScript gets it after signing in again: the
// typed values in the fields, the notice saying they were kept and need saving, a fresh one-time
// token for the submission.

const popup = {
  id: 1,
  title: "Welcome to GATE CH Preparation",
  subtitle: null,
  description: "Practise with 150+ tests.",
  image_url: "/images/welcome-popup.svg",
  is_active: true,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
};

function render(keptForm: KeptForm | null) {
  const Stub = createRoutesStub([
    {
      id: "routes/admin/layout",
      path: "/admin",
      Component: () => <Outlet />,
      children: [{ id: "manager", path: "welcome-popup", Component: WelcomePopupManager }],
    },
  ]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={["/admin/welcome-popup"]}
      hydrationData={{
        loaderData: {
          "routes/admin/layout": { keptForm, submitToken: "fresh-token" },
          manager: { popup, media: undefined, loadError: null },
        },
      }}
    />,
  );
}

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("a form kept across a sign-in", () => {
  it("opens with what was typed, says it was kept and needs saving, and carries a fresh token", () => {
    const html = decode(
      render({
        values: { intent: "save", title: "Typed before the session ended", description: "Half a sentence" },
        filesLeftOut: true,
        keptAt: "2030-01-01T10:00:00.000Z",
      }),
    );
    expect(html).toContain('value="Typed before the session ended"');
    expect(html).toContain("Half a sentence</textarea>");
    expect(html).not.toContain('value="Welcome to GATE CH Preparation"');
    expect(html).toContain(unsavedWorkMessages.kept);
    expect(html).toContain(unsavedWorkMessages.filesLeftOut);
    expect(html).toContain('name="submit_token" value="fresh-token"');
    // An unchecked box posts nothing: the kept form had it unchecked.
    expect(html).not.toMatch(/name="is_active"[^>]*checked/);
  });

  it("without one, the form shows what is saved and no notice", () => {
    const html = decode(render(null));
    expect(html).toContain('value="Welcome to GATE CH Preparation"');
    expect(html).not.toContain(unsavedWorkMessages.kept);
  });
});
