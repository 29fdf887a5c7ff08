import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addToast, defaultDurations, getToasts, REMOVE_DELAY_MS, toast, TOAST_LIMIT, type Toast } from "~/lib/toast";

const make = (id: string): Toast => ({ id, type: "blank", message: id, duration: 4000, visible: true, createdAt: 0 });

describe("toast limits (spec §9)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toast.dismiss();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("holds at most 20 toasts, newest first", () => {
    let toasts: Toast[] = [];
    for (let i = 0; i < 25; i++) toasts = addToast(toasts, make(`t${i}`));
    expect(toasts).toHaveLength(TOAST_LIMIT);
    expect(toasts[0]!.id).toBe("t24");
    expect(toasts.at(-1)!.id).toBe("t5");
  });

  it("uses 4000 ms for blank, error and custom, 2000 ms for success and no limit for loading", () => {
    expect(defaultDurations).toEqual({ blank: 4000, error: 4000, custom: 4000, success: 2000, loading: Infinity });
  });

  it("hides a success toast after 2000 ms and removes it 1000 ms later", () => {
    const id = toast.success("Message sent successfully!");
    vi.advanceTimersByTime(1999);
    expect(getToasts().find((t) => t.id === id)?.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getToasts().find((t) => t.id === id)?.visible).toBe(false);
    vi.advanceTimersByTime(REMOVE_DELAY_MS);
    expect(getToasts().find((t) => t.id === id)).toBeUndefined();
  });

  it("keeps a loading toast until it is dismissed, and honours a custom duration", () => {
    const loading = toast.loading("Saving...");
    const booked = toast.success("Session booked successfully! We will get back to you soon.", { duration: 5000 });
    vi.advanceTimersByTime(4999);
    expect(getToasts().find((t) => t.id === booked)?.visible).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(getToasts().find((t) => t.id === booked)).toBeUndefined();
    expect(getToasts().find((t) => t.id === loading)?.visible).toBe(true);
    toast.dismiss(loading);
    vi.advanceTimersByTime(REMOVE_DELAY_MS);
    expect(getToasts().find((t) => t.id === loading)).toBeUndefined();
  });
});
