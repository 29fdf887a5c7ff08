import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/hero-banners";
import { ImageUrlField } from "~/components/admin/image-url-field";
import { ConfirmDeletePanel, type DeleteRequest } from "~/components/admin/confirm-delete";
import { TableManagerForm } from "~/components/admin/manager-form";
import { ManagerPage } from "~/components/admin/manager-page";
import { useTableManager } from "~/components/admin/manager-state";
import { ManagerTable, StatusAndActionsCells, td } from "~/components/admin/manager-table";
import { MoveButton } from "~/components/admin/move-button";
import { CheckboxField } from "~/components/forms/checkbox-field";
import { adminSection } from "~/lib/admin/sections";
import { getDb } from "~/db/client.server";
import {
  createHeroBanner,
  deleteHeroBanner,
  listHeroBannersForAdmin,
  moveHeroBanner,
  updateHeroBanner,
  type AdminHeroBanner,
} from "~/db/queries/hero-banners.server";
import { attempt, done, handleCrud, loadOr, postedForm, unreadable } from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { formFailure, parseForm, readForm } from "~/lib/forms/read-form.server";
import { BannerMoveSchema, heroBannerDefaults, HeroBannerSchema } from "~/lib/schemas/admin/hero-banner";

// Hero Banners manager (spec §2, §4 "Banner order", §5, §7, §8): 'Add New Banner' opens an inline
// form (Image URL with a preview, Active); the table lists Order with up and down arrows (disabled
// at the ends), the image, Status and Actions. Every loader and action starts with the guard.

const section = adminSection("hero-banners");
const m = adminMessages.heroBanners;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { value, loadError } = await loadOr("hero banners", () => listHeroBannersForAdmin(getDb()), []);
  return { banners: value, loadError: loadError ? m.loadFailed : null };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  if (!form.ok) return unreadable();
  const { values } = form;
  const db = getDb();
  const home = section.path;

  if (values.intent === "move") {
    const parsed = parseForm(BannerMoveSchema, values);
    if (!parsed.ok) return formFailure(400, { formError: m.orderFailed, values: postedForm(values) });
    const { id, direction } = parsed.data;
    const moved = await attempt("move hero banner", () => moveHeroBanner(db, admin, id, direction));
    if (!moved.ok) return formFailure(503, { formError: m.orderFailed, values: postedForm(values) });
    // At an end (or for a banner gone meanwhile) nothing happens (spec §4).
    return done(home, moved.value ? m.orderUpdated : undefined);
  }

  return handleCrud({
    values,
    schema: HeroBannerSchema,
    messages: m,
    home,
    what: "hero banner",
    actor: admin,
    create: (input, actor) => createHeroBanner(db, actor, input),
    update: (id, input) => updateHeroBanner(db, admin, id, input),
    remove: (id) => deleteHeroBanner(db, admin, id),
  });
}

export default function HeroBannersManager() {
  const { banners, loadError } = useLoaderData<typeof loader>();
  const state = useTableManager(banners, heroBannerDefaults);
  const { manager, dialog, field, values, confirming } = state;
  const home = section.path;

  const positionOf = (id: number) => banners.findIndex((b) => b.id === id) + 1;
  const deleteRequest = (banner: AdminHeroBanner): DeleteRequest => ({
    fields: { intent: "delete", id: String(banner.id) },
    title: adminMessages.common.deleteTitle(m.what),
    prompt: m.confirmDelete,
    name: `${m.bannerAlt(positionOf(banner.id))}: ${banner.image_url}`,
  });

  return (
    <ManagerPage
      section={section}
      addLabel={m.addNew}
      formOpen={state.open}
      loadError={loadError}
      manager={manager}
      dialog={dialog}
    >
      {state.open ? (
        <TableManagerForm state={state} home={home} addTitle={m.addTitle} editTitle={m.editTitle}>
          <ImageUrlField {...field("image_url")} label={m.imageUrl} hint={m.imageHint} aspect="aspect-[3/1]" />
          <CheckboxField name="is_active" label={m.active} defaultChecked={values.is_active === true} />
        </TableManagerForm>
      ) : null}

      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={home} /> : null}

      <ManagerTable
        label={m.table}
        columns={[m.order, m.image]}
        empty={banners.length === 0 ? (loadError ?? m.empty) : null}
      >
        {banners.map((banner, index) => {
          const position = index + 1;
          return (
            <tr key={banner.id}>
              <td className={td}>
                <div className="flex items-center gap-2">
                  <span className="w-6 text-center font-semibold tabular-nums">{position}</span>
                  <MoveButton
                    manager={manager}
                    id={banner.id}
                    direction="up"
                    label={m.moveUp(position)}
                    disabled={index === 0}
                  />
                  <MoveButton
                    manager={manager}
                    id={banner.id}
                    direction="down"
                    label={m.moveDown(position)}
                    disabled={index === banners.length - 1}
                  />
                </div>
              </td>
              <td className={td}>
                <img
                  src={banner.image_url}
                  alt={m.bannerAlt(position)}
                  width={240}
                  height={80}
                  loading="lazy"
                  className="aspect-[3/1] w-60 max-w-none rounded-md bg-slate-100 object-cover"
                />
                <span className="mt-1 block max-w-60 truncate text-xs text-slate-600" title={banner.image_url}>
                  {banner.image_url}
                </span>
              </td>
              <StatusAndActionsCells
                active={banner.is_active}
                name={m.name(position)}
                home={home}
                id={banner.id}
                onDelete={(trigger) => dialog.open(trigger, deleteRequest(banner))}
              />
            </tr>
          );
        })}
      </ManagerTable>
    </ManagerPage>
  );
}
