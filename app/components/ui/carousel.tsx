import { Children, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { whenIdle } from "~/lib/when-idle";
import { useHydrated } from "~/components/layout/use-hydrated";

// An accessible carousel (WAI-ARIA APG "Carousel", basic pattern) built on CSS scroll-snap: the
// slides are a horizontally scrolling row, so swiping works on touch without any script and the
// server-rendered CSS reserves every size (no layout shift while it starts). Script adds the
// previous/next buttons, autoplay and the pause control; it only scrolls the row, never measures
// anything before the first paint.

/** Autoplay delay (spec §9). */
export const AUTOPLAY_MS = 5000;

const messages = {
  carousel: "carousel",
  slide: "slide",
  previous: "Previous slide",
  next: "Next slide",
  stop: "Stop automatic slide show",
  start: "Start automatic slide show",
  slideOf: (n: number, total: number) => `${n} of ${total}`,
  showing: (n: number, total: number) => `Slide ${n} of ${total}`,
};

// ---- Pure slide-index math (unit tested) ----

/** The slide whose start is nearest the scroll position, at most `lastStart`. */
export function closestIndex(offsets: readonly number[], scrollLeft: number, lastStart = offsets.length - 1): number {
  let best = 0;
  offsets.forEach((offset, i) => {
    if (Math.abs(offset - scrollLeft) < Math.abs((offsets[best] ?? 0) - scrollLeft)) best = i;
  });
  return Math.min(best, Math.max(0, lastStart));
}

/** The slide the row rests on, or null while it is between slides (mid-animation). */
export function settledIndex(
  offsets: readonly number[],
  scrollLeft: number,
  lastStart = offsets.length - 1,
): number | null {
  const i = closestIndex(offsets, scrollLeft, lastStart);
  return Math.abs((offsets[i] ?? 0) - scrollLeft) <= 2 ? i : null;
}

/**
 * The last slide the row can start with: with 3 slides per view and 5 slides, slide 3 (index 2).
 * `maxScroll` is scrollWidth − clientWidth; a pixel of rounding is tolerated.
 */
export function lastStartIndex(offsets: readonly number[], maxScroll: number): number {
  if (offsets.length === 0 || maxScroll <= 1) return 0;
  const i = offsets.findIndex((offset) => offset >= maxScroll - 1);
  return i === -1 ? offsets.length - 1 : i;
}

/** One step forward or back, wrapping around at both ends. */
export function stepIndex(current: number, delta: 1 | -1, lastStart: number): number {
  if (lastStart <= 0) return 0;
  if (delta === 1) return current >= lastStart ? 0 : current + 1;
  return current <= 0 ? lastStart : Math.min(current, lastStart) - 1;
}

// ---- Component ----

/** The previous and next buttons, in that order. */
const steps = [
  { delta: -1, name: messages.previous, direction: "left" },
  { delta: 1, name: messages.next, direction: "right" },
] as const;

const reducedMotionQuery = () => window.matchMedia("(prefers-reduced-motion: reduce)");

function subscribeReducedMotion(onChange: () => void) {
  const query = reducedMotionQuery();
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** False on the server and during hydration, then the visitor's setting. */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionQuery().matches,
    () => false,
  );
}

export interface CarouselProps {
  /** Accessible name of the carousel region, e.g. "Featured courses". */
  label: string;
  children: ReactNode;
  /**
   * "responsive": 1 slide per view, 2 from 640 px, 3 from 1024 px (spec §9).
   * "single": one slide at every width (wide banners).
   */
  perView?: "responsive" | "single";
  /**
   * "above": a control row over the slides. "overlay": on the slide's bottom-right corner from
   * 640 px, and a row below the slide on phones, where a short banner has no room to spare.
   */
  controls?: "above" | "overlay";
  autoplayMs?: number;
  className?: string;
}

// One card per view keeps its own height (no stretched gap inside it); side by side, cards of
// a row share the tallest one's height so their buttons line up.
const slideWidths = {
  responsive: "w-full self-start sm:w-[calc((100%-1rem)/2)] sm:self-stretch lg:w-[calc((100%-2rem)/3)]",
  single: "w-full",
};

// Controls are useless when every slide already fits: hide them at the widths where that is so.
function controlsVisibility(count: number, perView: "responsive" | "single") {
  if (count <= 1) return "hidden";
  if (perView === "single") return "flex";
  if (count === 2) return "flex sm:hidden";
  if (count === 3) return "flex lg:hidden";
  return "flex";
}

export function Carousel({
  label,
  children,
  perView = "responsive",
  controls = "above",
  autoplayMs = AUTOPLAY_MS,
  className = "",
}: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const trackId = useId();
  const hydrated = useHydrated();
  const regionRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  // The slide the row is at (or scrolling to). A ref: moving never re-renders the slides.
  const position = useRef(0);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Autoplay starts off for visitors who ask for less motion (WCAG 2.2.2, 2.3.3) until they press play.
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  // Starts the autoplay wait over, after a touch or a button press.
  const restartTimer = useRef(() => {});

  const geometry = useCallback(() => {
    const track = trackRef.current;
    if (!track) return null;
    const items = Array.from(track.children) as HTMLElement[];
    const first = items[0]?.offsetLeft ?? 0;
    const offsets = items.map((item) => item.offsetLeft - first);
    return { track, offsets, lastStart: lastStartIndex(offsets, track.scrollWidth - track.clientWidth) };
  }, []);

  const step = useCallback(
    (delta: 1 | -1) => {
      const g = geometry();
      if (!g) return undefined;
      const target = stepIndex(position.current, delta, g.lastStart);
      position.current = target;
      clearTimeout(settleTimer.current);
      g.track.scrollTo({ left: g.offsets[target] ?? 0, behavior: reducedMotionQuery().matches ? "auto" : "smooth" });
      return target;
    },
    [geometry],
  );

  // A swipe, a scrolled focus or a resize moves the row: follow it once it rests on a slide.
  // A pause mid-animation (a slow frame) is not a rest, and a button press cancels any pending
  // check, so a quick second press always steps from the slide the first one chose.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScroll = () => {
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(() => {
        const g = geometry();
        const settled = g && settledIndex(g.offsets, g.track.scrollLeft, g.lastStart);
        if (settled != null) position.current = settled;
      }, 120);
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(settleTimer.current);
      track.removeEventListener("scroll", onScroll);
    };
  }, [geometry]);

  // The autoplay timer starts at the browser's first idle moment after hydration (issue 28),
  // never among hydration's tasks.
  const [awake, setAwake] = useState(false);
  useEffect(() => whenIdle(() => setAwake(true)), []);
  const rotating = awake && playing && !hovered && !focused && count > 1;
  useEffect(() => {
    if (!rotating) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = setInterval(() => {
        if (!document.hidden) step(1);
      }, autoplayMs);
    };
    start();
    restartTimer.current = start;
    return () => {
      clearInterval(timer);
      restartTimer.current = () => {};
    };
  }, [rotating, autoplayMs, step]);

  function move(delta: 1 | -1) {
    const target = step(delta);
    if (target !== undefined) setAnnouncement(messages.showing(target + 1, count));
    restartTimer.current();
  }

  const buttonClass =
    "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700 disabled:opacity-60" +
    (controls === "overlay" ? " sm:size-10 sm:border-transparent sm:bg-white/90 sm:shadow-md" : "");

  return (
    // The pointer and focus handlers only pause autoplay (APG carousel); every action has a button.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={regionRef}
      aria-roledescription={messages.carousel}
      aria-label={label}
      className={`relative flex flex-col ${className}`}
      onPointerEnter={(e) => {
        if (e.pointerType === "mouse") setHovered(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === "mouse") setHovered(false);
      }}
      onPointerDown={(e) => {
        if (e.pointerType !== "mouse") restartTimer.current();
      }}
      onFocus={(e) => {
        // Focus on the rotation control itself does not stop rotation (APG carousel).
        if (!e.target.hasAttribute("data-rotation-control")) setFocused(true);
      }}
      onBlur={(e) => {
        if (!regionRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Before the slides in reading order: the rotation control comes first (APG). Hidden
          without scripting, where the row is simply scrolled or swiped. */}
      <div
        className={`${controlsVisibility(count, perView)} items-center gap-2 noscript:hidden ${
          controls === "overlay"
            ? "order-last mt-2 justify-end sm:absolute sm:bottom-3 sm:right-3 sm:z-10 sm:mt-0"
            : "mb-4 justify-end"
        }`}
      >
        <button
          type="button"
          data-rotation-control=""
          disabled={!hydrated}
          onClick={() => {
            setChoice(!playing);
            setFocused(false);
          }}
          aria-label={playing ? messages.stop : messages.start}
          title={playing ? messages.stop : messages.start}
          className={buttonClass}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        {steps.map(({ delta, name, direction }) => (
          <button
            key={direction}
            type="button"
            disabled={!hydrated}
            aria-controls={trackId}
            aria-label={name}
            onClick={() => move(delta)}
            className={buttonClass}
          >
            <ChevronIcon direction={direction} />
          </button>
        ))}
      </div>
      <div
        ref={trackRef}
        id={trackId}
        // A scrolling row whose slides may hold nothing focusable (testimonials): keyboard users
        // must still be able to scroll it, notably without JavaScript, where the buttons are hidden.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container (WCAG 2.1.1)
        tabIndex={0}
        className="relative flex snap-x snap-mandatory gap-4 overflow-x-auto overscroll-x-contain [scrollbar-width:none] noscript:pb-2 noscript:[scrollbar-width:thin] [&::-webkit-scrollbar]:hidden noscript:[&::-webkit-scrollbar]:block"
      >
        {slides.map((slide, i) => (
          <div
            // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- APG slide: a group, not a fieldset
            role="group"
            aria-roledescription={messages.slide}
            aria-label={messages.slideOf(i + 1, count)}
            key={i}
            className={`flex shrink-0 snap-start flex-col *:flex-1 ${slideWidths[perView]}`}
          >
            {slide}
          </div>
        ))}
      </div>
      {/* Silent while the slides turn by themselves; the slide a visitor moves to is announced (APG). */}
      <p aria-live={rotating ? "off" : "polite"} className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

function ControlIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

function PauseIcon() {
  return (
    <ControlIcon>
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
    </ControlIcon>
  );
}

function PlayIcon() {
  return (
    <ControlIcon>
      <path d="M8 5.5v13l10.5-6.5z" />
    </ControlIcon>
  );
}

function ChevronIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <ControlIcon>
      <path
        d={
          direction === "left"
            ? "M15.4 5.6 14 4.2 6.2 12l7.8 7.8 1.4-1.4L9 12z"
            : "M8.6 5.6 10 4.2l7.8 7.8-7.8 7.8-1.4-1.4L15 12z"
        }
      />
    </ControlIcon>
  );
}
