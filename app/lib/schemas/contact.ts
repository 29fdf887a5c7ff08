import { z } from "zod";
import { emailField, phoneField, requiredText } from "./fields";

// Contact form (spec §5): name, email (email format), phone (tel) and message, all required.
export const ContactSchema = z.object({
  name: requiredText("Name", 100),
  email: emailField,
  phone: phoneField,
  message: requiredText("Message", 5000, { multiline: true }),
});
export type ContactInput = z.infer<typeof ContactSchema>;
