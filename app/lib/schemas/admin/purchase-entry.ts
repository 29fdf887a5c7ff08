import { z } from "zod";
import { requiredText } from "../fields";
import { checkbox } from "./common";
import { retrievedOnField } from "./gate-fields";

// A purchase for the purchase toast (issue 25): the buyer's first name, city, what was bought and
// when (YYYY-MM-DD, a real date in India's calendar, never in the future). Active: shown at all.
export const PurchaseEntrySchema = z.object({
  buyer_name: requiredText("Buyer's first name", 60),
  city: requiredText("City", 80),
  product: requiredText("Product", 120),
  purchased_on: retrievedOnField("Date of purchase").pipe(z.string({ error: "Date of purchase is required" })),
  is_active: checkbox,
});
export type PurchaseEntryInput = z.infer<typeof PurchaseEntrySchema>;

/** A fresh add form: Active on. */
export const purchaseEntryDefaults = { buyer_name: "", city: "", product: "", purchased_on: "", is_active: true };
