import { execFileSync } from "node:child_process";

// Layout tests measure text: where a line wraps and how large a paint is depend on the font the
// browser draws with. On Debian, `system-ui` and `sans-serif` resolve to Noto Sans when
// fonts-noto-core is installed (scripts/ensure-services.sh installs it) and to DejaVu Sans,
// which is wider, when it is not. A test that depends on the font calls this first, so a machine
// without the package fails with this message instead of a layout assertion (issue 43).

export const LAYOUT_FONT = "Noto Sans";

/** The family fontconfig gives for `system-ui`, or an error naming the missing package. */
export function requireLayoutFont(): void {
  let family = "";
  try {
    family = execFileSync("fc-match", ["--format=%{family}", "system-ui"], { encoding: "utf8" });
  } catch {
    throw new Error("fc-match is missing: install Debian's fontconfig (scripts/ensure-services.sh does)");
  }
  if (!family.split(",").includes(LAYOUT_FONT))
    throw new Error(
      `system-ui resolves to "${family}", not ${LAYOUT_FONT}: install Debian's fonts-noto-core ` +
        "(scripts/ensure-services.sh does); the layout tests measure text in that font",
    );
}
