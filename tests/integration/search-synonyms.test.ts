import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/manage/site-settings";
import { loader as searchLoader } from "~/routes/public/search";
import { adminAndStudent, call, context, getRequest, postRequest } from "./auth-support";

// Staff extend site search's synonyms under Site Settings (issue 27 item 4): each line checked and
// named when wrong, and a saved rule read by the next search.

const sessions = adminAndStudent("synonyms-admin@example.com", "synonyms-student@example.com");

/** The settings form as it stands, with `change` applied: every other field posted back unchanged. */
async function settingsForm(change: Record<string, string>) {
  const shown = await call(loader as never, getRequest("/admin/settings", sessions.adminCookie));
  if (shown.kind !== "data") throw new Error("no settings form");
  const fields: Record<string, string> = { intent: "save" };
  for (const [name, value] of Object.entries(shown.data.values as Record<string, string | boolean>))
    if (value !== false) fields[name] = value === true ? "on" : value;
  return { ...fields, ...change };
}

const save = async (change: Record<string, string>) =>
  call(action as never, postRequest("/admin/settings", await settingsForm(change), sessions.adminCookie));

async function searchLinks(q: string) {
  const url = new URL(`/search?q=${encodeURIComponent(q)}`, "http://localhost");
  const page = await searchLoader({
    request: new Request(url),
    url,
    pattern: "/search",
    params: {},
    context: context(),
  });
  return page.groups.flatMap((group) => group.items.map((item) => item.href));
}

describe(`search synonyms on ${process.env.TEST_ENGINE}`, () => {
  it("starts with the defaults: pyq finds the previous-year papers", async () => {
    const form = await settingsForm({});
    expect(form.search_synonyms).toContain("pyq = previous year papers");
    expect(await searchLinks("pyq")).toContain("/previous-year");
    expect(await searchLinks("hx")).toEqual([]);
  });

  it("refuses a line that is no rule, naming it, and changes nothing", async () => {
    const answer = await save({ search_synonyms: "pyq = previous year papers\nhx heat exchangers" });
    expect(answer).toMatchObject({ kind: "data", status: 400 });
    if (answer.kind !== "data") return;
    expect(answer.data.fieldErrors.search_synonyms).toBe(
      'Line 2 ("hx heat exchangers"): write one word, "=", and what it stands for, e.g. "pyq = previous year papers"',
    );
    expect(await searchLinks("hx")).toEqual([]);
  });

  it("saves the staff's rules, which the next search reads", async () => {
    const answer = await save({ search_synonyms: "hx = heat exchangers\npyq = previous year papers" });
    expect(answer).toMatchObject({ kind: "redirect", location: "/admin/settings" });
    expect(await searchLinks("hx")).toContain("/syllabus#heat-transfer");
    expect(await searchLinks("pyq")).toContain("/previous-year");
  });
});
