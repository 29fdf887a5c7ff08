import { useLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/hero-banners";
import { MediaField } from "~/components/admin/media-field";
import { TextField } from "~/components/forms/fields";
import { useTableManager } from "~/components/admin/manager-state";
import { td } from "~/components/admin/manager-table";
import { OrderCell } from "~/components/admin/move-button";
import { TableManager } from "~/components/admin/table-manager";
import { adminSection } from "~/lib/admin/sections";
import {
  createHeroBanner,
  deleteHeroBanner,
  moveHeroBanner,
  pageHeroBannersForAdmin,
  setHeroBannerActive,
  updateHeroBanner,
  type AdminHeroBanner,
} from "~/db/queries/hero-banners.server";
import { listBack, withRow } from "~/core/list-query";
import { heroBannerList } from "~/lib/admin/admin-lists";
import {
  answerBulkOrCrud,
  answerMove,
  emptyList,
  readList,
  withPositions,
  type Positioned,
} from "~/lib/admin/list-actions.server";
import { done, loadPage } from "~/lib/admin/manager-actions.server";
import { mediaChoices, withMediaFields, type MediaFieldSpec } from "~/lib/admin/media-fields.server";
import { heroBannerMessages } from "~/lib/admin/messages/hero-banners";
import { requireAdmin } from "~/lib/auth/guard.server";
import { BannerMoveSchema, heroBannerDefaults, HeroBannerSchema } from "~/lib/schemas/admin/hero-banner";
import { dbContext } from "~/lib/request-context";

// Hero Banners manager (spec §2, §4 "Banner order", §5, §7, §8): 'Add New Banner' opens an inline
// form (Image URL with a preview, the banner's words and its link (issue 27), Active); the table lists Order with up and down arrows (disabled
// at the ends), the image, Status and Actions. The Image URL is picked from the media library or
// uploaded in place (issue 45). Every loader and action starts with the guard.

const section = adminSection("hero-banners");
const m = heroBannerMessages;

/** The banner's picture: an uploaded one takes the banner's words as its alt text. */
const mediaFields: MediaFieldSpec[] = [
  {
    name: "image_url",
    kind: "image",
    label: "Image URL",
    altFrom: { name: "alt_text", label: m.altText },
    title: (values) => values.alt_text,
  },
];

export const meta: MetaFunction = () => [{ title: `${section.title} · Admin` }];

/** A banner of the list with its place in the carousel's order. */
type ListedBanner = Positioned<AdminHeroBanner>;

/** The banner's place in the order as the list shows it. */
const place = (banner: ListedBanner) => banner.position ?? banner.display_order;

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  await requireAdmin(db, request);
  const url = new URL(request.url);
  const banners = () => readList(db, heroBannerList, url, withPositions(pageHeroBannersForAdmin));
  return loadPage(
    db,
    "hero banners",
    m,
    { banners, media: () => mediaChoices(db, ["image"]) },
    { banners: emptyList<ListedBanner>(heroBannerList, url), media: undefined },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = await requireAdmin(db, request);
  const back = listBack(section.path, request.url);
  return withMediaFields(
    db,
    request,
    admin,
    mediaFields,
    (values) =>
      values.intent === "move"
        ? answerMove(db, values, admin, {
            schema: BannerMoveSchema,
            what: "hero banner",
            failed: m.orderFailed,
            move: moveHeroBanner,
            // At an end (or for a banner gone meanwhile) nothing happens (spec §4).
            answer: (id, moved) => (moved ? done(withRow(back, id), m.orderUpdated) : done(back)),
          })
        : answerBulkOrCrud(db, request, values, admin, {
            list: heroBannerList,
            setActive: setHeroBannerActive,
            schema: HeroBannerSchema,
            messages: m,
            home: section.path,
            what: "hero banner",
            anchor: true,
            writes: { create: createHeroBanner, update: updateHeroBanner, remove: deleteHeroBanner },
          }),
    () => HeroBannerSchema,
  );
}

export default function HeroBannersManager() {
  const { banners: list, media, loadError } = useLoaderData<typeof loader>();
  const banners = list.rows;
  const state = useTableManager([...banners, ...list.others], heroBannerDefaults);
  const { manager, field } = state;

  return (
    <TableManager
      section={section}
      state={state}
      texts={{ ...m, add: m.addNew }}
      loadError={loadError}
      listing={{ list: heroBannerList, data: list, what: "hero banners", sorts: { order: m.order } }}
      columns={[m.order, m.image]}
      name={(banner) => m.name(place(banner))}
      deleteName={(banner) => `${m.bannerAlt(place(banner))}: ${banner.image_url}`}
      multipart
      fields={
        <>
          <MediaField
            {...field("image_url")}
            kind="image"
            media={media}
            label={m.imageUrl}
            hint={m.imageHint}
            aspect="aspect-[3/1]"
            altFrom={{ name: "alt_text", label: m.altText }}
            titleFrom="alt_text"
          />
          <TextField {...field("alt_text")} label={m.altText} hint={m.altHint} maxLength={300} />
          <TextField {...field("link_url")} label={m.link} hint={m.linkHint} inputMode="url" optional />
        </>
      }
      renderCells={(banner, index) => {
        const position = place(banner);
        return (
          <>
            <OrderCell
              manager={manager}
              id={banner.id}
              position={banner.position}
              place={position}
              last={index === banners.length - 1 && !list.hasNext}
              texts={m}
            />
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
              <span className="mt-1 block max-w-60 text-xs text-slate-700">{banner.alt_text}</span>
              <span className="mt-1 block max-w-60 truncate text-xs text-slate-600">
                {banner.link_url ? m.opensPage(banner.link_url) : m.opensApp}
              </span>
            </td>
          </>
        );
      }}
    />
  );
}
