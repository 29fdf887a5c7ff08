import { z } from "zod";
import { IdSchema } from "./common";

/** Mail Delivery's Retry form: which e-mail. */
export const RetryEmailSchema = z.object({ intent: z.literal("retry"), id: IdSchema });
