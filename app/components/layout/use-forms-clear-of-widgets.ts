import { useEffect } from "react";
import { useLocation } from "react-router";

/** Attribute on <body> while a form control of the page sits where the floating widgets are. */
export const formUnderWidgets = "data-form-under-widgets";

/** The bottom strip the widgets take on a phone: the 48 px button, its 12 px margin, and a gap. */
const STRIP_PX = 72;

/**
 * Marks the body while any control of a form in the page's content is scrolled into the bottom
 * strip of the screen, so that the WhatsApp button and the purchase toast step aside there
 * (issue 25: on a 360 px phone they never cover a field or a full-width submit button, even
 * one the visitor scrolls under them without focusing it). Watched again after each navigation.
 */
export function useFormsClearOfWidgets() {
  const { pathname } = useLocation();
  useEffect(() => {
    const under = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) under.add(entry.target);
          else under.delete(entry.target);
        }
        document.body.toggleAttribute(formUnderWidgets, under.size > 0);
      },
      { rootMargin: `-${Math.max(0, window.innerHeight - STRIP_PX)}px 0px 0px 0px` },
    );
    for (const control of document.querySelectorAll("main form :is(input, select, textarea, button)")) {
      observer.observe(control);
    }
    return () => {
      observer.disconnect();
      document.body.removeAttribute(formUnderWidgets);
    };
    // Watched again after each navigation: the new page has other forms.
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [pathname]);
}
