import { describe, expect, it } from "vitest";
import { welcomePopupMessages, welcomePopupTexts } from "~/components/home/welcome-popup";

describe("welcome popup texts (spec §2: fallback texts for missing fields)", () => {
  it("shows the admin's texts when they are filled in", () => {
    const popup = {
      title: "GATE 2026",
      subtitle: "Live now",
      description: "150 tests",
      image_url: "https://cdn.example.com/p.png",
    };
    expect(welcomePopupTexts(popup)).toEqual({
      title: "GATE 2026",
      subtitle: "Live now",
      description: "150 tests",
      image: "https://cdn.example.com/p.png",
    });
  });

  it("falls back for each empty, blank or missing field", () => {
    expect(welcomePopupTexts({ title: " ", subtitle: null, description: "", image_url: "" })).toEqual({
      title: welcomePopupMessages.title,
      subtitle: welcomePopupMessages.subtitle,
      description: welcomePopupMessages.description,
      image: welcomePopupMessages.image,
    });
  });
});
