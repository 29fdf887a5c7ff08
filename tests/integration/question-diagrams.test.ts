import { createHash } from "node:crypto";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedMediaFile } from "~/db/queries/media.server";
import { mediaUsage, mediaUsageByHash } from "~/lib/media/library.server";
import { mediaUrl } from "~/lib/media/media-url";
import { action as mediaAction } from "~/routes/admin/manage/media";
import { action } from "~/routes/admin/manage/questions";
import { adminAndStudent, call, postRequest } from "./auth-support";

// A question's diagrams from the media library (issues 45 and 46), on both engines: saved as a
// responsive <picture> with the file's width and height (no shift while it loads), and counted as
// a use of the file, so that a diagram a question shows cannot be deleted from under it.

const ADMIN = "diagrams-admin@example.com";
const sessions = adminAndStudent(ADMIN, "diagrams-student@example.com");
const db = () => getDb();

async function storedDiagram(name: string, width: number, height: number, alt: string | null) {
  const data = await sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const hash = createHash("sha256").update(data).digest("hex");
  const { file } = await seedMediaFile(
    db(),
    {
      hash,
      kind: "image",
      mime: "image/png",
      ext: "png",
      size: data.length,
      width,
      height,
      filename: name,
      title: name,
      alt_text: alt,
      is_decorative: false,
      source_url: null,
      source_read_on: null,
      created_by: ADMIN,
    },
    data,
  );
  return file;
}

const save = (text: string, solution: string) =>
  call(
    action as never,
    postRequest(
      "/admin/questions",
      {
        intent: "create",
        type: "nat",
        marks: "1",
        subject: "heat-transfer",
        topic: "steady-and-unsteady-heat-conduction-convection",
        difficulty: "easy",
        source: "original",
        status: "draft",
        text,
        nat_min: "2",
        nat_max: "2",
        nat_decimals: "0",
        solution,
      },
      sessions.adminCookie,
    ),
  );

beforeEach(async () => {
  for (const table of ["question_versions", "questions", "media_files"] as const)
    await db().deleteFrom(table).execute();
});

describe(`question diagrams on ${process.env.TEST_ENGINE}`, () => {
  it("are saved responsive, in their own size, with the question's words or the library's alt text", async () => {
    const slab = await storedDiagram("slab.png", 800, 400, "A slab between two walls");
    const fin = await storedDiagram("fin.png", 300, 200, "A pin fin");
    await save(
      `How many walls?\n\n![Two walls, hot left, cold right](${mediaUrl(slab)})`,
      `Two.\n\n![](${mediaUrl(fin)})\n\n![elsewhere](https://example.org/x.png)`,
    );
    const version = await db().selectFrom("question_versions").selectAll().executeTakeFirstOrThrow();
    expect(version.text_html).toContain("<picture>");
    expect(version.text_html).toContain(`<source type="image/avif" srcset="/media/${slab.hash}/v/320.avif 320w`);
    expect(version.text_html).toContain(
      `<img src="${mediaUrl(slab)}" width="800" height="400" alt="Two walls, hot left, cold right"`,
    );
    // No words in the Markdown: the library's alt text.
    expect(version.solution_html).toContain(`<img src="${mediaUrl(fin)}" width="300" height="200" alt="A pin fin"`);
    // A picture from elsewhere stays the plain image, without a size to give.
    expect(version.solution_html).toMatch(/<img src="https:\/\/example\.org\/x\.png" alt="elsewhere" loading="lazy"/);
  });

  it("are uses of their files: a diagram a question shows cannot be deleted", async () => {
    const slab = await storedDiagram("slab.png", 800, 400, "A slab");
    const unused = await storedDiagram("unused.png", 320, 200, "Nothing uses it");
    await save(`Walls?\n\n![A slab](${mediaUrl(slab)})`, `Two, as the diagram shows: ![again](${mediaUrl(slab)})`);
    const question = await db().selectFrom("questions").select("id").executeTakeFirstOrThrow();
    const uses = [{ label: `Question #${question.id}`, href: `/admin/questions?edit=${question.id}` }];
    // Named in the text and the solution: one place.
    expect(await mediaUsage(db(), slab.hash)).toEqual(uses);
    expect((await mediaUsageByHash(db())).get(slab.hash)).toEqual(uses);
    expect(await mediaUsage(db(), unused.hash)).toEqual([]);

    const refused = await call(
      mediaAction as never,
      postRequest("/admin/media", { intent: "delete", id: String(slab.id) }, sessions.adminCookie),
    );
    expect(JSON.stringify(refused)).toContain(`Question #${question.id}`);
    expect(await db().selectFrom("media_files").select("id").where("id", "=", slab.id).executeTakeFirst()).toBeTruthy();
  });

  it("count a GATE question's source paper as a use of its file", async () => {
    const paper = await storedDiagram("gate-2024-ch.png", 320, 200, "The paper's first page");
    await save("How many walls?", "Two.");
    const question = await db().selectFrom("questions").select("id").executeTakeFirstOrThrow();
    await db().updateTable("questions").set({ source_media_hash: paper.hash }).execute();
    const uses = [
      { label: `Question #${question.id} (its source paper)`, href: `/admin/questions?edit=${question.id}` },
    ];
    expect(await mediaUsage(db(), paper.hash)).toEqual(uses);
    expect((await mediaUsageByHash(db())).get(paper.hash)).toEqual(uses);
  });
});
