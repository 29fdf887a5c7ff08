import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { ImageUrlField } from "~/components/admin/image-url-field";
import { managerMessages } from "~/components/admin/manager-messages";
import {
  CheckboxField,
  ConfirmDeletePanel,
  ManagerPage,
  ManagerTable,
  smallSecondary,
  StatusAndActionsCells,
  TableManagerForm,
  td,
  useTableManager,
  type DeleteRequest,
  type Manager,
} from "~/components/admin/manager-ui";
import { adminSections } from "~/components/admin/sections";
import { getDb } from "~/db/client.server";
import {
  createHeroBanner,
  deleteHeroBanner,
  listHeroBannersForAdmin,
  moveHeroBanner,
  updateHeroBanner,
  type AdminHeroBanner,
} from "~/lib/admin/hero-banners.server";
import {
  attempt,
  done,
  handleCrud,
  loadOr,
  parseForm,
  readAdminForm,
  refuse,
  unreadable,
} from "~/lib/admin/manager-actions.server";
import { adminMessages } from "~/lib/admin/messages";
import { requireAdmin } from "~/lib/auth/guard.server";
import { BannerMoveSchema, heroBannerDefaults, HeroBannerSchema } from "~/lib/schemas/admin/hero-banner";

// Hero Banners manager (spec §2, §4 "Banner order", §5, §7, §8): 'Add New Banner' opens an inline
// form (Image URL with a preview, Active); the table lists Order with up and down arrows (disabled
// at the ends), the image, Status and Actions. Every loader and action starts with the guard.

const section = adminSections[3];
const m = adminMessages.heroBanners;
const t = managerMessages.heroBanners;

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { value, loadError } = await loadOr("hero banners", () => listHeroBannersForAdmin(getDb()), []);
  return { banners: value, loadError: loadError ? m.loadFailed : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const values = await readAdminForm(request);
  if (!values) return unreadable();
  const db = getDb();
  const home = section.path;

  if (values.intent === "move") {
    const parsed = parseForm(BannerMoveSchema, values);
    if (!parsed.ok) return refuse(400, { intent: "move", message: m.orderFailed });
    const { id, direction } = parsed.data;
    const moved = await attempt("move hero banner", () => moveHeroBanner(db, admin, id, direction));
    if (!moved.ok) return refuse(503, { intent: "move", message: m.orderFailed });
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

/** One arrow of the Order column: a form of its own, so it works without JavaScript. */
function MoveButton({
  manager,
  banner,
  position,
  direction,
  disabled,
}: {
  manager: Manager;
  banner: AdminHeroBanner;
  position: number;
  direction: "up" | "down";
  disabled: boolean;
}) {
  const { fetcher } = manager;
  const label = direction === "up" ? t.moveUp(position) : t.moveDown(position);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={banner.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled || manager.busyIntent !== null}
        aria-label={label}
        title={label}
        className={`${smallSecondary} w-10 px-0`}
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      </button>
    </fetcher.Form>
  );
}

export default function HeroBannersManager() {
  const { banners, loadError } = useLoaderData<typeof loader>();
  const state = useTableManager(banners, heroBannerDefaults);
  const { manager, dialog, failure, values, confirming } = state;
  const home = section.path;

  const positionOf = (id: number) => banners.findIndex((b) => b.id === id) + 1;
  const deleteRequest = (banner: AdminHeroBanner): DeleteRequest => ({
    fields: { intent: "delete", id: String(banner.id) },
    title: managerMessages.deleteTitle(t.what),
    prompt: m.confirmDelete,
    name: `${t.bannerAlt(positionOf(banner.id))}: ${banner.image_url}`,
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
        <TableManagerForm state={state} home={home} addTitle={t.addTitle} editTitle={t.editTitle}>
          <ImageUrlField
            values={values}
            errors={failure?.fieldErrors}
            label={t.imageUrl}
            hint={t.imageHint}
            aspect="aspect-[3/1]"
          />
          <CheckboxField name="is_active" label={t.active} values={values} />
        </TableManagerForm>
      ) : null}

      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={home} /> : null}

      <ManagerTable
        label={t.table}
        columns={[t.order, t.image]}
        empty={banners.length === 0 ? (loadError ?? t.empty) : null}
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
                    banner={banner}
                    position={position}
                    direction="up"
                    disabled={index === 0}
                  />
                  <MoveButton
                    manager={manager}
                    banner={banner}
                    position={position}
                    direction="down"
                    disabled={index === banners.length - 1}
                  />
                </div>
              </td>
              <td className={td}>
                <img
                  src={banner.image_url}
                  alt={t.bannerAlt(position)}
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
                name={t.name(position)}
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
