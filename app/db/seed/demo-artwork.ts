// The demo's pictures (issue 45), drawn here as SVG and rendered to WebP by the demo seed
// (app/lib/media/demo-pictures.server.ts), which stores them in the media library. Nothing is
// downloaded. Shapes and icons only, no text: fonts differ from machine to machine, so what a
// picture says is in its alt text and on the page around it. Flat colours and few of them keep
// each picture a few KiB, small enough for the first one on a page to travel inside the document.

import { demoWords } from "./demo-words";

type Attrs = Record<string, string | number>;

const attributes = (attrs: Attrs) =>
  Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join("");
const tag = (name: string, attrs: Attrs, ...children: string[]) =>
  children.length ? `<${name}${attributes(attrs)}>${children.join("")}</${name}>` : `<${name}${attributes(attrs)}/>`;
const group = (attrs: Attrs, ...children: string[]) => tag("g", attrs, ...children);
const at = (x: number, y: number, scale = 1, ...children: string[]) =>
  group({ transform: scale === 1 ? `translate(${x} ${y})` : `translate(${x} ${y}) scale(${scale})` }, ...children);
const rect = (x: number, y: number, width: number, height: number, fill: string, rx = 0) =>
  tag("rect", { x, y, width, height, rx, fill });
const circle = (cx: number, cy: number, r: number, fill: string) => tag("circle", { cx, cy, r, fill });
const path = (d: string, fill: string) => tag("path", { d, fill });
const line = (d: string, stroke: string, width: number) =>
  tag("path", {
    d,
    fill: "none",
    stroke,
    "stroke-width": width,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  });

function svg(width: number, height: number, background: string, ...children: string[]) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    rect(0, 0, width, height, background) +
    children.join("") +
    "</svg>"
  );
}

/** A regular hexagon's points around (cx, cy), a flat side up: the benzene ring of the pictures. */
function hexagon(cx: number, cy: number, r: number) {
  return Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 3) * i + Math.PI / 6;
    return `${Math.round(cx + r * Math.cos(angle))},${Math.round(cy + r * Math.sin(angle))}`;
  }).join(" ");
}
const hexRing = (cx: number, cy: number, r: number, stroke: string, width: number) =>
  tag("polygon", {
    points: hexagon(cx, cy, r),
    fill: "none",
    stroke,
    "stroke-width": width,
    "stroke-linejoin": "round",
  });

/** A tick mark in a 40 × 30 box. */
const tick = (stroke: string, width = 8) => line("M4 16l11 11L36 4", stroke, width);

// --- icons, each drawn from (0, 0) ---------------------------------------------------------------

interface Ink {
  paper: string;
  soft: string;
  ink: string;
  accent: string;
}

/** A stopwatch of radius `r` around (0, 0), a third of its minute gone. */
function stopwatch(r: number, { paper, soft, ink, accent }: Ink) {
  const sector = `M0 0V${-r * 0.78}A${r * 0.78} ${r * 0.78} 0 0 1 ${Math.round(r * 0.78 * Math.sin(2.1))} ${Math.round(
    -r * 0.78 * Math.cos(2.1),
  )}Z`;
  return [
    rect(-r * 0.18, -r * 1.32, r * 0.36, r * 0.3, paper, 4),
    circle(0, 0, r, paper),
    circle(0, 0, r * 0.78, soft),
    path(sector, accent),
    line(`M0 0V${-r * 0.62}`, ink, Math.max(4, r * 0.08)),
    circle(0, 0, r * 0.1, ink),
  ].join("");
}

/** A distillation column, 90 wide and `height` tall, with trays, a condenser and a reboiler. */
function column(height: number, { paper, soft, ink, accent }: Ink) {
  const trays = Array.from({ length: Math.floor((height - 90) / 34) }, (_, i) =>
    line(`M16 ${70 + i * 34}h58`, soft, 6),
  ).join("");
  return [
    line(`M45 6V-24h70v40`, paper, 10),
    circle(115, 34, 22, accent),
    rect(0, 0, 90, height, paper, 40),
    trays,
    line(`M90 ${height - 40}h40v40`, paper, 10),
    rect(110, height - 4, 42, 30, ink, 8),
  ].join("");
}

/** A conical flask, about 160 × 220, a third full. */
function flask({ paper, accent }: Pick<Ink, "paper" | "accent">) {
  return [
    path("M50 0h60v20h-10v70l60 110q8 20-14 20H14q-22 0-14-20l60-110V20H50z", paper),
    path("M36 150h88l28 50q4 8-6 8H14q-10 0-6-8z", accent),
  ].join("");
}

/** A refinery's skyline, 420 × 230 on its ground line: two tanks, a column, a flare with its flame. */
function refinery({ paper, soft, accent }: Pick<Ink, "paper" | "soft" | "accent">) {
  return [
    rect(0, 150, 120, 80, paper, 10),
    path("M0 156q60-40 120 0z", paper),
    line("M16 178h88M16 200h88", soft, 6),
    rect(140, 40, 48, 190, paper, 24),
    line("M150 80h28M150 120h28M150 160h28", soft, 6),
    rect(206, 110, 96, 120, paper, 10),
    path("M206 116q48-34 96 0z", paper),
    rect(326, 20, 16, 210, paper, 4),
    path("M334 -50q28 30 8 62q-8 12-16 0q-14-20 8-62z", accent),
    line("M120 196h20M188 170h18M302 196h24", paper, 10),
    rect(360, 170, 60, 60, paper, 8),
  ].join("");
}

/** A calendar, 260 × 220: a header, two rings and ten days, the first `done` ticked. */
function calendar(done: number, { paper, soft, ink, accent }: Ink, header = ink) {
  const days = Array.from({ length: 10 }, (_, i) => {
    const x = 22 + (i % 5) * 46;
    const y = 92 + Math.floor(i / 5) * 58;
    const cell = rect(x, y, 38, 44, i < done ? accent : soft, 8);
    return i < done ? cell + at(x + 7, y + 10, 0.6, tick(ink, 9)) : cell;
  });
  return [
    rect(0, 0, 260, 220, paper, 20),
    path("M0 20a20 20 0 0 1 20-20h220a20 20 0 0 1 20 20v44H0z", header),
    rect(52, -16, 14, 40, soft, 7),
    rect(194, -16, 14, 40, soft, 7),
    ...days,
  ].join("");
}

/** A closed book, `w` × `h`, its cover `cover`, with a plate for an icon at (48, 40), w − 72 × h − 150. */
function book(w: number, h: number, cover: string, { paper, soft }: Pick<Ink, "paper" | "soft">) {
  return [
    rect(14, 10, w, h, paper, 10),
    rect(0, 0, w, h, cover, 10),
    rect(0, 0, 26, h, "#00000033", 0),
    rect(48, 40, w - 72, h - 150, paper, 12),
    rect(48, h - 80, w - 100, 14, soft, 7),
    rect(48, h - 54, w - 140, 14, soft, 7),
  ].join("");
}

/** A gift box, 160 × 150, with its ribbon. */
function gift({ paper, accent }: Pick<Ink, "paper" | "accent">) {
  return [
    rect(10, 50, 140, 100, paper, 10),
    rect(0, 30, 160, 34, paper, 10),
    rect(68, 30, 24, 120, accent, 0),
    path("M80 32q-44-56-58-18q-6 18 58 18zM80 32q44-56 58-18q6 18-58 18z", accent),
  ].join("");
}

/** A bar chart, 240 × 170. */
function barChart(colours: string[], axis: string) {
  const heights = [70, 120, 95, 150, 60];
  return [
    ...heights.map((h, i) => rect(24 + i * 44, 160 - h, 30, h, colours[i % colours.length]!, 6)),
    line("M8 4V164h228", axis, 8),
  ].join("");
}

/** A pie of radius r, a quarter and a third taken out. */
function pie(r: number, [base, first, second]: [string, string, string]) {
  return [
    circle(0, 0, r, base),
    path(`M0 0V${-r}A${r} ${r} 0 0 1 ${r} 0Z`, first),
    path(`M0 0H${r}A${r} ${r} 0 0 1 ${Math.round(-r * 0.5)} ${Math.round(r * 0.866)}Z`, second),
  ].join("");
}

/** A thermometer, 60 × 240, filled to `level` (0–1). */
function thermometer(level: number, { paper, ink, accent }: Pick<Ink, "paper" | "ink" | "accent">) {
  const top = Math.round(30 + 150 * (1 - level));
  return [
    rect(10, 0, 40, 210, paper, 20),
    circle(30, 206, 30, paper),
    rect(22, top, 16, 200 - top, accent, 8),
    circle(30, 206, 20, accent),
    line("M54 40h14M54 80h14M54 120h14M54 160h14", ink, 6),
  ].join("");
}

/** A pressure–volume diagram, 220 × 170: axes and one isotherm with its end points. */
function pvCurve(axis: string, curve: string) {
  return [
    line("M8 4V164h210", axis, 8),
    line("M40 20Q70 130 200 140", curve, 9),
    circle(40, 20, 11, curve),
    circle(200, 140, 11, curve),
  ].join("");
}

/** A pipe with a narrowing (a venturi), 420 × 120, and the flow's arrows. */
function venturi({ paper, ink, accent }: Pick<Ink, "paper" | "ink" | "accent">) {
  return [
    path("M0 10h140l60 30h20l60-30h140v100H280l-60-30h-20l-60 30H0z", paper),
    line("M30 60h60m-16-14l16 14-16 14", ink, 8),
    line("M180 60h60m-16-14l16 14-16 14", accent, 8),
    line("M330 60h60m-16-14l16 14-16 14", ink, 8),
  ].join("");
}

/** A question mark in a round bubble of radius r. */
function questionBubble(r: number, { paper, ink }: Pick<Ink, "paper" | "ink">) {
  const s = r / 60;
  return [
    circle(0, 0, r, paper),
    path(`M${-r * 0.4} ${r * 0.7}l${-r * 0.35} ${r * 0.45}l${r * 0.7} ${-r * 0.2}z`, paper),
    at(0, 0, s, line("M-18-16q0-22 20-22t20 20q0 12-14 18t-6 16v4", ink, 12), circle(0, 34, 7, ink)),
  ].join("");
}

/** A shell-and-tube heat exchanger, 420 × 140, with its nozzles and the hot and cold streams' arrows. */
function heatExchanger({ paper, soft, ink }: Pick<Ink, "paper" | "soft" | "ink">, hot: string, cold: string) {
  return [
    rect(90, -34, 34, 40, paper, 4),
    rect(296, 128, 34, 40, paper, 4),
    rect(0, 0, 420, 140, paper, 70),
    line("M60 40h300M60 70h300M60 100h300", soft, 8),
    line("M46 20v100M374 20v100", ink, 8),
    line("M107 -70v40m-14-14l14 14 14-14", hot, 8),
    line("M313 210v-40m-14 14l14-14 14 14", cold, 8),
  ].join("");
}

/** A target of radius r with an arrow in its centre. */
function target(r: number, { paper, ink, accent }: Pick<Ink, "paper" | "ink" | "accent">) {
  return [
    circle(0, 0, r, accent),
    circle(0, 0, r * 0.7, paper),
    circle(0, 0, r * 0.4, accent),
    line(`M0 0l${r * 0.9} ${-r * 0.9}`, ink, 8),
    line(`M${r * 0.9} ${-r * 0.9}h${r * 0.3}M${r * 0.9} ${-r * 0.9}v${-r * 0.3}`, ink, 8),
  ].join("");
}

/** A stirred tank reactor, 200 × 240: the tank, its liquid, the stirrer and its motor. */
function stirredTank({ paper, soft, ink, accent }: Ink) {
  return [
    rect(80, 0, 40, 30, ink, 6),
    path("M0 50h200v130a60 60 0 0 1-60 60H60a60 60 0 0 1-60-60z", paper),
    path("M0 110h200v70a60 60 0 0 1-60 60H60a60 60 0 0 1-60-60z", accent),
    line("M100 30v160", ink, 8),
    path("M60 180h80l-10 18h-60z", ink),
    line("M-30 80h30M200 200h30", soft, 10),
  ].join("");
}

/** A packed column, 100 × 260, with its packing and the liquid dropping through it. */
function packedColumn({ paper, soft, ink, accent }: Ink) {
  const packing = [0, 1, 2, 3, 4, 5].map((row) => line(`M20 ${60 + row * 28}l20 18 20-18 20 18`, soft, 5)).join("");
  const drop = (x: number, y: number) => path(`M${x} ${y}q10 14 0 22q-10-8 0-22z`, accent);
  return [
    rect(0, 0, 100, 260, paper, 44),
    packing,
    drop(50, 30),
    drop(30, 224),
    drop(70, 214),
    line("M50 -30v30", ink, 10),
  ].join("");
}

/** Two speech bubbles, 260 × 180: a question and an answer. */
function speechBubbles({ paper, soft, ink, accent }: Ink) {
  return [
    rect(0, 0, 170, 90, paper, 24),
    path("M30 86l-6 34 40-34z", paper),
    line("M30 34h110M30 58h70", soft, 10),
    rect(90, 90, 170, 90, accent, 24),
    path("M230 176l8 30-40-30z", accent),
    line("M118 124h110M118 148h60", ink, 10),
  ].join("");
}

/** A Greek capital sigma (the sum of a formula), 90 × 100, as strokes. */
const sigma = (stroke: string) => line("M80 8H10l40 42-40 42h70", stroke, 12);

/** A phrase of ./demo-words.ts with the left end of its baseline at (x, y). */
const words = (phrase: keyof typeof demoWords, x: number, y: number, fill: string) =>
  at(x, y, 1, path(demoWords[phrase].d, fill));

/** A button-like pill holding `phrase`, its top left corner at (x, y). */
const pill = (phrase: keyof typeof demoWords, x: number, y: number, fill: string, ink: string) =>
  rect(x, y, demoWords[phrase].width + 56, 52, fill, 26) + words(phrase, x + 28, y + 35, ink);

// --- the pictures --------------------------------------------------------------------------------

export interface DemoArtwork {
  /** Stable: which demo row the picture is for (app/lib/media/demo-pictures.server.ts). */
  key: DemoPictureKey;
  width: number;
  height: number;
  /** The display name stored, its address's name. */
  filename: string;
  title: string;
  /** What the picture shows: it has no words of its own. */
  alt: string;
  /** WebP quality, 80 unless a lower one keeps the picture under 4 KiB (a page's first: inlined). */
  quality?: number;
  svg: () => string;
}

export type DemoPictureKey =
  | "banner-iocl"
  | "banner-free-tests"
  | "popup"
  | "catalogue-gate"
  | "catalogue-iocl"
  | "ebook-formula-handbook"
  | "ebook-mass-transfer"
  | "ebook-cre"
  | "ebook-iocl-interview"
  | "material-topic-analysis"
  | "material-thermodynamics"
  | "material-fluid-mechanics"
  | "material-heat-transfer"
  | "material-study-plan";

const blue = { paper: "#ffffff", soft: "#d9eaff", ink: "#143f87", accent: "#f59e0b" };
const teal = { paper: "#e6f4f1", soft: "#9fd3c7", ink: "#0b4f4a", accent: "#f97316" };
const violet = { paper: "#ffffff", soft: "#ede9fe", ink: "#4c1d95", accent: "#facc15" };

/** A book on a plain ground, 640 × 360, with `icon` on its cover's plate (128 × 150, from its top left). */
function bookCover(ground: string, cover: string, icon: string) {
  return svg(
    640,
    360,
    ground,
    circle(560, 60, 110, "#ffffff66"),
    circle(70, 330, 90, "#ffffff66"),
    at(220, 24, 1, book(200, 300, cover, { paper: "#ffffff", soft: "#ffffffb3" })),
    at(268, 64, 1, icon),
  );
}

/** A material's cover: a sheet on a plain ground, 640 × 360, with `content` on it. */
function sheetCover(ground: string, shade: string, ...content: string[]) {
  return svg(
    640,
    360,
    ground,
    circle(590, 40, 120, shade),
    rect(120, 40, 400, 300, "#ffffff", 18),
    rect(150, 64, 140, 14, shade, 7),
    ...content,
  );
}

export const demoArtwork: readonly DemoArtwork[] = [
  {
    key: "banner-iocl",
    width: 1200,
    height: 400,
    filename: "iocl-test-series-banner.webp",
    title: "Banner: IOCL Test Series (demo)",
    alt: "IOCL Test Series: full-length tests for chemical engineers, technical and aptitude questions. A refinery at sunset",
    svg: () =>
      svg(
        1200,
        400,
        "#0b4f4a",
        circle(1010, 150, 96, "#f97316"),
        rect(0, 350, 1200, 50, "#083b37"),
        rect(70, 86, 8, 112, "#f97316", 4),
        words("ioclTitle", 100, 150, "#ffffff"),
        words("ioclLine", 100, 196, "#d5ece8"),
        pill("ioclPill", 70, 252, "#f97316", "#062f2c"),
        at(730, 120, 1, refinery({ ...teal, accent: "#facc15" })),
      ),
  },
  {
    key: "banner-free-tests",
    width: 1200,
    height: 400,
    filename: "free-tests-every-week-banner.webp",
    title: "Banner: Free Tests Every Week (demo)",
    alt: "Free Tests Every Week: Fluid Mechanics, Heat Transfer, Mass Transfer and more. Start a free test. A calendar of ticked days, a stopwatch and a gift",
    svg: () =>
      svg(
        1200,
        400,
        "#4c1d95",
        circle(1130, 400, 220, "#5b21b6"),
        circle(1180, 20, 120, "#5b21b6"),
        rect(70, 74, 8, 172, "#facc15", 4),
        words("freeTitle", 100, 132, "#ffffff"),
        words("freeLine1", 100, 184, "#ede9fe"),
        words("freeLine2", 100, 226, "#ede9fe"),
        pill("freePill", 70, 282, "#facc15", "#2e1065"),
        at(800, 118, 0.9, calendar(6, violet, "#8b5cf6")),
        at(1090, 104, 1, stopwatch(52, violet)),
        at(1000, 220, 0.85, gift(violet)),
      ),
  },
  {
    key: "popup",
    width: 600,
    height: 320,
    filename: "welcome-popup-picture.webp",
    title: "Welcome popup picture (demo)",
    alt: "A laptop showing a practice question with one option chosen, beside a conical flask",
    svg: () =>
      svg(
        600,
        320,
        "#e0f2fe",
        hexRing(80, 80, 56, "#bae6fd", 10),
        hexRing(520, 250, 48, "#bae6fd", 10),
        rect(150, 50, 280, 190, "#0c4a6e", 18),
        at(170, 66, 1, rect(0, 0, 240, 158, "#ffffff", 8), rect(20, 20, 130, 14, "#0c4a6e", 7)),
        ...[112, 146, 180].map((y, i) =>
          at(190, y, 1, rect(0, 0, 200, 24, "#e0f2fe", 12), circle(14, 12, 6, i === 0 ? "#f59e0b" : "#ffffff")),
        ),
        path("M110 240h360l30 30H80z", "#0c4a6e"),
        at(460, 80, 0.62, flask({ paper: "#ffffff", accent: "#f59e0b" })),
      ),
  },
  {
    key: "catalogue-gate",
    width: 640,
    height: 360,
    filename: "gate-ch-test-series.webp",
    title: "GATE CH test series picture (demo)",
    alt: "A conical flask, a distillation column and a stopwatch, on blue",
    // The first card of /courses and /test-series: under 4 KiB, it travels inside the page.
    quality: 66,
    // Drawn on 960 × 540, like the first catalogue pictures (public/images/catalog), stored at 640 × 360.
    svg: () =>
      svg(
        640,
        360,
        "#174ca8",
        at(
          0,
          0,
          2 / 3,
          rect(0, 470, 960, 70, "#143f87"),
          at(150, 250, 1.1, flask(blue)),
          at(440, 130, 1.1, column(290, blue)),
          at(760, 300, 1, stopwatch(90, blue)),
        ),
      ),
  },
  {
    key: "catalogue-iocl",
    width: 640,
    height: 360,
    filename: "iocl-test-series.webp",
    title: "IOCL test series picture (demo)",
    alt: "A refinery's tanks, column and flare at sunset, on orange",
    svg: () =>
      svg(
        640,
        360,
        "#c2410c",
        at(
          0,
          0,
          2 / 3,
          circle(680, 200, 120, "#fdba74"),
          rect(0, 450, 960, 90, "#7c2d12"),
          at(250, 180, 1.1, refinery({ paper: "#fff7ed", soft: "#fdba74", accent: "#facc15" })),
        ),
      ),
  },
  {
    key: "ebook-formula-handbook",
    width: 640,
    height: 360,
    filename: "gate-ch-formula-handbook-cover.webp",
    title: "E-book cover: GATE CH Formula Handbook (demo)",
    alt: "A dark blue book with a summation sign on its cover, on amber",
    svg: () => bookCover("#fde68a", "#1e3a8a", at(19, 25, 1, sigma("#1e3a8a"))),
  },
  {
    key: "ebook-mass-transfer",
    width: 640,
    height: 360,
    filename: "mass-transfer-short-notes-cover.webp",
    title: "E-book cover: Mass Transfer Short Notes (demo)",
    alt: "A green book with a packed column on its cover, on light green",
    svg: () =>
      bookCover(
        "#bbf7d0",
        "#166534",
        at(43, 24, 0.42, packedColumn({ paper: "#bbf7d0", soft: "#16a34a", ink: "#166534", accent: "#0ea5e9" })),
      ),
  },
  {
    key: "ebook-cre",
    width: 640,
    height: 360,
    filename: "cre-solved-problems-cover.webp",
    title: "E-book cover: Chemical Reaction Engineering Solved Problems (demo)",
    alt: "A red book with a stirred tank reactor on its cover, on pink",
    svg: () =>
      bookCover(
        "#fecaca",
        "#991b1b",
        at(24, 24, 0.4, stirredTank({ paper: "#fee2e2", soft: "#991b1b", ink: "#7f1d1d", accent: "#ef4444" })),
      ),
  },
  {
    key: "ebook-iocl-interview",
    width: 640,
    height: 360,
    filename: "iocl-interview-guide-cover.webp",
    title: "E-book cover: IOCL Chemical Engineer Interview Guide (demo)",
    alt: "An indigo book with two speech bubbles on its cover, on lavender",
    svg: () =>
      bookCover(
        "#c7d2fe",
        "#3730a3",
        at(10, 32, 0.42, speechBubbles({ paper: "#3730a3", soft: "#c7d2fe", ink: "#3730a3", accent: "#a5b4fc" })),
      ),
  },
  {
    key: "material-topic-analysis",
    width: 640,
    height: 360,
    filename: "gate-ch-topic-analysis-cover.webp",
    title: "Free material cover: GATE CH Previous Year Topic-wise Analysis (demo)",
    alt: "A sheet with a bar chart and a pie chart, on teal",
    svg: () =>
      sheetCover(
        "#99f6e4",
        "#2dd4bf",
        at(150, 130, 1, barChart(["#0f766e", "#14b8a6", "#f59e0b"], "#134e4a")),
        at(430, 200, 1, pie(62, ["#ccfbf1", "#0f766e", "#f59e0b"])),
      ),
  },
  {
    key: "material-thermodynamics",
    width: 640,
    height: 360,
    filename: "thermodynamics-revision-sheet-cover.webp",
    title: "Free material cover: Thermodynamics Revision Sheet (demo)",
    alt: "A sheet with a thermometer and a pressure–volume curve, on peach",
    svg: () =>
      sheetCover(
        "#fed7aa",
        "#fb923c",
        at(170, 92, 0.95, thermometer(0.6, { paper: "#ffedd5", ink: "#9a3412", accent: "#ea580c" })),
        at(280, 130, 1, pvCurve("#7c2d12", "#ea580c")),
      ),
  },
  {
    key: "material-fluid-mechanics",
    width: 640,
    height: 360,
    filename: "fluid-mechanics-important-questions-cover.webp",
    title: "Free material cover: Fluid Mechanics Important Questions (demo)",
    alt: "A sheet with a pipe narrowing into a venturi, the flow's arrows, and a question mark, on light cyan",
    svg: () =>
      sheetCover(
        "#a5f3fc",
        "#22d3ee",
        at(150, 190, 0.8, venturi({ paper: "#cffafe", ink: "#155e75", accent: "#0891b2" })),
        at(430, 130, 1, questionBubble(40, { paper: "#155e75", ink: "#ffffff" })),
      ),
  },
  {
    key: "material-heat-transfer",
    width: 640,
    height: 360,
    filename: "heat-transfer-formula-sheet-cover.webp",
    title: "Free material cover: Heat Transfer Formula Sheet (demo)",
    alt: "A sheet with a shell-and-tube heat exchanger and its hot and cold streams, on rose",
    svg: () =>
      sheetCover(
        "#fecdd3",
        "#fb7185",
        at(160, 170, 0.76, heatExchanger({ paper: "#ffe4e6", soft: "#fda4af", ink: "#9f1239" }, "#e11d48", "#2563eb")),
      ),
  },
  {
    key: "material-study-plan",
    width: 640,
    height: 360,
    filename: "gate-ch-100-day-study-plan-cover.webp",
    title: "Free material cover: GATE CH 100-Day Study Plan (demo)",
    alt: "A sheet with a calendar of ticked days and a target, on light green",
    svg: () =>
      sheetCover(
        "#bbf7d0",
        "#4ade80",
        at(150, 110, 0.82, calendar(7, { paper: "#f0fdf4", soft: "#dcfce7", ink: "#166534", accent: "#4ade80" })),
        at(440, 210, 1, target(66, { paper: "#f0fdf4", ink: "#166534", accent: "#16a34a" })),
      ),
  },
];
