import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { primaryButton } from "~/components/admin/auth-ui";
import { ImageUrlField } from "~/components/admin/image-url-field";
import { managerMessages } from "~/components/admin/manager-messages";
import {
  CheckboxField,
  ConfirmDeleteDialog,
  ConfirmDeletePanel,
  EmptyRow,
  failureOf,
  LoadFailure,
  ManagerForm,
  postedValues,
  RowActions,
  smallSecondary,
  StatusBadge,
  TableRegion,
  td,
  th,
  toFormValues,
  useDeleteDialog,
  useManager,
  useManagerUrl,
  type DeleteRequest,
  type Manager,
} from "~/components/admin/manager-ui";
import { SectionHeader } from "~/components/admin/section-header";
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
    create: (input) => createHeroBanner(db, admin, input),
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
  const { adding, editId, deleteId } = useManagerUrl();
  const manager = useManager();
  const dialog = useDeleteDialog();
  const home = section.path;

  const editing = editId === null ? undefined : banners.find((b) => b.id === editId);
  const failure = failureOf(manager, ["create", "update"]);
  const intent = editing ? "update" : "create";
  const open = adding || editing !== undefined || failure !== undefined;
  const values = failure ? postedValues(failure.values, ["is_active"]) : toFormValues(editing ?? heroBannerDefaults);
  const positionOf = (id: number) => banners.findIndex((b) => b.id === id) + 1;
  const deleteRequest = (banner: AdminHeroBanner): DeleteRequest => ({
    fields: { intent: "delete", id: String(banner.id) },
    title: managerMessages.deleteTitle(t.what),
    prompt: m.confirmDelete,
    name: `${t.bannerAlt(positionOf(banner.id))}: ${banner.image_url}`,
  });
  const confirming = deleteId === null ? undefined : banners.find((b) => b.id === deleteId);

  return (
    <div className="space-y-6">
      <SectionHeader section={section}>
        {open ? null : (
          <Link to={`${home}?new=1`} className={primaryButton}>
            {m.addNew}
          </Link>
        )}
      </SectionHeader>
      <LoadFailure message={loadError} />

      {open ? (
        <ManagerForm
          key={`${intent}-${editing?.id ?? "new"}`}
          manager={manager}
          title={editing ? t.editTitle : t.addTitle}
          intent={intent}
          id={editing?.id}
          submitLabel={editing ? managerMessages.update : managerMessages.create}
          cancelTo={home}
          failure={failure}
        >
          <ImageUrlField
            values={values}
            errors={failure?.fieldErrors}
            label={t.imageUrl}
            hint={t.imageHint}
            aspect="aspect-[3/1]"
          />
          <CheckboxField name="is_active" label={t.active} values={values} />
        </ManagerForm>
      ) : null}

      {confirming ? <ConfirmDeletePanel manager={manager} request={deleteRequest(confirming)} cancelTo={home} /> : null}

      <TableRegion label={managerMessages.tableRegion(t.table)}>
        <thead>
          <tr>
            <th scope="col" className={th}>
              {t.order}
            </th>
            <th scope="col" className={th}>
              {t.image}
            </th>
            <th scope="col" className={th}>
              {managerMessages.status}
            </th>
            <th scope="col" className={th}>
              {managerMessages.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {banners.length === 0 ? <EmptyRow colSpan={4} text={loadError ?? t.empty} /> : null}
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
                <td className={td}>
                  <StatusBadge active={banner.is_active} />
                </td>
                <td className={td}>
                  <RowActions
                    name={t.name(position)}
                    editHref={`${home}?edit=${banner.id}`}
                    deleteHref={`${home}?delete=${banner.id}`}
                    onDelete={(trigger) => dialog.open(trigger, deleteRequest(banner))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </TableRegion>

      <ConfirmDeleteDialog
        manager={manager}
        request={dialog.request}
        onClose={dialog.close}
        returnFocusTo={dialog.trigger}
      />
    </div>
  );
}
